"""Why Floor ruled as it did: the facts understood, the search ranking and the rule scores.

Usage: python bench/explain.py "question text" [more questions...]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import answer
from engine.decide import score_rules
from engine.understanding.extract import extract_facts
from rules_index import get_index


def main(texts: list[str]) -> int:
    ix = get_index()
    for text in texts:
        facts, _doc = extract_facts(text)
        hits = [(h.id, h.score) for h in ix.search(text, k=8)]
        print(f"\n{text}\n  facts: {facts.stated()}")
        print("  search: " + ", ".join(f"{i} {s:.1f}" for i, s in hits))
        for s, r in score_rules(facts, hits)[:5]:
            trig = r.trigger(facts) if r.trigger else 0.0
            print(f"  {s:5.2f} (trigger {trig:.2f}) {r.name} {r.clauses[:3]}")
        ruling = answer(text)
        print(f"  => {ruling.kind} {ruling.citations[:4]} {ruling.outcome[:140]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
