"""The neutral reply: what Floor says, before any shell dresses it.

A handler in ``bot.handlers`` returns a ``Reply``; ``bot.embeds`` turns it into
Discord embeds and ``bot.render`` into terminal text.  Everything in here is
plain text (no markdown, no escaping): each shell adds its own formatting and
its own escaping, so a rulebook or a question containing ``*`` or ``@everyone``
is shown literally everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

Tone = Literal["info", "ruling", "question", "uncovered", "warning", "error"]


@dataclass(frozen=True)
class Section:
    """A named block: a cited clause, the assumptions, the amounts…

    ``quote`` marks rulebook wording, which shells show as a quotation so it
    is never mistaken for Floor's own words.
    """

    name: str
    body: str
    quote: bool = False
    inline: bool = False


@dataclass(frozen=True)
class Choice:
    """One answer to a follow-up question and the fact value it sets."""

    label: str
    value: Any


@dataclass(frozen=True)
class Question:
    """A question back to the asker.  With no choices, the answer is typed in."""

    fact: str
    text: str
    choices: tuple[Choice, ...] = ()
    placeholder: str = ""


@dataclass(frozen=True)
class RulingRequest:
    """Enough to ask the engine again with one more fact.

    Free text goes back through ``engine.answer(text, extra_facts=answers)``;
    a structured command (``/oversized-chip``) keeps its facts and topic and
    goes back through ``engine.decide.decide``.  Either way the follow-up
    answers accumulate in ``answers`` so nothing earlier is forgotten.
    """

    text: str | None = None
    facts: dict[str, Any] = field(default_factory=dict)
    topic: str | None = None
    answers: dict[str, Any] = field(default_factory=dict)

    def answered(self, fact: str, value: Any) -> RulingRequest:
        return replace(self, answers={**self.answers, fact: value})

    @property
    def question_text(self) -> str:
        """What was asked, for the log and for feedback."""
        if self.text is not None:
            return self.text
        shown = {**self.facts, **self.answers}
        return f"{self.topic or 'facts'}: " + ", ".join(f"{k}={v}" for k, v in shown.items())


@dataclass(frozen=True)
class Reply:
    """One answer, in any shell.

    ``body`` is the main text (the outcome, the clause); ``sections`` follow
    it in order.  ``question`` is the first open follow-up, if any, and
    ``request`` is what to re-run when it is answered.  ``kind`` is the
    ruling's kind (or ``clause``, ``search``, ``help``, ``log``…), so shells
    and the staff log can tell a final ruling from a question back.
    """

    title: str
    body: str = ""
    sections: tuple[Section, ...] = ()
    citations: tuple[str, ...] = ()
    question: Question | None = None
    footer: str = ""
    tone: Tone = "info"
    kind: str = "info"
    echo: str = ""
    request: RulingRequest | None = None
    ruling: Any = None  # the engine's Ruling, when this reply is one
    ok: bool = True

    @property
    def is_final_ruling(self) -> bool:
        """A ruling staff can act on (and the log should keep): not a question back."""
        return self.ruling is not None and self.kind in ("ruling", "uncovered")

    def with_footer(self, extra: str) -> Reply:
        return replace(self, footer=" · ".join(p for p in (self.footer, extra) if p))


def error(message: str, *, title: str = "Can't answer that", tone: Tone = "error") -> Reply:
    """Every refusal looks the same: a title, and a sentence saying what to do instead."""
    return Reply(title=title, body=message, tone=tone, kind="error", ok=False)
