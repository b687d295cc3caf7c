"""Which clause a question is about, judged by the example questions most like it.

The clause texts are short and written in the book's language; people ask in their own. So besides
searching the clauses, Floor keeps example questions for every clause (``examples/*.jsonl``, written
from the rulebook in the voices of staff, trainees and players, plus every scenario's description),
and ranks them with the same BM25 search. The clauses of the closest examples, weighted by how close
they are, vote. This is a nearest-neighbour reading: adding examples teaches it, no code changes.

The evaluation question sets (the development set and ``bench/``) are never used as examples.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules_index import get_index
from rules_index.search import bm25_index, normalize, terms

EXAMPLES_DIR = Path(__file__).resolve().parent / "examples"
UNCOVERED = "uncovered"
TOP_K = 12


@dataclass(frozen=True)
class Example:
    text: str
    label: str  # the decisive clause id, or "uncovered"


def load_examples(directory: Path = EXAMPLES_DIR) -> list[Example]:
    """Example questions from the data files and the scenario descriptions."""
    out: list[Example] = []
    book = get_index().book
    for path in sorted(directory.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            cite = row.get("cite") or []
            label = UNCOVERED if row.get("kind") == UNCOVERED or not cite else cite[0]
            if label == UNCOVERED or label in book.clauses:
                out.append(Example(row["text"], label))
    from scenarios import load_scenarios

    for sc in load_scenarios():
        if sc.expect.kind == "ruling" and sc.expect.citations and sc.expect.citations[0] in book.clauses:
            out.append(Example(sc.description, sc.expect.citations[0]))
    return out


class TopicVotes:
    """BM25 over example questions; the nearest examples vote for their clause."""

    def __init__(self, examples: list[Example]):
        self.examples = examples
        ix = get_index()
        self.searcher = ix.searcher
        # Example texts get the lexicon's reading but not typo repair (the query gets both): much faster to build.
        lexicon = ix.lexicon
        docs = [(terms(lexicon.respell(normalize(e.text))) + [t for ph in lexicon.expand(e.text) for t in terms(ph)])
                or ["_"] for e in examples]
        self.bm25 = bm25_index(docs) if examples else None

    def votes(self, text: str, k: int = TOP_K) -> dict[str, float]:
        """Share of the vote for each clause (and "uncovered"), summing to 1; empty when nothing is close."""
        if self.bm25 is None:
            return {}
        q = self.searcher.query_terms(text)
        if not q:
            return {}
        import numpy as np

        scores = self.bm25.get_scores(q)
        k = min(k, len(scores))
        part = np.argpartition(-scores, k - 1)[:k]
        order = [int(i) for i in part[np.argsort(-scores[part], kind="stable")]]
        top = float(scores[order[0]]) if order else 0.0
        if top <= 0:
            return {}
        tally: dict[str, float] = defaultdict(float)
        for i in order:
            s = float(scores[i])
            if s <= 0:
                break
            # Closer examples count for more; the nearest counts most.
            tally[self.examples[i].label] += (s / top) ** 2
        total = sum(tally.values())
        return {label: v / total for label, v in sorted(tally.items(), key=lambda kv: -kv[1])}


@cache
def topic_votes() -> TopicVotes:
    return TopicVotes(load_examples())
