"""The question bank as a whole: blind guesses do not pay, every option is checked by the engine, coverage.

These run on the bank ``floor quiz --export`` prints (``EXPORT_SEED``), the one
the README's figures describe.
"""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from contextlib import redirect_stdout

import pytest

from bot.cli import main
from bot.quiz_core import EXPORT_SEED
from engine.decide import covered_clauses
from engine.training import (
    ARITHMETIC_BY_TEMPLATE,
    QuizQuestion,
    all_questions,
    engine_rejects,
    fresh_numbers,
    option_text,
    rule_on,
)
from engine.training_options import blind_guess_rates, strip_clauses
from rules_index import get_index
from scenarios import load_scenarios

BOOK = get_index().book
SCENARIOS = {sc.id: sc for sc in load_scenarios()}
BANK = all_questions(random.Random(EXPORT_SEED), book=BOOK, scenarios=list(SCENARIOS.values()))


def _same(option: str, engine_option: str) -> bool:
    """An option is the engine's when it is its text, or its text with clause numbers taken out."""
    return option in (engine_option, strip_clauses(engine_option))


# -- blind guesses ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [EXPORT_SEED, 1, 2])
def test_no_blind_guess_beats_chance_by_more_than_five_points(seed: int) -> None:
    bank = BANK if seed == EXPORT_SEED else all_questions(random.Random(seed), book=BOOK,
                                                          scenarios=list(SCENARIOS.values()))
    rates = blind_guess_rates(bank)
    chance = rates.pop("chance")
    for name, rate in rates.items():
        assert rate <= chance + 0.05, f"{name}: {rate:.1%} against chance {chance:.1%}"


def test_the_right_option_sits_in_each_position_equally_often() -> None:
    four = [q.correct for q in BANK if len(q.options) == 4]
    counts = Counter(four)
    assert max(counts.values()) - min(counts.values()) <= 1


def test_clause_numbers_are_in_all_options_or_in_none() -> None:
    from engine.training_options import has_clause

    for q in BANK:
        marked = {has_clause(o) for o in q.options}
        assert len(marked) == 1, (q.id, q.options)


# -- every option checked by the engine ---------------------------------------------------------------------
def _situation(q: QuizQuestion) -> tuple[dict[str, object], str | None]:
    """The facts the question is about, and the scenario's topic."""
    right = q.sources[q.correct]
    if q.template in ("scenario", "scenario-if"):
        sc = SCENARIOS[q.id.split(":")[1]]
        return {**sc.facts, **right.facts}, sc.topic
    return dict(right.facts), None


ENGINE_CHECKED = [q for q in BANK if q.sources[q.correct].kind == "ruling"]


def test_every_scenario_and_drill_question_is_engine_checked() -> None:
    templates = {q.template for q in ENGINE_CHECKED}
    assert {"scenario", "scenario-if", *ARITHMETIC_BY_TEMPLATE} <= templates
    assert all(len(q.sources) == len(q.options) for q in BANK)


@pytest.mark.parametrize("q", ENGINE_CHECKED, ids=lambda q: q.id)
def test_right_option_is_the_engine_ruling_and_each_wrong_one_is_rejected(q: QuizQuestion) -> None:
    facts, topic = _situation(q)
    ruling = rule_on(facts, topic)
    assert ruling is not None and ruling.kind in ("ruling", "needs_facts")
    drill = q.template in ARITHMETIC_BY_TEMPLATE
    if drill:
        assert int(q.answer.replace(",", "")) in ruling.amounts.values()
        assert ruling.outcome in q.explanation  # the engine's working line, not the quiz's own
    else:
        assert _same(q.answer, option_text(ruling))
    for i, (option, src) in enumerate(zip(q.options, q.sources, strict=True)):
        if i == q.correct:
            continue
        if src.kind == "counterfactual":  # the engine's ruling had the named facts been otherwise
            other = rule_on({**facts, **src.facts}, topic)
            assert other is not None and _same(option, option_text(other)), (option, src)
            assert any(facts.get(k) != v for k, v in src.facts.items())
            assert engine_rejects(ruling, option), option
        elif src.kind == "unknown-fact":  # "find out X first", with X already stated
            (name,) = src.facts
            assert name in facts and name not in {f.fact for f in ruling.follow_up}
            unknown = rule_on({k: v for k, v in facts.items() if k != name}, topic)
            assert unknown is not None and name in {f.fact for f in unknown.follow_up}
        elif src.kind == "belief":
            assert engine_rejects(ruling, option), option
        else:
            assert src.kind == "amount" and drill, (option, src)
            assert int(option.replace(",", "")) not in ruling.amounts.values() or \
                int(option.replace(",", "")) != int(q.answer.replace(",", "")), option


@pytest.mark.parametrize("seed", range(20))
def test_a_wrong_minimum_raise_is_one_the_engine_rejects_when_it_is_put_out(seed: int) -> None:
    """Below the minimum, the engine rules the chips a call (1.4.1); above it, the raise was not the minimum."""
    for template in ("min-3bet", "min-reraise"):
        q = ARITHMETIC_BY_TEMPLATE[template](random.Random(seed), None)
        assert q is not None
        facts, _topic = _situation(q)
        right = int(q.answer.replace(",", ""))
        for i, option in enumerate(q.options):
            amount = int(option.replace(",", ""))
            put = rule_on({**{k: v for k, v in facts.items() if k != "asks_min_raise"}, "chips_put_out": amount,
                           "one_motion": True}, None)
            assert put is not None
            if i == q.correct:
                assert put.amounts.get("raise_to") == right
            elif amount < right:
                assert "call" in put.amounts and "raise_to" not in put.amounts, option
            else:
                assert put.amounts.get("min_raise_to") == right < amount


def test_one_refusing_to_run_it_twice_is_not_offered_as_a_wrong_option() -> None:
    q = next(q for q in BANK if q.id == "scenario:rit-one-refuses")
    assert not any("can refuse" in o.lower() for o in q.options)
    assert "once" in q.answer


# -- coverage ---------------------------------------------------------------------------------------------
def test_at_least_four_hundred_distinct_questions() -> None:
    assert len({q.id for q in BANK}) == len(BANK) >= 400


def test_every_clause_with_a_rule_has_three_questions() -> None:
    counts = Counter(c for q in BANK for c in set(q.clause_ids))
    short = {c: counts[c] for c in covered_clauses() if counts[c] < 3}
    assert not short


@pytest.mark.parametrize("template", sorted(ARITHMETIC_BY_TEMPLATE))
def test_drills_draw_fresh_stakes_each_time(template: str) -> None:
    q = next(q for q in BANK if q.template == template)
    again = [fresh_numbers(q, random.Random(seed), BOOK) for seed in range(12)]
    assert {a.id for a in again} == {q.id}
    assert len({a.prompt for a in again}) >= 4


# -- export -----------------------------------------------------------------------------------------------
def _export(*args: str) -> list[dict[str, object]]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["quiz", "--export", *args]) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_export_prints_the_whole_bank_one_question_a_line_and_is_stable() -> None:
    rows = _export()
    assert rows == _export()
    assert len(rows) == len(BANK)
    keys = {"id", "section", "template", "question", "options", "answer", "clauses", "explanation"}
    assert all(set(r) == keys for r in rows)
    assert [r["id"] for r in rows] == sorted(r["id"] for r in rows)
    by_id = {q.id: q for q in BANK}
    for r in rows:
        q = by_id[str(r["id"])]
        assert r["options"][r["answer"]] == q.answer and r["clauses"] == q.clause_ids


def test_export_of_one_section() -> None:
    rows = _export("--section", "2")
    assert rows and all(r["section"] == "2" for r in rows)


# -- the option helpers -----------------------------------------------------------------------------------
def test_strip_clauses_takes_out_clause_numbers_and_keeps_amounts() -> None:
    assert strip_clauses("It stands as a call (1.4.1); 1,500 goes back") == "It stands as a call; 1,500 goes back"
    assert strip_clauses("Under 1.4.1 it is a call of 600") == "It is a call of 600"
    assert strip_clauses("3.1 lets the supervisor order English") == "The rule lets the supervisor order English"


def test_pick_parallel_puts_wrong_options_on_both_sides_of_the_right_length() -> None:
    from engine.training_options import OptionSource, pick_parallel

    src = OptionSource(kind="belief")
    right = "x" * 20
    wrong = [("y" * n, src) for n in (5, 10, 15, 19, 21, 25, 30, 40)]
    longer_counts = Counter()
    for seed in range(200):
        chosen = pick_parallel(right, wrong, random.Random(seed), 3)
        assert len(chosen) == 3
        longer_counts[sum(len(t) > len(right) for t, _s in chosen)] += 1
    assert set(longer_counts) == {0, 1, 2, 3}  # the right option is sometimes longest, sometimes shortest
    assert all(c > 25 for c in longer_counts.values())


def test_balance_positions_moves_the_answer_and_its_source_together() -> None:
    from engine.training_options import OptionSource, balance_positions

    qs = [QuizQuestion(id=f"t{i}", template="t", section="1", clause_ids=["1.4"], prompt="?",
                       options=["right", "a", "b", "c"], correct=0, explanation="e", ruling="r",
                       sources=[OptionSource(kind="ruling"), *[OptionSource(kind="belief")] * 3])
          for i in range(8)]
    out = balance_positions(qs, random.Random(0))
    assert Counter(q.correct for q in out) == {0: 2, 1: 2, 2: 2, 3: 2}
    assert all(q.answer == "right" and q.sources[q.correct].kind == "ruling" for q in out)
