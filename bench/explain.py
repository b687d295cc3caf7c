"""Why Floor ruled as it did: each amount's learned role, the facts understood, the top five clauses and the rule
scores.

Usage: python bench/explain.py "question text" [more questions...]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import answer
from engine.decide import score_rules
from engine.understanding import amount_roles
from engine.understanding.corpus import NON_CLAUSE
from engine.understanding.extract import extract_facts
from engine.understanding.topic_model import topic_model


def main(texts: list[str]) -> int:
    for text in texts:
        facts, doc = extract_facts(text)
        probs, p_lookup = topic_model().read(text)
        print(f"\n{text}")
        _tags, readings = amount_roles.read(doc)
        for r in readings:
            rivals = sorted(r.probs.items(), key=lambda kv: -kv[1])[1:3]
            print(f"  amount {r.mention.value}: {r.role} {r.p:.2f} (then "
                  + ", ".join(f"{k} {p:.2f}" for k, p in rivals) + ")")
        print(f"  facts: {facts.stated()}")
        print("  top five: " + ", ".join(f"{c} {p:.2f}" for c, p in list(probs.items())[:5])
              + f"; wording asked for: {p_lookup:.2f}")
        clause_probs = {c: p for c, p in probs.items() if c not in NON_CLAUSE}
        for s, r in score_rules(facts, clause_probs)[:5]:
            trig = r.trigger(facts) if r.trigger else 0.0
            print(f"  {s:5.2f} (trigger {trig:.2f}) {r.name} {r.clauses[:3]}")
        ruling = answer(text)
        print(f"  => {ruling.kind} {ruling.citations[:4]} ({ruling.confidence:.2f}) {ruling.outcome[:140]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
