"""One decision policy: from what was read to the kind of answer, and how sure Floor is of it.

The reader reports (the topic model's probabilities, the facts stated); this module decides, in
``respond``, whether that is a ruling, a choice between close clauses, a question back, "not in the
book", or not a rules question at all. Its thresholds are data (``policy.toml``), each with the
figure that chose it; ``confidence`` is the one place an answer's confidence is computed.
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from engine.facts import Facts
from engine.result import Choice, Ruling
from engine.understanding.corpus import CHAT, NON_CLAUSE, UNCOVERED

POLICY_PATH = Path(__file__).resolve().parent / "policy.toml"
QUESTIONS_PATH = Path(__file__).resolve().parent / "clause_questions.toml"
UNCLEAR = (
    "I'm Floor, the rules assistant: describe what happened at the table and ask what the ruling is, or "
    "ask for a clause by number (e.g. 1.4.2). /help lists the commands."
)


@cache
def policy() -> dict[str, Any]:
    return tomllib.loads(POLICY_PATH.read_text(encoding="utf-8"))


@cache
def clause_questions() -> dict[str, str]:
    return tomllib.loads(QUESTIONS_PATH.read_text(encoding="utf-8"))


CONFIDENCE_INPUTS = ("top", "margin", "facts", "asked", "numeric", "out_of_book", "lookup", "general",
                     "stated", "length", "unread", "assumed", "differ", "agree", "rule_margin", "doubt")


def confidence(top: float, *, margin: float = 0.0, facts: bool = False, asked: bool = False,
               numeric: bool = False, out_of_book: bool = False, lookup: bool = False, general: bool = False,
               stated: float = 0.0, length: float = 0.0, unread: float = 0.0, assumed: bool = False,
               differ: bool = False, agree: bool = False, rule_margin: float = 0.0, doubt: float = 0.0) -> float:
    """The calibrated probability that the whole answer is right (its clause and the facts it used).

    A logistic function of what the answer rests on: the model's probability for the label answered and
    its lead over the next, whether stated facts pointed at the rule, whether a fact had to be asked,
    whether a number was computed, the kind of answer, whether the rule was only stated in general,
    how many facts were read (a share of six), how long the question is (a share of 100 words), the share of
    the question's amounts that no fact read took up (a number left over is a sign the story was misread),
    whether the ruling rests on an assumption, whether two readings of the betting disagreed, whether the
    clause the words point at most is the one the ruling leads with, how far the chosen rule's score is
    ahead of the next rule's, and how unsure the learned reading of the amounts was (one less the probability of
    the least sure amount's role).
    Its weights are fitted on held-out answers (``bench/loso.py --fit``) and kept in ``policy.toml``.
    """
    c = policy()["confidence"]
    x = {"top": top, "margin": margin, "facts": facts, "asked": asked, "numeric": numeric,
         "out_of_book": out_of_book, "lookup": lookup, "general": general, "stated": stated, "length": length,
         "unread": unread, "assumed": assumed, "differ": differ, "agree": agree, "rule_margin": rule_margin,
         "doubt": doubt}
    z = c["bias"] + sum(c[k] * float(v) for k, v in x.items())
    return round(1.0 / (1.0 + math.exp(-z)), 2)


def _margin(probs: dict[str, float], label: str) -> float:
    others = [p for c, p in probs.items() if c != label]
    return probs.get(label, 0.0) - (others[0] if others else 0.0)


# Said with any figure worked out over a round with a straddle in it.
STRADDLE_NOTE = ("The house rules do not cover straddles (whether one is allowed is for staff: Staff Authority); "
                 "this counts the straddle as a live blind, the bet to call and the opening full bet.")


def facts_point_at_a_rule(facts: Facts) -> bool:
    from engine.decide import base_rules

    return any(r.trigger and r.trigger(facts) >= 1.0 for r in base_rules())


def arithmetic_asked(facts: Facts) -> bool:
    """The question asks floor arithmetic over a hand told in full (the pot, the chips left): a rule chosen by its
    facts alone points at it at full strength, and no reading of the words as chat or out of the book outranks it."""
    from engine.decide import base_rules

    return any(r.by_facts_only and r.trigger and r.trigger(facts) >= 2.0 for r in base_rules())


def close_clauses(probs: dict[str, float]) -> list[str]:
    """Two or three clauses the words cannot tell apart, or none when the first is clear enough."""
    a = policy()["answer"]
    ranked = [(c, p) for c, p in probs.items() if c not in NON_CLAUSE][: a["choose_most"]]
    if len(ranked) < 2 or ranked[0][1] >= a["choose_below"]:
        return []
    close = [c for c, p in ranked if p >= a["choose_ratio"] * ranked[0][1]]
    return close if len(close) >= 2 else []


def choose_ruling(clauses: list[str], version: str) -> Ruling:
    from rules_index import get_index

    book = get_index().book
    choices = []
    for cid in clauses:
        cl = book.clauses[cid]
        title = cl.title or " ".join(cl.text.split()[:8])
        choices.append(Choice(clause=cid, title=title, question=clause_questions().get(cid, f"Is it about {title}?")))
    outcome = "This could be one of several rules. " + " ".join(
        f"{c.question} ({c.clause})" for c in choices)
    return Ruling(kind="choose", outcome=outcome, choices=choices, citations=[],
                  confidence=0.0, rulebook_version=version)


def unclear_ruling(version: str) -> Ruling:
    return Ruling(kind="unclear", outcome=UNCLEAR, rulebook_version=version)


def respond(facts: Facts, doc: Any, probs: dict[str, float], p_lookup: float, *, version: str,
            topic: str | None = None, followed_up: bool = False, named: list[str] | None = None) -> Ruling:
    """The answer for a reading: every branch of the policy is here, in order."""
    from engine.ask import lookup_ruling
    from engine.decide import decide
    from engine.uncovered import match_uncovered, uncovered_ruling
    from rules_index import get_index

    a = policy()["answer"]
    label, p_top = next(iter(probs.items()), (UNCOVERED, 0.0))
    triggered = facts_point_at_a_rule(facts)
    straddled = bool(facts.straddle and facts.actions and triggered)
    # A question naming a clause of the book is about it; one asking arithmetic over a told hand is that arithmetic
    # (with a straddle in it too: the book is silent on straddles, not on the arithmetic of the round).
    if topic is None and not followed_up and not named and not arithmetic_asked(facts) and not straddled:
        if label == CHAT and p_top >= (a["chat_over_facts"] if triggered else a["chat_min"]):
            return unclear_ruling(version)
        if label == UNCOVERED and p_top >= (a["uncovered_over_facts"] if triggered else a["uncovered_min"]):
            ruling = uncovered_ruling(match_uncovered(doc), facts, version)
            ruling.confidence = confidence(p_top, margin=_margin(probs, label), out_of_book=True)
            return ruling
    clause_probs = {c: p for c, p in probs.items() if c not in NON_CLAUSE}
    if topic is None and not followed_up and clause_probs and p_lookup >= a["lookup_min"]:
        cid = next(iter(clause_probs))
        ruling = lookup_ruling(get_index(), named or [cid])
        ruling.confidence = confidence(clause_probs[cid], margin=_margin(clause_probs, cid), lookup=True)
        return ruling
    if topic is None and not followed_up and not triggered:
        close = close_clauses(probs)
        if close:
            return choose_ruling(close, version)
    ruling = decide(facts, topic=topic, probs=clause_probs)
    ruling.rulebook_version = version
    if straddled and ruling.amounts:
        ruling.outcome += " " + STRADDLE_NOTE
        ruling.assumptions.append(STRADDLE_NOTE)
    if ruling.kind in ("ruling", "needs_facts"):
        lead = ruling.citations[0] if ruling.citations else None
        p = 1.0 if topic else clause_probs.get(lead or "", 0.0)
        general = any(t.note == "stated in general" for t in ruling.trace)
        ruling.confidence = confidence(p, margin=1.0 if topic else _margin(clause_probs, lead or ""),
                                       facts=triggered, asked=ruling.kind == "needs_facts",
                                       numeric=bool(ruling.amounts), general=general,
                                       stated=min(len(facts.stated()), 6) / 6,
                                       length=min(len(str(getattr(doc, "text", "")).split()), 100) / 100,
                                       unread=unread_share(doc, facts), assumed=bool(ruling.assumptions),
                                       differ=bool(getattr(doc, "readings_differ", False)),
                                       agree=bool(lead) and lead == next(iter(clause_probs), None),
                                       rule_margin=_rule_margin(facts, clause_probs),
                                       doubt=getattr(getattr(doc, "told", None), "doubt", 0.0))
    return ruling


def _rule_margin(facts: Facts, probs: dict[str, float]) -> float:
    """How far the best-scored rule is ahead of the next (0 to 1): a close second is a reason for doubt."""
    from engine.decide import score_rules

    scored = score_rules(facts, probs)
    if not scored:
        return 0.0
    second = scored[1][0] if len(scored) > 1 else 0.0
    return min(1.0, max(0.0, scored[0][0] - second))


def unread_share(doc: Any, facts: Facts) -> float:
    """The share of the amounts in the question (10 or more: not seat numbers) that no fact read holds."""
    from engine.understanding.common import amounts_in

    told = {v for v, _s, _e in amounts_in(str(getattr(doc, "nums", "") or ""))
            if isinstance(v, int) and v >= 10}
    if not told:
        return 0.0
    held: set[int] = set()
    _numbers_in(facts.model_dump(exclude_none=True), held)
    return len(told - held) / len(told)


def _numbers_in(value: Any, out: set[int]) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _numbers_in(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _numbers_in(v, out)
