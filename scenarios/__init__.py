"""Rulings as data: one TOML file per rulebook section.

Each ``[[scenario]]`` is a situation as a floor person writes it, the facts a
floor person would establish, and the expected result.  They are the
engine's tests and the source of the training quizzes.

    [[scenario]]
    id = "oversized-chip-silent"          # unique across all files
    description = "Facing 25, seat 6 drops a single 100 chip without a word."
    topic = "1.4.2"                        # optional: a clause id or rule name
    facts = { bet_faced = 25, chips_put_out = 100, single_chip = true }
    distractors = ["It is a raise to 100."] # wrong rulings people believe
    [scenario.expect]
    kind = "ruling"                        # ruling | needs_facts | uncovered
    citations = ["1.4.2"]                  # the first is the decisive clause
    outcome_contains = ["call"]            # all must appear (case-insensitive)
    amounts = { call = 25, change = 75 }   # key numbers that must match
    rule = "oversized_chip_is_call"        # the rule that decided (optional)
    overridden = "..."                     # a rule this one overrode (optional)
    asks = "verbal_timing"                 # the fact asked for, for needs_facts
    assumes = ["declared"]                 # facts ruled under an assumption
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

SCENARIO_DIR = Path(__file__).resolve().parent


class Expect(BaseModel):
    kind: str = "ruling"
    citations: list[str] = Field(default_factory=list)
    outcome_contains: list[str] = Field(default_factory=list)
    amounts: dict[str, int] = Field(default_factory=dict)
    rule: str | None = None
    overridden: str | None = None
    asks: str | None = None
    assumes: list[str] = Field(default_factory=list)


class Scenario(BaseModel):
    id: str
    description: str
    section: str = ""
    topic: str | None = None
    facts: dict[str, Any] = Field(default_factory=dict)
    distractors: list[str] = Field(default_factory=list)
    expect: Expect
    source: str = ""


def load_scenarios(directory: Path = SCENARIO_DIR) -> list[Scenario]:
    out: list[Scenario] = []
    for path in sorted(directory.glob("*.toml")):
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        for raw in data.get("scenario", []):
            out.append(Scenario(source=path.name, section=str(data.get("section", "")), **raw))
    return out
