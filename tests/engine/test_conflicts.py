"""Two rules that apply equally and disagree are reported, not silently picked between."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import REGISTRY, Finding, rule
from engine.decide import decide, load_rules
from engine.facts import Facts


@pytest.fixture
def rival_rules() -> Iterator[None]:
    """Two throwaway rules, both triggered fully by the same stated fact, citing different clauses."""
    load_rules()
    names = ["test_rival_a", "test_rival_b"]

    def trig(f: Facts) -> float:
        return 5.0 if f.table_minimum == 7 else 0.0

    rule(names[0], ["3.10"], trigger=trig)(
        lambda ctx: Finding(outcome="A says yes.", citations=["3.10"], amounts={"call": 100}))
    rule(names[1], ["3.11"], trigger=trig)(
        lambda ctx: Finding(outcome="B says no.", citations=["3.11"], amounts={"call": 200}))
    yield
    for n in names:
        REGISTRY.pop(n)


def test_equal_rules_that_disagree_are_reported(rival_rules: None) -> None:
    r = decide(Facts(table_minimum=7))
    assert "Two rules apply" in r.outcome and "A says yes." in r.outcome and "B says no." in r.outcome
    assert r.citations[:2] == ["3.10", "3.11"]
    assert any(t.status == "conflict" for t in r.trace)
    assert r.confidence < 0.5


def test_no_conflict_without_the_trigger(rival_rules: None) -> None:
    r = decide(Facts(table_minimum=8), topic="3.10")
    assert "Two rules apply" not in r.outcome


def test_a_rule_and_its_exception_never_conflict() -> None:
    r = decide(Facts(bet_faced=300, chips_put_out=1000, single_chip=True, verbal="raise", verbal_timing="before"))
    assert "Two rules apply" not in r.outcome
    assert r.trace[-1].rule == "oversized_chip_declared_raise"



def test_same_numbers_in_other_words_are_not_a_conflict(rival_rules: None) -> None:
    from engine.core import REGISTRY as R

    R["test_rival_b"].decide = lambda ctx: Finding(outcome="B agrees, worded otherwise.", citations=["3.11"],
                                                   amounts={"call": 100})
    r = decide(Facts(table_minimum=7))
    assert "Two rules apply" not in r.outcome
