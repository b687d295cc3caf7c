"""How well the amounts' roles are read: k-fold cross-validation over the labelled told stories.

    python bench/roles.py            # per-role precision and recall, accuracy, and a reliability table
    python bench/roles.py --folds 10
    python bench/roles.py --asks     # the same for which number each story's question asks (asked.py)

Stories, not amounts, are folded (every amount of a story is in the same fold), so a story's own words never
help read it. The figure is the share of labelled amounts whose most likely role is the labelled one.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    from engine.understanding import amount_roles as ar
    from engine.understanding import asked
    from engine.understanding.corpus import load_corpus
    from engine.understanding.topic_model import settings

    ap = argparse.ArgumentParser()
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--C", type=float, default=None, help="try another regularisation than reader.toml's")
    ap.add_argument("--asks", action="store_true", help="cross-validate the asks instead of the amounts' roles")
    args = ap.parse_args()
    rows_of = asked.training_rows if args.asks else ar.training_rows
    c = args.C if args.C is not None else settings()["asks" if args.asks else "roles"]["C"]
    stories = [r for r in load_corpus() if r.amounts]
    got: list[tuple[str, str, float]] = []
    for k in range(args.folds):
        train = [r for n, r in enumerate(stories) if n % args.folds != k]
        test = [r for n, r in enumerate(stories) if n % args.folds == k]
        model = ar.RoleModel.train(rows_of(train), c)
        for f, role in rows_of(test):
            probs = model.proba(f)
            best = max(probs, key=probs.__getitem__)
            got.append((role, best, probs[best]))
    print(f"{len(stories)} stories, {len(got)} {'asks' if args.asks else 'amounts'}, {args.folds}-fold by story, "
          f"C={c}")
    print(f"accuracy {sum(a == b for a, b, _p in got)}/{len(got)} = {sum(a == b for a, b, _p in got) / len(got):.1%}")
    want, said = Counter(a for a, _b, _p in got), Counter(b for _a, b, _p in got)
    hit = Counter(a for a, b, _p in got if a == b)
    print("| role | amounts | precision | recall |\n| --- | --- | --- | --- |")
    for role in sorted(want, key=lambda r: -want[r]):
        print(f"| {role} | {want[role]} | {hit[role] / max(said[role], 1):.0%} | {hit[role] / want[role]:.0%} |")
    print("\n| probability | amounts | right |\n| --- | --- | --- |")
    for lo, hi in ((0.0, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.01)):
        band = [a == b for a, b, p in got if lo <= p < hi]
        if band:
            print(f"| {lo:.1f}–{min(hi, 1.0):.1f} | {len(band)} | {sum(band) / len(band):.0%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
