"""Floor arithmetic for no-limit betting: current bet, last full raise, minimum raise.

Rule 1.4 measures every raise from "the last full-size bet or raise", and the
big blind is the opening full bet.  An all-in raise smaller than a full raise
raises the amount to call but leaves the size of the next minimum raise where
it was.  Whether such an all-in reopens the betting for players who already
acted, this rulebook does not say; see ``REOPEN_NOTE``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.facts import Action

REOPEN_NOTE = (
    "The house rules do not say whether an all-in raise smaller than a full raise reopens the betting "
    "for players who have already acted. Under the FIDPA rules the book is based on, it does not: those "
    "players may only call or fold, unless the all-in and later short all-ins add up to a full raise. "
    "That is the reference's answer; the decision rests with staff (Staff Authority)."
)


@dataclass
class RoundState:
    """Where a betting round stands after a list of actions."""

    current_bet: int = 0
    last_full_raise: int = 0
    committed: dict[str, int] = field(default_factory=dict)
    aggressor: str | None = None
    short_all_in: bool = False

    @property
    def min_raise_to(self) -> int:
        """The smallest legal total for a raise (or the opening bet)."""
        return self.current_bet + self.last_full_raise

    def to_call(self, actor: str) -> int:
        return max(0, self.current_bet - self.committed.get(actor, 0))


def round_state(actions: Iterable[Action], big_blind: int | None = None, street: str | None = None) -> RoundState:
    """Replay a round's actions.

    Preflop (or whenever blinds are given and no posts are listed) the big
    blind is the opening full bet.  ``amount`` on bet/raise/all-in is the
    player's total for the round ("raise to").
    """
    st = RoundState()
    acts = list(actions)
    if big_blind:
        st.last_full_raise = big_blind
        if street in (None, "preflop") and not any(a.kind == "post" for a in acts):
            st.current_bet = big_blind
    for a in acts:
        if a.kind == "post":
            amt = a.amount or 0
            st.committed[a.actor] = st.committed.get(a.actor, 0) + amt
            if amt > st.current_bet:
                st.current_bet = amt
                st.last_full_raise = max(st.last_full_raise, amt)
        elif a.kind in ("bet", "raise", "all-in"):
            total = a.amount if a.amount is not None else st.current_bet
            if total > st.current_bet:
                increase = total - st.current_bet
                if st.current_bet == 0 or increase >= st.last_full_raise:
                    st.last_full_raise = increase
                    st.short_all_in = False
                else:
                    st.short_all_in = True
                st.current_bet = total
                st.aggressor = a.actor
            st.committed[a.actor] = max(st.committed.get(a.actor, 0), total)
        elif a.kind == "call":
            st.committed[a.actor] = st.current_bet if a.amount is None else a.amount
    return st


def split_run_twice(pot: int) -> tuple[int, int, int]:
    """Each board's half of the pot under 1.10, and the odd chip left over (rule silent on it)."""
    half = pot // 2
    return half, half, pot - 2 * half


def max_add_on(stack: int, table_limit: int) -> int:
    """The most a player may add under 3.12: the stack plus the addition may not pass the table limit."""
    return max(0, table_limit - stack)
