"""Free text in, a ruling out: intent, topic, facts, then the rules.

The order matters and each step says why:

1. a request for a clause's wording is a lookup, answered with the clause;
2. a question on something the house rules do not cover (or leave open) is
   answered as such, citing nothing, with the FIDPA reference where known;
3. everything else is a ruling: the search ranks the clauses, the extractors
   pull out the facts, and ``decide`` picks and runs the rule.
"""

from __future__ import annotations

import re
from typing import Any

from engine.decide import decide
from engine.facts import Facts
from engine.result import Ruling
from engine.uncovered import match_uncovered, uncovered_ruling
from engine.understanding.extract import extract_facts
from rules_index import NotFound, RulesIndex, get_index
from rules_index.index import clause_ids_in

_LOOKUP = re.compile(
    r"\b(what does|what do|show me|pull up|bring up|look up|read me|read out|quote|word for word|verbatim|"
    r"give me|full text|exact wording|wording of|text of|say about|says about)\b"
)
_LOOKUP_TAIL = re.compile(r"\b(say|says|state|states|read|reads|cover|covers)\s*\??\s*$")
_SECTION_WORDS = re.compile(r"\b(rules?|section|clause|procedure|wording|text)\b")


_PREAMBLE_WORDS = re.compile(r"\b(?:introduct\w*|preamble|opening paragraph|foreword|first paragraph)\b")


def _lookup_targets(ix: RulesIndex, text: str) -> list[str] | None:
    """The clauses a lookup asks for, or None when the text is not a lookup."""
    low = text.lower()
    ids = [i for i in clause_ids_in(text) if i in ix.book.clauses]
    asks = bool(_LOOKUP.search(low) or _LOOKUP_TAIL.search(low))
    if asks and _PREAMBLE_WORDS.search(low) and "preamble" in ix.book.clauses:
        return ["preamble"]
    leads = re.match(r"\s*(?:rule|clause|section|§)?\s*\d+(?:\.\d+)*\s*(?:[-:?–—]|\bis\b|\bsays\b|\bwhat\b)", low)
    if ids and (asks or leads or re.search(r"\bwhat(?:'s| is)\s+(?:rule|clause|section)?\s*\d", low)
                or len(low.split()) <= 4):
        return ids
    m = re.search(r"(?:\b(?:what'?s|what is|whats|show me|pull up|bring up|give me|read me|look up|find|"
                  r"(?:wording|text|words) (?:of|on|about)|quote) |^)"
                  r"(?:the )?(?:house )?(?:rules?|clauses?|sections?|paragraph) "
                  r"(?:about|on|for|regarding|re|covering)\b"
                  r"\s*(.+?)\s*(?:;|\?|\.(?:\s|$)|,? (?:i|so|because|we)\b|$)", low)
    if m:
        # "what's the rule about counting chips at an all-in": the clause on that subject, with its sub-clauses.
        subject = m.group(1)
        named = ix.by_title(subject)
        if named is not None:
            return [named.id]
        hits = [h.id for h in ix.search(subject, k=3)]
        if hits:
            top = ix.book.clauses[hits[0]]
            return [top.parent if top.parent in hits and ix.book.clauses[top.parent].kind == "clause" else top.id]
    if not asks or not _SECTION_WORDS.search(low):
        return None
    # "show me the shuffling procedure", "the exact wording of the Staff Authority section"
    for m in re.finditer(r"\b(?:of|me|up|out|quote|read)\s+(.+?)(?:\s+so\b|[?.,;!]|$)", low):
        phrase = m.group(1).strip()
        phrase = re.sub(r"^(?:the\s+)?(?:full\s+|exact\s+)?(?:text|wording|words)\s+of\s+", "", phrase)
        phrase = re.sub(r"^(?:the|a)\s+", "", phrase)
        if not phrase or len(phrase.split()) > 6:
            continue
        for cand in (phrase, re.sub(r"\s+(rules?|section|clause)$", "", phrase)):
            found = ix.by_title(cand)
            if found is not None:
                return [found.id]
    return None


def lookup_ruling(ix: RulesIndex, ids: list[str]) -> Ruling:
    texts = []
    cites: list[str] = []
    for cid in ids:
        texts.append(ix.book.full_text(cid))
        cites.append(cid)
        cites.extend(d.id for d in ix.book.descendants(cid))
    return Ruling(
        kind="lookup",
        outcome="\n\n".join(texts),
        citations=list(dict.fromkeys(cites)),
        confidence=0.95,
        rulebook_version=ix.version,
    )


UNCOVERED_VOTE = 0.6


def _facts_point_at_a_rule(facts: Facts) -> bool:
    from engine.decide import base_rules

    return any(r.trigger and r.trigger(facts) >= 1.0 for r in base_rules())


def answer(text: str, extra_facts: dict[str, Any] | None = None) -> Ruling:
    """The ruling for a description or question in staff's or players' words.

    ``extra_facts`` are answers to follow-up questions, applied over what was
    understood from the text.
    """
    ix = get_index()
    text = (text or "").strip()
    if not text:
        return Ruling(kind="error", outcome="Empty question: describe the situation or give a clause number.",
                      rulebook_version=ix.version)
    if not extra_facts:
        ids = _lookup_targets(ix, text)
        if ids:
            return lookup_ruling(ix, ids)
        named = [i for i in clause_ids_in(text) if i not in ix.book.clauses]
        if named and len(text.split()) <= 6:
            nf = ix.lookup(named[0])
            sugg = nf.suggestions if isinstance(nf, NotFound) else []
            return Ruling(kind="error", outcome=f"There is no clause {named[0]} in the house rules."
                          + (f" Did you mean {', '.join(sugg)}?" if sugg else ""), rulebook_version=ix.version)
    facts, doc = extract_facts(text)
    if extra_facts:
        facts = Facts(**{**facts.model_dump(exclude_none=True), **extra_facts})
    hits = [(h.id, h.score) for h in ix.search(text, k=8)]
    from engine.understanding.topics import UNCOVERED, topic_votes

    votes = topic_votes().votes(text)
    topic = match_uncovered(doc)
    if topic is not None and not extra_facts and not (
            _facts_point_at_a_rule(facts) and votes.get(UNCOVERED, 0.0) < 0.5):
        # A word from an uncovered topic in a story whose facts plainly point at a rule is incidental
        # ("Seat 6 is eating at the table. Anyway, flop, ..."): the rule answers.
        return uncovered_ruling(topic, facts, ix.version)
    if votes.get(UNCOVERED, 0.0) >= UNCOVERED_VOTE and not extra_facts and not _facts_point_at_a_rule(facts):
        # Most of the closest example questions are ones the book does not answer, and no stated fact points at a
        # rule: say so rather than force the nearest clause.
        return uncovered_ruling(None, facts, ix.version)
    ruling = decide(facts, hits=hits, votes=votes)
    ruling.rulebook_version = ix.version
    return ruling
