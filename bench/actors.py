"""Whose amount it is: the told round's players against the labelled ones, over the told stories.

    python bench/actors.py

For every story, the action amounts (wager, raise, all-in, call) that carry a labelled player are matched to the
told round's readings by value, in order. For each pair of them the question is "same player or not?"; the
figure is the share of pairs where the reading agrees with the labels (an unread player agrees with nothing).
Each matched amount's street is compared with its label too.
The roles model is trained on all the stories, so this measures placement, not the roles.
"""

from __future__ import annotations

import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.understanding import amount_roles
from engine.understanding.corpus import load_corpus
from engine.understanding.told import read_told


def pairs(text: str, labelled: list[dict]) -> tuple[int, int, int, int]:
    """(agreeing pairs, pairs, streets agreeing, streets labelled) in one story."""
    placed = [p for p in read_told(text, 0.0).placed if p.role in amount_roles.ACTION_ROLES]
    gold = [a for a in labelled if a.get("role") in amount_roles.ACTION_ROLES and a.get("actor")]
    matched: list[tuple[str, str | None]] = []
    streets = [0, 0]
    pos = 0
    for g in gold:
        for k in range(pos, len(placed)):
            if placed[k].value == g["value"]:
                matched.append((str(g["actor"]).lower(), placed[k].actor))
                if g.get("street"):
                    streets[0] += (placed[k].street or "preflop") == g["street"]
                    streets[1] += 1
                pos = k + 1
                break
    agree = n = 0
    for (ga, pa), (gb, pb) in combinations(matched, 2):
        n += 1
        same = pa is not None and pa == pb
        agree += same == (ga == gb) and (pa is not None and pb is not None)
    return agree, n, streets[0], streets[1]


def main() -> int:
    rows = [r for r in load_corpus() if r.amounts]
    agree = n = s_ok = s_n = 0
    for r in rows:
        a, k, so, sn = pairs(r.text, list(r.amounts))
        agree, n, s_ok, s_n = agree + a, n + k, s_ok + so, s_n + sn
    print(f"{len(rows)} told stories: {agree}/{n} pairs of action amounts agree on same-or-other player "
          f"({agree / max(n, 1):.1%}); streets {s_ok}/{s_n} ({s_ok / max(s_n, 1):.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
