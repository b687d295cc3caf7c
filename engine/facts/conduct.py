"""Facts for section 3, Player Conduct of Play."""

from __future__ import annotations

from pydantic import BaseModel

from engine.facts.base import YES_NO, fact  # noqa: F401


class ConductFacts(BaseModel):
    pass
