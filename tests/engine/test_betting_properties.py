"""Property tests for the floor arithmetic PokerKit has no notion of.

Change from an oversized chip and the rest of ``read_chips``, chips returned
when a round is voided (``Hand.misdeal``), run-it-twice shares including a
chopped board, and room left under the table limit (``max_add_on``).  Each
property is checked against a plain computation of its own -- chips
conserved, change counted as chip minus call, chips dealt out one at a time,
the largest top-up found by trying them all -- so a wrong figure fails here
rather than in front of a player.  Amounts go up to 40 digits: every result
must be an exact ``int``.

``FLOOR_PROPERTY_EXAMPLES`` sets the number of examples per property (default 300).
"""

from __future__ import annotations

import copy
import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.betting import Hand, Pot, max_add_on, read_chips, round_state, run_twice_shares, split_run_twice
from engine.facts import Action

EXAMPLES = int(os.environ.get("FLOOR_PROPERTY_EXAMPLES", "300"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HUGE = 10**40
amounts = st.one_of(st.integers(0, 5000), st.integers(0, HUGE))


def _exact(*values: object) -> None:
    for v in values:
        assert type(v) is int, (v, type(v))


# -- read_chips: change, make-up and totals ----------------------------------------------------------------


@st.composite
def chip_motions(draw: st.DrawFn) -> dict:
    current_bet = draw(st.one_of(st.just(0), amounts))
    return {
        "put_out": draw(amounts),
        "current_bet": current_bet,
        "last_full_raise": draw(st.integers(1, 5000) | st.integers(1, HUGE)),
        "already_in": draw(st.integers(0, current_bet)),
        "stack_behind": draw(st.none() | amounts),
        "single_chip": draw(st.booleans()),
        "raise_declared": draw(st.booleans()),
        "declared_to": draw(st.none() | amounts),
    }


@SETTINGS
@given(chip_motions())
def test_read_chips_conserves_chips(m: dict) -> None:
    """What ends in front of the player is what was there, plus what he pushed, less change, plus what he adds."""
    r = read_chips(**m)
    _exact(r.total, r.returned, r.make_up)
    assert r.returned >= 0 and r.make_up >= 0 and not (r.returned and r.make_up)
    assert m["already_in"] + m["put_out"] - r.returned + r.make_up == r.total
    if m["stack_behind"] is not None:
        assert r.make_up <= m["stack_behind"]  # never asked for chips he does not have
        if r.action == "all-in":
            assert r.make_up == m["stack_behind"]  # all-in: nothing left behind
    if r.action == "call":
        assert r.total == m["current_bet"]
    if r.action == "raise":
        assert r.total >= m["current_bet"] + m["last_full_raise"]
    assert r.why and r.clauses


@SETTINGS
@given(st.booleans(), st.integers(2, 5000) | st.integers(2, HUGE), st.data())
def test_chips_short_of_the_call_or_the_minimum_are_made_up_only_from_the_stack(
        facing: bool, target: int, data: st.DataObject) -> None:
    """1.1.3.1 and 1.1.2: the player adds what is missing, or everything he has left if that is less (all-in).

    The stack behind is drawn within a few chips of what is missing, where an off-by-one would show.
    """
    already = data.draw(st.integers(0, target - 1)) if facing else 0
    put = data.draw(st.integers(0 if facing else 1, target - already - 1))
    missing = target - already - put
    behind = max(0, missing + data.draw(st.integers(-3, 3)))
    r = read_chips(put, current_bet=target if facing else 0, last_full_raise=target if not facing else 1,
                   already_in=already, stack_behind=behind)
    assert r.make_up == min(missing, behind)
    assert (r.action == "all-in") == (behind < missing)
    assert r.total == already + put + r.make_up


@SETTINGS
@given(chip_motions())
def test_oversized_single_chip_is_a_call_with_the_chip_less_the_call_back(m: dict) -> None:
    """1.4.2: facing a bet, one chip bigger than the call, no raise declared: call, change = chip − amount to call."""
    m.update(single_chip=True, raise_declared=False)
    to_call = m["current_bet"] - m["already_in"]
    if m["current_bet"] == 0 or m["put_out"] <= to_call:
        return
    r = read_chips(**m)
    assert (r.action, r.total, r.make_up) == ("call", m["current_bet"], 0)
    assert r.returned == m["put_out"] - to_call
    assert f"{r.returned} comes back as change" in r.why


@SETTINGS
@given(chip_motions())
def test_undeclared_chips_short_of_a_full_raise_are_a_call_with_the_rest_back(m: dict) -> None:
    """1.4.1: over the call, short of the minimum raise, chips behind, nothing declared: a call, the excess back."""
    m.update(single_chip=False, raise_declared=False)
    total = m["already_in"] + m["put_out"]
    min_to = m["current_bet"] + m["last_full_raise"]
    if not (0 < m["current_bet"] < total < min_to) or m["stack_behind"] == 0:
        return
    r = read_chips(**m)
    assert (r.action, r.total, r.returned) == ("call", m["current_bet"], total - m["current_bet"])


@SETTINGS
@given(chip_motions())
def test_a_declared_raise_reaches_the_minimum_unless_the_stack_cannot(m: dict) -> None:
    m.update(raise_declared=True)
    if m["current_bet"] == 0:
        return
    r = read_chips(**m)
    min_to = m["current_bet"] + m["last_full_raise"]
    most = None if m["stack_behind"] is None else m["already_in"] + m["put_out"] + m["stack_behind"]
    assert r.total == min(max(min_to, r.total), most if most is not None else r.total)
    if most is None or most >= min_to:
        assert r.total >= min_to
    else:
        assert (r.action, r.total) == ("all-in", most)


# -- a voided round: every chip back to its owner -------------------------------------------------------------


def _random_partial_hand(rng: random.Random) -> tuple[Hand, dict[str, int], list[Action]]:
    """A random hand stopped at a random decision; returns it, the starting stacks and this street's told actions."""
    n = rng.randint(2, 9)
    bb = rng.choice((2, 10, 100, 10**20))
    start = {f"p{i}": rng.randint(1, 50 * bb) for i in range(n)}
    hand = Hand(start, small_blind=max(1, bb // 2), big_blind=bb,
                ante=rng.choice((0, 0, max(1, bb // 4)))).post_blinds()
    told = [Action(actor=s.name, kind="post", amount=s.bet) for s in hand.seats if s.bet]
    for _ in range(rng.randint(0, 25)):
        p = hand.to_act
        if p is None:
            if hand.is_over or hand.street == "river":
                break
            hand.next_street()
            told = []
            continue
        r = rng.random()
        if hand.to_call(p) and r < 0.2:
            hand.fold(p)
            told.append(Action(actor=p, kind="fold"))
        elif r > 0.6 and hand.can_raise(p):
            to = rng.randint(min(hand.min_raise_to(), hand.max_raise_to(p)), hand.max_raise_to(p))
            kind = "all-in" if to == hand.max_raise_to(p) else "raise" if hand.current_bet else "bet"
            (hand.raise_to if hand.current_bet else hand.bet)(p, to)
            told.append(Action(actor=p, kind=kind, amount=to))
        elif hand.to_call(p):
            short = hand.call_amount(p) < hand.to_call(p)
            hand.call(p)
            told.append(Action(actor=p, kind="call", amount=hand.seat(p).bet if short else None))
        else:
            hand.check(p)
            told.append(Action(actor=p, kind="check"))
    return hand, start, told


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_misdeal_returns_exactly_what_each_player_put_in(rng: random.Random) -> None:
    """2.2: the refunds are each player's starting stack less his stack now, they add up to the pot, and every
    stack is whole again -- antes, blinds and every street's bets included."""
    hand, start, told = _random_partial_hand(rng)
    expected = {name: start[name] - stack for name, stack in hand.stacks().items()}
    pot_before = hand.total_pot
    in_round = {k: v for k, v in hand.round.committed.items() if v}
    if not hand.round_closed:  # while the round is open, the told actions replay to the same bets
        assert {k: v for k, v in round_state(told, hand.big_blind, hand.street).committed.items() if v} == in_round
    assert copy.deepcopy(hand.round).void() == in_round  # the voided round gives back exactly its bets
    refunds = hand.misdeal()
    _exact(*refunds.values())
    assert refunds == expected
    assert sum(refunds.values()) == pot_before
    assert all(refunds[k] >= v for k, v in in_round.items())  # this street's bets are part of it
    assert hand.stacks() == start and hand.pots() == [] and hand.total_pot == 0
    assert hand.round.committed == {} and hand.current_bet == 0


# -- run it twice, a board chopped ------------------------------------------------------------------------------


def _deal_out(chips: int, winners: list[str]) -> tuple[dict[str, int], int]:
    """Hand out ``chips`` one at a time around the winners while each can still get one: the plain way."""
    got = dict.fromkeys(winners, 0)
    while chips >= len(winners):
        for w in winners:
            got[w] += 1
        chips -= len(winners)
    return got, chips


@SETTINGS
@given(st.lists(amounts, min_size=1, max_size=4))
def test_run_twice_halves_add_up_and_the_odd_chip_is_reported(pots: list[int]) -> None:
    shares = run_twice_shares([Pot(a, ("a", "b")) for a in pots])
    for amount, s in zip(pots, shares, strict=True):
        _exact(s.first_board, s.second_board, s.odd_chip)
        assert s.first_board == s.second_board
        assert s.first_board + s.second_board + s.odd_chip == amount
        assert s.odd_chip == (1 if amount % 2 else 0)
        assert split_run_twice(amount) == (s.first_board, s.second_board, s.odd_chip)


@SETTINGS
@given(st.integers(0, 20_000), st.data())
def test_run_twice_payout_with_a_chopped_board_matches_dealing_chip_by_chip(pot: int, data: st.DataObject) -> None:
    eligible = ("a", "b", "c")
    board = st.lists(st.sampled_from(eligible), min_size=1, max_size=3, unique=True)
    first, second = data.draw(board), data.draw(board)
    [share] = run_twice_shares([Pot(pot, eligible)])
    paid = share.paid(first, second)
    # The plain way: halve the pot chip by chip, then deal each half around its winners.
    half, odd = pot // 2, pot % 2
    expected: dict[str, int] = {}
    for winners in (first, second):
        got, left = _deal_out(half, winners)
        odd += left
        for w, v in got.items():
            expected[w] = expected.get(w, 0) + v
    assert paid.shares == expected
    assert paid.odd_chips == odd
    assert sum(paid.shares.values()) + paid.odd_chips == pot
    assert ("odd chip" in paid.working) == bool(odd)
    _exact(*paid.shares.values(), paid.odd_chips)


@SETTINGS
@given(amounts, st.booleans())
def test_run_twice_payout_exact_for_huge_pots(pot: int, chopped: bool) -> None:
    [share] = run_twice_shares([Pot(pot, ("a", "b"))])
    paid = share.paid(["a"], ["a", "b"] if chopped else ["b"])
    _exact(*paid.shares.values(), paid.odd_chips)
    assert sum(paid.shares.values()) + paid.odd_chips == pot
    assert paid.odd_chips <= 2  # the pot's odd chip and, chopped, the half's


# -- 3.12: room left under the table limit ------------------------------------------------------------------------


@SETTINGS
@given(st.integers(0, 300), st.integers(0, 300), st.booleans())
def test_max_add_on_is_the_largest_top_up_that_stays_within_the_limit(stack: int, limit: int, live: bool) -> None:
    tried = [x for x in range(limit + 1) if stack + x <= limit]
    expected = 0 if live else max(tried, default=0)
    assert max_add_on(stack, limit, live_cards=live) == expected


@SETTINGS
@given(amounts, amounts)
def test_max_add_on_is_exact_for_huge_stacks(stack: int, limit: int) -> None:
    room = max_add_on(stack, limit)
    _exact(room)
    assert room >= 0
    assert stack + room == max(stack, limit)
    assert max_add_on(stack, limit, live_cards=True) == 0
