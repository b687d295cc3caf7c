"""Does the whole answer state the number a told story's question asks for?

    python bench/told_numbers.py                      # every told story in the corpus, by ask
    python bench/told_numbers.py new_batch.jsonl ...  # stories in the corpus's told format, not yet learned from

Each told story (``corpus/told_*.jsonl``) carries the number its question asks for (``answer``: a minimum raise,
a call, change, a refund, a board's share, room under the cap). The story goes through ``engine.answer`` as a
user's question would, and it counts as right when the answer's outcome states that number standing alone
(500 is not in 1,500), as ``../shared/eval/score.py`` checks a key's amount.

Run over the corpus, the models have learned from these very stories, so the figure is an upper bound; run
over a batch written since and not yet added to the corpus, it is a first run.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NUMBER_ASKS = ("min_raise", "call_amount", "bet_amount", "change_back", "refund", "pot_share", "top_up",
               "other_number")


def states(number: int, outcome: str) -> bool:
    """Whether the outcome states the number on its own (thousands commas ignored)."""
    text = re.sub(r"(?<=\d),(?=\d{3})", "", outcome)
    return re.search(rf"(?<![\d.]){number}(?!\d)", text) is not None


def stories(paths: list[str]) -> list[dict]:
    files = [Path(p) for p in paths] or sorted((ROOT / "engine/understanding/corpus").glob("told_*.jsonl"))
    rows = [json.loads(line) for f in files for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if r.get("ask") in NUMBER_ASKS and isinstance(r.get("answer"), int)]


def main() -> int:
    from engine import answer

    rows = stories(sys.argv[1:])
    n, right = Counter(), Counter()
    for r in rows:
        n[r["ask"]] += 1
        right[r["ask"]] += states(r["answer"], answer(r["text"]).outcome)
    print("| asked | stories | number stated |\n| --- | --- | --- |")
    for ask in NUMBER_ASKS:
        if n[ask]:
            print(f"| {ask} | {n[ask]} | {right[ask] / n[ask]:.1%} |")
    total, ok = sum(n.values()), sum(right.values())
    print(f"\n{ok}/{total} told stories answered with their number ({ok / max(total, 1):.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
