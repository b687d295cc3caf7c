"""Free text in, a ruling out: intent, topic, facts, then the rules.

The order matters and each step says why:

1. a request for a clause's wording is a lookup, answered with the clause;
2. a question on something the house rules do not cover (or leave open) is
   answered as such, citing nothing, with the FIDPA reference where known;
3. everything else is a ruling: the search ranks the clauses, the extractors
   pull out the facts, and ``decide`` picks and runs the rule.
"""

from __future__ import annotations

from typing import Any

from engine.facts import Facts
from engine.result import Ruling
from engine.rules.conclusions import conclude
from engine.understanding.extract import extract_facts
from rules_index import NotFound, RulesIndex, get_index
from rules_index.index import clause_ids_in


def _lookup_targets(ix: RulesIndex, text: str) -> list[str] | None:
    """A message that is little more than clause numbers ("1.4.2", "rule 3.12?") asks for those clauses.

    Longer questions that name a clause are left to the topic model, which knows a lookup from a ruling.
    """
    ids = [i for i in clause_ids_in(text) if i in ix.book.clauses]
    return ids if ids and len(text.split()) <= SHORT_LOOKUP_WORDS else None


SHORT_LOOKUP_WORDS = 4


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


def answer(text: str, extra_facts: dict[str, Any] | None = None, topic: str | None = None) -> Ruling:
    """The answer to a description or question in staff's or players' words.

    ``extra_facts`` are answers to follow-up questions, applied over what was understood from the text;
    ``topic`` is the clause the asker picked when Floor offered a choice.
    """
    ix = get_index()
    text = (text or "").strip()
    if not text:
        return Ruling(kind="error", outcome="Empty question: describe the situation or give a clause number.",
                      rulebook_version=ix.version)
    if topic is not None and topic not in ix.book.clauses:
        return Ruling(kind="error", outcome=f"There is no clause {topic} in the house rules.",
                      rulebook_version=ix.version)
    if not extra_facts and topic is None:
        named = _named_clauses(ix, text)
        if named is not None:
            return named
    facts, doc = extract_facts(text)
    if extra_facts:
        facts = Facts(**{**facts.model_dump(exclude_none=True), **extra_facts})
    facts = conclude(facts)
    from engine.policy import respond
    from engine.understanding.topic_model import topic_model

    probs, p_lookup = topic_model().read(text)
    named = [i for i in clause_ids_in(text) if i in ix.book.clauses]
    return respond(facts, doc, probs, p_lookup, version=ix.version, topic=topic, followed_up=bool(extra_facts),
                   named=named)


def _named_clauses(ix: RulesIndex, text: str) -> Ruling | None:
    """A clause asked for by number is a lookup; a number the book does not have is answered as such."""
    ids = _lookup_targets(ix, text)
    if ids:
        return lookup_ruling(ix, ids)
    named = [i for i in clause_ids_in(text) if i not in ix.book.clauses]
    if named and len(text.split()) <= 6:
        nf = ix.lookup(named[0])
        sugg = nf.suggestions if isinstance(nf, NotFound) else []
        return Ruling(kind="error", outcome=f"There is no clause {named[0]} in the house rules."
                      + (f" Did you mean {', '.join(sugg)}?" if sugg else ""), rulebook_version=ix.version)
    return None
