"""Each player's total in the hand, told as totals: read into ``contributions``, and a refund or a pot from them."""

from __future__ import annotations

import pytest

from engine import answer
from engine.understanding import totals
from engine.understanding.doc import Doc
from engine.understanding.extract import extract_facts

CASES = [
    ("Seat 2 has put 450 in this hand and Seat 7 has matched it.", {"Seat 2": 450, "Seat 7": 450}),
    ("The button, the cutoff and UTG saw the flop; they had each put 300 in by then.",
     {"BTN": 300, "CO": 300, "UTG": 300}),
    ("Seat 5 has already got 2,400 in.", {"Seat 5": 2400}),
    ("Seat 1 and Seat 3 each put in 800.", {"Seat 1": 800, "Seat 3": 800}),
    ("i had put 600 in pre and 1.5k on the flop", {"i": 2100}),  # told street by street: their sum
]


@pytest.mark.parametrize(("text", "per"), CASES)
def test_totals_told_are_each_players(text: str, per: dict[str, int]) -> None:
    doc = Doc(text)
    totals.extract(doc)
    assert doc.found.get("contributions") == per


@pytest.mark.parametrize("text", [
    "Seat 3 had 600 in preflop.",  # one street's bet: the action log's to add up
    "I sat down with 300 in chips and raised to 15.",
    "He had 200 in front of him.",
])
def test_what_is_no_total_in_the_hand_is_not_read(text: str) -> None:
    doc = Doc(text)
    totals.extract(doc)
    assert "contributions" not in doc.found


def test_a_voided_hand_gives_back_every_total_told() -> None:
    r = answer("50/100. Seat 2 has put 450 in this hand and Seat 7 has matched it when the dealer finds a joker in the "
               "deck on the turn and the hand is voided. How much goes back in all?")
    assert "900 in all" in r.outcome


def test_the_pot_asked_is_every_streets_bets_less_what_nobody_called() -> None:
    r = answer("Dealing 50/100. UTG raises to 300, the button calls, the blinds fold. Flop UTG bets 400, the button "
               "moves all in for 1,000 and UTG calls. What's the pot?")
    assert "The pot is 2,750" in r.outcome  # 300 + 300 + 50 + 100 preflop, 1,000 + 1,000 on the flop
    assert r.citations[0] == "1.1.3.1"


def test_the_pot_as_a_street_begins_counts_the_streets_before_it() -> None:
    r = answer("Dealing 25/50. The cutoff opens to 150, the big blind calls. Flop: big blind checks, cutoff bets 200, "
               "big blind calls. Turn: cutoff bets 500, big blind folds. What was the pot on the turn?")
    assert "as the turn begins is 725" in r.outcome  # 150 + 150 + 25 preflop, 200 + 200 on the flop


def test_a_player_all_in_for_less_wins_only_the_main_pot() -> None:
    r = answer("Dealing 10/20. Flop pot is 200. Seat 1 bets 300, Seat 5 calls all in for 120, Seat 8 calls 300. "
               "Seat 5 has the best hand. How much does Seat 5 collect?")
    assert "main pot of 560" in r.outcome  # 200 + 120 from each of the three


def test_who_wins_is_not_a_question_of_how_much() -> None:
    r = answer("Seat 1 bets 300 on the river and Seat 4 calls. Seat 4 shows two pair. Who drags the pot?")
    assert "The pot is" not in r.outcome


def test_dead_money_told_apart_from_the_players_goes_into_the_run_it_twice_pot() -> None:
    r = answer("we ran it twice: i had 2k in, he had 2k in, plus 300 of dead money from guys who folded. we each "
               "won one board. what does each board pay?")
    assert r.citations[0] == "1.10" and "4,300 pot" in r.outcome and "2,150 to the winner of each board" in r.outcome


def test_one_board_each_told_as_one_and_the_other_is_a_run_it_twice_share() -> None:
    r = answer("1/2. me and the cutoff both had 250. he shoves, i call, sb and bb fold. we run it twice, i win one "
               "board and he wins the other. how much do i get?")
    assert r.citations[0] == "1.10" and "so you get 251" in r.outcome  # (250 + 250 + 1 + 2) / 2, rounded down


def test_a_total_put_into_the_pot_and_a_total_both_players_put_in() -> None:
    facts, _doc = extract_facts("On the turn a card with a red back shows up. Seat 6 had put 350 into this pot over "
                                "the hand. How much does seat 6 get back?")
    assert facts.contributions == {"Seat 6": 350}
    facts, _doc = extract_facts("On the turn the dealer finds a card from another deck. Both players had put in 40 "
                                "preflop and 120 on the flop. What does each player get back?")
    assert facts.contributions is not None and list(facts.contributions.values()) == [160, 160]


def test_calling_the_whole_hand_off_is_no_call() -> None:
    facts, _doc = extract_facts("i'd already put in three blacks and two greens this hand when the dealer finds a "
                                "joker in the deck. they call the whole hand off. how much do i get back?")
    assert not any(a.kind == "call" for a in facts.actions or [])
