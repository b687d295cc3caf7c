"""Run it twice: each board's result as the asked-for player saw it, and whose share is asked."""

from __future__ import annotations

import pytest

from engine import answer
from engine.understanding import boards
from engine.understanding.doc import Doc

CASES = [
    ("Both all in, we ran it twice. He took the upper board and the lower one was chopped. What do I get back?",
     ["other", "split"], "asker"),
    ("They run it twice: Seat 2 gets the first board, Seat 9 the second. What is Seat 9's share?",
     ["other", "asker"], "Seat 9"),
    ("Ran it twice, bottom board mine, top board his. How much do I collect?", ["other", "asker"], "asker"),
    ("Seat 5 and Seat 1 ran it twice and Seat 1 scoops both boards. How much goes to Seat 1?",
     ["asker", "asker"], "Seat 1"),
    ("We ran it twice and split the boards. How much is mine?", ["asker", "other"], "asker"),
    ("Ran it twice, lost the top, the bottom was a tie. What do I get?", ["other", "split"], "asker"),
    ("We ran it twice. Board one I take, board two we make the same flush and chop it. What is mine?",
     ["asker", "split"], "asker"),
    ("Run twice: the first run is chopped, the second goes to Seat 2. What does Seat 2 get?",
     ["split", "asker"], "Seat 2"),
]


@pytest.mark.parametrize(("text", "won", "party"), CASES)
def test_each_board_is_read_for_the_player_asked_about(text: str, won: list[str], party: str) -> None:
    doc = Doc(text)
    boards.extract(doc)
    assert doc.found.get("boards_won") == won
    assert doc.found.get("share_for") == party


def test_a_player_only_named_by_pronoun_is_not_guessed() -> None:
    doc = Doc("Seat 3 and Seat 6 run it twice; he wins the top and the bottom chops. How much does Seat 6 get?")
    boards.extract(doc)
    assert "share_for" not in doc.found


def test_raising_on_top_of_a_bet_is_no_board() -> None:
    doc = Doc("He raises 300 on top of the bet and I call. What is the minimum raise?")
    boards.extract(doc)
    assert doc.found == {}


def test_the_share_is_worked_out_for_the_named_player() -> None:
    r = answer("25/50. On the turn the pot is 1,000. Seat 3 shoves 2,000 and Seat 7 calls all in for 2,000. They run "
               "it twice: Seat 7 wins the top board and the bottom board is chopped. How much does Seat 3 get?")
    assert "Seat 3 gets 1,250" in r.outcome  # (1,000 + 4,000) / 2 = 2,500 a board; half of the chopped one
