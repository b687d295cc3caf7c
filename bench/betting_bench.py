"""Speed of the betting core and of showdown evaluation.

Betting: random no-limit hold'em hands (2-9 players, mixed stack depths, random
legal actions) played through ``engine.betting.Hand`` to the end, pots
included; reported as hands per second and actions per second.

Showdown: ``engine.hands.showdown`` on random 7-card deals (board plus two
hole cards each), reported as player-hand evaluations per second (each one
picks the best five of seven with phevaluator and names it), and the raw
``name_hand`` rate.

No assertions: this prints numbers.  Usage: python bench/betting_bench.py [--hands N] [--deals N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from engine.betting import Hand
from engine.hands import name_hand, showdown

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def random_hand(rng: random.Random) -> int:
    """Play one random hand to the end; return the number of player actions."""
    n = rng.randint(2, 9)
    bb = rng.choice((2, 10, 50, 200))
    stacks = [rng.randint(1, 6 * bb) if rng.random() < 0.35 else rng.randint(6 * bb, 200 * bb) for _ in range(n)]
    h = Hand([(f"p{i}", s) for i, s in enumerate(stacks)], small_blind=bb // 2, big_blind=bb).post_blinds()
    actions = 0
    while True:
        p = h.to_act
        if p is None:
            h.pots()
            if h.is_over or h.street == "river":
                return actions
            h.next_street()
            continue
        actions += 1
        r = rng.random()
        owed = h.to_call(p)
        if owed and r < 0.25:
            h.fold(p)
        elif r > 0.6 and h.can_raise(p):
            low, high = min(h.min_raise_to(), h.max_raise_to(p)), h.max_raise_to(p)
            amount = rng.randint(low, high)
            (h.raise_to if h.current_bet else h.bet)(p, amount)
        elif owed:
            h.call(p)
        else:
            h.check(p)


def bench_betting(hands: int, seed: int) -> None:
    rng = random.Random(seed)
    runs = []
    total_actions = 0
    for _ in range(3):
        t = time.perf_counter()
        total_actions = sum(random_hand(rng) for _ in range(hands))
        runs.append(time.perf_counter() - t)
    best = min(runs)
    print(f"betting core: {hands} random hands, best of 3: {best:.3f}s "
          f"-> {hands / best:,.0f} hands/s, {total_actions / best:,.0f} actions/s "
          f"(median {hands / statistics.median(runs):,.0f} hands/s)")


def bench_showdown(deals: int, seed: int) -> None:
    rng = random.Random(seed)
    tables = []
    for _ in range(deals):
        n = rng.randint(2, 6)
        cards = rng.sample(DECK, 5 + 2 * n)
        tables.append((" ".join(cards[:5]), {f"p{i}": cards[5 + 2 * i: 7 + 2 * i] for i in range(n)}))
    evaluations = sum(len(holes) for _, holes in tables)
    t = time.perf_counter()
    for board, holes in tables:
        showdown(board, holes)
    dt = time.perf_counter() - t
    print(f"showdown: {deals} deals, {evaluations} player hands in {dt:.3f}s "
          f"-> {evaluations / dt:,.0f} evaluations/s ({deals / dt:,.0f} showdowns/s)")
    sevens = [rng.sample(DECK, 7) for _ in range(deals)]
    t = time.perf_counter()
    for cards in sevens:
        name_hand(cards)
    dt = time.perf_counter() - t
    print(f"name_hand: {deals} seven-card hands in {dt:.3f}s -> {deals / dt:,.0f} names/s")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--deals", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    bench_betting(args.hands, args.seed)
    bench_showdown(args.deals, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
