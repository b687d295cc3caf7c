"""``floor quiz``: dealer and floor training in a terminal.

One question at a time, answered by number; the answer is saved to the store
*before* the verdict is shown, so a quiz killed mid-way never loses an answer
the trainee saw marked.  What comes next is ``engine.training.next_question``
on the trainee's saved Leitner progress: a clause got wrong comes back soon,
one got right waits longer, unseen clauses are asked before old ones.
"""

from __future__ import annotations

import getpass
import random
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TextIO

from engine.training import QuizQuestion, default_questions, next_question

if TYPE_CHECKING:
    from bot.store import Store, UserStats

HELP = """Answer with the option's number.
  stats   your record: accuracy by section, the clauses to work on
  skip    another question (nothing is saved)
  quit    leave (Ctrl-D too)"""

def console_user_id(name: str) -> str:
    """Console trainees are names, Discord ones numeric ids: the prefix keeps them apart."""
    return f"console:{name}"


def render_question(q: QuizQuestion, number: int) -> str:
    # No clause numbers before the answer: "which clause says...?" would give itself away.
    where = f"section {q.section}" if q.section else "general"
    lines = [f"Q{number} · {where}", q.prompt, ""]
    lines += [f"  {i}. {opt}" for i, opt in enumerate(q.options, start=1)]
    return "\n".join(lines)


def render_reveal(q: QuizQuestion, choice: int) -> str:
    if q.is_correct(choice):
        head = f"Right: {q.answer}"
    else:
        head = f"Not quite. You chose {choice + 1}; the answer is {q.correct + 1}: {q.answer}"
    parts = [head, "", f"Why: {q.explanation}", f"Clauses: {', '.join(q.clause_ids)}"]
    if q.ruling and q.ruling not in q.explanation:
        parts.append(f"Ruling: {q.ruling}")
    if q.clause_text:
        parts += ["", "The rulebook:", *(f"  {line}" for line in q.clause_text.splitlines())]
    return "\n".join(parts)


def render_stats(st: UserStats, session_right: int, session_answered: int) -> str:
    lines = [f"This session: {session_right}/{session_answered} right."]
    if not st.answered:
        lines.append("No saved answers yet.")
        return "\n".join(lines)
    lines.append(f"All time: {st.right}/{st.answered} right ({st.accuracy:.0%}); "
                 f"{st.clauses_seen} clauses seen, {st.clauses_mastered} in the top box.")
    for s in st.by_section:
        lines.append(f"  Section {s.section or '-'}: {s.right}/{s.answered} ({s.accuracy:.0%})")
    if st.weakest:
        lines.append("To work on: " + ", ".join(
            f"{w.clause_id} ({w.right}/{w.seen} right)" for w in st.weakest))
    return "\n".join(lines)


def run_quiz_console(section: str | None = None, user: str | None = None, stdin: TextIO = sys.stdin,
                     stdout: TextIO = sys.stdout, store: Store | None = None, *,
                     rng: random.Random | None = None, clock: Callable[[], datetime] | None = None,
                     questions: Sequence[QuizQuestion] | None = None) -> int:
    """The quiz loop.  ``store=None`` opens the configured store (and closes it at the end).

    ``rng``, ``clock`` and ``questions`` (instead of every generated question)
    are for tests.  Returns the process exit code.
    """
    rng = rng or random.Random()
    clock = clock or (lambda: datetime.now(UTC))
    name = (user or "").strip() or getpass.getuser()
    user_id = console_user_id(name)
    section = str(section).strip().rstrip(".") if section else None

    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    from rules_index import get_index

    book = get_index().book
    if questions is None:
        questions = default_questions(rng, section=section)
    elif section:
        questions = [q for q in questions if q.section == section]
    if not questions:
        say(f"No questions for section {section}. The rulebook's sections are 1, 2 and 3.")
        return 1

    owned = store is None
    if store is None:
        try:
            from bot.store import Store

            store = Store.open()
        except Exception as exc:  # the quiz still works; it just cannot remember
            say(f"(Progress will not be saved: the store could not be opened: {type(exc).__name__}: {exc})")
            store = None

    session_right = session_answered = 0
    recent: list[str] = []
    say(f"Floor training quiz for {name}" + (f", section {section}" if section else "") +
        f": {len(questions)} questions. Type a number to answer; 'help' for commands.")
    try:
        while True:
            progress = store.progress_for(user_id) if store else {}
            q = next_question(progress, questions, clock(), rng, avoid=recent, book=book)
            if q is None:
                return 0
            say("")
            say(render_question(q, session_answered + 1))
            while True:
                stdout.write("> ")
                stdout.flush()
                line = stdin.readline()
                if not line:
                    say("")
                    say(f"Bye. This session: {session_right}/{session_answered} right.")
                    return 0
                text = line.strip().lower()
                if text in ("quit", "exit", "q", "/quit"):
                    say(f"Bye. This session: {session_right}/{session_answered} right.")
                    return 0
                if text in ("help", "?", "h"):
                    say(HELP)
                    continue
                if text == "stats":
                    if store is None:
                        say(f"This session: {session_right}/{session_answered} right (nothing is being saved).")
                    else:
                        say(render_stats(store.stats_for(user_id), session_right, session_answered))
                    continue
                if text == "skip":
                    recent = [q.id, *recent][:5]
                    break
                if not text.isdigit() or not 1 <= int(text) <= len(q.options):
                    say(f"Answer with a number from 1 to {len(q.options)}, or stats / skip / quit.")
                    continue
                choice = int(text) - 1
                correct = q.is_correct(choice)
                if store is not None:
                    # Saved before the verdict is shown: what the trainee saw marked is on disk.
                    store.record_answer(user_id=user_id, user_name=name, question_id=q.id, section=q.section,
                                        clause_ids=q.clause_ids, correct=correct, chosen=choice, now=clock())
                session_answered += 1
                session_right += int(correct)
                say(render_reveal(q, choice))
                recent = [q.id, *recent][:5]
                break
    finally:
        if owned and store is not None:
            store.close()
