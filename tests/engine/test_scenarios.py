"""Every scenario file: facts in, the expected ruling out."""

from __future__ import annotations

import pytest

from engine.decide import decide
from engine.facts import Facts
from scenarios import Scenario, load_scenarios

SCENARIOS = load_scenarios()


def test_scenario_ids_are_unique() -> None:
    ids = [s.id for s in SCENARIOS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_scenario(sc: Scenario) -> None:
    ruling = decide(Facts(**sc.facts), topic=sc.topic)
    ex = sc.expect
    assert ruling.kind == ex.kind, ruling.outcome
    if ex.citations:
        assert ruling.citations, "no citations"
        assert ruling.citations[0] == ex.citations[0], ruling.citations
        assert set(ex.citations) <= set(ruling.citations), ruling.citations
    low = ruling.outcome.lower().replace(",", "")
    for word in ex.outcome_contains:
        assert word.lower().replace(",", "") in low, ruling.outcome
    for key, value in ex.amounts.items():
        assert ruling.amounts.get(key) == value, ruling.amounts
    applied = [t.rule for t in ruling.trace if t.status == "applied"]
    if ex.rule:
        assert ex.rule in applied, ruling.trace
    if ex.overridden:
        assert any(t.rule == ex.overridden and t.status == "overridden" for t in ruling.trace), ruling.trace
    if ex.asks:
        assert [f.fact for f in ruling.follow_up] == [ex.asks]
    for name in ex.assumes:
        assert any(a for a in ruling.assumptions), ruling.assumptions
        assert name in ruling_assumed(ruling), ruling.assumptions


def ruling_assumed(ruling) -> set[str]:  # type: ignore[no-untyped-def]
    from engine.facts import fact_info

    names = set()
    for name in Facts.model_fields:
        info = fact_info(name)
        if info.has_assumption and info.because in ruling.assumptions:
            names.add(name)
    return names
