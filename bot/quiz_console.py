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

from bot.quiz_core import (
    console_user_id,
    extra_ruling,
    normalise_section,
    numbered_options,
    overall_line,
    pick_for,
    question_bank,
    save_answer,
    section_line,
    verdict,
    weakest_text,
    where,
)
from engine.training import QuizQuestion

if TYPE_CHECKING:
    from bot.store import Store, UserStats

__all__ = ["console_user_id", "render_question", "render_reveal", "render_stats", "run_quiz_console"]

HELP = """Answer with the option's number.
  stats   your record: accuracy by section, the clauses to work on
  skip    another question (nothing is saved)
  quit    leave (Ctrl-D too)"""

def render_question(q: QuizQuestion, number: int) -> str:
    # No clause numbers before the answer: "which clause says...?" would give itself away.
    lines = [f"Q{number} · {where(q)}", q.prompt, ""]
    lines += [f"  {opt}" for opt in numbered_options(q)]
    return "\n".join(lines)


def render_reveal(q: QuizQuestion, choice: int) -> str:
    parts = [verdict(q, choice), "", f"Why: {q.explanation}", f"Clauses: {', '.join(q.clause_ids)}"]
    if extra_ruling(q):
        parts.append(f"Ruling: {extra_ruling(q)}")
    if q.clause_text:
        parts += ["", "The rulebook:", *(f"  {line}" for line in q.clause_text.splitlines())]
    return "\n".join(parts)


def render_stats(st: UserStats, session_right: int, session_answered: int) -> str:
    lines = [f"This session: {session_right}/{session_answered} right."]
    if not st.answered:
        lines.append("No saved answers yet.")
        return "\n".join(lines)
    lines.append(overall_line(st))
    lines += [f"  {section_line(s)}" for s in st.by_section]
    if st.weakest:
        lines.append("To work on: " + weakest_text(st))
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
    section = normalise_section(section)

    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    from rules_index import get_index

    book = get_index().book
    questions = question_bank(rng, section, questions)
    if not questions:
        say(f"No questions for section {section}. The rulebook's sections are 1, 2 and 3.")
        return 1

    owned = store is None
    if store is None:
        try:
            from bot.ruling_log import read_only_warning
            from bot.store import Store
            from rules_index.config import default_settings

            store = Store.open()
            warning = read_only_warning(default_settings())
            if warning:
                say(f"({warning})")
        except Exception as exc:  # the quiz still works; it just cannot remember
            from bot.ruling_log import store_problem

            say(f"({store_problem(exc, default_settings(), 'the quiz still asks, but progress is not saved')})")
            store = None

    session_right = session_answered = 0
    recent: list[str] = []
    say(f"Floor training quiz for {name}" + (f", section {section}" if section else "") +
        f": {len(questions)} questions. Type a number to answer; 'help' for commands.")
    try:
        while True:
            q = pick_for(store, user_id, questions, clock(), rng, avoid=recent, book=book)
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
                    save_answer(store, user_id=user_id, user_name=name, q=q, choice=choice, now=clock())
                session_answered += 1
                session_right += int(correct)
                say(render_reveal(q, choice))
                recent = [q.id, *recent][:5]
                break
    finally:
        if owned and store is not None:
            store.close()
