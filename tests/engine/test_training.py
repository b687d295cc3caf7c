"""Quiz generation from scenarios, the rulebook and the floor arithmetic; Leitner scheduling."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

import pytest

from engine.decide import decide
from engine.facts import Facts
from engine.training import (
    ARITHMETIC_BY_TEMPLATE,
    BOX_INTERVALS,
    TOP_BOX,
    LeitnerState,
    QuizQuestion,
    advance,
    all_questions,
    arithmetic_questions,
    engine_rejects,
    fresh_numbers,
    headline,
    negate,
    pick_next,
    rulebook_questions,
    scenario_question,
    scenario_questions,
)
from engine.training_options import strip_clauses
from rules_index import get_index, parse_rulebook
from scenarios import Expect, Scenario, load_scenarios

BOOK = get_index().book
SCENARIOS = load_scenarios()
NOW = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def _num(text: str) -> int:
    return int(text.replace(",", ""))


def _nums(prompt: str) -> list[int]:
    """The chip amounts in a prompt, in order (seat numbers left out)."""
    return [_num(n) for n in re.findall(r"\d[\d,]*", re.sub(r"Seat \d+", "", prompt))]


def _by_id(qs: list[QuizQuestion]) -> dict[str, QuizQuestion]:
    return {q.id: q for q in qs}


# -- every question is well formed ------------------------------------------------------
def test_every_question_is_well_formed() -> None:
    qs = all_questions(random.Random(7), book=BOOK, scenarios=SCENARIOS)
    assert len({q.id for q in qs}) == len(qs)
    for q in qs:
        assert 2 <= len(q.options) <= 5, q.id
        assert len({o.lower() for o in q.options}) == len(q.options), q.id
        assert 0 <= q.correct < len(q.options)
        assert q.clause_ids and all(c in BOOK for c in q.clause_ids), q.id
        assert q.section in {"", "1", "2", "3"}
        assert q.explanation and q.ruling
        assert BOOK.clauses[q.clause_ids[0]].text.splitlines()[0][:40] in q.clause_text, q.id


def test_same_seed_same_quiz_and_ids_are_stable_across_seeds() -> None:
    a = all_questions(random.Random(3), book=BOOK, scenarios=SCENARIOS)
    b = all_questions(random.Random(3), book=BOOK, scenarios=SCENARIOS)
    c = all_questions(random.Random(4), book=BOOK, scenarios=SCENARIOS)
    assert [q.model_dump() for q in a] == [q.model_dump() for q in b]
    assert {q.id for q in a} == {q.id for q in c}


def test_section_filter() -> None:
    qs = all_questions(random.Random(1), book=BOOK, scenarios=SCENARIOS, section="2")
    assert qs and all(q.section == "2" for q in qs)
    assert "order:2.8" in _by_id(qs)


# -- from scenarios ------------------------------------------------------------------------
def test_scenario_answer_is_the_engine_ruling_and_distractors_are_the_wrong_options() -> None:
    sc = next(s for s in SCENARIOS if s.id == "oversized-chip-silent")
    q = scenario_question(sc, random.Random(0), BOOK)
    assert q is not None and q.id == "scenario:oversized-chip-silent"
    ruling = decide(Facts(**sc.facts), topic=sc.topic)
    assert q.answer == headline(ruling.outcome)
    assert "call of 25" in q.answer
    assert q.clause_ids == ruling.citations
    assert q.ruling == ruling.outcome
    wrong = [o for i, o in enumerate(q.options) if i != q.correct]
    assert {headline(d) for d in sc.distractors} <= set(wrong)
    assert sc.description in q.prompt
    assert "1.4.2" in q.clause_text


@pytest.mark.parametrize("sc", [s for s in SCENARIOS if s.distractors], ids=lambda s: s.id)
def test_every_scenario_with_distractors_gives_a_question(sc: Scenario) -> None:
    q = scenario_question(sc, random.Random(0), BOOK)
    assert q is not None
    ruling = decide(Facts(**sc.facts), topic=sc.topic)
    assert q.clause_ids[0] == ruling.citations[0]
    wrong = [o for i, o in enumerate(q.options) if i != q.correct]
    checked = [headline(d) for d in sc.distractors if engine_rejects(ruling, headline(d))]
    assert not checked or any(d in wrong or strip_clauses(d) in wrong for d in checked)


def test_adding_a_scenario_adds_a_question() -> None:
    base = next(s for s in SCENARIOS if s.id == "oversized-chip-silent")
    new = base.model_copy(update={
        "id": "oversized-chip-silent-500", "description": "Facing 200, a single 500 chip goes in silently.",
        "facts": {"bet_faced": 200, "chips_put_out": 500, "single_chip": True},
        "distractors": ["It is a raise to 500."],
        "expect": Expect(kind="ruling", citations=["1.4.2"], outcome_contains=["call"]),
    })
    before = {q.id for q in scenario_questions(SCENARIOS, random.Random(0))}
    after = _by_id(scenario_questions([*SCENARIOS, new], random.Random(0)))
    assert set(after) - before == {"scenario:oversized-chip-silent-500"}
    q = after["scenario:oversized-chip-silent-500"]
    assert "call of 200" in q.answer and "It is a raise to 500" in q.options


def test_a_scenario_the_engine_disagrees_with_is_not_taught() -> None:
    base = next(s for s in SCENARIOS if s.id == "oversized-chip-silent")
    wrong_expectation = base.model_copy(update={"expect": Expect(kind="ruling", outcome_contains=["fold"])})
    assert scenario_question(wrong_expectation, random.Random(0)) is None


def test_needs_facts_scenario_teaches_to_ask_and_offers_the_guesses_as_wrong() -> None:
    sc = next(s for s in SCENARIOS if s.id == "oversized-chip-raise-timing-unknown")
    q = scenario_question(sc, random.Random(0), BOOK)
    assert q is not None
    assert q.answer.startswith("No ruling yet") and "before the chips touched the table" in q.answer
    wrong = " | ".join(o for i, o in enumerate(q.options) if i != q.correct)
    assert "call of 300" in wrong  # what you'd rule guessing "after"
    assert "raise to 1,000" in wrong  # ... and guessing "before"


def test_scenario_without_distractors_gets_engine_counterfactuals() -> None:
    # Strip the file's distractors so the engine must derive the wrong options itself.
    sc = next(s for s in SCENARIOS if s.id == "clock-acted-in-time").model_copy(update={"distractors": []})
    q = scenario_question(sc, random.Random(0), BOOK)
    assert q is not None
    assert "The hand is dead" in q.options  # the ruling had time expired
    assert "action stands" in q.answer


# -- from the rulebook -----------------------------------------------------------------
RB = _by_id(rulebook_questions(BOOK, random.Random(5)))


def test_shuffle_procedure_order() -> None:
    q = RB["order:2.8"]
    assert q.answer == "One (1) wash → Two (2) riffles → One (1) box → One (1) riffle → One (1) cut"
    assert len(q.options) >= 3
    assert all(sorted(o.split(" → ")) == sorted(q.answer.split(" → ")) for o in q.options)


def test_how_many_riffles_before_the_box() -> None:
    q = RB["step-count:2.8.2"]
    assert "riffles" in q.prompt and "box" in q.prompt
    assert q.answer == "2"
    assert RB["next-step:2.8.4"].answer == "One (1) riffle"  # what follows the box


def test_what_ends_the_right_to_claim_a_pot() -> None:
    q = RB["when:3.6:end"]
    assert q.prompt == "When does the right to claim a pot end?"
    assert q.answer == "When the next round of play begins"
    assert q.clause_ids == ["3.6"]
    # "the first card is drawn" is the same moment in other words: never offered as a wrong answer.
    assert not any("first card" in o for o in q.options)


def test_number_cloze() -> None:
    q = RB["number:3.9"]
    assert "___ orbits" in q.prompt and q.answer == "3"
    assert RB["number:1.10"].answer == "50"


def test_true_rule_offers_the_real_sentence_against_negations() -> None:
    q = RB["true-rule:1.8.3"]
    lead_in = "If action occurs out of turn (check, call, or raise), the action will first be reversed"
    assert q.answer.startswith(lead_in) and q.answer.endswith("then: out-of-turn folds are binding.")
    book_text = re.sub(r"\s+", " ", BOOK.source).lower()
    for i, o in enumerate(q.options):
        item = o.rsplit(": ", 1)[-1].lower()  # the list item, without its lead-in
        assert (item in book_text) == (i == q.correct), o


def test_list_items_are_quoted_with_their_lead_in() -> None:
    q = RB["which-clause:3.1.4"]
    assert "a supervisor may direct that: any spectators to leave the area" in q.prompt
    assert q.answer == "3.1.4"
    assert set(q.options) <= set(BOOK.clauses)


def test_negate() -> None:
    assert negate("Out-of-turn folds are binding.") == "Out-of-turn folds are not binding."
    assert negate("String bets are not permitted.") == "String bets are permitted."
    assert negate("If action changes, the out-of-turn action is not binding.") == \
        "If action changes, the out-of-turn action is binding."
    assert negate("Players must protect their cards.") == "Players need not protect their cards."
    assert negate("Dealers deal.") is None


def test_generated_from_any_rulebook_not_just_ours() -> None:
    other = parse_rulebook(
        "Other Room Rules\n\n"
        "4. Dealing\n\n"
        "4.1 The dealing procedure is:\n"
        "• 4.1.1 Three (3) scrambles of the deck, followed by.\n"
        "• 4.1.2 One (1) riffle of the deck, followed by.\n"
        "• 4.1.3 One (1) cut of the deck.\n\n"
        "4.2 A dealer must burn one card before each street.\n\n"
        "4.3 A player may not touch the deck.\n",
        "other.txt",
    )
    qs = _by_id(rulebook_questions(other, random.Random(0)))
    assert qs["order:4.1"].answer == "Three (3) scrambles → One (1) riffle → One (1) cut"
    assert qs["step-count:4.1.1"].answer == "3"
    assert qs["true-rule:4.2"].answer == "A dealer must burn one card before each street."
    assert "A dealer need not burn one card before each street." in qs["true-rule:4.2"].options
    assert qs["which-clause:4.3"].answer == "4.3"


# -- from the arithmetic -------------------------------------------------------------------
SEEDS = range(40)


def _arith(template: str, seed: int) -> QuizQuestion:
    return next(q for q in arithmetic_questions(random.Random(seed)) if q.template == template)


@pytest.mark.parametrize("seed", SEEDS)
def test_min_3bet_is_the_open_plus_the_open_raise(seed: int) -> None:
    q = _arith("min-3bet", seed)
    _sb, bb, open_to = _nums(q.prompt)[:3]
    assert _num(q.answer) == open_to + (open_to - bb)
    wrong = [_num(o) for i, o in enumerate(q.options) if i != q.correct]
    assert _num(q.answer) not in wrong
    assert open_to + bb in wrong or open_to + bb == _num(q.answer)  # "add a big blind", the common mistake
    assert len(q.options) >= 3


@pytest.mark.parametrize("seed", SEEDS)
def test_min_reraise_is_measured_from_the_last_raise(seed: int) -> None:
    q = _arith("min-reraise", seed)
    _sb, _bb, bet, raise_to = _nums(q.prompt)[:4]
    assert _num(q.answer) == raise_to + (raise_to - bet)


@pytest.mark.parametrize("seed", SEEDS)
def test_short_all_in_does_not_change_the_raise_size(seed: int) -> None:
    q = _arith("short-all-in", seed)
    _sb, bb, open_to, all_in = _nums(q.prompt)[:4]
    assert all_in - open_to < open_to - bb  # really short of a full raise
    assert _num(q.answer) == all_in + (open_to - bb)


@pytest.mark.parametrize("seed", SEEDS)
def test_run_twice_halves_add_on_and_short_call(seed: int) -> None:
    rit = _arith("run-twice", seed)
    assert _num(rit.answer) * 2 == _nums(rit.prompt)[0]
    add = _arith("add-on", seed)
    limit, stack = _nums(add.prompt)[:2]
    assert _num(add.answer) == limit - stack
    assert str(f"{limit:,}") in add.options  # "up to the limit", ignoring the stack
    sc = _arith("short-call", seed)
    bet, put = _nums(sc.prompt)[:2]
    assert _num(sc.answer) == bet - put


def test_arithmetic_numbers_are_fresh_each_time_but_ids_are_not() -> None:
    prompts = {_arith("min-3bet", s).prompt for s in SEEDS}
    assert len(prompts) > 5
    assert {_arith("min-3bet", s).id for s in SEEDS} == {"min-3bet:1.4"}


def test_options_are_shuffled() -> None:
    positions = {_arith("add-on", s).correct for s in SEEDS}
    assert len(positions) > 2


# -- Leitner boxes ---------------------------------------------------------------------------
def _q(clause: str, qid: str | None = None) -> QuizQuestion:
    return QuizQuestion(id=qid or f"t:{clause}", template="t", section=clause.split(".")[0], clause_ids=[clause],
                        prompt="?", options=["a", "b"], correct=0, explanation="e", ruling="r")


def test_right_moves_up_a_box_wrong_goes_back_to_box_one() -> None:
    s = advance(None, True, NOW)
    assert (s.box, s.seen, s.right, s.wrong) == (2, 1, 1, 0)
    assert advance(None, False, NOW).box == 1
    s = advance(s, True, NOW)
    assert s.box == 3 and s.due_at == NOW + BOX_INTERVALS[3]
    s = advance(s, False, NOW)
    assert (s.box, s.seen, s.right, s.wrong, s.last_correct) == (1, 3, 2, 1, False)
    top = None
    for _ in range(10):
        top = advance(top, True, NOW)
    assert top is not None and top.box == TOP_BOX


def test_a_first_answer_wrong_comes_back_sooner_than_a_first_answer_right() -> None:
    progress = {"1.4": advance(None, False, NOW), "1.6": advance(None, True, NOW)}
    assert progress["1.4"].due_at < progress["1.6"].due_at
    later = NOW + timedelta(hours=1)
    assert pick_next(progress, [_q("1.6"), _q("1.4")], later, random.Random(0)).clause_ids == ["1.4"]


def test_a_wrong_answer_brings_its_clause_back_sooner_than_a_right_one() -> None:
    # Both clauses were in box 3; now 1.4 is answered wrongly and 1.6 rightly, at the same moment.
    box3 = LeitnerState(box=3, due_at=NOW, seen=3, right=3, wrong=0, last_seen_at=NOW - timedelta(days=1),
                        last_correct=True)
    progress = {"1.4": advance(box3, False, NOW), "1.6": advance(box3, True, NOW)}
    assert progress["1.4"].due_at < progress["1.6"].due_at
    candidates = [_q("1.4"), _q("1.6")]
    later = NOW + timedelta(hours=2)
    for seed in range(20):
        assert pick_next(progress, candidates, later, random.Random(seed)).clause_ids == ["1.4"]


def test_unseen_clauses_come_before_ones_not_yet_due() -> None:
    progress = {"1.4": advance(None, True, NOW)}
    pick = pick_next(progress, [_q("1.4"), _q("3.6")], NOW + timedelta(seconds=5), random.Random(0))
    assert pick is not None and pick.clause_ids == ["3.6"]


def test_when_nothing_is_due_the_clause_due_soonest_comes_first() -> None:
    progress = {
        "1.4": LeitnerState(5, NOW + timedelta(days=6), 5, 5, 0, NOW - timedelta(days=1), True),
        "1.6": LeitnerState(5, NOW + timedelta(days=2), 5, 5, 0, NOW - timedelta(days=5), True),
    }
    pick = pick_next(progress, [_q("1.4"), _q("1.6")], NOW, random.Random(0))
    assert pick is not None and pick.clause_ids == ["1.6"]


def test_due_low_box_before_due_high_box() -> None:
    progress = {
        "1.4": LeitnerState(4, NOW - timedelta(days=1), 4, 4, 0, NOW - timedelta(days=4), True),
        "1.6": LeitnerState(2, NOW - timedelta(minutes=1), 2, 2, 0, NOW - timedelta(minutes=11), True),
    }
    pick = pick_next(progress, [_q("1.4"), _q("1.6")], NOW, random.Random(0))
    assert pick is not None and pick.clause_ids == ["1.6"]


def test_avoid_skips_the_question_just_asked_when_there_is_another() -> None:
    qs = [_q("1.4", "a"), _q("1.4", "b")]
    for seed in range(10):
        pick = pick_next({}, qs, NOW, random.Random(seed), avoid={"a"})
        assert pick is not None and pick.id == "b"
    assert pick_next({}, [_q("1.4", "a")], NOW, random.Random(0), avoid={"a"}) is not None
    assert pick_next({}, [], NOW, random.Random(0)) is None


def test_fresh_numbers_keeps_the_id_and_changes_the_numbers() -> None:
    q = _arith("add-on", 0)
    prompts = {fresh_numbers(q, random.Random(s)).prompt for s in range(10)}
    assert len(prompts) > 3
    assert {fresh_numbers(q, random.Random(s)).id for s in range(10)} == {q.id}
    other = RB["order:2.8"]
    assert fresh_numbers(other, random.Random(1)) is other
    assert {_arith(t, 0).template for t in ARITHMETIC_BY_TEMPLATE} == set(ARITHMETIC_BY_TEMPLATE)
