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
from engine.rules.next_action import with_next_action
from engine.rules.stack_left import with_left_behind

RULE_MODULES = (
    "engine.rules.wagering",
    "engine.rules.order_of_play",
    "engine.rules.run_it_twice",
    "engine.rules.showdown",
    "engine.rules.misdeals",
    "engine.rules.conduct",
    "engine.rules.authority",
    "engine.rules.stack_left",
    "engine.rules.pot_size",
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


@cache
def _answerable(name: str) -> tuple[str, ...]:
    """A base rule answers for its exceptions' clauses too: choosing it is how they get evaluated."""
    r = REGISTRY[name]
    return tuple(dict.fromkeys([*r.clauses, *(c for ex in exceptions_to(name) for c in ex.clauses)]))


def score_rules(facts: Facts, probs: dict[str, float] | None = None) -> list[tuple[float, Rule]]:
    """Every base rule scored for this situation, best first: the one place words and facts are combined.

    Two signals: the topic model's calibrated probability for the clauses a rule answers for (its decisive
    clause fully, the others at ``secondary_weight``), and the stated facts (a rule's trigger, 0 to 1), which
    outrank words at ``trigger_weight``. Both weights are in ``policy.toml`` with the figure that chose them.
    """
    last = _LAST_SCORED  # one atomic read: a thread that rebinds it meanwhile cannot mix two situations
    if last is not None and last[0] is facts and last[1] is probs:
        return last[2]  # the same situation scored again (choosing the rule, then looking for a rival)
    result = _score_rules(facts, probs)
    globals()["_LAST_SCORED"] = (facts, probs, result)
    return result


_LAST_SCORED: tuple[Facts, object, list[tuple[float, Rule]]] | None = None


def _score_rules(facts: Facts, probs: dict[str, float] | None) -> list[tuple[float, Rule]]:
    from engine.policy import policy

    w = policy()["combine"]
    probs = probs or {}
    scored: list[tuple[float, int, Rule]] = []
    for pos, r in enumerate(base_rules()):
        trig = r.trigger(facts) if r.trigger else 0.0
        if r.by_facts_only and trig <= 0:
            continue
        clauses = _answerable(r.name)
        words = max([probs.get(cid, 0.0) * (1.0 if n == 0 else w["secondary_weight"])
                     for n, cid in enumerate(clauses)] + [0.0])
        score = words + w["trigger_weight"] * trig
        if score > 0:
            scored.append((score, pos, r))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(s, r) for s, _p, r in scored]


def pick_rule(facts: Facts, topic: str | None = None,
              probs: dict[str, float] | None = None) -> tuple[Rule | None, float]:
    load_rules()
    if topic:
        if topic in REGISTRY:
            return REGISTRY[topic], 1.0
        cands = rules_for_clause(topic) or [r for r in base_rules() if topic in _answerable(r.name)]
        if cands:
            for s, r in score_rules(facts, {**(probs or {}), topic: 1.0}):
                if r in cands:
                    return r, s
            return cands[0], 1.0
        return None, 0.0
    scored = score_rules(facts, probs)
    return (scored[0][1], scored[0][0]) if scored else (None, 0.0)


def decide(facts: Facts, topic: str | None = None, probs: dict[str, float] | None = None) -> Ruling:
    """The ruling for a situation; ``topic`` is a rule name or a clause id, ``probs`` the topic model's reading."""
    r, score = pick_rule(facts, topic, probs)
    if r is None:
        cid = topic if topic and topic not in REGISTRY else next(iter(probs or {}), None)
        return _state_the_clause(cid, facts)
    if topic is None:
        r = _dispute_first(r, facts, probs)
    ruling = with_next_action(with_left_behind(evaluate(r, facts), facts), facts)
    triggered = bool(r.trigger and r.trigger(facts) > 0)
    if ruling.kind == "needs_facts" and topic is None and not triggered:
        stated = _stated_instead(r, facts, probs)
        if stated is not None:  # the words' rule cannot apply to the hand described; the facts' rule can
            r, triggered = stated, True
            ruling = with_next_action(with_left_behind(evaluate(stated, facts), facts), facts)
        else:
            # Only the words pointed here, none of the stated facts: asking about a hand nobody described would be
            # no answer, so state the rule itself instead.
            ruling = explain(r, facts)
    if topic is None and not triggered and probs:
        ruling = _exception_worded(r, ruling, facts, next(iter(probs)))
    lead = topic if topic and topic not in REGISTRY else None  # a clause picked, not a rule named
    if lead is None and not triggered and probs:
        lead = next(iter(probs))
    # An exception the facts ruled out ("said only after the chips landed": not 1.1.2.1) cannot lead, whatever the
    # words point at: the clause that decided leads.
    ruled_out = {t.clauses[0] for t in ruling.trace if t.status == "not_applicable" and t.clauses}
    if lead and lead in ruling.citations and ruling.kind == "ruling" and lead not in ruled_out:
        ruling.citations = [lead, *(c for c in ruling.citations if c != lead)]
    if topic is None and facts.min_raise_closing and "min_raise_to" in ruling.amounts and "1.4" in ruling.citations \
            and facts.oot_action is None:
        # the question asked leads; after an action out of turn, whether it binds (1.8) decides what is raised
        ruling.citations = ["1.4", *(c for c in ruling.citations if c != "1.4")]
    if topic is None and ruling.kind == "ruling":
        rival = _rival(r, score, facts, probs)
        if rival is not None:
            return _conflict(ruling, evaluate(rival, facts), r, rival)
    return ruling


def _stated_instead(r: Rule, facts: Facts, probs: dict[str, float] | None) -> Rule | None:
    """The best-scored rule the stated facts point at (its trigger fired), when the rule the words point at needs a
    fact the described hand does not give: stated facts outrank words, and a rule stated in general is no answer
    to a hand told. None when no such rule rules on the facts as told."""
    if not any(getattr(facts, name) for name in NUMBER_ASKED):
        return None  # a question with no number asked may well want the rule in general
    for _s, other in score_rules(facts, probs):
        if other is r or other.by_facts_only or not (other.trigger and other.trigger(facts) > 0):
            continue
        found = evaluate(other, facts, with_alternatives=False)
        return other if found.kind == "ruling" and found.amounts else None
    return None


# The facts that say a number was asked ("what's the call?", "how much comes back?"): a rule stated in general
# gives none, so a rule the described hand triggers answers instead (``_stated_instead``).
NUMBER_ASKED = ("asks_call", "asks_min_raise", "asks_refund", "asks_chips_back", "asks_stack_left", "asks_pot",
                "asks_rit_split")


def _dispute_first(r: Rule, facts: Facts, probs: dict[str, float] | None) -> Rule:
    """Arithmetic over the round asked while a player's chips are in dispute: the rule the stated facts point at
    to settle those chips decides, and the arithmetic follows it (``with_next_action``)."""
    if not r.after_dispute or not _in_dispute(facts):
        return r
    for _s, other in score_rules(facts, probs):
        if other is not r and not other.after_dispute and not other.by_facts_only \
                and other.trigger and other.trigger(facts) > 0:
            return other
    return r


def _in_dispute(f: Facts) -> bool:
    """Whether chips put out need a rule to say what they are: words said with them, one chip, a second trip to
    the stack, or a sum that is neither the bet they face nor an action already told; an opening bet of the chips
    put out ("first to bet, puts out 800") is just that bet."""
    from engine.rules.wagering import facing_of

    if f.chips_put_out is None:
        return False
    if f.declared or f.verbal_amount is not None or f.single_chip or f.one_motion is False:
        return True
    if any(a.amount == f.chips_put_out for a in f.actions or []):
        return False  # the chips are an action the story told
    facing = facing_of(f)
    return bool(facing) and f.chips_put_out + (f.already_in or 0) != facing


def _exception_worded(r: Rule, ruling: Ruling, facts: Facts, top: str) -> Ruling:
    """The words point at an exception's own clause ("the dealer rolled the turn before the flop betting was done":
    2.5.1, an exception to 2.1.1) and no stated fact decides between the rule and it: the exception is stated in
    the book's words rather than the rule it overrides."""
    general = ruling.kind == "needs_facts" or any(t.note == "stated in general" for t in ruling.trace)
    if ruling.citations[:1] == [top] or not general:
        return ruling  # the rule decided on the facts (even if outside its own clause): that stands
    ex = next((e for e in exceptions_to(r.name) if e.clauses[:1] == [top]), None)
    return explain(ex, facts) if ex is not None else ruling


def _state_the_clause(cid: str | None, facts: Facts) -> Ruling:
    """No rule decides it: state the closest clause and leave the application to staff."""
    from rules_index import get_index

    book = get_index().book
    if cid is None or cid not in book.clauses:
        return Ruling(kind="uncovered", outcome="No clause of the house rules matches this situation; staff decide "
                      "(Staff Authority), with the FIDPA rules as the reference.", confidence=0.3,
                      facts=facts.stated())
    text = book.full_text(cid).replace("\n", " ")
    return Ruling(kind="ruling", outcome=f"The house rule is {cid}: {text} Staff decide how it applies to "
                  "this hand (Staff Authority).", citations=[cid, *(d.id for d in book.descendants(cid))],
                  confidence=0.5, facts=facts.stated())


CONFLICT_MARGIN = 0.05


def _rival(r: Rule, score: float, facts: Facts, probs: dict[str, float] | None) -> Rule | None:
    """Another rule the stated facts point at just as strongly, about different clauses.

    Only rules both triggered by the facts themselves (not just by words) can
    conflict; a rule and its exceptions never do, since the exception decides.
    """
    if not r.trigger or r.trigger(facts) < 1.0:
        return None
    for s, other in score_rules(facts, probs):
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
