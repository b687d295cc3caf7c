"""The decision policy: chat is never ruled on, short real questions always are, close calls are offered."""

from __future__ import annotations

import pytest

from engine.ask import answer
from engine.policy import choose_ruling, close_clauses, confidence, policy
from rules_index import get_index

CHAT_LINES = ["hey floor, morning", "nice pot mate", "help?", "could i get a coffee", "thanks a lot",
              "good game all", "hahaha", "is this a bot"]
SHORT_QUESTIONS = ["string raise ok?", "do i have to post when i sit down?", "can i refuse the big blind?",
                   "out of turn fold binding?", "one chip bigger than the bet, call or raise?"]


def test_these_lines_are_not_training_data() -> None:
    from engine.understanding.corpus import load_corpus

    taught = {r.text.lower() for r in load_corpus()}
    assert [t for t in CHAT_LINES + SHORT_QUESTIONS if t.lower() in taught] == []


@pytest.mark.parametrize("text", CHAT_LINES)
def test_chat_gets_no_ruling_and_no_citation(text: str) -> None:
    r = answer(text)
    assert r.kind == "unclear", (text, r.kind, r.citations)
    assert r.citations == [] and "/help" in r.outcome


@pytest.mark.parametrize("text", SHORT_QUESTIONS)
def test_short_real_questions_get_a_ruling_with_a_citation(text: str) -> None:
    r = answer(text)
    assert r.kind in ("ruling", "needs_facts", "choose"), (text, r.kind)
    assert r.citations or r.choices
    assert all(c in get_index().book.clauses for c in r.citations)


def test_close_clauses_are_offered_only_when_the_first_is_unclear() -> None:
    a = policy()["answer"]
    low = a["choose_below"] * 0.9
    assert close_clauses({"1.4.1": low, "1.4.2": low * 0.8, "1.6": 0.01}) == ["1.4.1", "1.4.2"]
    assert close_clauses({"1.4.1": 0.9, "1.4.2": 0.05}) == []
    assert close_clauses({"1.4.1": low, "uncovered": low}) == []


def test_a_choice_carries_a_plain_question_per_clause_and_the_pick_rules_under_it() -> None:
    r = choose_ruling(["1.4.2", "1.4.1"], "v")
    assert [c.clause for c in r.choices] == ["1.4.2", "1.4.1"]
    assert r.choices[0].question.endswith("?") and r.citations == []
    picked = answer("facing 25 he drops a single 100 silently", topic="1.4.2")
    assert picked.kind == "ruling" and picked.citations[0] == "1.4.2"


def test_a_picked_clause_leads_even_when_its_id_is_a_word() -> None:
    assert answer("which rules are these based on, and who decides in the end?", topic="preamble").citations[0] \
        == "preamble"


def test_a_pick_that_is_not_a_clause_is_refused() -> None:
    assert answer("anything", topic="9.9.9").kind == "error"


def test_confidence_rises_with_the_probability_and_stays_a_probability() -> None:
    assert 0.0 <= confidence(0.1) < confidence(0.9) <= 1.0
