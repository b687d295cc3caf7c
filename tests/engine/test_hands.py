"""Showdown help: card reading, floor names for hands, winners, split pots and the order of showing."""

from __future__ import annotations

import random

import pytest
from pokerkit import StandardHighHand

from engine.betting import Pot
from engine.hands import (
    SHOW_ORDER_NOTE,
    SPLIT_ODD_CHIP_NOTE,
    award_pots,
    evaluate,
    name_hand,
    parse_cards,
    showdown,
    showing_order,
    winners,
)

# -- names -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("As Ks Qs Js Ts 2d 3c", "royal flush"),
        ("9h Kh Qh Jh Th 2d 3c", "king-high straight flush"),
        ("Ad 2d 3d 4d 5d Kc Qh", "five-high straight flush"),
        ("Qs Qd Qh Qc 2s 7d 9c", "four of a kind, queens"),
        ("9s 9d 9h Kc Ks 2d 3c", "nines full of kings"),
        ("Ah 3h 7h 9h Jh 2c Kd", "ace-high flush"),
        ("9c Kd Qs Jh Ts 2d 3c", "king-high straight"),
        ("As 2d 3c 4h 5s Kd 9c", "five-high straight"),
        ("7c 7d 7s Ah 2d 9c Jh", "three of a kind, sevens"),
        ("Kc Kd 9s 9h 2d 3c 7s", "two pair, kings and nines"),
        ("Ac Ad 5c 9d 3s 7h Jc", "pair of aces"),
        ("Ac Kd 5c 9d 3s 7h Jc", "ace high"),
        ("6c 6d 6h 2s 2d", "sixes full of twos"),
    ],
)
def test_each_category_is_named_as_the_floor_says_it(cards: str, name: str) -> None:
    assert name_hand(cards) == name


def test_kickers_do_not_change_the_name() -> None:
    assert name_hand("Kc Kd 9s 9h Ac 2d 3c") == name_hand("Kc Kd 9s 9h 4c 2d 3c") == "two pair, kings and nines"
    assert name_hand("Ac Ad Kc 9d 3s") == name_hand("Ac Ad 4c 6d 2s") == "pair of aces"
    # The kicker still decides the winner, though.
    assert winners("Ac Ad 9s 8h 2c", {"a": "Kc 3d", "b": "Qd 3h"}) == ("a",)


def test_board_plays_the_best_five_of_seven() -> None:
    # Two pair on board plus a third pair in the hand: the best two pairs are named.
    assert name_hand("Kc Kd 9s 9h 4c 4d Ah") == "two pair, kings and nines"
    # A full house beats the flush also available.
    assert name_hand("Ah Kh 7h Ac Ad Kd 2h") == "aces full of kings"


def test_names_with_fewer_than_five_cards_before_the_flop() -> None:
    assert name_hand("As Ad") == "pair of aces"
    assert name_hand("As Kd") == "ace high"
    assert name_hand("Ks Kd Kc") == "three of a kind, kings"
    assert evaluate("", "As Ad").strength is None


def test_evaluate_gives_best_five_named_cards_first() -> None:
    v = evaluate("Ks 9d 9c 2h 4s", "Kd Kh", player="amy")
    assert v.player == "amy"
    assert v.category == "full house"
    assert v.name == "kings full of nines"
    assert v.best == ("Ks", "Kh", "Kd", "9d", "9c")  # named cards first, then by rank and suit
    assert v.strength is not None


# -- reading cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("As Kd", ("As", "Kd")),
        ("ah kd", ("Ah", "Kd")),
        ("10h Th", ("Th", "Th")),
        ("AsKd", ("As", "Kd")),
        ("A♠ K♦", ("As", "Kd")),
        ("2c, 3d", ("2c", "3d")),
    ],
)
def test_cards_are_read_the_way_people_type_them(text: str, cards: tuple[str, ...]) -> None:
    assert parse_cards(text) == cards


def test_lists_of_card_strings_are_accepted() -> None:
    assert parse_cards(["10h", "jc"]) == ("Th", "Jc")


@pytest.mark.parametrize("bad", ["Ax", "1h", "As K", "Zz", "11h"])
def test_bad_card_strings_are_a_clear_error(bad: str) -> None:
    with pytest.raises(ValueError, match="cannot read a card"):
        parse_cards(bad)


def test_duplicate_card_between_board_and_hand_is_an_error() -> None:
    with pytest.raises(ValueError, match="duplicate card: the As appears both on the board and in bob's hole cards"):
        showdown("As Kd 2c 7h 9s", {"amy": "Qc Qd", "bob": "as 3d"})


def test_duplicate_card_between_two_hands_is_an_error() -> None:
    with pytest.raises(ValueError, match="duplicate card: the Qc"):
        showdown("As Kd 2c 7h 9s", {"amy": "Qc Qd", "bob": "qc 3d"})


def test_duplicate_card_within_the_cards_given_is_an_error() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        name_hand("As As Kd")


def test_hole_cards_must_be_two_and_board_at_most_five() -> None:
    with pytest.raises(ValueError, match="exactly two hole cards"):
        showdown("As Kd 2c", {"amy": "Qc Qd Qh"})
    with pytest.raises(ValueError, match="at most five"):
        showdown("As Kd 2c 3c 4c 5c", {"amy": "Qc Qd"})


def test_winner_needs_at_least_the_flop() -> None:
    with pytest.raises(ValueError, match="at least three board cards"):
        showdown("As Kd", {"amy": "Qc Qd", "bob": "Jc Jd"})


# -- winners and split pots -------------------------------------------------------------------------


def test_best_hand_wins() -> None:
    sd = showdown("Ah Kh Qd 2c 3s", {"amy": "As Ad", "bob": "Kd Ks", "cy": "4c 5d"})
    assert sd.winners == ("cy",)  # the wheel straight beats both sets
    assert sd.hands["cy"].name == "five-high straight"
    assert sd.hands["amy"].name == "three of a kind, aces"
    assert not sd.split


def test_board_plays_for_everyone_is_a_split_pot() -> None:
    sd = showdown("Ah Kh Qd Jc Ts", {"amy": "2s 3d", "bob": "4c 4d"})
    assert sd.winners == ("amy", "bob")
    assert sd.split
    assert sd.hands["amy"].name == sd.hands["bob"].name == "ace-high straight"


def test_same_hand_different_suits_splits() -> None:
    assert winners("2c 7d 9h Js 3c", {"a": "Ah Kd", "b": "As Kc", "c": "Qh Qd"}) == ("c",)
    assert winners("2c 7d 9h Js 3c", {"a": "Ah Kd", "b": "As Kc"}) == ("a", "b")


def test_award_pots_each_pot_among_its_own_eligible_players() -> None:
    board = "2c 7d 9h Js 3c"
    holes = {"short": "Ah Ad", "mid": "Kh Kd", "deep": "Qh Qd"}
    pots = [Pot(900, ("short", "mid", "deep")), Pot(1000, ("mid", "deep")), Pot(50, ("deep",))]
    awards = award_pots(pots, board, holes)
    assert [(a.winners, a.share, a.odd_chips) for a in awards] == [
        (("short",), 900, 0), (("mid",), 1000, 0), (("deep",), 50, 0)]


def test_split_pot_odd_chip_is_returned_separately_with_a_note() -> None:
    awards = award_pots([Pot(1001, ("a", "b"))], "Ah Kh Qd Jc Ts", {"a": "2s 3d", "b": "4c 4d"})
    assert (awards[0].winners, awards[0].share, awards[0].odd_chips) == (("a", "b"), 500, 1)
    assert awards[0].note == SPLIT_ODD_CHIP_NOTE


def test_award_pots_needs_every_eligible_players_cards() -> None:
    with pytest.raises(ValueError, match="no hole cards given for b"):
        award_pots([Pot(100, ("a", "b"))], "Ah Kh Qd Jc Ts", {"a": "2s 3d"})


# -- order of showing (1.11) ---------------------------------------------------------------------------


def test_last_aggressor_shows_first_then_clockwise() -> None:
    assert showing_order(["sb", "bb", "utg", "btn"], "utg") == ["utg", "btn", "sb", "bb"]


def test_no_aggression_shows_in_normal_order_of_play() -> None:
    assert showing_order(["sb", "bb", "btn"]) == ["sb", "bb", "btn"]


def test_showdown_reports_order_and_its_note() -> None:
    sd = showdown("Ah Kh Qd 2c 3s", {"sb": "As Ad", "bb": "Kd Ks", "btn": "4c 5d"}, last_aggressor="bb")
    assert sd.order == ("bb", "btn", "sb")
    assert sd.note == SHOW_ORDER_NOTE
    with pytest.raises(ValueError, match="not among the players"):
        showing_order(["a", "b"], "c")


# -- cross-check with PokerKit's own evaluator (test-only) ---------------------------------------------


def test_categories_and_winners_agree_with_pokerkit() -> None:
    """Random deals: our category (from phevaluator's rank) and winners match PokerKit's StandardHighHand."""
    labels = {
        "straight flush": "Straight flush", "four of a kind": "Four of a kind", "full house": "Full house",
        "flush": "Flush", "straight": "Straight", "three of a kind": "Three of a kind", "two pair": "Two pair",
        "one pair": "One pair", "high card": "High card",
    }
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    rng = random.Random(7)
    seen = set()
    for _ in range(1500):
        n = rng.randint(2, 6)
        cards = rng.sample(deck, 5 + 2 * n)
        board = cards[:5]
        holes = {f"p{i}": cards[5 + 2 * i: 7 + 2 * i] for i in range(n)}
        sd = showdown(board, holes)
        pk = {p: StandardHighHand.from_game("".join(h), "".join(board)) for p, h in holes.items()}
        best = max(pk.values())
        assert sd.winners == tuple(p for p in holes if pk[p] == best), (board, holes)
        for p, v in sd.hands.items():
            assert labels[v.category] == pk[p].entry.label.value, (board, holes[p], v.name)
            seen.add(v.category)
    assert len(seen) >= 8  # every category but (rarely dealt) straight flushes, at least
