"""Choose the rule a situation is about, and rule.

A situation reaches the engine as facts, and from free text also as the
clauses the search ranked highest.  Stated facts that match a rule's trigger
weigh most (a single oversized chip is a 1.4.2 matter whatever words were
used); the search ranking decides among the rest.
"""

from __future__ import annotations

from functools import cache

from engine.core import NOT_DECIDABLE, REGISTRY, Rule, exceptions_to
from engine.evaluate import evaluate, explain
from engine.facts import Facts
from engine.result import Ruling, TraceStep

RULE_MODULES = (
    "engine.rules.wagering",
    "engine.rules.order_of_play",
    "engine.rules.run_it_twice",
    "engine.rules.showdown",
    "engine.rules.misdeals",
    "engine.rules.conduct",
    "engine.rules.authority",
)


@cache
def load_rules() -> dict[str, Rule]:
    import importlib

    for mod in RULE_MODULES:
        importlib.import_module(mod)
    return REGISTRY


def base_rules() -> list[Rule]:
    return [r for r in load_rules().values() if r.overrides is None]


def rules_for_clause(clause_id: str) -> list[Rule]:
    return [r for r in base_rules() if clause_id in r.clauses]


def covered_clauses() -> set[str]:
    out: set[str] = set()
    for r in load_rules().values():
        out.update(r.clauses)
    return out


def not_decidable() -> dict[str, str]:
    load_rules()
    return dict(NOT_DECIDABLE)


RANK_WEIGHT = (1.0, 0.8, 0.65, 0.5, 0.4, 0.3, 0.25, 0.2)


EXAMPLE_WEIGHT = 1.5


@cache
def _answerable(name: str) -> tuple[str, ...]:
    """A base rule answers for its exceptions' clauses too: choosing it is how they get evaluated."""
    r = REGISTRY[name]
    return tuple(dict.fromkeys([*r.clauses, *(c for ex in exceptions_to(name) for c in ex.clauses)]))


def score_rules(facts: Facts, hits: list[tuple[str, float]] | None = None,
                votes: dict[str, float] | None = None) -> list[tuple[float, Rule]]:
    """Every base rule scored for this situation, best first.

    Three signals: the stated facts (a rule's trigger), the clause search ranking, and the votes of the
    example questions closest to the text (``engine.understanding.topics``).
    """
    global _LAST_SCORED
    last = _LAST_SCORED  # one atomic read: a thread that rebinds it meanwhile cannot mix two situations
    if last is not None and last[0] is facts and last[1] is hits and last[2] is votes:
        return last[3]  # the same situation scored again (choosing the rule, then looking for a rival)
    result = _score_rules(facts, hits, votes)
    _LAST_SCORED = (facts, hits, votes, result)
    return result


_LAST_SCORED: tuple[Facts, object, object, list[tuple[float, Rule]]] | None = None


def _score_rules(facts: Facts, hits: list[tuple[str, float]] | None,
                 votes: dict[str, float] | None) -> list[tuple[float, Rule]]:
    rank = {cid: i for i, (cid, _s) in enumerate(hits or [])}
    votes = votes or {}
    scored: list[tuple[float, int, Rule]] = []
    for pos, r in enumerate(base_rules()):
        trig = r.trigger(facts) if r.trigger else 0.0
        rel = 0.0
        clauses = _answerable(r.name)
        for n, cid in enumerate(clauses):
            if cid in rank and rank[cid] < len(RANK_WEIGHT):
                # The decisive clause counts fully; a rule's secondary clauses a little less.
                rel = max(rel, RANK_WEIGHT[rank[cid]] * (1.0 if n == 0 else 0.85))
        voted = max([votes.get(cid, 0.0) * (1.0 if n == 0 else 0.85) for n, cid in enumerate(clauses)] + [0.0])
        score = 2.0 * trig + rel + EXAMPLE_WEIGHT * voted
        if score > 0:
            scored.append((score, pos, r))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(s, r) for s, _p, r in scored]


def pick_rule(facts: Facts, topic: str | None = None, hits: list[tuple[str, float]] | None = None,
              votes: dict[str, float] | None = None) -> tuple[Rule | None, float]:
    load_rules()
    if topic:
        if topic in REGISTRY:
            return REGISTRY[topic], 1.0
        cands = rules_for_clause(topic)
        if cands:
            best = score_rules(facts, [(topic, 1.0), *(hits or [])])
            for s, r in best:
                if r in cands:
                    return r, s
            return cands[0], 1.0
    scored = score_rules(facts, hits, votes)
    return (scored[0][1], scored[0][0]) if scored else (None, 0.0)


def decide(facts: Facts, topic: str | None = None, hits: list[tuple[str, float]] | None = None,
           votes: dict[str, float] | None = None) -> Ruling:
    """The ruling for a situation; ``topic`` is a rule name or a clause id."""
    r, score = pick_rule(facts, topic, hits, votes)
    if r is None:
        if hits:
            # Never refuse a question the book may cover: point to the closest clause, with low confidence.
            from rules_index import get_index

            cid = hits[0][0]
            text = get_index().book.full_text(cid)
            return Ruling(kind="ruling", outcome=f"I have no rule that decides this directly. The closest clause is "
                          f"{cid}: {text} Staff decide how it applies (Staff Authority).",
                          citations=[cid], confidence=0.3, facts=facts.stated())
        return Ruling(kind="uncovered", outcome="No clause of the house rules matches this situation; staff decide "
                      "(Staff Authority), with the FIDPA rules as the reference.", confidence=0.3, facts=facts.stated())
    ruling = evaluate(r, facts)
    if ruling.kind == "needs_facts" and topic is None and not (r.trigger and r.trigger(facts) > 0):
        # Only the words pointed here, none of the stated facts: asking about a hand nobody described would be no
        # answer, so state the rule itself instead.
        ruling = explain(r, facts)
    if score < 1.0 and ruling.kind == "ruling":
        ruling.confidence = round(min(ruling.confidence, 0.5 + 0.3 * score), 2)
    if topic is None and ruling.kind == "ruling" and not (r.trigger and r.trigger(facts) > 0):
        ruling.citations = _lead_with_the_subject(ruling.citations, hits, votes)
    if topic is None and ruling.kind == "ruling":
        rival = _rival(r, score, facts, hits, votes)
        if rival is not None:
            return _conflict(ruling, evaluate(rival, facts), r, rival)
    return ruling


def _lead_with_the_subject(cites: list[str], hits: list[tuple[str, float]] | None,
                           votes: dict[str, float] | None) -> list[str]:
    """When only the words chose the rule, lead with the cited clause the question is most plainly about.

    A rule stating 1.9 with all its conditions cites 1.9, 1.9.1, 1.9.2, 1.9.3; asked only whether both must agree,
    the decisive one is 1.9.3. With facts behind the ruling, the rule's own order stands.
    """
    if len(cites) < 2:
        return cites
    weight: dict[str, float] = {}
    for i, (cid, _s) in enumerate(hits or []):
        if i < len(RANK_WEIGHT):
            weight[cid] = weight.get(cid, 0.0) + RANK_WEIGHT[i]
    for cid, v in (votes or {}).items():
        weight[cid] = weight.get(cid, 0.0) + EXAMPLE_WEIGHT * v
    best = max(cites, key=lambda c: (weight.get(c, 0.0), -cites.index(c)))
    if weight.get(best, 0.0) <= weight.get(cites[0], 0.0) + 0.3:
        return cites
    return [best, *(c for c in cites if c != best)]


CONFLICT_MARGIN = 0.05


def _rival(r: Rule, score: float, facts: Facts, hits: list[tuple[str, float]] | None,
           votes: dict[str, float] | None = None) -> Rule | None:
    """Another rule the stated facts point at just as strongly, about different clauses.

    Only rules both triggered by the facts themselves (not just by words) can
    conflict; a rule and its exceptions never do, since the exception decides.
    """
    if not r.trigger or r.trigger(facts) < 1.0:
        return None
    for s, other in score_rules(facts, hits, votes):
        if other is r or s < score - CONFLICT_MARGIN:
            continue
        if other.trigger and other.trigger(facts) >= 1.0 and not set(other.clauses) & set(r.clauses):
            return other
    return None


def _conflict(first: Ruling, second: Ruling, a: Rule, b: Rule) -> Ruling:
    """Two rules apply and disagree on the numbers: report both instead of picking one."""
    if second.kind != "ruling":
        return first
    shared = set(first.amounts) & set(second.amounts)
    if not any(first.amounts[k] != second.amounts[k] for k in shared):
        return first  # different words, same numbers: no real disagreement
    return Ruling(
        kind="ruling",
        outcome=(f"Two rules apply here and point different ways. Under {a.primary}: {first.outcome} "
                 f"Under {b.primary}: {second.outcome} The book does not say which prevails; the floor decides "
                 "(Staff Authority)."),
        citations=list(dict.fromkeys([*first.citations, *second.citations])),
        assumptions=list(dict.fromkeys([*first.assumptions, *second.assumptions])),
        alternatives=[*first.alternatives, *second.alternatives],
        trace=[*first.trace, *second.trace,
               TraceStep(rule=f"{a.name} / {b.name}", clauses=[a.primary, b.primary], status="conflict",
                         note="both rules are triggered equally by the stated facts")],
        confidence=0.4,
        amounts={},
        facts=first.facts,
    )
