"""What the engine answers: a ruling, a question back, a lookup, or "not covered".

Every shell renders this one model; nothing in it is specific to Discord or
the terminal.  ``to_json`` is the ``floor ruling --json`` contract.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Kind = Literal["ruling", "needs_facts", "uncovered", "lookup", "choose", "unclear", "error"]


class Option(BaseModel):
    """One answer to a follow-up question: what to show, and the fact value it sets."""

    label: str
    value: Any


class FollowUp(BaseModel):
    """A question back to staff; its wording belongs to the fact it asks about."""

    fact: str
    question: str
    options: list[Option] = Field(default_factory=list)


class Choice(BaseModel):
    """One clause a question may be about, when two or three are close: the pick rules under it."""

    clause: str
    title: str
    question: str


class Alternative(BaseModel):
    """What would flip the ruling: "if <condition>, then <outcome>"."""

    condition: str
    outcome: str
    rule: str | None = None
    citations: list[str] = Field(default_factory=list)


class TraceStep(BaseModel):
    rule: str
    clauses: list[str]
    status: Literal["applied", "overridden", "not_applicable", "needs_fact", "conflict"]
    note: str = ""


class Ruling(BaseModel):
    kind: Kind
    outcome: str
    citations: list[str] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list)
    alternatives: list[Alternative] = Field(default_factory=list)
    follow_up: list[FollowUp] = Field(default_factory=list)
    choices: list[Choice] = Field(default_factory=list)
    trace: list[TraceStep] = Field(default_factory=list)
    confidence: float = 0.0
    amounts: dict[str, int] = Field(default_factory=dict)
    notes: list[str] = Field(default_factory=list)
    facts: dict[str, Any] = Field(default_factory=dict)
    rulebook_version: str = ""

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")
