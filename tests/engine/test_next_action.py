"""What the next player faces once disputed chips are settled: the dispute's rule decides, the arithmetic follows."""

from __future__ import annotations

import pytest

from engine import answer
from engine.facts import Action, Facts
from engine.result import Ruling
from engine.rules.next_action import settled_action, with_next_action


def _ruling(**amounts: int) -> Ruling:
    return Ruling(kind="ruling", outcome="Settled.", citations=["1.2"], amounts=dict(amounts))


def test_a_bet_held_to_the_amount_said_sets_the_next_minimum_raise() -> None:
    f = Facts(big_blind=100, street="flop", put_by="Seat 3", chips_put_out=500, asks_min_raise=True)
    r = with_next_action(_ruling(bet=700), f)
    assert r.amounts["next_min_raise_to"] == 1400
    assert "1,400" in r.outcome and "(700 + 700)" in r.outcome


def test_a_call_of_an_oversized_chip_leaves_the_bet_as_it_was() -> None:
    f = Facts(big_blind=50, street="turn", put_by="Seat 5", chips_put_out=1000, single_chip=True,
              actions=[Action(actor="Seat 3", kind="bet", amount=225)], asks_min_raise=True)
    r = with_next_action(_ruling(call=225, change=775), f)
    assert r.amounts["next_min_raise_to"] == 450


def test_another_players_call_counts_what_he_already_has_in() -> None:
    f = Facts(big_blind=100, street="flop", put_by="Seat 4", chips_put_out=700, call_for="Seat 1", asks_call=True,
              actions=[Action(actor="Seat 1", kind="bet", amount=300)])
    r = with_next_action(_ruling(raise_to=1000), f)
    assert r.amounts["next_to_call"] == 700


def test_the_players_own_minimum_is_not_answered_twice() -> None:
    f = Facts(big_blind=100, street="flop", put_by="i", call_for="me", chips_put_out=250, asks_min_raise=True,
              actions=[Action(actor="he", kind="bet", amount=150)])
    r = with_next_action(_ruling(raise_to=300, add=50), f)
    assert "next_min_raise_to" not in r.amounts


@pytest.mark.parametrize("kind", ["needs_facts", "uncovered"])
def test_only_a_settled_ruling_gets_the_arithmetic(kind: str) -> None:
    f = Facts(big_blind=100, put_by="Seat 3", chips_put_out=500, asks_min_raise=True)
    r = Ruling(kind=kind, outcome="?", amounts={"bet": 500})
    assert settled_action(f, r) is None


def test_the_dispute_leads_and_the_minimum_raise_follows() -> None:
    r = answer("Dealing 25/50, river, checked to Seat 2. He says 'three hundred' and then tosses in a purple. Seat 6 "
               "wants to raise. What is the smallest total he can raise to?")
    assert r.citations[0] == "1.1.2.1"
    assert "The bet is 300" in r.outcome and "at least 600" in r.outcome


def test_a_declared_raise_to_a_stated_total_gives_change() -> None:
    r = answer("Dealing 50/100, turn. Seat 1 bets 300. Seat 4 says 'raise to nine hundred' and puts out two yellows. "
               "What is his raise?")
    assert "raise to 900" in r.outcome and "1,100" in r.outcome


def test_a_short_call_comes_out_of_the_stack_told_before_it() -> None:
    r = answer("Dealing 25/50. Seat 6 has 420 behind going to the river. Seat 1 bets 600 on the river and Seat 6 says "
               "'call' and puts out four blacks. How much more does Seat 6 put in?")
    assert "his last 20" in r.outcome and "all-in for 420" in r.outcome


def test_a_place_after_from_is_no_player() -> None:
    from engine.understanding.actionlog import names_in

    assert names_in("Visiting from Denver tonight. Then Dana raises and Dana folds. Denver is cold.") == {"dana"}


def test_an_opening_bet_of_the_chips_put_out_is_no_dispute() -> None:
    r = answer("River, first to act puts out 600 without a word. Next player wants to raise; what's the minimum?")
    assert r.citations[0] == "1.4"
    assert "to 1,200" in r.outcome


def test_the_dealer_telling_of_two_players_boards_has_no_share() -> None:
    from engine.understanding import boards
    from engine.understanding.doc import Doc

    doc = Doc("Heads up all in, ran it twice: Seat 2 won the first board and Seat 6 won the second. I dealt it; "
              "how do I split the chips?")
    boards.extract(doc)
    assert "share_for" not in doc.found


def test_the_pot_asked_after_a_disputed_call_adds_the_settled_call() -> None:
    r = answer("Flop pot is 85. Seat 3 bets 30. Seat 7 silently drops a single black chip, and everyone else folds. "
               "What's in the pot going to the turn?")
    assert r.amounts.get("pot_after") == 145 and "85 told before the bets + 30 + 30" in r.outcome
