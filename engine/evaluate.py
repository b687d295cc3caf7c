"""Run a rule against the facts: exceptions first, then assumptions and alternatives.

``evaluate`` is where "unknown is not false" is enforced: an exception whose
fact is unknown either rules under the fact's stated assumption (and the
ruling that would follow otherwise is reported as an alternative) or turns the
answer into a follow-up question.
"""

from __future__ import annotations

from typing import Any

from engine.core import REGISTRY, Context, Finding, Missing, Rule, exceptions_to
from engine.facts import Facts, fact_info
from engine.result import Alternative, FollowUp, Option, Ruling, TraceStep


def follow_up_for(name: str) -> FollowUp:
    info = fact_info(name)
    return FollowUp(
        fact=name,
        question=info.question,
        options=[Option(label=lab, value=v) for lab, v in info.options],
    )


def _condition(name: str, value: Any) -> str:
    info = fact_info(name)
    label = info.label(value)
    q = info.question.rstrip("?")
    return f"{q}? {label}" if info.options else f"{q}: {value}"


def _run(rule: Rule, facts: Facts, no_assume: frozenset[str]) -> tuple[Finding, Rule, Context, list[TraceStep]]:
    """Pick the rule or the exception that holds, and decide. May raise Missing."""
    ctx = Context(facts, no_assume)
    trace: list[TraceStep] = []
    chosen = rule
    for ex in exceptions_to(rule.name):
        assert ex.applies is not None
        try:
            holds = ex.applies(ctx)
        except Missing as m:
            m.rule = ex  # the question is asked for the exception, under its clauses
            raise
        if holds:
            trace.append(TraceStep(rule=rule.name, clauses=rule.clauses, status="overridden",
                                   note=f"overridden by {ex.name}"))
            chosen = ex
            break
        trace.append(TraceStep(rule=ex.name, clauses=ex.clauses, status="not_applicable",
                               note=f"exception to {rule.name} does not hold"))
    finding = chosen.decide(ctx)
    trace.append(TraceStep(rule=chosen.name, clauses=finding.citations or chosen.clauses, status="applied",
                           note=chosen.summary))
    return finding, chosen, ctx, trace


def evaluate(rule: Rule, facts: Facts, *, with_alternatives: bool = True,
             no_assume: frozenset[str] = frozenset()) -> Ruling:
    try:
        finding, chosen, ctx, trace = _run(rule, facts, no_assume)
    except Missing as m:
        if facts.asks_procedure:
            return explain(rule, facts)
        asking = m.rule or rule
        cites = _dedupe([*rule.clauses, *asking.clauses])
        under = (rule.primary if asking is rule or asking.primary == rule.primary
                 else f"{rule.primary} or its exception {asking.primary}")
        branches = _branches(rule, facts, m.fact, no_assume) if with_alternatives else []
        outcome = f"I need one more fact to rule under {under}: {fact_info(m.fact).question}"
        if branches:
            # Staff can often answer at once: give the ruling for each answer, so the question is a formality.
            outcome += " " + " ".join(branch_text(alt) for alt in branches)
        return Ruling(
            kind="needs_facts",
            outcome=outcome,
            citations=cites,
            alternatives=branches,
            follow_up=[follow_up_for(m.fact)],
            trace=[TraceStep(rule=asking.name, clauses=asking.clauses, status="needs_fact", note=m.fact)],
            confidence=0.5,
            facts=facts.stated(),
        )
    assumptions = [ctx.reasons.get(n) or fact_info(n).because for n in ctx.assumed]
    alternatives: list[Alternative] = [
        Alternative(condition=cond, outcome=out, citations=list(cites)) for cond, out, cites in finding.alternatives
    ]
    if with_alternatives:
        for name, value in ctx.assumed.items():
            for _label, other in fact_info(name).options:
                if other == value or other is None:
                    continue
                flipped = facts.model_copy(update={name: other})
                alt = evaluate(rule, flipped, with_alternatives=False, no_assume=no_assume | {name})
                if alt.kind == "ruling" and alt.outcome != finding.outcome:
                    alternatives.append(Alternative(
                        condition=_condition(name, other), outcome=alt.outcome,
                        rule=alt.trace[-1].rule if alt.trace else None, citations=alt.citations,
                    ))
                elif alt.kind == "needs_facts" and alt.follow_up:
                    alternatives.append(Alternative(
                        condition=_condition(name, other),
                        outcome=f"the ruling would depend on: {alt.follow_up[0].question}",
                        rule=rule.name, citations=alt.citations,
                    ))
    confidence = max(0.3, finding.confidence - 0.1 * len(ctx.assumed))
    return Ruling(
        kind="ruling" if finding.kind == "ruling" else finding.kind,  # type: ignore[arg-type]
        outcome=finding.outcome,
        citations=[] if finding.kind == "uncovered" else _dedupe(finding.citations or chosen.clauses),
        assumptions=assumptions,
        alternatives=alternatives,
        trace=trace,
        confidence=round(confidence, 2),
        amounts=finding.amounts,
        notes=finding.notes,
        facts=facts.stated(),
    )


def branch_text(alt: Alternative) -> str:
    """One answer and its ruling, as "Yes: it is a call." -- never "If Did he...?" or "Yes: Yes: ...".

    The condition is the question followed by the answer's label; only the label is shown, and when the
    ruling itself already opens with that word it is not said twice.
    """
    label = alt.condition.rsplit("? ", 1)[-1].strip().rstrip(".")
    out = alt.outcome.strip()
    if out.lower().startswith(label.lower()):
        return out
    return f"{label}: {out}"


def _branches(rule: Rule, facts: Facts, name: str, no_assume: frozenset[str]) -> list[Alternative]:
    """The ruling under each answer to a yes/no or few-option question, where each is decidable."""
    options = [(lab, v) for lab, v in fact_info(name).options if v is not None]
    if not options or len(options) > 3:
        return []
    out: list[Alternative] = []
    for label, value in options:
        r = evaluate(rule, facts.model_copy(update={name: value}), with_alternatives=False, no_assume=no_assume)
        if r.kind != "ruling":
            return []
        out.append(Alternative(condition=f"{fact_info(name).question} {label}", outcome=r.outcome,
                               rule=r.trace[-1].rule if r.trace else None, citations=r.citations))
    return out


def explain(rule: Rule, facts: Facts) -> Ruling:
    """A general question the rule cannot apply to particular facts: state the rule, in the book's words.

    Asking "what did the out-of-turn player do?" back to a trainee who asked what the procedure is would be no
    answer; the clauses themselves are.
    """
    from rules_index import get_index

    book = get_index().book
    shown: list[str] = []
    for cid in rule.clauses:
        if cid in book.clauses and not any(cid.startswith(s + ".") for s in shown):
            shown.append(cid)
    text = " ".join(book.full_text(cid).replace("\n", " ") for cid in shown)
    return Ruling(
        kind="ruling",
        outcome=f"In general (no particular hand was described), the rule is: {text}",
        citations=list(rule.clauses),
        trace=[TraceStep(rule=rule.name, clauses=rule.clauses, status="applied", note="stated in general")],
        confidence=0.7,
        facts=facts.stated(),
    )


def _dedupe(ids: list[str]) -> list[str]:
    return list(dict.fromkeys(ids))


def rule_named(name: str) -> Rule:
    return REGISTRY[name]
