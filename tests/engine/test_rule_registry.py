"""Every citation is real and every clause is covered by a rule or marked not decidable."""

from __future__ import annotations

from engine.core import REGISTRY
from engine.decide import covered_clauses, load_rules, not_decidable
from engine.facts import Facts, fact_info
from rules_index import get_index

BOOK = get_index().book


def test_every_cited_clause_exists() -> None:
    load_rules()
    for r in REGISTRY.values():
        for cid in r.clauses:
            assert cid in BOOK.clauses, f"{r.name} cites {cid}, which the rulebook does not have"


def test_exceptions_name_a_real_rule() -> None:
    load_rules()
    for r in REGISTRY.values():
        if r.overrides is not None:
            assert r.overrides in REGISTRY, r.name
            assert r.applies is not None, f"{r.name} overrides {r.overrides} but says nothing of when"


def test_every_clause_is_covered_or_marked() -> None:
    covered = covered_clauses()
    marked = not_decidable()
    missing = [cid for cid in BOOK.ids() if cid not in covered and cid not in marked]
    assert missing == [], f"clauses with no rule and no reason: {missing}"
    for cid, reason in marked.items():
        assert cid in BOOK.clauses and reason.strip()


def test_every_fact_has_a_question() -> None:
    for name in Facts.model_fields:
        info = fact_info(name)
        assert info.question and info.question != name, name
        if info.has_assumption:
            assert info.because, f"{name} assumes without saying why"


def test_unknown_fact_is_none_not_false() -> None:
    f = Facts()
    assert all(v is None for v in f.model_dump().values())
