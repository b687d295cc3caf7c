"""Straddles: the book is silent on them, not on the arithmetic of a round with one posted (1.4, 1.4.2, 2.2)."""

from __future__ import annotations

from engine.ask import answer
from engine.betting import round_state
from engine.facts import Action
from engine.understanding.extract import extract_facts


def test_a_straddle_posted_over_the_big_blind_is_the_bet_and_the_opening_full_bet() -> None:
    state = round_state([Action(actor="Seat 1", kind="post", amount=6), Action(actor="Seat 2", kind="raise", amount=20),
                         Action(actor="Seat 3", kind="raise", amount=36)], 3, "preflop")
    assert state.min_raise_to == 52  # the last full raise is 16 (36 - 20), the one before it 14 (20 - 6)


def test_the_reader_reports_the_straddle_as_posted_before_the_action() -> None:
    facts, _doc = extract_facts("1/3 game, preflop, Seat 1 straddles 6, Seat 2 raises to 20, Seat 3 raises to 36.")
    assert facts.straddle == 6
    first = (facts.actions or [])[0]
    assert (first.actor, first.kind, first.amount) == ("Seat 1", "post", 6)


def test_a_minimum_raise_over_a_straddle_is_ruled_and_the_silence_of_the_book_said() -> None:
    r = answer("For the quiz: 1/3 game, preflop, Seat 1 straddles 6, Seat 2 raises to 20, Seat 3 raises to 36. "
               "What is Seat 4's minimum raise total?")
    assert r.kind == "ruling" and r.amounts.get("min_raise_to") == 52
    assert "do not cover straddles" in r.outcome and r.assumptions


def test_a_single_chip_facing_only_the_straddle_calls_the_straddle() -> None:
    r = answer("1/2, straddle 4, i limp w/ a green, silent. how much back?")
    assert r.kind == "ruling" and "21 comes back" in r.outcome


def test_whether_a_straddle_is_allowed_is_still_not_in_the_book() -> None:
    assert answer("Can I straddle from the button in the 2/5 game?").kind == "uncovered"
