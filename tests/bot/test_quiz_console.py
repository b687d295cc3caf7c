"""``floor quiz`` in a terminal: ask, read a number, save, reveal; stats; quit."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.quiz_console import console_user_id, run_quiz_console
from bot.store import Store
from engine.training import QuizQuestion

T0 = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store.open(url=f"sqlite:///{tmp_path / 'quiz.sqlite3'}")
    yield s
    s.close()


def _q(clause: str, correct: int = 0, qid: str | None = None, section: str | None = None) -> QuizQuestion:
    return QuizQuestion(
        id=qid or f"test:{clause}", template="test", section=section or clause.split(".")[0], clause_ids=[clause],
        prompt=f"What does {clause} say?", options=[f"{clause} right", f"{clause} wrong"] if correct == 0
        else [f"{clause} wrong", f"{clause} right"], correct=correct,
        explanation=f"Because {clause} says so.", ruling=f"The ruling under {clause}.",
        clause_text=f"{clause} The text of the clause.",
    )


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


def _run(store: Any, lines: list[str], questions: list[QuizQuestion] | None = None, *, user: str = "ann",
         section: str | None = None, clock: Clock | None = None, seed: int = 0) -> tuple[int, str]:
    out = io.StringIO()
    code = run_quiz_console(section=section, user=user, stdin=io.StringIO("".join(f"{x}\n" for x in lines)),
                            stdout=out, store=store, rng=random.Random(seed), clock=clock or Clock(),
                            questions=questions)
    return code, out.getvalue()


def _asked(output: str) -> list[str]:
    return re.findall(r"^What does (\S+) say\?$", output, flags=re.MULTILINE)


def test_answers_are_saved_and_revealed(store: Store) -> None:
    code, out = _run(store, ["1", "1", "quit"], [_q("1.4", correct=0), _q("1.6", correct=1)])
    assert code == 0
    first, second = _asked(out)[:2]
    attempts = list(reversed(store.attempts_for(console_user_id("ann"))))
    assert [a.question_id for a in attempts] == [f"test:{first}", f"test:{second}"]
    assert [a.correct for a in attempts] == [first == "1.4", second == "1.4"]
    assert [a.chosen for a in attempts] == [0, 0]
    assert "Right: 1.4 right" in out
    assert "Not quite. You chose 1; the answer is 2: 1.6 right" in out
    assert "Why: Because 1.6 says so." in out and "Ruling: The ruling under 1.6." in out
    assert "1.6 The text of the clause." in out
    assert "Bye. This session: 1/2 right." in out


def test_the_answer_is_saved_before_the_verdict_is_shown(store: Store) -> None:
    out = io.StringIO()

    class Spy:
        def __getattr__(self, name: str) -> Any:
            return getattr(store, name)

        def record_answer(self, **kw: Any) -> Any:
            rec = store.record_answer(**kw)
            out.write("[committed]\n")
            return rec

    run_quiz_console(user="ann", stdin=io.StringIO("2\n"), stdout=out, store=Spy(),  # type: ignore[arg-type]
                     rng=random.Random(0), clock=Clock(), questions=[_q("1.4")])
    text = out.getvalue()
    assert text.index("[committed]") < text.index("Not quite")


def test_a_clause_answered_wrongly_comes_back_before_one_answered_rightly(store: Store) -> None:
    clock = Clock()
    qs = [_q("1.4"), _q("1.6")]
    # First session: answer whichever comes first wrongly, the other rightly.
    _, out = _run(store, ["2", "1", "quit"], qs, clock=clock)
    wrong_clause, right_clause = _asked(out)[:2]
    clock.now = T0 + timedelta(hours=1)  # both are due again by now; the wrong one is in the lower box
    _, out = _run(store, ["quit"], qs, clock=clock)
    assert _asked(out) == [wrong_clause]
    progress = store.progress_for(console_user_id("ann"))
    assert progress[wrong_clause].due_at < progress[right_clause].due_at


def test_stats_shows_the_record_by_section_and_clauses_to_work_on(store: Store) -> None:
    qs = [_q("1.4"), _q("3.6")]
    _, out = _run(store, ["2", "1", "stats", "quit"], qs)
    stats = out[out.index("This session: 1/2 right."):]
    assert "All time: 1/2 right (50%)" in stats
    assert "Section 1:" in stats and "Section 3:" in stats
    assert "To work on: " in stats


def test_progress_carries_over_to_the_next_session(store: Store) -> None:
    clock = Clock()
    _run(store, ["1", "quit"], [_q("1.4")], clock=clock)
    clock.now += timedelta(days=1)
    _, out = _run(store, ["1", "stats", "quit"], [_q("1.4")], clock=clock)
    assert "All time: 2/2 right (100%)" in out
    assert store.progress_for(console_user_id("ann"))["1.4"].box == 3


def test_bad_input_and_skip_save_nothing(store: Store) -> None:
    _, out = _run(store, ["seven", "9", "", "help", "skip", "quit"], [_q("1.4"), _q("1.6")])
    assert out.count("Answer with a number from 1 to 2") == 3
    assert "stats   your record" in out
    assert len(_asked(out)) == 2  # skip moved on
    assert store.attempts_for(console_user_id("ann")) == []


def test_end_of_input_leaves_cleanly(store: Store) -> None:
    code, out = _run(store, ["1"], [_q("1.4"), _q("1.6")])
    assert code == 0
    assert out.rstrip().endswith("Bye. This session: 1/1 right.")
    assert len(store.attempts_for(console_user_id("ann"))) == 1


def test_users_are_kept_apart(store: Store) -> None:
    _run(store, ["1", "quit"], [_q("1.4")], user="ann")
    _run(store, ["2", "quit"], [_q("1.4")], user="bob")
    assert store.progress_for(console_user_id("ann"))["1.4"].right == 1
    assert store.progress_for(console_user_id("bob"))["1.4"].wrong == 1
    assert [e.user_name for e in store.leaderboard()] == ["ann", "bob"]


def test_the_real_question_bank_for_one_section(store: Store) -> None:
    answers = ["1", "2", "1", "3", "1", "quit"]
    _, out = _run(store, answers, section="2", seed=3)
    headers = re.findall(r"^Q\d+ · (.*)$", out, flags=re.MULTILINE)
    assert headers and set(headers) == {"section 2"}
    attempts = store.attempts_for(console_user_id("ann"))
    assert len(attempts) == 5
    assert all(a.section == "2" for a in attempts)
    verdicts = re.findall(r"(?:^|> )(Right:|Not quite\.)", out, flags=re.MULTILINE)
    assert sum(v == "Right:" for v in verdicts) == sum(a.correct for a in attempts)


def test_unknown_section(store: Store) -> None:
    code, out = _run(store, ["quit"], section="9")
    assert code == 1 and "No questions for section 9" in out


def test_without_a_store_it_opens_the_configured_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_index.config import default_settings

    cfg = tmp_path / "config.toml"
    from rules_index.config import PROJECT_ROOT

    book = PROJECT_ROOT / "rules_index/rulebooks/poker-ape-house-rules.txt"
    lexicon = PROJECT_ROOT / "rules_index/lexicon.toml"
    cfg.write_text(f'[rulebook]\npath = "{book}"\nlexicon = "{lexicon}"\n[store]\nsqlite_path = "trainee.sqlite3"\n')
    monkeypatch.setenv("FLOOR_CONFIG", str(cfg))
    default_settings.cache_clear()
    try:
        _run(None, ["1", "quit"], [_q("1.4")])
    finally:
        default_settings.cache_clear()
    with Store.open(url=f"sqlite:///{tmp_path / 'trainee.sqlite3'}") as s:
        assert len(s.attempts_for(console_user_id("ann"))) == 1
