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


def test_chip_values_the_story_gives_are_the_chips_values() -> None:
    """A room's colours differ: "yellows are 500 here" makes a yellow 500 in that story only."""
    from engine.understanding.actionlog import Chips, stated_values, tag, tokens

    assert stated_values(tokens("i got 3 yellows (500 ea), 7 blacks (100) n 8 greens (25)")) == {
        "yellow": 500, "black": 100, "green": 25}
    assert stated_values(tokens("he bets 4 blacks (400)")) == {}  # their total at the room's value
    assert stated_values(tokens("purples are 500s")) == {"purple": 500}
    assert [t.value for t in tag(tokens("one yellow (yellows are 500 here)")) if t.kind == "chips"] == [Chips(1, 500)]
    assert [t.value for t in tag(tokens("one yellow")) if t.kind == "chips"] == [Chips(1, 1000)]


def test_a_single_chip_at_the_value_the_story_gives_it() -> None:
    r = answer("Flop: seat 1 bets 200, seat 4 makes it 600, and seat 6 lobs a single orange chip (oranges are 5000 "
               "here) into the middle without a word. How much change?")
    assert r.citations[0] == "1.4.2" and "4,400" in r.outcome


def test_a_chip_told_with_its_own_value_before_its_colour_is_one_chip() -> None:
    from engine.understanding.actionlog import Chips, tag, tokens

    assert [t.value for t in tag(tokens("slides out a single 1,000 yellow")) if t.kind == "chips"] == [Chips(1, 1000)]
    assert [t.value for t in tag(tokens("drops a 500 purple")) if t.kind == "chips"] == [Chips(1, 500)]
    # a count that happens to equal the colour's value is still a count when plural
    assert [t.value for t in tag(tokens("bets 5 reds")) if t.kind == "chips"] == [Chips(5, 5)]
    assert [t.value for t in tag(tokens("bets 5 red chips")) if t.kind == "chips"] == [Chips(5, 5)]
