"""Antes: read from the story, counted into the pot and a voided hand's refunds (1.10, 2.2, 2.4.2)."""

from __future__ import annotations

import pytest

from engine.ask import answer
from engine.facts import Action, Facts
from engine.rules.conclusions import antes, conclude
from engine.understanding.extract import extract_facts


def _ante_facts(text: str) -> tuple[int | None, str | None, int | None]:
    facts, _doc = extract_facts(text)
    return facts.ante, facts.ante_by, facts.players_dealt


@pytest.mark.parametrize(("text", "expected"), [
    ("100/200 with a 25 ante, eight players. UTG opens to 500.", (25, "each", 8)),
    ("300/600 150 ante, 9-handed. UTG opens to 1,500.", (150, "each", 9)),
    ("25/50, 5 ante x8. UTG opens to 150.", (5, "each", 8)),
    ("25/50 with a 50 BB ante. BTN opens 150, BB calls.", (50, "big_blind", None)),
    ("2/5 with a 5 button ante. UTG makes it 25.", (5, "button", None)),
])
def test_the_ante_who_posts_it_and_how_many_were_dealt_in_are_read(text: str, expected: tuple) -> None:
    assert _ante_facts(text) == expected


def test_players_told_doing_something_are_not_the_players_dealt_in() -> None:
    assert _ante_facts("200/400 with a 50 ante. 3 players saw the flop; UTG bet 1,000.")[2] is None


def test_every_player_dealt_in_posts_an_ante_even_those_never_named() -> None:
    f = Facts(ante=25, ante_by="each", players_dealt=8, small_blind=100, big_blind=200,
              hand_actions=[Action(actor="UTG", kind="raise", amount=500), Action(actor="BB", kind="call")])
    counted = antes(f)
    assert counted is not None and counted.total == 200 and counted.unnamed == 5 and not counted.assumed


def test_without_a_count_the_antes_are_the_named_players_and_that_is_said() -> None:
    f = Facts(ante=25, small_blind=100, big_blind=200,
              hand_actions=[Action(actor="UTG", kind="raise", amount=500), Action(actor="BTN", kind="call")])
    counted = antes(f)
    assert counted is not None and counted.total == 100 and "4 players the story names" in counted.assumed


def test_a_big_blind_ante_is_the_big_blinds_alone() -> None:
    hand = [Action(actor="BTN", kind="raise", amount=150), Action(actor="SB", kind="fold"),
            Action(actor="BB", kind="call")]
    f = conclude(Facts(ante=50, ante_by="big_blind", small_blind=25, big_blind=50, hand_actions=hand))
    assert f.pot == 375  # 150 + 150 + the small blind's 25 + the big blind's ante of 50


def test_the_pot_counts_the_antes_with_their_working() -> None:
    r = answer("100/200 with a 25 ante, eight players. UTG opens to 500, cutoff calls, button calls, the small blind "
               "folds, the big blind calls. How big is the pot?")
    assert r.amounts.get("pot") == 2300
    assert "antes 200 (25 × 8)" in r.outcome


def test_a_voided_hand_gives_back_every_ante_the_unnamed_players_too() -> None:
    r = answer("100/200 with a 25 ante, eight players. UTG opens to 500, cutoff calls, button calls, the small blind "
               "folds, the big blind calls. Flop: big blind checks, UTG bets 1,200, cutoff calls, the rest fold. "
               "Turn: a card from another deck is found. Total going back?")
    assert r.amounts.get("returned") == 4700
    assert "the 3 other players get 75" in r.outcome


def test_a_misdeal_gives_the_big_blind_his_blind_and_his_ante() -> None:
    r = answer("1,500/3,000 with a 3,000 big blind ante. The big blind posts blind and ante, the small blind posts, "
               "and the bottom card flashes face up while I'm cutting. I call a misdeal. How much goes back to the "
               "big blind player?")
    assert "BB gets 6,000" in r.outcome and r.amounts.get("returned") == 7500


def test_calling_a_misdeal_or_the_floor_is_no_call_of_a_bet() -> None:
    facts, _doc = extract_facts("Dealer pitched a card face up. I call a misdeal and Seat 4 calls the floor.")
    assert not any(a.kind == "call" for a in facts.actions or [])


def test_the_main_pot_holds_the_antes() -> None:
    r = answer("50/100, 100 big-blind ante. I'm in the hijack and raise to 300. The cutoff goes all in for 250, she "
               "only had that left. The button calls 300, blinds fold. How much is the main pot the cutoff is playing "
               "for?")
    assert r.amounts.get("main_pot") == 1000  # 250 from each of three, the blinds' 150 and the ante's 100


def test_a_seat_and_its_position_told_side_by_side_are_one_player() -> None:
    facts, _doc = extract_facts("Blinds 200/400. Everyone folds to the small blind in S7 who puts a single purple "
                                "out, no words. How much change?")
    assert facts.blinds_posted_by == {"SB": "Seat 7"} and facts.put_by == "Seat 7"
    r = answer("500/1k with 100 antes. S1 SB 500. S4 opens 3k, S1 folds, S2 BB calls. Then the bottom card was "
               "exposed in the cut. Misdeal. How much does S1 get back including his ante?")
    assert "Seat 1 gets 600" in r.outcome
