"""The learned reading of amounts on generated descriptions it never learned from.

``tests/engine/test_actionlog_generated.py`` deals random legal rounds with PokerKit and tells them in several
voices (``tests/engine/describe.py``, written apart from any reader); none of those texts is in the corpus. This
reads each one with the learned roles (``told.read_told``) and counts how often the told round is read exactly
(each action's player, kind and total, and the stakes) and how often replaying it gives PokerKit's current bet and
minimum raise.

    python bench/told_generated.py [-n 2000]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    import random

    from engine.betting import round_state
    from engine.policy import policy
    from engine.understanding.told import read_told
    from tests.engine.describe import STYLES, render
    from tests.engine.test_actionlog_generated import _position, play

    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=2000)
    args = ap.parse_args()
    floor_p = policy()["reader"]["role_floor"]
    exact = agree = 0
    misses: list[str] = []
    for i in range(args.n):
        rng = random.Random(i)
        case = play(rng)
        text = render(case.acts, case.sb, case.bb, STYLES[i % len(STYLES)], rng, street=case.street)
        told = read_told(text, floor_p)
        acts = told.actions()
        got = [(_position(a.actor), a.kind, a.amount if a.kind in ("bet", "raise", "all-in") else None) for a in acts]
        want = [(a.actor, a.kind, a.to) for a in case.acts]
        ok = got == want and (told.small_blind, told.big_blind) == (case.sb, case.bb)
        rs = round_state(acts, told.big_blind, case.street)
        same = rs.current_bet == case.current_bet and case.min_raise_to in (None, rs.min_raise_to)
        exact += ok
        agree += same
        if not same and len(misses) < 8:
            misses.append(text)
    print(f"{args.n} generated descriptions, read by the learned roles: exact rounds {exact}/{args.n} = "
          f"{exact / args.n:.1%}; current bet and minimum raise as PokerKit's {agree}/{args.n} = {agree / args.n:.1%}")
    print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
