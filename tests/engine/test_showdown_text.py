"""Showdown help from free text: hands named as a floor person says them, winners, who shows first."""

from __future__ import annotations

from engine import answer


def test_reads_board_and_hands() -> None:
    r = answer("board is Qs Qd 9c 9h 2s. seat 3 shows Ks 9d, seat 8 has Qc 4c. who takes it?")
    assert r.citations[0] == "3.5"
    assert "nines full of queens" in r.outcome or "queens full of nines" in r.outcome
    assert "Seat 8 wins" in r.outcome


def test_split_pot_when_the_board_plays() -> None:
    # Asked as showdown help (the clause picked), so that this tests reading the hands, not the topic model.
    r = answer("board Ah Kh Qh Jh Th, seat 1 has 2c 3c, seat 2 has 4d 5d - split?", topic="3.5")
    assert "split" in r.outcome and "royal flush" in r.outcome


def test_duplicate_card_is_a_clear_error() -> None:
    r = answer("board Ah Kd 7c 2s 9h, seat 1 has Ah 7d, seat 2 has Kc Kh")
    assert "cannot read" in r.outcome


def test_the_last_bettor_of_a_told_hand_shows_first_even_when_the_question_was_not_read_as_show_order() -> None:
    from engine.decide import decide
    from engine.facts import Action, Facts

    facts = Facts(street="turn", hand_actions=[Action(actor="Seat 4", kind="bet", amount=1800, street="turn"),
                                              Action(actor="Seat 10", kind="call", street="turn")])
    r = decide(facts, topic="1.11")
    assert r.citations[0] == "1.11" and r.outcome.startswith("Seat 4 must show first")
