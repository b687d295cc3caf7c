"""Cross-check the betting model (engine.betting: Hand, its BettingRound, round_state) against PokerKit 0.7.7.

Random no-limit hold'em hands are played in both engines with the same
actions, and each betting round is also told as the rules engine's ``Action``
list and replayed through ``round_state``.  At every decision point all three
must agree on everything the rules use: the current bet, what each player has
in front, the last full raise (an all-in short of a full raise does not reset
it), the amount to call, the minimum raise total, and every all-in for less
with its shortfall.  Hand and PokerKit must also agree on whose turn it is,
the chips a call puts in, whether a raise is possible at all (reopening aside)
and the most a raise can be; at the end of every betting round on the pots
(main and side, with eligible players), and at the end of the hand on every
player's chips.  The hands come from seeded generators (5,000 hands) and from
Hypothesis (``FLOOR_POKERKIT_EXAMPLES``, default 300 hands, shrunk on failure).

PokerKit has no name for some of these figures; they are read from its state:
the last full raise is its largest raise increment this street, or the big
blind (``completion_betting_or_raising_amount``, the street's minimum); a
shortfall is the full-raise total (or call) it would have required, less the
all-in total it accepted.

Run it twice with a board chopped is compared too: PokerKit pays each board
(its own hand evaluation decides who wins), our ``RunTwiceShare.paid`` pays the
same winners, and the two differ only by the odd chips we report for staff.

Reopening after a short all-in is kept out of the comparison: the house
rulebook is silent on it, our core answers it only as the FIDPA reference
(``Hand.reopened_for``), and PokerKit 0.7.7 applies its own version.  The test
does check one direction that must hold: whenever PokerKit refuses a raise for
a reopening reason, the reference refuses it too.

Where this rulebook decides differently from PokerKit, each case is listed in
``DIFFERENCES`` and shown by a deterministic test below, so the list cannot go
stale silently.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pokerkit import Automation, Mode, NoLimitTexasHoldem, StandardHighHand, State

from engine.betting import (
    BettingRound,
    Hand,
    IllegalAction,
    ShortAllIn,
    read_chips,
    round_state,
    run_twice_shares,
    split_run_twice,
)
from engine.facts import Action
from engine.hands import showing_order

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
)

# PokerKit's messages when it refuses a raise for reopening reasons.
PK_REOPEN_REFUSALS = ("Short all-in cannot be raised.", "The player already acted")

DIFFERENCES = {
    "reopening": (
        "House rulebook silent. PokerKit 0.7.7 lets a player who already acted re-raise after the first short "
        "all-in of a betting round (its raise-size tracker starts at 0 each round, so a short all-in over the big "
        "blind, or an all-in opening bet smaller than the big blind, counts as 'full'); the FIDPA reference our "
        "core reports does not reopen there. Excluded from the random comparison."
    ),
    "undeclared short raise (1.4.1) / single oversized chip (1.4.2)": (
        "PokerKit rejects a raise below the minimum; under the house rules chips short of a minimum raise put out "
        "without a declaration are a call, and one oversized chip is a call with change."
    ),
    "showdown order (1.11)": (
        "PokerKit starts the showdown with the last aggressor of the final betting round (or the first player to "
        "act in it); rule 1.11 starts it with the last player to bet or raise in any betting round."
    ),
    "run it twice odd chip (1.10)": (
        "PokerKit gives the odd chip of a pot split over two boards to the first board, and the odd chip of a "
        "chopped board's half to one of its winners; rule 1.10 says only 50% each, so our split returns odd chips "
        "separately for staff."
    ),
}

SEEDS = (11, 22, 33, 44, 55)
HANDS_PER_SEED = 1000  # 5,000 hands in all
EXAMPLES = int(os.environ.get("FLOOR_POKERKIT_EXAMPLES", "300"))
BLINDS = ((1, 2), (5, 10), (25, 50), (50, 100), (100, 200), (1, 3))


def _stacks(rng: random.Random, n: int, bb: int) -> list[int]:
    """A third short (often below the big blind, so blinds and antes go all-in too), the rest medium or deep."""
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.35:
            out.append(rng.randint(1, 6 * bb))
        elif r < 0.75:
            out.append(rng.randint(6 * bb, 40 * bb))
        else:
            out.append(rng.randint(40 * bb, 200 * bb))
    return out


def _pk_pots(state, names: list[str]) -> list[tuple[int, tuple[str, ...]]]:
    return [(p.amount, tuple(names[i] for i in p.player_indices)) for p in state.pots]


def _our_pots(hand: Hand) -> list[tuple[int, tuple[str, ...]]]:
    return [(p.amount, p.eligible) for p in hand.pots()]


@dataclass
class Table:
    """One hand in both engines, and the current betting round as a player would tell it."""

    hand: Hand
    state: State
    names: list[str]
    big_blind: int
    told: list[Action] = field(default_factory=list)  # this round's actions, for round_state
    short_all_ins: list[ShortAllIn] = field(default_factory=list)  # this round's, worked out from PokerKit

    def pk_bet(self) -> int:
        return max(self.state.bets)

    def pk_full_raise(self) -> int:
        """PokerKit's raise size: its largest raise increment this street, or the street's minimum (the blind)."""
        return max(self.state.completion_betting_or_raising_amount,
                   self.state.street.min_completion_betting_or_raising_amount)

    def new_round(self) -> None:
        """A new street: preflop the two blinds as posted (PokerKit's seats 0 and 1; 0 if an ante took the whole
        stack), otherwise nothing yet."""
        posted = self.state.bets[:2] if self.hand.street == "preflop" else []
        self.told = [Action(actor=self.names[i], kind="post", amount=b) for i, b in enumerate(posted)]
        self.short_all_ins = []


def _new_table(rng: random.Random) -> Table:
    n = rng.randint(2, 9)
    sb, bb = rng.choice(BLINDS)
    ante = rng.choice((0, 0, 0, max(1, bb // 4), max(1, bb // 2)))
    stacks = _stacks(rng, n, bb)
    names = [f"p{i}" for i in range(n)]
    hand = Hand(list(zip(names, stacks, strict=True)), small_blind=sb, big_blind=bb, ante=ante).post_blinds()
    state = NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, ante, (sb, bb), bb, tuple(stacks), n, mode=Mode.CASH_GAME)
    table = Table(hand, state, names, bb)
    table.new_round()
    return table


def _figures(rnd: BettingRound, actor: str) -> tuple:
    return (rnd.current_bet, rnd.last_full_raise, rnd.min_raise_to, rnd.to_call(actor),
            {k: v for k, v in rnd.committed.items() if v}, rnd.short_all_ins)


def _round_agrees(t: Table, actor: str, where: str, seen: Counter) -> None:
    """The round's figures, from PokerKit, from the hand's BettingRound, and from the told actions replayed."""
    state, i = t.state, t.names.index(actor)
    pk = (t.pk_bet(), t.pk_full_raise(), t.pk_bet() + t.pk_full_raise(), t.pk_bet() - state.bets[i],
          {n: b for n, b in zip(t.names, state.bets, strict=True) if b}, t.short_all_ins)
    assert _figures(t.hand.round, actor) == pk, (where, _figures(t.hand.round, actor), pk)
    assert (t.hand.current_bet, t.hand.last_full_raise, t.hand.min_raise_to(), t.hand.to_call(actor)) == pk[:4], where
    told = round_state(t.told, t.big_blind, t.hand.street)
    assert _figures(told, actor) == pk, (where, t.told, _figures(told, actor), pk)
    assert (told.aggressor, told.short_all_in, told.short_raise) == \
        (t.hand.round.aggressor, t.hand.round.short_all_in, False), where
    seen["round_state replays compared"] += 1


def _raise_allowed(t: Table, actor: str, where: str, seen: Counter) -> bool:
    """Whether both engines let ``actor`` raise (reopening aside), with the same minimum and maximum."""
    hand, state = t.hand, t.state
    pk_min = state.min_completion_betting_or_raising_to_amount
    problem = hand.raise_problem(actor, check_reopening=False)
    if problem is None and pk_min is None:
        # Only a reopening refusal may separate us; then the reference must refuse as well.
        with pytest.raises(ValueError) as refusal:
            state.verify_completion_betting_or_raising_to()
        assert str(refusal.value).startswith(PK_REOPEN_REFUSALS), (where, str(refusal.value))
        if hand.reopened_for(actor).may_raise:
            # The one documented difference here: under the reference (FIDPA) short all-ins that add up to a
            # full raise reopen the betting; PokerKit reopens only on a single full raise. Allowed only when
            # it is that case: the bet has risen by a full raise since he acted, through two or more short
            # all-in raises.
            bet_then, full_then = hand.round.acted[actor]
            short_raises = [s for s in hand.round.short_all_ins if s.kind == "raise"]
            assert hand.current_bet - bet_then >= full_then and len(short_raises) >= 2, where
            seen["reopening: short all-ins add up (reference reopens, PokerKit does not)"] += 1
            return False
        seen["reopening: PokerKit refuses, reference refuses"] += 1
        return False
    if problem is None:
        assert min(hand.min_raise_to(), hand.max_raise_to(actor)) == pk_min, where
        assert hand.max_raise_to(actor) == state.max_completion_betting_or_raising_to_amount, where
        seen["raise sizes compared"] += 1
        if not hand.reopened_for(actor).may_raise:
            seen["reopening: PokerKit allows, reference refuses"] += 1
        return True
    assert pk_min is None, (where, problem, pk_min)
    return False


def _raise(t: Table, actor: str, rng: random.Random, where: str, seen: Counter) -> None:
    hand = t.hand
    low, high = min(hand.min_raise_to(), hand.max_raise_to(actor)), hand.max_raise_to(actor)
    q = rng.random()
    amount = low if q < 0.3 else high if q < 0.55 else rng.randint(low, high)
    full_to, size_before = t.pk_bet() + t.pk_full_raise(), hand.last_full_raise
    kind = "all-in" if amount == high else "raise" if hand.current_bet else "bet"
    (hand.raise_to if hand.current_bet else hand.bet)(actor, amount)
    t.state.complete_bet_or_raise_to(amount)
    t.told.append(Action(actor=actor, kind=kind, amount=amount))
    if amount < full_to:
        t.short_all_ins.append(ShortAllIn(actor, amount, full_to, "raise"))
        assert hand.last_full_raise == size_before == t.pk_full_raise(), where  # the short all-in resets nothing
        seen["short all-in raises"] += 1


def _call_or_check(t: Table, actor: str, rng: random.Random) -> None:
    hand, state, i = t.hand, t.state, t.names.index(actor)
    owed, pk_call, bet = t.pk_bet() - state.bets[i], state.checking_or_calling_amount, t.pk_bet()
    if not owed:
        hand.check(actor)
        t.told.append(Action(actor=actor, kind="check"))
    elif pk_call < owed:  # all-in for less than the call: told as an all-in or as a call for the amount
        total = state.bets[i] + pk_call
        hand.call(actor)
        t.told.append(Action(actor=actor, kind=rng.choice(("all-in", "call")), amount=total))
        t.short_all_ins.append(ShortAllIn(actor, total, bet, "call"))
    else:
        hand.call(actor)
        t.told.append(Action(actor=actor, kind="call", amount=rng.choice((None, bet))))
    state.check_or_call()


def _decide(t: Table, actor: str, rng: random.Random, where: str, seen: Counter) -> None:
    """One decision: compare everything, then take a random action in both engines and in the told round."""
    assert t.state.actor_index is not None and t.names[t.state.actor_index] == actor, where
    seen["decisions"] += 1
    assert t.hand.call_amount(actor) == t.state.checking_or_calling_amount, where
    _round_agrees(t, actor, where, seen)
    may_raise = _raise_allowed(t, actor, where, seen)
    r = rng.random()
    if t.hand.to_call(actor) and r < 0.25:
        t.hand.fold(actor)
        t.state.fold()
        t.told.append(Action(actor=actor, kind="fold"))
    elif may_raise and r > 0.6:
        _raise(t, actor, rng, where, seen)
    else:
        if t.hand.call_amount(actor) < t.hand.to_call(actor):
            seen["short all-in calls"] += 1
        _call_or_check(t, actor, rng)


def _settle(t: Table, where: str, seen: Counter) -> None:
    """The end of the hand: every player's chips agree."""
    hand, state, names = t.hand, t.state, t.names
    if len(hand.live) == 1:
        # Folded out: PokerKit returns the winner's whole last bet rather than the unmatched part, so the
        # pots are counted differently; the chips each player ends with must still agree.
        winner = hand.live[0]
        while state.can_push_chips():
            state.push_chips()
            while state.can_pull_chips():
                state.pull_chips()
        ours = hand.stacks()
        ours[winner] += hand.total_pot
        assert ours == dict(zip(names, state.stacks, strict=True)), where
        seen["fold-outs"] += 1
    else:
        assert hand.stacks() == dict(zip(names, state.stacks, strict=True)), where
        seen["showdowns"] += 1
        if len(hand.pots()) > 1:
            seen["hands with side pots"] += 1


def _play_hand(rng: random.Random, where: str, seen: Counter) -> None:
    """Play one random hand in both engines; assert agreement throughout."""
    t = _new_table(rng)
    while True:
        actor = t.hand.to_act
        if actor is not None:
            _decide(t, actor, rng, where, seen)
            continue
        # Round closed (PokerKit has collected the bets and may already be on the next street).
        if len(t.hand.live) > 1:
            assert _our_pots(t.hand) == _pk_pots(t.state, t.names), where
            seen["pot checks"] += 1
        if t.hand.is_over or t.hand.street == "river":
            assert t.state.actor_index is None, where
            break
        t.hand.next_street()
        t.new_round()
    _settle(t, where, seen)


def _play(seed: int, hands: int) -> Counter:
    """Play ``hands`` random hands from ``seed``; return what was exercised."""
    rng = random.Random(seed)
    seen: Counter = Counter()
    for k in range(hands):
        _play_hand(rng, f"seed {seed} hand {k}", seen)
    return seen


@pytest.mark.parametrize("seed", SEEDS)
def test_random_hands_agree_with_pokerkit(seed: int) -> None:
    seen = _play(seed, HANDS_PER_SEED)
    # The generator must actually reach the interesting spots, or agreement would mean little.
    assert seen["fold-outs"] + seen["showdowns"] == HANDS_PER_SEED
    assert seen["hands with side pots"] >= 50
    assert seen["short all-in raises"] >= 50
    assert seen["short all-in calls"] >= 50
    assert seen["reopening: PokerKit refuses, reference refuses"] >= 10
    assert seen["raise sizes compared"] >= 3000
    assert seen["round_state replays compared"] == seen["decisions"] >= 8000


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_hypothesis_hands_agree_with_pokerkit(rng: random.Random) -> None:
    """The same comparison on hands Hypothesis draws, so a disagreement shrinks to a short hand."""
    _play_hand(rng, "hypothesis hand", Counter())


# -- run it twice with a board chopped -------------------------------------------------------------

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
RIT_AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING)


def _boards(rng: random.Random) -> tuple[list[str], list[str], list[str]]:
    """Two boards and the rest of the deck; often a board is a royal flush, which chops between the two players."""
    deck = DECK[:]
    rng.shuffle(deck)
    boards = []
    for suit in rng.sample("cdhs", 2):
        royal = [r + suit for r in "TJQKA"]
        if rng.random() < 0.3:
            deck = [c for c in deck if c not in royal]
            boards.append(royal)
        else:
            boards.append(None)
    boards = [b if b else [deck.pop() for _ in range(5)] for b in boards]
    return boards[0], boards[1], deck


def _board_winners(holes: dict[str, str], board: list[str]) -> list[str]:
    ranked = {n: StandardHighHand.from_game(h, "".join(board)) for n, h in holes.items()}
    best = max(ranked.values())
    return [n for n, v in ranked.items() if v == best]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_run_it_twice_payouts_agree_with_pokerkit_but_for_the_odd_chips(rng: random.Random) -> None:
    """Button all-in preflop, small blind folds (dead chips), big blind calls; run twice, a board often chopped."""
    sb = rng.randint(1, 30)
    bb = rng.randint(sb, 60)
    stacks = (rng.randint(sb + 1, 4000), rng.randint(bb + 1, 4000), rng.randint(bb + 1, 4000))  # all have a decision
    state = NoLimitTexasHoldem.create_state(RIT_AUTOMATIONS, True, 0, (sb, bb), bb, stacks, 3, mode=Mode.CASH_GAME)
    hand = Hand([("p0", stacks[0]), ("p1", stacks[1]), ("p2", stacks[2])], small_blind=sb, big_blind=bb).post_blinds()
    first, second, deck = _boards(rng)
    holes = {"p0": "".join(deck.pop() for _ in range(2)), "p1": "".join(deck.pop() for _ in range(2)),
             "p2": "".join(deck.pop() for _ in range(2))}
    for name in ("p0", "p1", "p2"):
        state.deal_hole(holes[name])
    hand.all_in("p2")
    state.complete_bet_or_raise_to(stacks[2])
    hand.fold("p0")
    state.fold()
    hand.call("p1")
    state.check_or_call()
    for i in list(state.runout_count_selector_indices):
        state.select_runout_count(2, player_index=i)
    for board in (first, second):
        for cards in (board[:3], board[3:4], board[4:]):
            state.burn_card(deck.pop())
            state.deal_board("".join(cards))
    assert [[repr(c) for c in state.get_board_cards(b)] for b in (0, 1)] == [first, second]
    pk_won: Counter = Counter()
    while state.can_push_chips():
        push = state.push_chips()
        for i, amount in enumerate(push.amounts):
            pk_won[f"p{i}"] += amount
        while state.can_pull_chips():
            state.pull_chips()
    [share] = run_twice_shares(hand.pots())
    live = {n: holes[n] for n in ("p1", "p2")}
    winners = (_board_winners(live, first), _board_winners(live, second))
    event("a board chopped" if any(len(w) > 1 for w in winners) else "no board chopped")
    paid = share.paid(*winners)
    assert sum(pk_won.values()) == share.pot.amount == sum(paid.shares.values()) + paid.odd_chips
    extra = {n: pk_won[n] - paid.shares.get(n, 0) for n in ("p0", "p1", "p2")}
    assert all(v >= 0 for v in extra.values()) and sum(extra.values()) == paid.odd_chips, (paid, pk_won)


# -- the documented differences -------------------------------------------------------------------


def _state(stacks: tuple[int, ...], blinds: tuple[int, int] = (50, 100), automations=AUTOMATIONS):
    return NoLimitTexasHoldem.create_state(
        automations, True, 0, blinds, blinds[1], stacks, len(stacks), mode=Mode.CASH_GAME)


def _limp_then_short_all_in(enforce: bool):
    """Blinds 50/100: p2 limps, p3 all-in for 118 (a short raise of 18), both blinds call.  Back to p2."""
    stacks = (1000, 1000, 1000, 118)
    state = _state(stacks)
    hand = Hand([(f"p{i}", s) for i, s in enumerate(stacks)], small_blind=50, big_blind=100,
                enforce_reference_reopening=enforce).post_blinds()
    hand.call("p2")
    state.check_or_call()
    hand.all_in("p3")
    state.complete_bet_or_raise_to(118)
    for name in ("p0", "p1"):
        hand.call(name)
        state.check_or_call()
    assert hand.to_act == "p2" and state.actor_index == 2
    return hand, state


def test_difference_reopening_after_first_short_all_in_preflop() -> None:
    assert "reopening" in DIFFERENCES
    hand, state = _limp_then_short_all_in(enforce=False)
    assert hand.min_raise_to() == 218 == state.min_completion_betting_or_raising_to_amount  # sizes agree
    assert hand.reopened_for("p2").may_raise is False  # the reference does not reopen for p2
    assert hand.raise_problem("p2", 400) is None  # the house book is silent, so by default the core allows it
    hand.raise_to("p2", 400)
    state.complete_bet_or_raise_to(400)  # and so does PokerKit


def test_reference_reopening_can_be_enforced_on_request() -> None:
    hand, _ = _limp_then_short_all_in(enforce=True)
    with pytest.raises(IllegalAction, match="FIDPA"):
        hand.raise_to("p2", 400)
    assert hand.call("p2") == 18


def test_difference_reopening_after_short_all_in_opening_bet() -> None:
    """Flop, big blind 100: p0 checks, p1 bets all-in 23, p2 calls.  Back to p0, who checked."""
    stacks = (5000, 123, 5000)
    state = _state(stacks)
    hand = Hand([(f"p{i}", s) for i, s in enumerate(stacks)], small_blind=50, big_blind=100).post_blinds()
    for _ in range(3):  # p2 calls, p0 calls, p1 checks
        actor = hand.to_act
        assert actor is not None
        (hand.call if hand.to_call(actor) else hand.check)(actor)
        state.check_or_call()
    hand.next_street()
    hand.check("p0")
    state.check_or_call()
    hand.bet("p1", 23)
    state.complete_bet_or_raise_to(23)
    hand.call("p2")
    state.check_or_call()
    assert hand.to_act == "p0" and state.actor_index == 0
    assert hand.min_raise_to() == 123 == state.min_completion_betting_or_raising_to_amount  # sizes agree
    assert hand.reopened_for("p0").may_raise is False  # reference: a check is an action; 23 is not a full bet
    assert state.min_completion_betting_or_raising_to_amount is not None  # PokerKit lets p0 raise


def test_difference_undeclared_short_raise_is_a_call() -> None:
    """Facing 600 (last full raise 400), 800 put out without a word: PokerKit refuses it, 1.4.1 reads a call."""
    state = _state((10000, 10000, 10000, 10000), (100, 200))
    state.complete_bet_or_raise_to(600)
    with pytest.raises(ValueError, match="below the minimum"):
        state.complete_bet_or_raise_to(800)
    read = read_chips(800, current_bet=600, last_full_raise=400, stack_behind=9200)
    assert (read.action, read.total, read.returned) == ("call", 600, 200)
    chip = read_chips(1000, current_bet=600, last_full_raise=400, stack_behind=9000, single_chip=True)
    assert (chip.action, chip.total, chip.returned) == ("call", 600, 400)


def test_difference_showdown_starts_with_last_aggressor_of_any_round() -> None:
    """p2 raises preflop, then it is checked down: PokerKit starts with p0, rule 1.11 with p2."""
    state = _state((1000, 1000, 1000))
    hand = Hand([("p0", 1000), ("p1", 1000), ("p2", 1000)], small_blind=50, big_blind=100).post_blinds()
    hand.raise_to("p2", 300)
    state.complete_bet_or_raise_to(300)
    for _ in range(2):
        hand.call(hand.to_act or "")
        state.check_or_call()
    for _street in ("flop", "turn", "river"):
        hand.next_street()
        for _ in range(3):
            hand.check(hand.to_act or "")
            state.check_or_call()
    assert state.showdown_index == 0
    assert hand.showdown_order()[0] == "p2"
    assert showing_order(hand.live, "p2")[0] == "p2"


def test_difference_run_it_twice_odd_chip() -> None:
    """A 1,001 pot run twice, one board each: PokerKit pays 501 on the first board; 1.10 says 50% each."""
    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING)
    state = _state((500, 500, 500), (1, 2), automations)
    for hole in ("2h3h", "AsAd", "KsKd"):
        state.deal_hole(hole)
    state.complete_bet_or_raise_to(500)  # button all-in
    state.fold()  # small blind folds: 1 dead chip
    state.check_or_call()  # big blind calls all-in
    for i in list(state.runout_count_selector_indices):
        state.select_runout_count(2, player_index=i)
    # Aces win the first board, kings make a set on the second.
    for burn, cards in (("Tc", "2c7h9d"), ("Td", "Jc"), ("Th", "3s"), ("Ts", "Kh5c8h"), ("9c", "4s"), ("9h", "6d")):
        state.burn_card(burn)
        state.deal_board(cards)
    per_board: Counter = Counter()
    while state.can_push_chips():
        push = state.push_chips()
        per_board[push.board_index] += sum(push.amounts)
        while state.can_pull_chips():
            state.pull_chips()
    assert per_board == {0: 501, 1: 500}
    assert split_run_twice(1001) == (500, 500, 1)


def test_run_it_twice_chopped_second_board_against_pokerkit() -> None:
    """Blinds 3/7, button all-in 400, small blind folds, big blind calls: an 803 pot.  Aces win the first board;
    the second is a broadway straight on the board, chopped.  PokerKit pays 603 and 200, giving the pot's odd
    chip to the first board and the chopped half's odd chip to the first player; 1.10 places neither."""
    state = NoLimitTexasHoldem.create_state(RIT_AUTOMATIONS, True, 0, (3, 7), 7, (300, 500, 400), 3,
                                            mode=Mode.CASH_GAME)
    for hole in ("2h3h", "AsAd", "KsKd"):
        state.deal_hole(hole)
    state.complete_bet_or_raise_to(400)
    state.fold()
    state.check_or_call()
    for i in list(state.runout_count_selector_indices):
        state.select_runout_count(2, player_index=i)
    for burn, cards in (("5d", "2c7h9d"), ("5h", "Jc"), ("5s", "3s"), ("6c", "TcJdQh"), ("6h", "Kh"), ("6s", "Ac")):
        state.burn_card(burn)
        state.deal_board(cards)
    while state.can_push_chips():
        state.push_chips()
        while state.can_pull_chips():
            state.pull_chips()
    assert state.stacks == [297, 703, 200]  # 500 - 400 + 603 and 0 + 200
    hand = Hand([("p0", 300), ("p1", 500), ("p2", 400)], small_blind=3, big_blind=7).post_blinds()
    hand.all_in("p2")
    hand.fold("p0")
    hand.call("p1")
    [share] = run_twice_shares(hand.pots())
    paid = share.paid(["p1"], ["p1", "p2"])
    assert (paid.shares, paid.odd_chips) == ({"p1": 601, "p2": 200}, 2)
    assert paid.working == "each board 401 (803 ÷ 2); p1 601 (401 + 200), p2 200; 2 odd chips left for staff"
