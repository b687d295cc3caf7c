"""Each player's total in the hand, told as totals: read into ``contributions``, and a refund or a pot from them."""

from __future__ import annotations

import pytest

from engine import answer
from engine.understanding import totals
from engine.understanding.doc import Doc

CASES = [
    ("Seat 2 has put 450 in this hand and Seat 7 has matched it.", {"Seat 2": 450, "Seat 7": 450}),
    ("The button, the cutoff and UTG saw the flop; they had each put 300 in by then.",
     {"BTN": 300, "CO": 300, "UTG": 300}),
    ("Seat 5 has already got 2,400 in.", {"Seat 5": 2400}),
    ("Seat 1 and Seat 3 each put in 800.", {"Seat 1": 800, "Seat 3": 800}),
]


@pytest.mark.parametrize(("text", "per"), CASES)
def test_totals_told_are_each_players(text: str, per: dict[str, int]) -> None:
    doc = Doc(text)
    totals.extract(doc)
    assert doc.found.get("contributions") == per


@pytest.mark.parametrize("text", [
    "Seat 3 had 600 in preflop and 400 on the flop.",  # a street's bets: the action log adds them up
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
