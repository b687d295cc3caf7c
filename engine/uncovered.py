"""Questions the house rules do not cover, or leave open: say so honestly.

The list lives in ``uncovered.toml`` (data, not code).  A match is answered
with kind ``uncovered``: no clause cited, the staff's authority named, and the
FIDPA practice given as the reference's answer where it is well known.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.facts import Facts
from engine.result import Ruling
from engine.understanding.doc import Doc

DATA = Path(__file__).resolve().parent / "uncovered.toml"

STAFF = (
    "Staff have absolute authority over matters of play (Staff Authority), and the house rules point to the "
    "official FIDPA rules for clarification."
)


@dataclass(frozen=True)
class Topic:
    name: str
    when: tuple[re.Pattern[str], ...]
    unless: tuple[re.Pattern[str], ...]
    fidpa: str


@cache
def topics() -> tuple[Topic, ...]:
    with DATA.open("rb") as fh:
        data = tomllib.load(fh)
    return tuple(
        Topic(
            name=t["name"],
            when=tuple(re.compile(p) for p in t.get("when", [])),
            unless=tuple(re.compile(p) for p in t.get("unless", [])),
            fidpa=t.get("fidpa", ""),
        )
        for t in data.get("topic", [])
    )


def match_uncovered(doc: Doc) -> Topic | None:
    for t in topics():
        if any(p.search(doc.low) for p in t.when) and not any(p.search(doc.low) for p in t.unless):
            return t
    return None


def uncovered_ruling(topic: Topic | None, facts: Facts, version: str) -> Ruling:
    """No clause decides it: say so, cite nothing, point to staff and (where known) the FIDPA practice."""
    subject = f"no clause addresses {topic.name}" if topic else "no clause of the house rulebook decides this"
    outcome = f"The house rules do not cover this: {subject}. {STAFF}"
    notes = []
    if topic and topic.fidpa:
        outcome += f" For reference: {topic.fidpa} That is the reference's answer; the decision rests with staff."
        notes.append(topic.fidpa)
    else:
        outcome += " Ask the floor for the room's policy."
    return Ruling(kind="uncovered", outcome=outcome, citations=[], confidence=0.8, notes=notes,
                  facts=facts.stated(), rulebook_version=version)
