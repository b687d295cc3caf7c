"""Floor shorthand and totals told without a verb are read by the action log."""

from __future__ import annotations

from engine.ask import answer
from engine.understanding.actionlog import parse


def _log(text: str) -> list[tuple[str, str, int | None]]:
    return [(e.actor, e.action, e.to) for e in parse(text).events]


def test_one_letter_forms_against_their_amounts() -> None:
    assert _log("Flop. S1 b200, S3 r600, S5 AI 800 total.") == [
        ("Seat 1", "bet", 200), ("Seat 3", "raise", 600), ("Seat 5", "all-in", 800)]


def test_a_total_with_no_verb_and_goes_to() -> None:
    assert _log("200/400. UTG to 1000, MP all in 1300.") == [("UTG", "raise", 1000), ("MP", "all-in", 1300)]
    assert ("Seat 7", "raise", 1400) in _log("seat 5 makes it 600, seat 7 goes to 1400, seat 9 jams 1700")


def test_shorthand_minimum_raise_keeps_the_last_full_raise() -> None:
    r = answer("Flop. S1 b200, S3 r600, S5 AI 800 total. S7 wants to go again - min raise-to?")
    assert r.kind == "ruling" and r.amounts.get("min_raise_to") == 1200


def test_a_plural_denomination_with_thousands_is_one_chip_phrase() -> None:
    from engine.understanding.actionlog import Chips, tag, tokens

    tags = tag(tokens("four 1,000s and 2 500s, then bets 1,500."))
    chips = [t.value for t in tags if t.kind == "chips"]
    assert chips == [Chips(4, 1000), Chips(2, 500)]
    assert [t.value for t in tags if t.kind == "amount"] == [1500]
