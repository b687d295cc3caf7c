"""Rules as code: facts in, a ruling with citations out.

``engine.answer(text)`` takes a description in staff's or players' words;
``engine.decide.decide(facts, topic)`` takes facts already established.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.result import Ruling


def answer(text: str, extra_facts: dict[str, Any] | None = None, topic: str | None = None) -> Ruling:
    """See ``engine.ask.answer``; imported lazily so ``import engine`` stays cheap."""
    from engine.ask import answer as _answer

    return _answer(text, extra_facts, topic)


__all__ = ["answer"]
