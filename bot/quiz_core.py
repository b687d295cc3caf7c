"""The training quiz without a shell: what to ask next, saving an answer, and what to show.

``floor quiz`` (``bot.quiz_console``) and ``/quiz`` (``bot.cogs.quiz``) both
run on these, so a trainee gets the same questions, the same spaced
repetition and the same verdict wording in a terminal and on Discord; each
shell only dresses them (terminal lines, embeds and buttons).  No discord
import here, and every function touching the store is synchronous: the bot
calls them through ``asyncio.to_thread``.

The order that matters is the caller's: ``save_answer`` returns only once the
answer is committed, and a shell shows the verdict only after it returns, so
whatever a trainee saw marked is already in the store.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.reply import Reply, Section
from engine.training import QuizQuestion, default_questions, next_question

if TYPE_CHECKING:
    from bot.store import LeaderboardEntry, RecordedAnswer, SectionStats, Store, UserStats
    from rules_index.rulebook import Rulebook


# -- who and which section -------------------------------------------------------------------------
def console_user_id(name: str) -> str:
    """Console trainees are names, Discord ones numeric ids: the prefix keeps them apart."""
    return f"console:{name}"


def discord_user_id(user_id: int) -> str:
    """A Discord member's snowflake as text: never collides with a ``console:`` name."""
    return str(int(user_id))


def normalise_section(section: object) -> str | None:
    """``"2"``, ``"2."``, ``2`` -> ``"2"``; empty -> None (every section)."""
    text = str(section).strip().rstrip(".") if section is not None else ""
    return text or None


def where(q: QuizQuestion) -> str:
    """Where a question comes from, without its clause number (that would give the answer away)."""
    return f"section {q.section}" if q.section else "general"


# -- the questions -----------------------------------------------------------------------------------
def question_bank(rng: random.Random, section: str | None = None,
                  questions: Sequence[QuizQuestion] | None = None) -> list[QuizQuestion]:
    """Every question for a section (all when None): generated, or ``questions`` filtered (for tests)."""
    if questions is None:
        return default_questions(rng, section=section)
    return [q for q in questions if not section or q.section == section]


EXPORT_SEED = 0  # the bank is reviewed as a file: the same seed gives the same drill numbers and order


def question_json(q: QuizQuestion) -> dict[str, Any]:
    """One question as ``floor quiz --export`` prints it; the keys are a contract (add, never rename)."""
    return {"id": q.id, "section": q.section, "template": q.template, "question": q.prompt,
            "options": list(q.options), "answer": q.correct, "clauses": list(q.clause_ids),
            "explanation": q.explanation}


def export_lines(section: str | None = None,
                 questions: Sequence[QuizQuestion] | None = None) -> Iterator[str]:
    """The whole bank (or one section) as JSON Lines, sorted by id, so two exports of one tree are identical."""
    bank = question_bank(random.Random(EXPORT_SEED), section, questions)
    for q in sorted(bank, key=lambda q: q.id):
        yield json.dumps(question_json(q), ensure_ascii=False)


def pick_for(store: Store | None, user_id: str, questions: Sequence[QuizQuestion], now: datetime,
             rng: random.Random, avoid: Iterable[str] = (), book: Rulebook | None = None) -> QuizQuestion | None:
    """The next question for one trainee: ``next_question`` on their saved Leitner progress.

    Without a store every clause counts as unseen, so the quiz still works, it
    just cannot bring the missed ones back sooner.
    """
    progress = store.progress_for(user_id) if store is not None else {}
    return next_question(progress, questions, now, rng, avoid=avoid, book=book)


def save_answer(store: Store, *, user_id: str, user_name: str, q: QuizQuestion, choice: int, now: datetime,
                round_id: str | None = None, answer_key: str | None = None) -> RecordedAnswer:
    """Commit one answer (and move its clauses in the Leitner boxes); returns once it is on disk."""
    return store.record_answer(user_id=user_id, user_name=user_name, question_id=q.id, section=q.section,
                               clause_ids=q.clause_ids, correct=q.is_correct(choice), chosen=choice,
                               round_id=round_id, answer_key=answer_key, now=now)


# -- words every shell uses ----------------------------------------------------------------------------
def numbered_options(q: QuizQuestion) -> list[str]:
    return [f"{i}. {opt}" for i, opt in enumerate(q.options, start=1)]


def verdict(q: QuizQuestion, choice: int) -> str:
    """The first line of a reveal: right, or what was chosen and what the answer is (numbers from 1)."""
    if q.is_correct(choice):
        return f"Right: {q.answer}"
    return f"Not quite. You chose {choice + 1}; the answer is {q.correct + 1}: {q.answer}"


def extra_ruling(q: QuizQuestion) -> str:
    """The ruling, when the explanation does not already say it (it usually does)."""
    return q.ruling if q.ruling and q.ruling not in q.explanation else ""


def overall_line(st: UserStats) -> str:
    return (f"All time: {st.right}/{st.answered} right ({st.accuracy:.0%}); "
            f"{st.clauses_seen} clauses seen, {st.clauses_mastered} in the top box.")


def section_line(s: SectionStats) -> str:
    return f"Section {s.section or '-'}: {s.right}/{s.answered} ({s.accuracy:.0%})"


def weakest_text(st: UserStats) -> str:
    """The clauses to work on, worst first (the store's order), or empty."""
    return ", ".join(f"{w.clause_id} ({w.right}/{w.seen} right)" for w in st.weakest)


def comes_back(recorded: RecordedAnswer) -> str:
    """When the question's clause is due again, in words ("1.4 comes back in 10 minutes")."""
    if not recorded.progress:
        return ""
    p = recorded.progress[0]
    return f"{p.clause_id} comes back in {in_words(p.due_at - recorded.answered_at)}"


def in_words(span: timedelta) -> str:
    """A span as a trainee would say it: "10 minutes", "3 days" (rounded to the largest unit)."""
    seconds = max(0, round(span.total_seconds()))
    for unit, size in (("day", 86_400), ("hour", 3_600), ("minute", 60)):
        if seconds >= size:
            n = round(seconds / size)
            return f"{n} {unit}{'s' if n != 1 else ''}"
    return f"{seconds} seconds"


# -- neutral replies (the Discord shell dresses them as embeds) ----------------------------------------
def question_reply(q: QuizQuestion, *, title: str, footer: str = "") -> Reply:
    """The question and its numbered options; the answer buttons carry the same numbers."""
    body = "\n".join([q.prompt, "", *numbered_options(q)])
    return Reply(title=title, body=body, footer=footer, tone="question", kind="quiz-question")


def _explanation_sections(q: QuizQuestion) -> list[Section]:
    sections = [Section("Why", q.explanation)]
    ruling = extra_ruling(q)
    if ruling:
        sections.append(Section("Ruling", ruling))
    if q.clause_ids:
        sections.append(Section("Clauses", ", ".join(q.clause_ids)))
    if q.clause_text:
        sections.append(Section("The rulebook", q.clause_text, quote=True))
    return sections


def reveal_reply(q: QuizQuestion, choice: int, *, footer: str = "") -> Reply:
    """One trainee's verdict: right or not, the ruling, why, and the clause as written."""
    right = q.is_correct(choice)
    return Reply(
        title="Right" if right else "Not quite",
        body=verdict(q, choice),
        sections=(Section("Question", q.prompt), *_explanation_sections(q)),
        citations=tuple(q.clause_ids), footer=footer, tone="ruling" if right else "warning", kind="quiz-reveal",
    )


def round_reveal_reply(q: QuizQuestion, *, number: int, total: int, answered: int,
                       right_names: Sequence[str]) -> Reply:
    """The answer to a round question for the whole channel, with how the room did."""
    if not answered:
        room = "Nobody answered."
    else:
        who = f": {', '.join(right_names)}" if right_names else ""
        room = f"{len(right_names)} of {answered} right{who}."
    return Reply(
        title=f"Question {number}/{total}: the answer",
        body=f"The answer is {q.correct + 1}: {q.answer}",
        sections=(Section("Question", q.prompt), Section("The room", room), *_explanation_sections(q)),
        citations=tuple(q.clause_ids), tone="ruling", kind="quiz-reveal",
    )


def stats_reply(st: UserStats) -> Reply:
    """A trainee's record: overall, by section, and the clauses to work on."""
    if not st.answered:
        return Reply(title="Your quiz record", body="No answers saved yet. /quiz ask gives you a question.",
                     kind="quiz-stats")
    sections = [Section(f"Section {s.section or '-'}", f"{s.right}/{s.answered} right ({s.accuracy:.0%})",
                        inline=True) for s in st.by_section]
    weakest = weakest_text(st)
    sections.append(Section("To work on", weakest or "Nothing answered wrongly yet."))
    return Reply(title="Your quiz record", body=overall_line(st), sections=tuple(sections), kind="quiz-stats")


def leaderboard_lines(entries: Sequence[LeaderboardEntry]) -> list[str]:
    return [f"{e.rank}. {e.user_name} · {e.right}/{e.answered} right ({e.accuracy:.0%})" for e in entries]


def leaderboard_reply(entries: Sequence[LeaderboardEntry], *, title: str, empty: str, footer: str = "") -> Reply:
    """Most right answers first (the store's order): names as saved, never mentions."""
    body = "\n".join(leaderboard_lines(entries)) if entries else empty
    return Reply(title=title, body=body, footer=footer, kind="leaderboard")
