"""How a fact is declared: its question, its options, and any safe assumption.

In the docassemble manner, the wording of a follow-up question belongs to the
fact, not to the rule that needs it: every rule asking about the timing of a
declaration asks the same question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import Field

_NO_ASSUMPTION = "__none__"


def fact(
    question: str,
    options: dict[str, Any] | None = None,
    *,
    assume: Any = _NO_ASSUMPTION,
    because: str = "",
) -> Any:
    """Declare a fact: unknown (None) until someone states it.

    ``options`` maps an answer's label to the value it sets.  ``assume`` is the
    value a rule may rule under when nobody stated the fact, and ``because``
    says why the rulebook's wording supports it; both are reported with the
    ruling.  A fact without ``assume`` is asked, never guessed.
    """
    extra: dict[str, Any] = {"question": question}
    if options:
        extra["options"] = [[label, value] for label, value in options.items()]
    if assume != _NO_ASSUMPTION:
        extra["assume"] = assume
        extra["because"] = because or f"nobody said otherwise, so {assume!r} is assumed"
    return Field(default=None, json_schema_extra=extra)


YES_NO = {"Yes": True, "No": False}


@dataclass(frozen=True)
class FactInfo:
    name: str
    question: str
    options: list[tuple[str, Any]]
    has_assumption: bool
    assume: Any
    because: str

    def label(self, value: Any) -> str:
        for lab, v in self.options:
            if v == value:
                return lab
        return str(value)
