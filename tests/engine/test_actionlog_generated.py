"""Generated descriptions: random legal preflop rounds, told in several voices, read back exactly.

PokerKit deals the round and says which actions are legal; ``describe.render`` tells it as staff and players
do (written apart from the reader); ``actionlog.parse`` must give back the same events, and replaying them
through the betting model the rules use (``round_state``) must give PokerKit's current bet and minimum raise.

The default run is a few hundred examples; ``FLOOR_GENERATED_EXAMPLES=10000`` runs more, and
``bench/`` style reporting of the exact-log rate is ``python -m tests.engine.test_actionlog_generated``.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit import Automation, Mode, NoLimitTexasHoldem

from engine.betting import round_state
from engine.facts import Action
from engine.understanding.actionlog import parse
from tests.engine.describe import SEATS, STYLES, Act, render

EXAMPLES = int(os.environ.get("FLOOR_GENERATED_EXAMPLES", "300"))
# PokerKit seats: 0 = small blind, 1 = big blind, then UTG ... button.
PK_ORDER = ("SB", "BB", "UTG", "HJ", "CO", "BTN")
BLINDS = ((1, 2), (5, 10), (25, 50), (50, 100), (100, 200), (500, 1000))
AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING)


@dataclass
class Case:
    acts: list[Act]
    sb: int
    bb: int
    current_bet: int
    min_raise_to: int | None  # None when PokerKit allows no raise, or caps it by the stack
    street: str = "preflop"


def play(rng: random.Random) -> Case:
    """A legal preflop round, stopped at a random point before it closes."""
    sb, bb = rng.choice(BLINDS)
    stacks = [bb * rng.randint(20, 300) for _ in PK_ORDER]
    state = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (sb, bb), bb, tuple(stacks), 6, mode=Mode.CASH_GAME)
    street = 0
    if rng.random() < 0.35:
        # A limped pot: everyone calls the blind, the big blind checks, and the question is about the flop.
        while state.street_index == 0 and state.actor_index is not None:
            state.check_or_call()
        street = 1
    acts: list[Act] = []
    for _ in range(rng.randint(1, 7)):
        if state.actor_index is None or state.street_index != street:
            break
        pos = PK_ORDER[state.actor_index]
        r = rng.random()
        if r < 0.3 and state.can_complete_bet_or_raise_to():
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            to = hi if rng.random() < 0.08 else min(hi, rng.choice((lo, lo, rng.randint(lo, lo * 3) // bb * bb or lo)))
            opening = street > 0 and max(state.bets) == 0
            state.complete_bet_or_raise_to(to)
            acts.append(Act(pos, "all-in" if to == hi else ("bet" if opening else "raise"), to))
        elif r < 0.6 and state.can_fold():
            state.fold()
            acts.append(Act(pos, "fold"))
        else:
            owed = state.checking_or_calling_amount
            state.check_or_call()
            acts.append(Act(pos, "call" if owed else "check"))
    if state.actor_index is None or state.street_index != street:
        return play(rng)  # the round closed: no question left to ask about it
    lo = state.min_completion_betting_or_raising_to_amount if state.can_complete_bet_or_raise_to() else None
    hi = state.max_completion_betting_or_raising_to_amount if lo is not None else None
    return Case(acts, sb, bb, max(state.bets), lo if lo is not None and lo < (hi or 0) else None,
                "flop" if street else "preflop")


def _position(actor: str) -> str:
    """A seat read back as its position, by the table's layout (the renderer seats positions in SEATS)."""
    by_seat = {f"Seat {n}": pos for pos, n in SEATS.items()}
    return by_seat.get(actor, actor)


def check(seed: int, style: str) -> tuple[bool, bool, str]:
    """(log exact, arithmetic agrees, the text) for one generated case."""
    rng = random.Random(seed)
    case = play(rng)
    text = render(case.acts, case.sb, case.bb, style, rng, street=case.street)
    log = parse(text)
    got = [(_position(e.actor), e.action, e.to if e.action in ("bet", "raise", "all-in") else None)
           for e in log.events]
    want = [(a.actor, a.kind, a.to) for a in case.acts]
    exact = got == want and (log.small_blind, log.big_blind) == (case.sb, case.bb) and "min_raise" in log.asks
    actions = [Action(actor=a, kind=k, amount=to) for a, k, to in got]  # type: ignore[arg-type]
    rs = round_state(actions, log.big_blind, log.street)
    agrees = rs.current_bet == case.current_bet and (case.min_raise_to is None or rs.min_raise_to == case.min_raise_to)
    return exact, agrees, text


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(STYLES))
def test_generated_description_reads_back(seed: int, style: str) -> None:
    exact, agrees, text = check(seed, style)
    assert exact, text
    assert agrees, text


def main(n: int = 10_000) -> None:
    """Run ``n`` cases and report the exact-log and PokerKit-agreement rates (the misses, a few, shown)."""
    exact = agree = 0
    misses: list[str] = []
    for i in range(n):
        ok, ar, text = check(i, STYLES[i % len(STYLES)])
        exact += ok
        agree += ar
        if not ok and len(misses) < 15:
            misses.append(text)
    print(f"{n} generated descriptions: exact logs {exact}/{n} = {exact / n:.2%}; "
          f"arithmetic agrees with PokerKit {agree}/{n} = {agree / n:.2%}")
    print("\n".join(misses))


if __name__ == "__main__":
    main(int(os.environ.get("FLOOR_GENERATED_EXAMPLES", "10000")))
