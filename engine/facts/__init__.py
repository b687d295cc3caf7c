"""What a floor person establishes about a situation, as one pydantic model.

Each section keeps its facts in its own module; ``Facts`` combines them.
Every fact is optional: None means nobody stated it, never False.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import ConfigDict

from engine.facts.base import FactInfo, fact
from engine.facts.common import Action, CommonFacts, is_teller, is_unnamed, possessive, subject, unnamed_player
from engine.facts.conduct import ConductFacts
from engine.facts.misdeals import MisdealFacts
from engine.facts.wagering import WageringFacts


class Facts(ConductFacts, MisdealFacts, WageringFacts, CommonFacts):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    def stated(self) -> dict[str, Any]:
        """Only the facts somebody stated."""
        return self.model_dump(mode="json", exclude_none=True)


@cache
def fact_info(name: str) -> FactInfo:
    f = Facts.model_fields.get(name)
    if f is None:
        raise KeyError(f"no such fact: {name}")
    extra = f.json_schema_extra if isinstance(f.json_schema_extra, dict) else {}
    opts = [tuple(o) for o in extra.get("options", [])]  # type: ignore[union-attr]
    return FactInfo(
        name=name,
        question=str(extra.get("question", name)),
        options=opts,  # type: ignore[arg-type]
        has_assumption="assume" in extra,
        assume=extra.get("assume"),
        because=str(extra.get("because", "")),
    )


__all__ = ["Action", "FactInfo", "Facts", "fact", "fact_info", "is_teller", "is_unnamed", "possessive", "subject",
           "unnamed_player"]
