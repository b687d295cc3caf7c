"""The numeric mistakes issue 10 was filed for, each as a ruling that must now come out right."""

from __future__ import annotations

import pytest

from engine.ask import answer

CASES = [
    # A re-raise is measured from the last raise, not from the big blind; the working is shown.
    ("50/100, UTG opens to 300, the cutoff 3-bets to 900. What is the minimum 4-bet?",
     {"min_raise_to": 1500, "last_full_raise": 600}, "last full raise 600 (900 − 300)"),
    # A lone oversized chip facing an open raise is a call of the raise, not of the blind.
    ("10/20, UTG opens to 60, the button puts out a single 500 chip without saying anything. What is his action?",
     {"call": 60, "change": 440}, None),
    # A spoken amount while the chip is still in the hand is the bet; the rest comes back.
    ('25/50 on the flop, first to act, he says "three hundred" while a 500 chip is still in his hand, then drops it. '
     "How much does he get back?", {"bet": 300, "change": 200}, None),
    # A single chip described without the word "chip" is still one chip (1.4.2): a call.
    ("facing 25, he drops a single 100 silently. what is it?", {"call": 25, "change": 75}, None),
    ("1/2, facing a 300 bet he puts out one yellow. call or raise?", {"call": 300, "change": 700}, None),
    ("facing a 200 bet, a $500 chip, doesnt say anything. what's his action?", {"call": 200, "change": 300}, None),
    # 'Raise' said first, then a second trip to the stack: a declared raise of both trips.
    ("50/100, facing a bet of 200 he says raise and puts out 300, then goes back for 400 more. What is his action?",
     {"raise_to": 700}, None),
    # A short all-in does not reset the raise size.
    ("100/200, UTG raises to 600, HJ goes all in for 900. What is the minimum re-raise?",
     {"min_raise_to": 1300, "last_full_raise": 400}, "not reset by the short all-in"),
]


@pytest.mark.parametrize(("text", "amounts", "working"), CASES)
def test_why_examples(text: str, amounts: dict[str, int], working: str | None) -> None:
    r = answer(text)
    assert r.kind == "ruling", r.outcome
    for k, v in amounts.items():
        assert r.amounts.get(k) == v, (k, r.amounts, r.outcome)
    if working:
        assert working in r.outcome
    assert " 0 in change" not in r.outcome


def test_misdeal_returns_each_bet_and_adds_them_up() -> None:
    r = answer("Misdeal declared at 100/200 after UTG raised to 600 and HJ called. What happens to the bets?")
    assert r.amounts.get("returned") == 1500
    assert "600 + 600 + 100 + 200" in r.outcome


def test_run_it_twice_with_a_chopped_board() -> None:
    r = answer("We ran it twice on a 10,000 pot. I won the first board and the second board was chopped. "
               "How much do I get?")
    assert r.amounts.get("share") == 7500


def test_room_under_the_table_limit_shows_its_working() -> None:
    r = answer("Table limit is 5,000 and I have 3,200. How much can I add between hands?")
    assert r.amounts.get("max_add") == 1800 and "3,200 + 1,800 = 5,000" in r.outcome


@pytest.mark.parametrize(("text", "share"), [
    ("ran it twice, pot 9,800. i win board 1, board 2 chops. how much do i get", 7350),
    ("so we run it twice for 9,300 total. board one's mine clean, board two we both end up with the same broadway "
     "straight so that one chops. whats my cut", 6975),
    ("We ran it twice on a 14,200 pot. Seat 2 won the first board outright, and the second board played for a chop "
     "between Seat 2 and Seat 5. The dealer needs the split.", 10650),
])
def test_run_it_twice_chopped_board_shares(text: str, share: int) -> None:
    assert answer(text).amounts.get("share") == share


def test_minimum_four_bet_asked_in_words() -> None:
    r = answer("50/100 game. Seat 3 opens to 250, Seat 5 three-bets to 700, and Seat 8 asks for the minimum "
               "four-bet. The new dealer told him 950.")
    assert r.amounts.get("min_raise_to") == 1150
