"""What the book does not cover is said plainly; a covered question is never refused."""

from __future__ import annotations

import pytest

from engine import answer


@pytest.mark.parametrize("text", [
    "can i straddle on the button here?",
    "how much rake do you take per pot",
    "should i call a shove with AQo 40bb deep?",
    "does a flush beat a full house?",
    "who gets the odd chip when a pot splits evenly between two players?",
    "does a short all-in reopen the betting for the original raiser?",
    "what exactly counts as substantial action?",
    "am i allowed to snap a photo of my hand for my friends?",
    "can my service dog stay by my chair while i play",
    "the player caught cheating, how long is he banned for?",
    "can the room hold my chips overnight so i can play again tomorrow?",
])
def test_uncovered_topics_cite_nothing_and_point_to_staff(text: str) -> None:
    r = answer(text)
    assert r.kind == "uncovered", r.outcome
    assert r.citations == []
    assert "Staff Authority" in r.outcome and "FIDPA" in r.outcome


@pytest.mark.parametrize("text,first", [
    # An uncovered topic's word in passing does not make a covered question uncovered.
    ("Seat 6 is eating at the table, whatever. On the flop Seat 4 bet 400 out of turn and Seat 2 then checked. "
     "Is the 400 binding?", "1.8.1"),
    ("my buddy sits two seats to my left. he shoved 3k out of turn, then the guy before him folded. binding?", "1.8.1"),
    ("tipping aside, facing 25 seat 6 dropped a single black chip with no declaration. call or raise?", "1.4.2"),
    ("my dog is at home, anyway: seat 3 bet 500 on the turn out of turn and seat 1 then checked. binding?", "1.8.1"),
])
def test_incidental_words_do_not_refuse_a_covered_question(text: str, first: str) -> None:
    r = answer(text)
    assert r.kind != "uncovered", r.outcome
    assert r.citations[0] == first, (r.citations, r.outcome)


def test_the_fidpa_practice_is_given_for_questions_the_book_leaves_open() -> None:
    r = answer("who gets the odd chip in a split pot?")
    assert "left of the button" in r.outcome


def test_every_uncovered_pattern_compiles() -> None:
    import re
    import tomllib

    from engine.uncovered import DATA

    data = tomllib.loads(DATA.read_text(encoding="utf-8"))
    for topic in data["topic"]:
        assert topic["name"] and topic["when"]
        for pattern in topic["when"] + topic.get("unless", []):
            re.compile(pattern)
