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
from dataclasses import dataclass, field
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
    """One question with its numbered options; where it comes from, but no clause numbers before the answer."""
    # No clause numbers before the answer: "which clause says...?" would give itself away.
    lines = [f"Q{number} · {where(q)}", q.prompt, ""]
    lines += [f"  {opt}" for opt in numbered_options(q)]
    return "\n".join(lines)


def render_reveal(q: QuizQuestion, choice: int) -> str:
    """The verdict and the reason after an answer, with the clauses and their text, so the trainee learns the rule."""
    parts = [verdict(q, choice), "", f"Why: {q.explanation}", f"Clauses: {', '.join(q.clause_ids)}"]
    if extra_ruling(q):
        parts.append(f"Ruling: {extra_ruling(q)}")
    if q.clause_text:
        parts += ["", "The rulebook:", *(f"  {line}" for line in q.clause_text.splitlines())]
    return "\n".join(parts)


def render_stats(st: UserStats, session_right: int, session_answered: int) -> str:
    """This session's score and the saved record by section, with the clauses to work on."""
    lines = [f"This session: {session_right}/{session_answered} right."]
    if not st.answered:
        lines.append("No saved answers yet.")
        return "\n".join(lines)
    lines.append(overall_line(st))
    lines += [f"  {section_line(s)}" for s in st.by_section]
    if st.weakest:
        lines.append("To work on: " + weakest_text(st))
    return "\n".join(lines)


@dataclass
class _Session:
    """One trainee's quiz in a terminal: where it reads and writes, where answers are saved, the score so far."""

    stdin: TextIO
    stdout: TextIO
    store: Store | None
    name: str
    user_id: str
    clock: Callable[[], datetime]
    right: int = 0
    answered: int = 0
    recent: list[str] = field(default_factory=list)  # the last questions asked or skipped, not asked again soon

    def say(self, text: str) -> None:
        """Write a line at once: the trainee is waiting for it."""
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def bye(self) -> None:
        """Leave with this session's score."""
        self.say(f"Bye. This session: {self.right}/{self.answered} right.")


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
    session = _Session(stdin, stdout, store, name, console_user_id(name), clock)
    section = normalise_section(section)

    from rules_index import get_index

    book = get_index().book
    questions = question_bank(rng, section, questions)
    if not questions:
        session.say(f"No questions for section {section}. The rulebook's sections are 1, 2 and 3.")
        return 1

    owned = store is None
    if store is None:
        session.store = _open_store(session.say)
    session.say(f"Floor training quiz for {name}" + (f", section {section}" if section else "") +
                f": {len(questions)} questions. Type a number to answer; 'help' for commands.")
    try:
        while True:
            q = pick_for(session.store, session.user_id, questions, clock(), rng, avoid=session.recent, book=book)
            if q is None:
                return 0
            session.say("")
            session.say(render_question(q, session.answered + 1))
            if not _ask(session, q):
                return 0
    finally:
        if owned and session.store is not None:
            session.store.close()


def _open_store(say: Callable[[str], None]) -> Store | None:
    """The configured store, or None with a note: the quiz still works when it cannot remember progress."""
    try:
        from bot.ruling_log import read_only_warning
        from bot.store import Store
        from rules_index.config import default_settings

        store = Store.open()
        warning = read_only_warning(default_settings())
        if warning:
            say(f"({warning})")
        return store
    except Exception as exc:  # the quiz still works; it just cannot remember
        from bot.ruling_log import store_problem

        say(f"({store_problem(exc, default_settings(), 'the quiz still asks, but progress is not saved')})")
        return None


def _ask(session: _Session, q: QuizQuestion) -> bool:
    """Read lines until the question is answered or skipped (True), or the trainee leaves (False).

    Commands (help, stats) and input that is no option's number ask again, and save nothing.
    """
    while True:
        session.stdout.write("> ")
        session.stdout.flush()
        line = session.stdin.readline()
        if not line:
            session.say("")
            session.bye()
            return False
        text = line.strip().lower()
        if text in ("quit", "exit", "q", "/quit"):
            session.bye()
            return False
        if text in ("help", "?", "h"):
            session.say(HELP)
            continue
        if text == "stats":
            session.say(_stats(session))
            continue
        if text == "skip":
            session.recent = [q.id, *session.recent][:5]
            return True
        if not text.isdigit() or not 1 <= int(text) <= len(q.options):
            session.say(f"Answer with a number from 1 to {len(q.options)}, or stats / skip / quit.")
            continue
        _answer(session, q, int(text) - 1)
        return True


def _stats(session: _Session) -> str:
    """The trainee's record: saved progress when there is a store, this session's score when there is none."""
    if session.store is None:
        return f"This session: {session.right}/{session.answered} right (nothing is being saved)."
    return render_stats(session.store.stats_for(session.user_id), session.right, session.answered)


def _answer(session: _Session, q: QuizQuestion, choice: int) -> None:
    """Save the answer, then show the verdict: what the trainee saw marked is already on disk."""
    correct = q.is_correct(choice)
    if session.store is not None:
        # Saved before the verdict is shown: what the trainee saw marked is on disk.
        save_answer(session.store, user_id=session.user_id, user_name=session.name, q=q, choice=choice,
                    now=session.clock())
    session.answered += 1
    session.right += int(correct)
    session.say(render_reveal(q, choice))
    session.recent = [q.id, *session.recent][:5]
