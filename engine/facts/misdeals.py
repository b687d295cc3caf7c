"""Facts for section 2, Misdeals."""

from __future__ import annotations

from pydantic import BaseModel

from engine.facts.base import YES_NO, fact  # noqa: F401


class MisdealFacts(BaseModel):
    pass
