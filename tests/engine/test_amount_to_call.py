"""What's the call? The current bet less what the player already has in, replayed from the told action."""

from __future__ import annotations

from engine.ask import answer
from engine.decide import decide
from engine.facts import Action, Facts


def test_a_three_bet_leaves_the_opener_the_difference_to_call() -> None:
    facts = Facts(big_blind=100, street="preflop", asks_call=True, call_for="UTG",
                  actions=[Action(actor="UTG", kind="raise", amount=300), Action(actor="CO", kind="raise", amount=900)])
    r = decide(facts, topic="amount_to_call")
    assert r.kind == "ruling" and r.amounts["to_call"] == 600
    assert "900 − 300 = 600" in r.outcome and r.citations[0] == "1.1.3"


def test_a_player_with_nothing_in_calls_the_whole_bet() -> None:
    facts = Facts(street="flop", asks_call=True,
                  actions=[Action(actor="Seat 3", kind="bet", amount=40),
                           Action(actor="Seat 6", kind="raise", amount=110)])
    assert decide(facts, topic="amount_to_call").amounts["to_call"] == 110


def test_no_bet_read_is_asked_not_answered_as_nothing() -> None:
    r = decide(Facts(asks_call=True, street="flop"), topic="amount_to_call")
    assert r.kind == "needs_facts" and "0 to call" not in r.outcome


def test_told_in_words() -> None:
    r = answer("blinds 50/100, utg opens to 300, co 3-bets to 900. whats the call for utg?")
    assert r.kind == "ruling" and r.amounts.get("to_call") == 600
