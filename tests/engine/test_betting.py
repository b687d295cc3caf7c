"""The betting core and the single-clause helpers, on hands a floor person would recognise."""

from __future__ import annotations

import pytest

from engine.betting import (
    ODD_CHIP_NOTE,
    REOPEN_NOTE,
    BettingRound,
    Hand,
    IllegalAction,
    Pot,
    ShortAllIn,
    max_add_on,
    read_chips,
    round_state,
    run_twice_shares,
    split_run_twice,
)
from engine.facts import Action


def table(*stacks: int, sb: int = 100, bb: int = 200, ante: int = 0, **kw) -> Hand:
    """Players p0, p1, ... clockwise; the last one has the button, so p0 is the small blind."""
    return Hand([(f"p{i}", s) for i, s in enumerate(stacks)], small_blind=sb, big_blind=bb, ante=ante,
                **kw).post_blinds()


# -- minimum raise (1.4) -------------------------------------------------------------------------


def test_blinds_100_200_raise_to_600_min_reraise_is_1000() -> None:
    h = table(10_000, 10_000, 10_000, 10_000)
    assert h.to_act == "p2"
    assert h.min_raise_to() == 400  # big blind is the opening full bet
    h.raise_to("p2", 600)
    assert h.min_raise_to() == 1000
    assert h.to_call("p3") == 600
    with pytest.raises(IllegalAction, match="minimum raise is to 1000"):
        h.raise_to("p3", 999)
    h.raise_to("p3", 1000)
    assert h.min_raise_to() == 1400


def test_turn_bet_1000_all_in_1400_min_raise_to_2400() -> None:
    h = table(20_000, 20_000, 1600)
    h.call("p2")
    h.call("p0")
    h.check("p1")
    assert h.next_street() == "flop"
    for name in ("p0", "p1", "p2"):
        h.check(name)
    assert h.next_street() == "turn"
    h.bet("p0", 1000)
    h.fold("p1")
    assert h.all_in("p2") == 1400  # 400 more: short of a full raise
    assert h.current_bet == 1400
    assert h.last_full_raise == 1000  # the short all-in does not change the size of the next raise
    assert h.min_raise_to() == 2400
    assert h.to_call("p0") == 400


def test_all_in_opening_bet_below_big_blind_keeps_big_blind_as_raise_size() -> None:
    h = table(5000, 260, 5000)
    h.call("p2")
    h.call("p0")
    h.check("p1")
    h.next_street()
    h.check("p0")
    h.all_in("p1")  # 60, less than the 200 minimum bet: allowed because it is all-in
    assert h.current_bet == 60
    assert h.min_raise_to() == 260


def test_bet_below_minimum_is_refused_unless_all_in() -> None:
    h = table(5000, 5000, 5000)
    for name, act in (("p2", "call"), ("p0", "call"), ("p1", "check")):
        getattr(h, act)(name)
    h.next_street()
    with pytest.raises(IllegalAction, match="minimum raise is to 200"):
        h.bet("p0", 150)
    h.bet("p0", 200)


# -- calls, short stacks and the order of play ---------------------------------------------------


def test_short_stack_calls_all_in_for_less() -> None:
    h = table(10_000, 10_000, 450)
    h.call("p2")
    h.raise_to("p0", 1000)
    h.fold("p1")
    assert h.to_call("p2") == 800
    assert h.call_amount("p2") == 250
    assert h.call("p2") == 250
    assert h.seat("p2").all_in
    assert h.round_closed
    # p0's 1000 was matched only to 450: the 550 nobody could call goes back.
    assert h.stacks()["p0"] == 10_000 - 450
    assert h.pots() == [Pot(450 * 2 + 200, ("p0", "p2"))]
    assert h.betting_over


def test_covered_player_cannot_raise_only_call_or_fold() -> None:
    h = table(10_000, 10_000, 700)
    h.call("p2")
    h.raise_to("p0", 1000)
    assert h.raise_problem("p1") is None
    h.fold("p1")
    assert "not raise" in (h.raise_problem("p2") or "")
    with pytest.raises(IllegalAction):
        h.raise_to("p2", 1500)


def test_nobody_to_raise_against_when_everyone_else_is_all_in() -> None:
    h = table(10_000, 10_000, 300)
    h.all_in("p2")
    h.fold("p0")
    assert h.to_act == "p1"
    assert "nobody to raise against" in (h.raise_problem("p1") or "")
    h.call("p1")
    assert h.betting_over


def test_out_of_turn_and_wrong_actions_are_refused_with_a_reason() -> None:
    h = table(5000, 5000, 5000)
    with pytest.raises(IllegalAction, match="p2's turn, not p0's"):
        h.call("p0")
    with pytest.raises(IllegalAction, match="cannot check"):
        h.check("p2")
    with pytest.raises(IllegalAction, match="raise instead"):
        h.bet("p2", 600)
    with pytest.raises(IllegalAction, match="not in this hand"):
        h.fold("zed")
    with pytest.raises(IllegalAction, match="not finished"):
        h.next_street()
    with pytest.raises(IllegalAction, match="only 5000"):
        h.raise_to("p2", 6000)


def test_big_blind_option_when_limped_to() -> None:
    h = table(5000, 5000, 5000)
    h.call("p2")
    h.call("p0")
    assert h.to_act == "p1"
    assert h.to_call("p1") == 0
    assert h.can_raise("p1")
    assert h.reopened_for("p1").may_raise  # posting a blind is not acting
    h.check("p1")
    assert h.round_closed
    assert h.next_street() == "flop"
    assert h.to_act == "p0"  # first live player left of the button


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    h = Hand([("alice", 5000), ("bob", 5000)], small_blind=50, big_blind=100, button="bob").post_blinds()
    assert h.seat("bob").bet == 50 and h.seat("alice").bet == 100
    assert h.to_act == "bob"
    h.call("bob")
    h.check("alice")
    h.next_street()
    assert h.to_act == "alice"


def test_button_argument_rotates_the_seats() -> None:
    h = Hand([("a", 1000), ("b", 1000), ("c", 1000), ("d", 1000)], small_blind=5, big_blind=10, button="b")
    assert h.order == ("c", "d", "a", "b")
    h.post_blinds()
    assert (h.seat("c").bet, h.seat("d").bet) == (5, 10)
    assert h.to_act == "a"


def test_antes_are_dead_and_do_not_count_toward_the_call() -> None:
    h = table(5000, 5000, 5000, ante=25)
    assert h.total_pot == 75 + 300
    assert h.to_call("p2") == 200
    assert h.seat("p2").stack == 4975


def test_hand_ends_when_everyone_folds_and_the_bet_comes_back() -> None:
    h = table(5000, 5000, 5000)
    h.call("p2")
    h.call("p0")
    h.check("p1")
    h.next_street()
    h.bet("p0", 400)
    h.fold("p1")
    h.fold("p2")
    assert h.is_over and h.live == ["p0"]
    assert h.seat("p0").stack == 4800  # the uncalled 400 is back
    assert h.pots() == [Pot(600, ("p0",))]
    with pytest.raises(IllegalAction, match="over"):
        h.next_street()


def test_street_progression_to_showdown() -> None:
    h = table(1000, 1000)
    h.call("p1")  # heads-up: p1 has the button and the small blind
    h.check("p0")
    for street in ("flop", "turn", "river"):
        assert h.next_street() == street
        h.check("p0")
        h.check("p1")
    assert h.next_street() == "showdown"
    assert h.is_over


def test_apply_replays_engine_actions() -> None:
    h = table(10_000, 10_000, 10_000, 10_000)
    for a in (Action(actor="p2", kind="raise", amount=600), Action(actor="p3", kind="call"),
              Action(actor="p0", kind="fold"), Action(actor="p1", kind="all-in")):
        h.apply(a)
    assert h.current_bet == 10_000
    with pytest.raises(IllegalAction, match="post_blinds"):
        h.apply(Action(actor="p2", kind="post", amount=200))


# -- pots --------------------------------------------------------------------------------------------


def test_three_all_ins_of_different_sizes_make_main_and_two_side_pots() -> None:
    # p0 small blind folds after posting; p2, p3, p4 all-in for 1000, 3000, 6000; p5 covers and calls.
    h = table(5000, 20_000, 1000, 3000, 6000, 20_000)
    h.all_in("p2")
    h.all_in("p3")
    h.all_in("p4")
    h.call("p5")
    h.fold("p0")
    h.fold("p1")
    assert h.round_closed and h.betting_over
    pots = h.pots()
    # Main: 1000 from each of four + 100 small blind + 200 big blind of dead money.
    assert pots == [
        Pot(4 * 1000 + 100 + 200, ("p2", "p3", "p4", "p5")),
        Pot(3 * 2000, ("p3", "p4", "p5")),
        Pot(2 * 3000, ("p4", "p5")),
    ]
    assert sum(p.amount for p in pots) == h.total_pot


def test_folded_players_money_stays_as_dead_money_in_a_side_pot() -> None:
    h = table(10_000, 10_000, 10_000, 300)
    for name, act in (("p2", "call"), ("p3", "call"), ("p0", "call"), ("p1", "check")):
        getattr(h, act)(name)
    h.next_street()
    h.bet("p0", 500)
    h.call("p1")
    h.call("p2")
    assert h.all_in("p3") == 100  # a call all-in for less
    assert h.round_closed
    h.next_street()
    h.bet("p0", 1000)
    h.fold("p1")
    h.raise_to("p2", 3000)
    h.fold("p0")
    assert h.betting_over and not h.is_over and h.live == ["p2", "p3"]  # p3 is all-in, still in the hand
    # Main pot: 300 from each of four; p0's and p1's chips above that are dead money p3 cannot win.
    assert h.pots() == [Pot(4 * 300, ("p2", "p3")), Pot(3 * 400 + 2 * 1000, ("p2",))]
    # p2's raise to 3000 was matched only to 1000: 2000 came back.
    assert h.seat("p2").stack == 10_000 - 200 - 500 - 1000


def test_misdeal_returns_every_bet_to_the_player_who_made_it() -> None:
    h = table(5000, 5000, 5000, ante=25)
    h.raise_to("p2", 600)
    h.call("p0")
    refunds = h.misdeal()
    assert refunds == {"p0": 625, "p1": 225, "p2": 625}
    assert h.stacks() == {"p0": 5000, "p1": 5000, "p2": 5000}
    assert h.pots() == []
    with pytest.raises(IllegalAction, match="misdeal"):
        h.call("p1")


# -- reopening: the reference answer, never a house rule --------------------------------------------


def test_short_all_in_does_not_reopen_for_a_player_who_acted_by_reference() -> None:
    h = table(10_000, 10_000, 10_000, 1300)
    h.raise_to("p2", 1000)
    h.all_in("p3")  # 1300: 300 more, less than the full raise of 800
    h.fold("p0")
    h.call("p1")
    answer = h.reopened_for("p2")
    assert answer.may_raise is False
    assert answer.basis == "reference"
    assert answer.note == REOPEN_NOTE
    assert "do not say" in answer.note
    assert h.raise_problem("p2") is None  # not enforced: the house rulebook is silent
    assert "FIDPA" in (h.raise_problem("p2", check_reopening=True) or "")


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_by_reference() -> None:
    h = table(10_000, 10_000, 10_000, 1400, 1700, 10_000)
    h.raise_to("p2", 1000)  # full raise of 800
    h.all_in("p3")  # 1400: +400
    assert not h.reopened_for("p2").may_raise
    h.all_in("p4")  # 1700: +300, together +700 -- still short of 800
    assert h.reopened_for("p5").may_raise  # p5 has not acted
    h.call("p5")
    h.fold("p0")
    h.fold("p1")
    assert not h.reopened_for("p2").may_raise
    assert not h.reopened_for("p5").may_raise


def test_two_short_all_ins_reaching_a_full_raise_reopen() -> None:
    h = table(10_000, 10_000, 10_000, 1500, 1900)
    h.raise_to("p2", 1000)
    h.all_in("p3")  # +500
    h.all_in("p4")  # +400: together +900 >= 800
    h.fold("p0")
    h.fold("p1")
    assert h.reopened_for("p2").may_raise


def test_enforcing_reference_reopening_is_opt_in() -> None:
    h = table(10_000, 10_000, 10_000, 1300, enforce_reference_reopening=True)
    h.raise_to("p2", 1000)
    h.all_in("p3")
    h.fold("p0")
    h.call("p1")
    with pytest.raises(IllegalAction, match="already acted"):
        h.raise_to("p2", 3000)
    assert h.call("p2") == 300


# -- showdown order (1.11) ---------------------------------------------------------------------------


def test_showdown_order_last_aggressor_of_any_round_first() -> None:
    h = table(5000, 5000, 5000)
    h.raise_to("p2", 600)
    h.call("p0")
    h.call("p1")
    for _ in range(3):
        h.next_street()
        for name in ("p0", "p1", "p2"):
            h.check(name)
    assert h.showdown_order() == ["p2", "p0", "p1"]


def test_showdown_order_without_a_bet_starts_left_of_the_button() -> None:
    h = table(5000, 5000, 5000)
    h.call("p2")
    h.call("p0")
    h.check("p1")
    assert h.last_aggressor is None
    assert h.showdown_order() == ["p0", "p1", "p2"]


# -- single-clause helpers -----------------------------------------------------------------------------


def test_read_chips_undeclared_bet_is_full_value_1_1_2_2() -> None:
    r = read_chips(500, current_bet=0, last_full_raise=200, stack_behind=4000)
    assert (r.action, r.total, r.returned, r.make_up) == ("bet", 500, 0, 0)
    assert "1.1.2.2" in r.clauses


def test_read_chips_bet_below_the_minimum_that_the_stack_cannot_make_up_is_all_in() -> None:
    r = read_chips(100, current_bet=0, last_full_raise=200, stack_behind=50)
    assert (r.action, r.total, r.make_up) == ("all-in", 150, 50)
    made_up = read_chips(100, current_bet=0, last_full_raise=200, stack_behind=500)
    assert (made_up.action, made_up.total, made_up.make_up) == ("bet", 200, 100)


def test_read_chips_short_call_must_be_made_up_1_1_3_1() -> None:
    r = read_chips(400, current_bet=600, last_full_raise=400, stack_behind=5000)
    assert (r.action, r.total, r.make_up) == ("call", 600, 200)
    short = read_chips(400, current_bet=600, last_full_raise=400, stack_behind=150)
    assert (short.action, short.total, short.make_up) == ("all-in", 550, 150)
    assert short.clauses == ("1.1.3.1",)


def test_read_chips_undeclared_short_raise_is_a_call_1_4_1() -> None:
    r = read_chips(900, current_bet=600, last_full_raise=400, stack_behind=5000)
    assert (r.action, r.total, r.returned) == ("call", 600, 300)
    assert r.clauses[0] == "1.4.1"
    full = read_chips(1000, current_bet=600, last_full_raise=400, stack_behind=5000)
    assert (full.action, full.total, full.returned) == ("raise", 1000, 0)


def test_read_chips_short_raise_that_is_the_whole_stack_is_an_all_in() -> None:
    r = read_chips(900, current_bet=600, last_full_raise=400, stack_behind=0)
    assert (r.action, r.total, r.returned) == ("all-in", 900, 0)


def test_read_chips_single_oversized_chip_is_a_call_with_change_1_4_2() -> None:
    r = read_chips(1000, current_bet=300, last_full_raise=200, already_in=100, single_chip=True)
    assert (r.action, r.total, r.returned) == ("call", 300, 800)
    assert r.clauses == ("1.4.2",)


def test_read_chips_declared_raise_with_a_chip_is_the_most_the_chip_allows_1_4_2() -> None:
    r = read_chips(1000, current_bet=300, last_full_raise=200, single_chip=True, raise_declared=True)
    assert (r.action, r.total, r.returned, r.make_up) == ("raise", 1000, 0, 0)
    low = read_chips(400, current_bet=300, last_full_raise=300, raise_declared=True, stack_behind=5000)
    assert (low.total, low.make_up) == (600, 200)  # brought up to the minimum raise


def test_read_chips_rejects_impossible_input() -> None:
    with pytest.raises(ValueError, match="already in"):
        read_chips(100, current_bet=200, last_full_raise=200, already_in=300)


def test_run_it_twice_halves_and_odd_chip_returned_separately() -> None:
    assert split_run_twice(1001) == (500, 500, 1)
    assert split_run_twice(1000) == (500, 500, 0)
    shares = run_twice_shares([Pot(1001, ("a", "b")), Pot(300, ("a", "b"))])
    assert [(s.first_board, s.second_board, s.odd_chip) for s in shares] == [(500, 500, 1), (150, 150, 0)]
    assert shares[0].note == ODD_CHIP_NOTE and "does not say" in ODD_CHIP_NOTE


def test_run_it_twice_one_board_won_the_other_chopped() -> None:
    [share] = run_twice_shares([Pot(1001, ("a", "b"))])
    paid = share.paid(["a"], ["a", "b"])
    assert (paid.shares, paid.odd_chips) == ({"a": 750, "b": 250}, 1)
    assert paid.working == "each board 500 (1,001 ÷ 2); a 750 (500 + 250), b 250; 1 odd chip left for staff"
    with pytest.raises(ValueError, match="eligible"):
        share.paid(["a"], ["c"])


def test_max_add_on_under_the_table_limit_3_12() -> None:
    assert max_add_on(3000, 10_000) == 7000
    assert max_add_on(12_000, 10_000) == 0
    assert max_add_on(3000, 10_000, live_cards=True) == 0


def test_round_state_still_replays_actions_for_the_rules_engine() -> None:
    st = round_state([Action(actor="a", kind="raise", amount=600)], big_blind=200, street="preflop")
    assert (st.current_bet, st.last_full_raise, st.min_raise_to) == (600, 400, 1000)
    st = round_state([Action(actor="a", kind="bet", amount=1000), Action(actor="b", kind="all-in", amount=1400)],
                     big_blind=200, street="turn")
    assert (st.min_raise_to, st.short_all_in, st.to_call("a")) == (2400, True, 400)


def test_constructor_validates_the_table() -> None:
    with pytest.raises(ValueError, match="two players"):
        Hand([("a", 100)], small_blind=1, big_blind=2)
    with pytest.raises(ValueError, match="unique"):
        Hand([("a", 100), ("a", 100)], small_blind=1, big_blind=2)
    with pytest.raises(ValueError, match="positive stack"):
        Hand([("a", 100), ("b", 0)], small_blind=1, big_blind=2)
    with pytest.raises(ValueError, match="button"):
        Hand([("a", 100), ("b", 100)], small_blind=1, big_blind=2, button="c")


def test_a_short_raise_that_is_not_all_in_is_not_called_an_all_in() -> None:
    st = round_state([Action(actor="a", kind="bet", amount=800), Action(actor="b", kind="raise", amount=1200)],
                     street="turn")
    assert st.short_all_in is False
    assert st.short_raise is True
    all_in = round_state([Action(actor="a", kind="bet", amount=800), Action(actor="b", kind="all-in", amount=1200)],
                         street="turn")
    assert all_in.short_all_in is True and all_in.last_full_raise == 800


# -- one betting model: Hand and round_state share BettingRound ------------------------------------------


def test_hand_keeps_one_betting_round_per_street() -> None:
    h = table(20_000, 20_000, 1600)
    h.call("p2")
    h.call("p0")
    h.check("p1")
    assert isinstance(h.round, BettingRound) and h.rounds == [h.round]
    h.next_street()
    assert len(h.rounds) == 2 and h.round.committed == {} and h.last_full_raise == 200
    h.bet("p0", 1000)
    h.fold("p1")
    h.all_in("p2")  # 1,400: short of the full raise to 2,000
    assert h.round.short_all_ins == [ShortAllIn("p2", 1400, 2000, "raise")]
    assert h.round.short_all_ins[0].working() == "all-in for 1,400, 600 short of a full raise to 2,000 (2,000 − 1,400)"
    assert h.round.to_call_working("p0") == "400 to call (1,400 − 1,000)"


def test_a_short_call_all_in_is_recorded_with_its_shortfall() -> None:
    h = table(10_000, 10_000, 450)
    h.call("p2")
    h.raise_to("p0", 1000)
    h.fold("p1")
    h.call("p2")  # 250 more: all-in for 450 of the 1,000
    assert h.rounds[0].short_all_ins == [ShortAllIn("p2", 450, 1000, "call")]
    assert h.rounds[0].short_all_ins[0].shortfall == 550


def test_round_state_opening_bet_below_the_big_blind_keeps_the_blind_as_the_raise_size() -> None:
    """The same answer the hand (and PokerKit) gives: the big blind is the opening full bet (1.4)."""
    st = round_state([Action(actor="a", kind="all-in", amount=60)], big_blind=200, street="flop")
    assert (st.current_bet, st.last_full_raise, st.min_raise_to, st.short_all_in) == (60, 200, 260, True)
    assert st.working() == ("last full raise 200, not reset by the short all-in, "
                            "so the minimum raise is to 260 (60 + 200)")


def test_a_misdeal_voids_the_round_and_its_bets() -> None:
    h = table(5000, 5000, 5000)
    h.raise_to("p2", 600)
    h.misdeal()
    assert (h.current_bet, h.round.committed) == (0, {})
    assert BettingRound(current_bet=600, committed={"a": 600, "b": 0}).void() == {"a": 600}


def test_the_chips_nobody_matched_are_uncalled() -> None:
    from engine.betting import uncalled

    assert uncalled({"CO": 23_400, "BB": 16_500, "SB": 1_000}) == ("CO", 6_900)
    assert uncalled({"CO": 9_000, "BTN": 9_000}) is None
    assert uncalled({"CO": 9_000}) is None
    from engine.betting import played_for

    assert played_for({"CO": 23_400, "BB": 16_500, "SB": 1_000}) == 34_000


def test_a_minimum_raise_told_without_a_size_goes_to_the_bet_plus_the_last_full_raise() -> None:
    from engine.betting import round_state

    rnd = round_state([Action(actor="A", kind="bet", amount=120), Action(actor="B", kind="raise", amount=300),
                       Action(actor="C", kind="raise", minimum=True), Action(actor="A", kind="call")],
                      street="flop")
    assert rnd.current_bet == 480 and rnd.committed == {"A": 480, "B": 300, "C": 480}
    assert rnd.last_full_raise == 180


def test_layered_pots_give_each_all_in_only_what_he_can_win() -> None:
    from engine.betting import Pot, layered_pots

    pots = layered_pots({"A": 300, "B": 750, "C": 2000, "D": 100}, folded={"D"})
    assert pots == [Pot(1000, ("A", "B", "C")), Pot(900, ("B", "C")), Pot(1250, ("C",))]
