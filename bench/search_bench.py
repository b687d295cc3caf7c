"""Search quality and speed.

Quality: for the ruling and lookup questions of a question set (default
``../shared/eval/dev.jsonl``), how often a clause the answer must cite is in
the top 3 — for Floor's search and for two plain baselines over the same
clause texts: rapidfuzz (token-set ratio) and BM25 without lexicon or typo
repair.  Speed: in-process latency percentiles of Floor's search.

Usage: python bench/search_bench.py [QUESTIONS.jsonl] [--k 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from rapidfuzz import fuzz, process

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from rules_index import get_index
from rules_index.search import bm25_index, terms

DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared" / "eval" / "dev.jsonl"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("questions", nargs="?", default=str(DEFAULT))
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("-v", action="store_true", help="list the misses of Floor's search")
    args = ap.parse_args()
    qs = [json.loads(line) for line in open(args.questions, encoding="utf-8") if line.strip()]
    qs = [q for q in qs if q["kind"] in ("ruling", "lookup") and q.get("cite")]

    ix = get_index()
    ids = [c.id for c in ix.book.clauses.values() if c.kind != "section"]
    texts = [f"{ix.book.clauses[i].title or ''} {ix.book.clauses[i].text}" for i in ids]
    plain_bm25 = bm25_index([terms(t) for t in texts])

    def floor_top(q: str) -> list[str]:
        return [h.id for h in ix.search(q, k=args.k)]

    def fuzz_top(q: str) -> list[str]:
        res = process.extract(q, texts, scorer=fuzz.token_set_ratio, limit=args.k)
        return [ids[r[2]] for r in res]

    def bm25_top(q: str) -> list[str]:
        s = plain_bm25.get_scores(terms(q))
        return [ids[i] for i in sorted(range(len(ids)), key=lambda i: -s[i])[: args.k]]

    for name, fn in (("floor search", floor_top), ("plain rapidfuzz", fuzz_top), ("plain BM25", bm25_top)):
        hits = 0
        for q in qs:
            top = fn(q["text"])
            ok = any(c in top for c in q["cite"])
            hits += ok
            if args.v and name == "floor search" and not ok:
                print(f"  MISS {q['id']} want {q['cite']} got {top} :: {q['text'][:90]}")
        print(f"{name:16s} top-{args.k}: {hits}/{len(qs)} = {hits / len(qs):.1%}")

    lat = []
    for _ in range(5):
        for q in qs:
            t0 = time.perf_counter()
            ix.search(q["text"], k=5)
            lat.append((time.perf_counter() - t0) * 1000)
    lat.sort()
    pct = {p: lat[min(len(lat) - 1, int(len(lat) * p / 100))] for p in (50, 90, 99)}
    print(
        f"search latency over {len(lat)} queries: p50 {pct[50]:.2f} ms, p90 {pct[90]:.2f} ms, "
        f"p99 {pct[99]:.2f} ms, mean {statistics.mean(lat):.2f} ms"
    )
    from rules_index.index import RulesIndex

    t0 = time.perf_counter()
    RulesIndex(ix.book, ix.lexicon).searcher  # noqa: B018 - building the search index is what is timed
    print(f"index build (parse done, BM25 + vocabulary): {(time.perf_counter() - t0) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
