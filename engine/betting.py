"""Floor arithmetic for no-limit betting: one betting model, and the single-clause helpers around it.

Rule 1.4 measures every raise from "the last full-size bet or raise", and the
big blind is the opening full bet.  An all-in raise smaller than a full raise
raises the amount to call but leaves the size of the next minimum raise where
it was.  Whether such an all-in reopens the betting for players who already
acted, this rulebook does not say; see ``REOPEN_NOTE``.

There is one betting model.  ``BettingRound`` owns the arithmetic of a single
betting round -- the current bet, the last full raise and the bets it was
measured between, what each player has in front, the aggressor, short
all-ins and their shortfalls, the amount to call and the minimum raise -- and
it is the only code that does that arithmetic:

* ``Hand`` follows a whole no-limit hold'em hand (blinds, antes, streets,
  all-ins, side pots) and keeps one ``BettingRound`` per street; it is
  cross-checked against PokerKit in ``tests/engine/test_betting_pokerkit.py``;
* ``round_state`` replays one told round (the rules engine's ``Action`` list)
  through the same ``BettingRound``, so the figures the rules quote come from
  the model that is checked, and the tests replay every checked round through
  ``round_state`` as well.

The module-level helpers (``read_chips``, ``split_run_twice``,
``run_twice_shares``, ``max_add_on``) do the arithmetic of single clauses:
1.1.2.2, 1.1.3.1, 1.4.1, 1.4.2, 1.10 and 3.12; ``read_chips`` measures the
chips against a ``BettingRound``.  A misdeal refund (2.2) is ``Hand.misdeal``.

All amounts are exact integers, and each figure a floor person is asked for
has a one-line working (``BettingRound.working``, ``ShortAllIn.working``,
``ChipsRead.why``, ``RunTwicePayout.working``).  Everything here is plain
synchronous Python with no I/O, so the bot, the console and the CLI can all
call it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine.facts import Action

REOPEN_NOTE = (
    "The house rules do not say whether an all-in raise smaller than a full raise reopens the betting "
    "for players who have already acted. Under the FIDPA rules the book is based on, it does not: those "
    "players may only call or fold, unless the all-in and later short all-ins add up to a full raise. "
    "That is the reference's answer; the decision rests with staff (Staff Authority)."
)

ODD_CHIP_NOTE = (
    "Rule 1.10 gives each board 50% of the pot but does not say who gets an odd chip that cannot be split; "
    "it is left over for staff to assign (Staff Authority)."
)

STREETS: tuple[str, ...] = ("preflop", "flop", "turn", "river")


# ---------------------------------------------------------------------------------------------
# The betting model: one round
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShortAllIn:
    """An all-in for less than the player needed: short of a full raise (1.4), or short of the call (1.1.3.1).

    Kept so a floor person can say how far short it was, and so the tests can
    check that the short all-in left the raise size alone.
    """

    actor: str
    total: int  # the player's total for the round, all-in
    needed: int  # the minimum raise total he fell short of, or the bet he could not call
    kind: Literal["raise", "call"]

    @property
    def shortfall(self) -> int:
        return self.needed - self.total

    def working(self) -> str:
        """E.g. "all-in for 1,400, 600 short of a full raise to 2,000 (2,000 − 1,400)"."""
        what = "a full raise to" if self.kind == "raise" else "the call of"
        return (f"all-in for {self.total:,}, {self.shortfall:,} short of {what} {self.needed:,} "
                f"({self.needed:,} − {self.total:,})")


@dataclass
class BettingRound:
    """One betting round's arithmetic -- the only place it is done.

    ``Hand`` keeps one per street and ``round_state`` replays a told round
    through one, so the numbers the rules quote are the numbers checked
    against PokerKit.  ``committed`` is each player's total in front this
    round.  ``last_full_raise`` is the size of the last full bet or raise (the
    big blind until someone bets, 1.4); ``full_from`` and ``full_to`` are the
    bets it was measured between, the working a floor person shows.
    ``short_all_in`` says the last raise was an all-in short of a full raise,
    which moved the bet but not the raise size; ``short_raise`` that a told
    raise was short of a full raise without being all-in (1.4.1 reads that as
    a call unless declared; the stated figure is kept, but it is not called an
    all-in).  ``short_all_ins`` lists every all-in for less this round.
    """

    current_bet: int = 0
    last_full_raise: int = 0
    committed: dict[str, int] = field(default_factory=dict)
    aggressor: str | None = None
    short_all_in: bool = False
    short_raise: bool = False
    full_from: int = 0
    full_to: int = 0
    short_all_ins: list[ShortAllIn] = field(default_factory=list)
    # The current bet and the full-raise size when each player last acted (posting a blind is not acting);
    # only the reference reopening answer reads it.
    acted: dict[str, tuple[int, int]] = field(default_factory=dict)

    @classmethod
    def opening(cls, big_blind: int | None, *, blind_in: bool = False) -> BettingRound:
        """A round before anyone acts: the big blind is the opening full bet (1.4).

        With ``blind_in`` (preflop, the blinds not listed) the big blind is
        also the bet already faced, and the working calls it the opening bet.
        """
        bb = big_blind or 0
        if blind_in and bb:
            return cls(current_bet=bb, last_full_raise=bb, full_to=bb)
        return cls(last_full_raise=bb)

    @property
    def min_raise_to(self) -> int:
        """The smallest legal total for a raise (or the opening bet): the bet plus the last full raise (1.4)."""
        return self.current_bet + self.last_full_raise

    def to_call(self, actor: str) -> int:
        """What ``actor`` must add to match the bet, whether or not his stack covers it."""
        return max(0, self.current_bet - self.committed.get(actor, 0))

    def to_call_working(self, actor: str) -> str:
        """The amount to call in one line, e.g. "400 to call (1,400 − 1,000)"."""
        owed, have = self.to_call(actor), self.committed.get(actor, 0)
        return f"{owed:,} to call ({self.current_bet:,} − {have:,})"

    def working(self) -> str:
        """The minimum raise worked out in one line, e.g.
        "last full raise 600 (900 − 300), so the minimum raise is to 1,500 (900 + 600)"."""
        full = self.last_full_raise
        if self.full_to and self.full_to - self.full_from == full:
            src = (f"{full:,} ({self.full_to:,} − {self.full_from:,})" if self.full_from
                   else f"{full:,} (the opening bet)")
        else:
            src = f"{full:,}"
        if self.short_all_in:
            src += ", not reset by the short all-in"
        return f"last full raise {src}, so the minimum raise is to {self.min_raise_to:,} " \
               f"({self.current_bet:,} + {full:,})"

    # -- what happens in a round ----------------------------------------------------------------

    def post(self, actor: str, amount: int) -> None:
        """A blind or straddle: in front of the player and, if larger, the bet to call; posting is not acting."""
        self.committed[actor] = self.committed.get(actor, 0) + amount
        if amount > self.current_bet:
            self.current_bet = amount
            self.last_full_raise = max(self.last_full_raise, amount)

    def check(self, actor: str) -> None:
        """Acting without chips; remembered because the reference reopening answer asks who has acted."""
        self.acted[actor] = (self.current_bet, self.last_full_raise)

    def call(self, actor: str, total: int | None = None) -> None:
        """A call: the player's total becomes the bet, or ``total`` if he is all-in for less."""
        self._match(actor, self.current_bet if total is None else total, all_in=total is not None)

    def wager(self, actor: str, total: int, *, all_in: bool = False) -> None:
        """A bet, raise or all-in to ``total`` for the round: where the raise size is decided (1.4).

        An increase of at least the last full raise is a full raise and sets
        the new size; a smaller one moves the bet but not the size -- a short
        all-in, or (not all-in) a short raise as told.  A total that does not
        pass the bet is a call.
        """
        have = self.committed.get(actor, 0)
        if total <= self.current_bet:
            self._match(actor, max(have, total), all_in=all_in)
            return
        increase = total - self.current_bet
        if increase >= self.last_full_raise:
            self.last_full_raise = increase
            self.full_from, self.full_to = self.current_bet, total
            self.short_all_in = False
        elif all_in:
            self.short_all_ins.append(ShortAllIn(actor, total, self.min_raise_to, "raise"))
            self.short_all_in = True
        else:
            self.short_raise = True
        self.current_bet = total
        self.aggressor = actor
        self.committed[actor] = max(have, total)
        self.check(actor)

    def return_uncalled(self, actor: str, chips: int) -> None:
        """Chips nobody matched go back when the round closes; the bet is then the largest one left."""
        self.committed[actor] = max(0, self.committed.get(actor, 0) - chips)
        self.current_bet = max(self.committed.values(), default=0)

    def void(self) -> dict[str, int]:
        """The round is void (a misdeal, 2.2): every bet goes back to its player.  Returns what each gets."""
        refunds = {who: v for who, v in self.committed.items() if v}
        self.committed.clear()
        self.current_bet = 0
        return refunds

    def reopened_for(self, actor: str) -> bool:
        """Reference practice, not a house rule: may ``actor`` raise again?

        Yes if he has not acted this round, or if the bet has gone up by at
        least a full raise since he did (short all-ins adding up count).
        """
        if actor not in self.acted:
            return True
        bet_then, full_then = self.acted[actor]
        return self.current_bet - bet_then >= full_then

    def _match(self, actor: str, total: int, *, all_in: bool) -> None:
        self.committed[actor] = total
        if all_in and total < self.current_bet:
            self.short_all_ins.append(ShortAllIn(actor, total, self.current_bet, "call"))
        self.check(actor)


# The name the rules engine has always used for a replayed round.
RoundState = BettingRound


def round_state(actions: Iterable[Action], big_blind: int | None = None, street: str | None = None) -> RoundState:
    """Replay a told round through the betting model, so the rules quote the arithmetic PokerKit checks.

    Preflop (or when the street is not given) and with no blinds listed, the
    big blind is taken as posted: it is the bet faced and the opening full
    bet; a straddle posted over it then becomes both.  ``amount`` on
    bet/raise/all-in is the player's total for the round ("raise to"); on a
    call it is the total if the player was all-in for less.
    """
    acts = list(actions)
    blind_in = street in (None, "preflop") and not any(a.kind == "post" and (a.amount or 0) <= (big_blind or 0)
                                                       for a in acts)  # a post above the big blind is a straddle
    rnd = BettingRound.opening(big_blind, blind_in=blind_in)
    for a in acts:
        replay(rnd, a)
    return rnd


def replay(rnd: BettingRound, action: Action) -> None:
    """Apply one told ``Action`` to a round; a fold changes no figure, so it is passed over."""
    if action.kind == "post":
        rnd.post(action.actor, action.amount or 0)
    elif action.kind in ("bet", "raise", "all-in"):
        total = rnd.current_bet if action.amount is None else action.amount
        if action.minimum and action.amount is None:
            total = rnd.min_raise_to  # "min-raises": to the bet plus the last full raise (1.4)
        rnd.wager(action.actor, total, all_in=action.kind == "all-in")
    elif action.kind == "call":
        rnd.call(action.actor, action.amount)
    elif action.kind == "check":
        rnd.check(action.actor)


# ---------------------------------------------------------------------------------------------
# Single-clause helpers
# ---------------------------------------------------------------------------------------------


def uncalled(put_in: dict[str, int]) -> tuple[str, int] | None:
    """The chips nobody matched: the most any player put in beyond the next largest stake goes back to him
    (a player can win from each opponent only what that opponent put in), so it is no part of the pot."""
    if len(put_in) < 2:
        return None
    (top, most), (_, next_most) = sorted(put_in.items(), key=lambda kv: kv[1], reverse=True)[:2]
    return (top, most - next_most) if most > next_most else None


def played_for(put_in: dict[str, int]) -> int:
    """What the players' chips put into the pot, less the part nobody called (``uncalled``)."""
    back = uncalled(put_in)
    return sum(put_in.values()) - (back[1] if back else 0)


def split_run_twice(pot: int) -> tuple[int, int, int]:
    """Each board's half of the pot under 1.10, and the odd chip left over (rule silent on it)."""
    half = pot // 2
    return half, half, pot - 2 * half


@dataclass(frozen=True)
class RunTwiceShare:
    """One pot split over two boards (1.10): each board's half, and the odd chip the rule does not place."""

    pot: Pot
    first_board: int
    second_board: int
    odd_chip: int
    note: str = ODD_CHIP_NOTE

    def paid(self, first: Sequence[str], second: Sequence[str]) -> RunTwicePayout:
        """Pay each board's half to that board's winners; a board with several winners (chopped) is shared evenly.

        Chips that do not divide -- the pot's odd chip, and any a chopped half
        leaves over -- are counted as odd chips and given to nobody, because
        1.10 says only "50%" and does not place them (``ODD_CHIP_NOTE``).
        """
        parts: dict[str, list[int]] = {}
        odd = self.odd_chip
        for half, board in ((self.first_board, first), (self.second_board, second)):
            winners = list(dict.fromkeys(board))
            if not winners or any(w not in self.pot.eligible for w in winners):
                raise ValueError(f"each board needs winners from those eligible for this pot: {self.pot.eligible}")
            each, left = divmod(half, len(winners))
            odd += left
            for w in winners:
                parts.setdefault(w, []).append(each)
        shares = {w: sum(v) for w, v in parts.items()}
        line = f"each board {self.first_board:,} ({self.pot.amount:,} ÷ 2); " + ", ".join(
            f"{w} {shares[w]:,}" + (f" ({' + '.join(f'{x:,}' for x in v)})" if len(v) > 1 else "")
            for w, v in parts.items())
        if odd:
            line += f"; {odd} odd chip{'s' if odd > 1 else ''} left for staff"
        return RunTwicePayout(shares, odd, line)


@dataclass(frozen=True)
class RunTwicePayout:
    """What each player gets from one pot run twice, and the odd chips 1.10 leaves for staff.

    ``working`` is the one-line working, e.g. "each board 500 (1,001 ÷ 2);
    a 750 (500 + 250), b 250; 1 odd chip left for staff" when the second board
    is chopped.
    """

    shares: dict[str, int]
    odd_chips: int
    working: str


def run_twice_shares(pots: Sequence[Pot]) -> list[RunTwiceShare]:
    """Split every pot (main and side) in half for two boards.

    Each pot is split on its own because each has its own eligible players;
    splitting the total would hand side-pot chips to a player who cannot win
    them.  Any odd chip is returned separately, never silently given to a
    board, because 1.10 says only "50%".
    """
    out = []
    for p in pots:
        a, b, odd = split_run_twice(p.amount)
        out.append(RunTwiceShare(p, a, b, odd))
    return out


def max_add_on(stack: int, table_limit: int, *, live_cards: bool = False) -> int:
    """The most a player may add under 3.12: the stack plus the addition may not pass the table limit.

    3.12 also allows adding chips only while the player has no live hole cards,
    so with ``live_cards`` the answer is 0 until the hand is over.
    """
    if live_cards:
        return 0
    return max(0, table_limit - stack)


@dataclass(frozen=True)
class ChipsRead:
    """What chips put across the line amount to (1.1.2.2, 1.1.3.1, 1.4, 1.4.1, 1.4.2).

    ``total`` is the player's total for the round once the ruling is applied
    ("call 600", "raise to 1,400"); ``returned`` is change handed back;
    ``make_up`` is what the player must still add.
    """

    action: Literal["check", "bet", "call", "raise", "all-in"]
    total: int
    returned: int = 0
    make_up: int = 0
    clauses: tuple[str, ...] = ()
    why: str = ""


def read_chips(
    put_out: int,
    *,
    current_bet: int,
    last_full_raise: int,
    already_in: int = 0,
    stack_behind: int | None = None,
    single_chip: bool = False,
    raise_declared: bool = False,
    declared_to: int | None = None,
) -> ChipsRead:
    """Read chips put out in one motion as a floor person would.

    ``put_out`` is the value of the chips pushed across now; ``already_in``
    what the player had in front of him this round (a blind, an earlier bet);
    ``stack_behind`` what is left in his stack after these chips (``None`` if
    nobody counted).  ``raise_declared`` means "raise" was said before the
    chips touched the table (1.4.2); ``declared_to`` the total then named.
    ``last_full_raise`` is the size of the last full bet or raise this round
    (the big blind if there was none), which sets the minimum raise (1.4).

    Each case is its own small function below, in the order a floor person
    asks: was a raise declared, is there a bet, is the player short of the
    call, exactly on it, or over it.
    """
    if put_out < 0 or already_in < 0 or current_bet < 0 or last_full_raise <= 0:
        raise ValueError("chip amounts must be non-negative and the last full bet or raise positive")
    if already_in > current_bet:
        raise ValueError(f"already in ({already_in}) cannot be more than the current bet ({current_bet})")
    m = _Motion(put_out, already_in, stack_behind,
                BettingRound(current_bet=current_bet, last_full_raise=last_full_raise,
                             committed={_PLAYER: already_in}))
    if raise_declared and current_bet > 0:
        return _declared_raise(m, declared_to)
    if current_bet == 0:
        return _opening_bet(m)
    if m.total < current_bet:
        return _short_of_the_call(m)
    if m.total == current_bet:
        return _exact_call(m)
    return _over_the_call(m, single_chip)


_PLAYER = "player"  # read_chips reads one player's chips; this is his name in the round it measures against


@dataclass(frozen=True)
class _Motion:
    """One motion's chips, measured against the round: what every case of ``read_chips`` needs."""

    put_out: int
    already_in: int
    stack_behind: int | None
    round: BettingRound

    @property
    def total(self) -> int:
        """The player's total for the round if the chips all count."""
        return self.already_in + self.put_out

    @property
    def bet(self) -> int:
        return self.round.current_bet

    @property
    def all_in(self) -> bool:
        """Nothing left behind: counted, and zero."""
        return self.stack_behind == 0


def _declared_raise(m: _Motion, declared_to: int | None) -> ChipsRead:
    """'Raise' said before the chips landed (1.4.2): a raise to the amount named, or the most the chips allow,
    brought up to the minimum raise (1.4) unless the stack is too short for it."""
    min_to, total = m.round.min_raise_to, m.total
    named = total if declared_to is None else declared_to
    target = max(named, min_to)
    if m.stack_behind is not None:
        target = min(target, total + m.stack_behind)
    how = ("the most the chips allow, since no amount was stated (1.4.2)" if declared_to is None
           else f"the {declared_to} named")
    why = f"'Raise' was declared before the chips touched the table, so it is a raise to {target}: {how}"
    if target > named:
        why += (f", brought up to the minimum raise to {min_to} (1.4)" if target == min_to
                else ", and the player is all-in short of a full raise (1.4)")
    all_in = m.stack_behind is not None and target == total + m.stack_behind
    return ChipsRead("all-in" if all_in else "raise", target, returned=max(0, total - target),
                     make_up=max(0, target - total), clauses=("1.4.2", "1.4", "1.2"), why=why + ".")


def _opening_bet(m: _Motion) -> ChipsRead:
    """No bet yet: a check, a bet of the chips' full value (1.1.2.2), or a bet made up to the table minimum --
    or, when the stack behind is too short to make it up, an all-in for less (1.4)."""
    total, minimum = m.total, m.round.last_full_raise
    if m.put_out == 0:
        return ChipsRead("check", 0, clauses=("1.1.1",), why="No chips and nothing to call: a check.")
    behind = m.stack_behind
    if total < minimum and behind is not None and 0 < behind < minimum - total:
        return ChipsRead(
            "all-in", total + behind, make_up=behind, clauses=("1.1.2", "1.4"),
            why=f"A bet must be at least the table minimum of {minimum} (1.1.2), but only {behind} is left, so the "
                f"player puts in the rest and is all-in for {total + behind}: an all-in may be less (1.4).")
    if total < minimum and not m.all_in:
        return ChipsRead(
            "bet", minimum, make_up=minimum - total, clauses=("1.1.2", "1.1.2.2"),
            why=f"A bet must be at least the table minimum of {minimum} (1.1.2); {minimum - total} more is needed.")
    return ChipsRead("all-in" if m.all_in else "bet", total, clauses=("1.1.2.2",),
                     why=f"Without a declared value the bet is the full value of the chips: {total} (1.1.2.2).")


def _short_of_the_call(m: _Motion) -> ChipsRead:
    """Less than the call (1.1.3.1): made up to the call, or all-in if the stack behind cannot cover it."""
    total, bet = m.total, m.bet
    short = bet - total
    behind = m.stack_behind
    if behind is not None and behind < short:
        return ChipsRead(
            "all-in", total + behind, make_up=behind, clauses=("1.1.3.1",),
            why=f"{total} is short of the {bet} call and only {behind} is left, so the player "
                f"puts in the rest and is all-in for {total + behind} (1.1.3.1).")
    return ChipsRead(
        "call", bet, make_up=short, clauses=("1.1.3.1",),
        why=f"{total} is short of the {bet} call: the player makes up the {short} difference "
            "(or goes all-in if the stack is smaller) (1.1.3.1).")


def _exact_call(m: _Motion) -> ChipsRead:
    """Exactly the bet: a call (1.1.3), or a check if it was all in front already."""
    if m.round.to_call(_PLAYER) == 0:
        return ChipsRead("check", m.total, clauses=("1.1.1",), why="Nothing more to call: a check.")
    return ChipsRead("call", m.bet, clauses=("1.1.3",), why=f"Exactly the {m.bet} call (1.1.3).")


def _over_the_call(m: _Motion, single_chip: bool) -> ChipsRead:
    """More than the call, no raise declared: a single chip is a call with change (1.4.2); otherwise a raise if it
    reaches the minimum (1.4), an all-in if it is the whole stack, and a call with change if not (1.4.1)."""
    total, bet, min_to = m.total, m.bet, m.round.min_raise_to
    over = total - bet
    if single_chip:
        return ChipsRead(
            "call", bet, returned=over, clauses=("1.4.2",),
            why=f"A single chip larger than the bet, put out without declaring a raise, is a call of "
                f"{bet}; {over} comes back as change (1.4.2).")
    if total >= min_to:
        return ChipsRead("all-in" if m.all_in else "raise", total, clauses=("1.1.4", "1.4"),
                         why=f"{total} is at least the minimum raise to {min_to}: a raise to {total} (1.4).")
    if m.all_in:
        return ChipsRead(
            "all-in", total, clauses=("1.4",),
            why=f"{total} is short of a full raise (to {min_to}) but it is the player's whole stack: an all-in "
                "may be less than a full raise (1.4).")
    return ChipsRead(
        "call", bet, returned=over, clauses=("1.4.1", "1.4"),
        why=f"{total} is more than the call but short of the minimum raise to {min_to}, and no raise was "
            f"declared: it is a call of {bet} and {over} comes back (1.4.1).")


# ---------------------------------------------------------------------------------------------
# The betting core
# ---------------------------------------------------------------------------------------------


class IllegalAction(ValueError):
    """An action the betting core will not take, with the reason a floor person would give."""


@dataclass
class Seat:
    """One player's chips in the hand.

    ``contributed`` is everything the player has put in this hand (antes,
    blinds, bets), net of uncalled chips returned.  What is in front of him in
    the current betting round, ``bet``, is read from that round's
    ``BettingRound`` so that it is kept in one place.
    """

    name: str
    stack: int
    starting_stack: int
    contributed: int = 0
    folded: bool = False
    round: BettingRound = field(default_factory=BettingRound, repr=False, compare=False)

    @property
    def bet(self) -> int:
        return self.round.committed.get(self.name, 0)

    @property
    def all_in(self) -> bool:
        return not self.folded and self.stack == 0

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0


@dataclass(frozen=True)
class Pot:
    """A main or side pot: its chips and the players who can win it (seat order)."""

    amount: int
    eligible: tuple[str, ...]


def layered_pots(put_in: dict[str, int], folded: set[str]) -> list[Pot]:
    """Main pot first, then side pots: the chips layered by how much each player put in this hand, each layer won
    only by the players still in who put in at least that much (a player wins from each opponent no more than he
    put in himself).  Folded players' chips stay in, eligible for nothing; neighbouring layers with the same
    players are one pot."""
    pots: list[Pot] = []
    prev = 0
    for level in sorted({c for c in put_in.values() if c > 0}):
        amount = sum(min(c, level) - min(c, prev) for c in put_in.values())
        eligible = tuple(who for who, c in put_in.items() if who not in folded and c >= level)
        if not eligible:  # not reached in play (the top contributor is live); never show a pot nobody can win
            eligible = pots[-1].eligible if pots else ()
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        prev = level
    return pots


@dataclass(frozen=True)
class Reopening:
    """Whether a player may raise after short all-ins, by the reference practice -- not a house rule."""

    player: str
    may_raise: bool
    basis: Literal["reference"] = "reference"
    note: str = REOPEN_NOTE


class Hand:
    """A no-limit hold'em hand as the floor follows it: stacks, blinds, streets, bets, all-ins and pots.

    Players are given clockwise.  ``button`` names the dealer button; without
    it the last player listed has the button, so the first listed is the small
    blind (heads-up, the button posts the small blind and acts first before
    the flop, as usual).  Amounts for ``bet`` and ``raise_to`` are the
    player's total for the round ("raise to 600").

    Each street's betting arithmetic is a ``BettingRound`` (``round``, and
    ``rounds`` for the streets played); the hand adds stacks, turn order,
    pots and the showdown.  The core enforces turn order and the no-limit
    rules of 1.4.  It does not
    enforce the reference answer on reopening after a short all-in unless
    ``enforce_reference_reopening`` is set, because the house rulebook is
    silent there; ``reopened_for`` reports the reference answer either way.
    """

    def __init__(
        self,
        players: Mapping[str, int] | Sequence[tuple[str, int]],
        *,
        small_blind: int,
        big_blind: int,
        ante: int = 0,
        button: str | None = None,
        enforce_reference_reopening: bool = False,
    ) -> None:
        items = list(players.items()) if isinstance(players, Mapping) else [tuple(p) for p in players]
        if len(items) < 2:
            raise ValueError("a hand needs at least two players")
        names = [n for n, _ in items]
        if len(set(names)) != len(names):
            raise ValueError("player names must be unique")
        if any(s <= 0 for _, s in items):
            raise ValueError("every player needs a positive stack")
        if not 0 < small_blind <= big_blind:
            raise ValueError("blinds must satisfy 0 < small blind <= big blind")
        if ante < 0:
            raise ValueError("the ante cannot be negative")
        if button is not None:
            if button not in names:
                raise ValueError(f"unknown button player {button!r}")
            k = names.index(button) + 1
            items = items[k:] + items[:k]
        self.round = BettingRound.opening(big_blind)  # the current street's betting
        self.rounds: list[BettingRound] = []  # one per street bet on, preflop first
        # self.seats[0] is the first player left of the button.
        self.seats: list[Seat] = [Seat(n, s, s, round=self.round) for n, s in items]
        self._by_name = {s.name: s for s in self.seats}
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.ante = ante
        self.enforce_reference_reopening = enforce_reference_reopening
        self.street: str | None = None  # None until the blinds are posted; "showdown" after the river
        self.voided = False
        self._pending: list[Seat] = []
        self._round_closed = False

    # -- seating ------------------------------------------------------------------------------------

    @property
    def order(self) -> tuple[str, ...]:
        """Players clockwise from the first seat left of the button (the post-flop order of play)."""
        return tuple(s.name for s in self.seats)

    @property
    def button(self) -> str:
        return self.seats[-1].name

    def seat(self, name: str) -> Seat:
        try:
            return self._by_name[name]
        except KeyError:
            raise IllegalAction(f"{name!r} is not in this hand") from None

    def _blind_seats(self) -> tuple[Seat, Seat]:
        """(small blind, big blind).  Heads-up the button is the small blind."""
        if len(self.seats) == 2:
            return self.seats[1], self.seats[0]
        return self.seats[0], self.seats[1]

    # -- state queries ------------------------------------------------------------------------------

    @property
    def current_bet(self) -> int:
        return self.round.current_bet

    @property
    def last_full_raise(self) -> int:
        return self.round.last_full_raise

    @property
    def last_aggressor(self) -> str | None:
        """The last player to bet or raise in any betting round of the hand (what 1.11 asks)."""
        return next((r.aggressor for r in reversed(self.rounds) if r.aggressor), None)

    @property
    def live(self) -> list[str]:
        """Players who have not folded, in seat order."""
        return [s.name for s in self.seats if not s.folded]

    @property
    def to_act(self) -> str | None:
        """Whose turn it is, or None when the betting round is closed."""
        if self._round_closed or not self._pending:
            return None
        return self._pending[0].name

    @property
    def round_closed(self) -> bool:
        return self._round_closed

    @property
    def is_over(self) -> bool:
        """The hand is over: one player left, showdown reached, or a misdeal."""
        return self.voided or self.street == "showdown" or len(self.live) == 1

    @property
    def betting_over(self) -> bool:
        """No more betting can happen this hand (at most one live player with chips, once the round closes)."""
        if self.is_over:
            return True
        return self._round_closed and sum(1 for s in self.seats if s.can_act) <= 1

    def to_call(self, name: str) -> int:
        """The amount needed to match the current bet, whether or not the player's stack covers it."""
        return self.round.to_call(self.seat(name).name)

    def call_amount(self, name: str) -> int:
        """The chips a call actually puts in: the amount to call, or the whole stack if that is less."""
        s = self.seat(name)
        return min(s.stack, self.to_call(name))

    def min_raise_to(self) -> int:
        """The smallest full raise (or opening bet), as a total: current bet plus the last full bet or raise (1.4).

        The big blind is the opening full bet, so with no bet this is the big
        blind; a short all-in raise moves the current bet but not the last full
        raise.  A player whose stack is smaller may still go all-in for less.
        """
        return self.round.min_raise_to

    def max_raise_to(self, name: str) -> int:
        """No limit: the most a player can make it is everything in front of him plus his stack."""
        s = self.seat(name)
        return s.bet + s.stack

    def raise_problem(self, name: str, amount: int | None = None, *, check_reopening: bool | None = None) -> str | None:
        """Why ``name`` may not bet or raise (to ``amount``) now, or None if he may.

        ``check_reopening`` (default: the hand's ``enforce_reference_reopening``)
        adds the reference reopening answer to the checks.
        """
        s = self.seat(name)
        turn = self._turn_problem(s)
        if turn:
            return turn
        if s.stack <= self.to_call(name):
            return (f"{name} has {s.stack} behind, not more than the {self.to_call(name)} to call: "
                    "he can call (all-in) or fold, not raise")
        if not any(o is not s and not o.folded and o.bet + o.stack > self.current_bet for o in self.seats):
            return "everyone else is all-in or folded, so there is nobody to raise against: call or fold"
        if check_reopening is None:
            check_reopening = self.enforce_reference_reopening
        if check_reopening and not self.reopened_for(name).may_raise:
            return f"{name} already acted and faces less than a full raise. {REOPEN_NOTE}"
        if amount is None:
            return None
        most = self.max_raise_to(name)
        if amount > most:
            return f"{name} has only {most} in all; he cannot make it {amount}"
        if amount <= self.current_bet:
            return f"{amount} is not a raise: the bet is already {self.current_bet}"
        if amount < self.min_raise_to() and amount != most:
            return (f"the minimum raise is to {self.min_raise_to()} (the {self.current_bet} bet plus the last full "
                    f"bet or raise of {self.last_full_raise}, rule 1.4); only an all-in may be less")
        return None

    def can_raise(self, name: str) -> bool:
        return self.raise_problem(name) is None

    def reopened_for(self, name: str) -> Reopening:
        """Reference practice (FIDPA), not a house rule: may a player who already acted raise again?

        He may if he has not acted this round, or if the bet has gone up by at
        least a full raise since he acted (short all-ins adding up count).  The
        house rulebook is silent; ``REOPEN_NOTE`` says so.
        """
        return Reopening(name, self.round.reopened_for(self.seat(name).name))

    def pots(self) -> list[Pot]:
        """Main pot first, then side pots, each with the players who can win it.

        Chips are layered by how much each player put in this hand; folded
        players' chips stay in (dead money) but they are eligible for nothing.
        Neighbouring layers with the same eligible players are one pot.  While a
        round is open, bets in front count as they stand; an uncalled excess is
        returned when the round closes.
        """
        return layered_pots({s.name: s.contributed for s in self.seats}, {s.name for s in self.seats if s.folded})

    @property
    def total_pot(self) -> int:
        return sum(s.contributed for s in self.seats)

    def stacks(self) -> dict[str, int]:
        """Chips behind for each player, in seat order."""
        return {s.name: s.stack for s in self.seats}

    def showdown_order(self) -> list[str]:
        """Who shows first under 1.11, then clockwise.

        The last player to bet or raise in any round shows first; with no bet
        or raise at all, the first live player left of the button.  The rule
        names only the first player; going on clockwise is the usual practice.
        """
        live = self.live
        first = self.last_aggressor if self.last_aggressor in live else live[0]
        k = live.index(first)
        return live[k:] + live[:k]

    # -- operations ---------------------------------------------------------------------------------

    def post_blinds(self) -> Hand:
        """Antes (dead, not part of the bet), then small and big blind; a short stack posts what it has."""
        if self.street is not None:
            raise IllegalAction("the blinds are already posted")
        self._new_round()
        if self.ante:
            for s in self.seats:
                self._put(s, min(self.ante, s.stack))  # dead: not part of any bet
        for s, blind in zip(self._blind_seats(), (self.small_blind, self.big_blind), strict=True):
            amount = min(blind, s.stack)
            self._put(s, amount)
            self.round.post(s.name, amount)
        self.street = "preflop"
        if len(self.seats) == 2:
            first = 1
        else:
            first = 2 % len(self.seats)
        self._open_round(first)
        return self

    def check(self, name: str) -> None:
        s = self._actor(name)
        if self.to_call(name):
            raise IllegalAction(f"{name} cannot check: {self.to_call(name)} to call")
        self.round.check(s.name)
        self._advance()

    def call(self, name: str) -> int:
        """Call; a player whose stack is short calls all-in for what he has.  Returns the chips put in."""
        s = self._actor(name)
        owed = self.to_call(name)
        if owed == 0:
            raise IllegalAction(f"{name} has nothing to call: he can check")
        amount = min(owed, s.stack)
        total = s.bet + amount
        self._put(s, amount)
        self.round.call(s.name, total)
        self._advance()
        return amount

    def bet(self, name: str, amount: int) -> None:
        """Open the betting on this street for ``amount`` (at least the big blind unless all-in)."""
        self._actor(name)
        if self.current_bet:
            raise IllegalAction(f"there is already a bet of {self.current_bet}: raise instead")
        self._wager(name, amount)

    def raise_to(self, name: str, amount: int) -> None:
        """Raise to a total of ``amount`` for the round."""
        self._actor(name)
        if not self.current_bet:
            raise IllegalAction("there is no bet to raise: bet instead")
        self._wager(name, amount)

    def all_in(self, name: str) -> int:
        """Put the whole stack in: a call if it does not pass the current bet, otherwise a bet or raise.

        Returns the player's total for the round ("all-in for 1,400").
        """
        s = self._actor(name)
        total = s.bet + s.stack
        if total <= self.current_bet:
            self.call(name)
        else:
            self._wager(name, total)
        return total

    def fold(self, name: str) -> None:
        s = self._actor(name)
        s.folded = True
        self._pending.pop(0)
        self._advance(popped=True)

    def next_street(self) -> str:
        """Deal the next street once the round is closed; after the river, go to showdown."""
        if self.street is None:
            raise IllegalAction("post the blinds first")
        if self.is_over:
            raise IllegalAction("the hand is over")
        if not self._round_closed:
            raise IllegalAction(f"the {self.street} betting is not finished: {self.to_act} is to act")
        i = STREETS.index(self.street)
        if i == len(STREETS) - 1:
            self._new_round(betting=False)
            self.street = "showdown"
            self._pending = []
            return self.street
        self._new_round()
        self.street = STREETS[i + 1]
        self._open_round(0)
        return self.street

    def misdeal(self) -> dict[str, int]:
        """Rule 2.2: all bets are void and returned.  Gives each player back everything put in; returns the refunds.

        Blinds are "blind bets" (1.13.1) and come back like any other bet; the
        ante is treated the same, since 2.2 voids the whole deal.
        """
        refunds = {s.name: s.contributed for s in self.seats}
        for s in self.seats:
            s.stack += s.contributed
            s.contributed = 0
        self.round.void()
        self.voided = True
        self._pending = []
        self._round_closed = True
        return refunds

    def apply(self, action: Action) -> None:
        """Apply one ``engine.facts.Action`` (amounts are the player's total for the round)."""
        if action.kind == "post":
            raise IllegalAction("blinds are posted with post_blinds()")
        if action.kind == "check":
            self.check(action.actor)
        elif action.kind == "call":
            self.call(action.actor)
        elif action.kind == "fold":
            self.fold(action.actor)
        elif action.kind == "all-in":
            self.all_in(action.actor)
        else:
            if action.amount is None:
                raise IllegalAction(f"a {action.kind} needs an amount")
            (self.bet if action.kind == "bet" else self.raise_to)(action.actor, action.amount)

    # -- internals ----------------------------------------------------------------------------------

    def _turn_problem(self, s: Seat) -> str | None:
        if self.voided:
            return "the hand was declared a misdeal"
        if self.street is None:
            return "the blinds are not posted yet"
        if self.is_over:
            return "the hand is over"
        if self.to_act is None:
            return f"the {self.street} betting is closed"
        if s.name != self.to_act:
            return f"it is {self.to_act}'s turn, not {s.name}'s"
        return None

    def _actor(self, name: str) -> Seat:
        s = self.seat(name)
        problem = self._turn_problem(s)
        if problem:
            raise IllegalAction(problem)
        return s

    def _put(self, s: Seat, amount: int) -> None:
        """Chips from the stack into the hand; the round's ``BettingRound`` records any that are a bet."""
        s.stack -= amount
        s.contributed += amount

    def _new_round(self, *, betting: bool = True) -> None:
        """A fresh ``BettingRound`` for the next street; the big blind is again the opening full bet."""
        self.round = BettingRound.opening(self.big_blind)
        if betting:
            self.rounds.append(self.round)
        for s in self.seats:
            s.round = self.round

    def _wager(self, name: str, total: int) -> None:
        problem = self.raise_problem(name, total)
        if problem:
            raise IllegalAction(problem)
        s = self.seat(name)
        self._put(s, total - s.bet)
        self.round.wager(s.name, total, all_in=s.stack == 0)
        # Everyone else with chips must act again, starting left of the raiser.
        k = self.seats.index(s)
        behind = self.seats[k + 1:] + self.seats[:k]
        self._pending = [o for o in behind if o.can_act]
        self._advance(popped=True)

    def _open_round(self, first: int) -> None:
        """Start a betting round with the player at ``first`` (index into seats)."""
        self._round_closed = False
        ordered = self.seats[first:] + self.seats[:first]
        pending = []
        for s in ordered:
            if not s.can_act:
                continue
            # A player nobody can bet against (every other live player's chips are already matched by
            # what he has in front) has nothing to decide.
            if not any(o is not s and not o.folded and o.bet + o.stack > s.bet for o in self.seats):
                continue
            pending.append(s)
        if len(pending) == 1 and pending[0].bet >= self.current_bet:
            pending = []
        self._pending = pending
        self._advance(popped=True)

    def _advance(self, *, popped: bool = False) -> None:
        if not popped:
            self._pending.pop(0)
        if not self._pending or len(self.live) <= 1:
            self._close_round()

    def _close_round(self) -> None:
        """Close the round: chips that no other player matched go back to their owner.

        Measured on each player's total for the hand, so a short ante (a player
        all-in for less than the ante) is handled like a short call: the excess
        nobody else put in is returned.
        """
        self._pending = []
        self._round_closed = True
        totals = sorted((s.contributed for s in self.seats), reverse=True)
        top, second = totals[0], totals[1]
        if top > second:
            s = next(o for o in self.seats if o.contributed == top)
            back = top - second
            self.round.return_uncalled(s.name, back)
            s.stack += back
            s.contributed -= back
