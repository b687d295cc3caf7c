"""The rule machinery: rules that cite clauses, exceptions that name what they override.

A rule reads facts through a ``Context``.  Reading a fact nobody stated does
one of two things, decided by the fact itself (see ``engine.facts``):

* the fact carries a reasonable assumption the rulebook's wording supports
  ("no declaration was reported, so none is assumed"): the context records the
  assumption and the engine later re-runs the rule with the other values to
  report what would flip the ruling;
* it does not: the rule stops with ``Missing`` and the engine asks the fact's
  own question.

So an unknown fact is never silently read as False.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.facts import Facts, fact_info


class Missing(Exception):
    """A rule needs a fact nobody stated and that has no safe assumption."""

    def __init__(self, fact: str):
        super().__init__(fact)
        self.fact = fact
        self.rule: Rule | None = None  # set when an exception, not the base rule, needs the fact


@dataclass
class Finding:
    """What one rule concluded."""

    outcome: str
    citations: list[str]
    amounts: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    confidence: float = 0.9
    kind: str = "ruling"
    alternatives: list[tuple[str, str, list[str]]] = field(default_factory=list)  # (if, then, cites)


class Context:
    """The facts as one rule sees them, recording every assumption it leans on."""

    def __init__(self, facts: Facts, no_assume: frozenset[str] = frozenset()):
        self.facts = facts
        self.assumed: dict[str, Any] = {}
        self.reasons: dict[str, str] = {}
        self.no_assume = no_assume

    def known(self, name: str) -> bool:
        return getattr(self.facts, name) is not None

    def peek(self, name: str) -> Any:
        """The stated value or None, recording nothing: for optional detail."""
        return getattr(self.facts, name)

    def get(self, name: str) -> Any:
        """The stated value; else the fact's assumption (recorded); else ``Missing``."""
        value = getattr(self.facts, name)
        if value is not None:
            return value
        info = fact_info(name)
        if info.has_assumption and name not in self.no_assume:
            self.assumed[name] = info.assume
            self.reasons[name] = info.because
            return info.assume
        raise Missing(name)

    def assume(self, name: str, value: Any, because: str) -> Any:
        """Rule under a value worked out from other facts, saying so (e.g. the last full raise)."""
        if name in self.no_assume:
            raise Missing(name)
        self.assumed[name] = value
        self.reasons[name] = because
        return value


Decide = Callable[[Context], Finding]
Applies = Callable[[Context], bool]
Trigger = Callable[[Facts], float]


@dataclass
class Rule:
    """A rule implementing one or more clauses.

    ``clauses``: what it cites, decisive first.  ``overrides``: the name of the
    rule this one is an exception to; ``applies`` then says whether the
    exception holds.  ``trigger``: how strongly the stated facts point at this
    rule (0 = not at all), used when choosing which rule a situation is about.
    ``by_facts_only``: chosen only when its facts point at it, never by words
    alone (arithmetic added to a clause another rule already decides). ``after_dispute``: arithmetic over the
    round that cannot be done while a player's chips are in dispute; the rule the facts point at to settle them
    decides instead, and this arithmetic follows it (``engine/rules/next_action.py``).
    """

    name: str
    clauses: list[str]
    decide: Decide
    module: str
    overrides: str | None = None
    applies: Applies | None = None
    trigger: Trigger | None = None
    summary: str = ""
    by_facts_only: bool = False
    after_dispute: bool = False

    @property
    def primary(self) -> str:
        return self.clauses[0]


REGISTRY: dict[str, Rule] = {}
NOT_DECIDABLE: dict[str, str] = {}


def rule(
    name: str,
    clauses: list[str],
    *,
    overrides: str | None = None,
    applies: Applies | None = None,
    trigger: Trigger | None = None,
    by_facts_only: bool = False,
    after_dispute: bool = False,
) -> Callable[[Decide], Decide]:
    """Register ``decide`` as the rule ``name`` implementing ``clauses``."""

    def deco(fn: Decide) -> Decide:
        if name in REGISTRY:
            raise ValueError(f"rule {name} defined twice")
        REGISTRY[name] = Rule(
            name=name, clauses=list(clauses), decide=fn, module=fn.__module__.rsplit(".", 1)[-1],
            overrides=overrides, applies=applies, trigger=trigger, by_facts_only=by_facts_only,
            after_dispute=after_dispute,
            summary=(fn.__doc__ or "").strip().splitlines()[0] if fn.__doc__ else "",
        )
        return fn

    return deco


def not_decidable(clause_id: str, reason: str) -> None:
    """Mark a clause that no rule decides (a heading, say), with the reason."""
    NOT_DECIDABLE[clause_id] = reason


def exceptions_to(name: str) -> list[Rule]:
    return [r for r in REGISTRY.values() if r.overrides == name]


def money(n: int | float | None) -> str:
    """1500 -> '1,500' as a floor person writes it."""
    if n is None:
        return "?"
    if isinstance(n, float) and not n.is_integer():
        return f"{n:,.2f}"
    return f"{int(n):,}"
