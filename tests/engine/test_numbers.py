"""Amounts are exact integers end to end: read exactly or refused, in any script, through invisible characters."""

from __future__ import annotations

import pytest

from engine.understanding.common import parse_amount
from engine.understanding.extract import extract_facts
from rules_index import get_index


@pytest.mark.parametrize(("text", "value"), [
    ("1,500", 1500), ("1.5k", 1500), ("1k5", 1500), ("5k", 5000), ("1k05", 1050), ("0.5k", 500),
    ("1" * 40, int("1" * 40)), ("٣٠٠", 300), ("３００", 300), ("2\u200b5", 25),
    ("1e309", None), ("12.5", None), ("1" * 41, None), ("inf", None), ("nan", None),
])
def test_exact_amounts(text: str, value: int | None) -> None:
    assert parse_amount(text) == value


def test_forty_digit_amount_is_exact_in_the_facts() -> None:
    big = 1234567890123456789012345678901234567890
    f, _ = extract_facts(f"blinds 50/100, utg opens to {big}, what is the min raise?")
    assert f.actions and f.actions[0].amount == big


def test_exponent_is_not_one() -> None:
    f, _ = extract_facts("blinds 50/100, utg opens to 1e309")
    assert not any(a.amount == 1 for a in f.actions or [])


def test_zero_width_inside_a_number_is_removed() -> None:
    f, _ = extract_facts("facing 2\u200b5, he drops a single 100 silently")
    assert f.bet_faced == 25 and f.chips_put_out == 100


def test_arabic_indic_digits_read() -> None:
    f, _ = extract_facts("blinds ٥٠/١٠٠, utg opens to ٣٠٠, co 3-bets to ٩٠٠, min 4-bet?")
    assert f.big_blind == 100 and [a.amount for a in f.actions or []] == [300, 900]


@pytest.mark.parametrize("query", ["١.٤.٢", "１.４.２", "1.4\u200b.2"])
def test_rule_lookup_reads_other_digits(query: str) -> None:
    assert get_index().lookup(query).id == "1.4.2"


def test_amounts_said_as_prices_read_as_hundreds() -> None:
    from engine.understanding.doc import Doc

    assert Doc("he says 'one twenty-five' as the chip drops").nums.count("125") == 1
    assert "250" in Doc("says two fifty").nums and "1250" in Doc("twelve fifty").nums
    assert "fifties" in Doc("he has two fifties").nums  # chips counted, not a price


def test_a_ten_price_is_read_after_words_of_saying_and_the_stakes_stay_stakes() -> None:
    from engine.understanding.doc import Doc

    assert "210" in Doc("the big blind says 'two ten' before his chips go in").nums
    assert "110" in Doc("the hijack makes it one ten").nums
    assert "510" not in Doc("we moved up to five ten last week").nums  # the stakes, not a price
    assert "510" not in Doc("playing the five ten game").nums


def test_hundreds_and_a_quarter_or_a_half_are_a_price_unless_a_unit_follows() -> None:
    from engine.understanding.doc import Doc

    assert "225" in Doc("she says 'two and a quarter' and sets out three blacks").nums
    assert "650" in Doc("river he fires six and a half").nums
    assert "250" not in Doc("a raise of two and a half times the bet").nums
    assert "150" not in Doc("we waited one and a half hours").nums


def test_a_price_whose_hundreds_are_a_tens_word_reads_whole() -> None:
    from engine.understanding.doc import Doc

    assert "2525" in Doc("the lojack jams for twenty-five twenty-five").nums
    assert "4475" in Doc("seat 2 shipped forty-four seventy-five").nums
    assert Doc("he bet twenty-five, twenty called").nums == "he bet 25, 20 called"  # two amounts, not one


def test_chip_values_the_story_states_count() -> None:
    from engine.understanding.common import chips_described
    from engine.understanding.doc import Doc

    told = Doc("he's got 4 blacks, 7 greens, 9 reds (black=100 green=25 red=5)").nums
    assert chips_described(told)[:2] == (620, 20)
    assert chips_described(Doc("2 yellows (1k each), 6 blacks (100) and 11 greens (25)").nums)[0] == 2875


@pytest.mark.parametrize(("text", "digits"), [
    ("max buy in here is five bills", "max buy in here is 500"),
    ("table max is a grand", "table max is 1000"),
    ("he has 1.5 grand", "he has 1500"),
    ("he wants two grand more", "he wants 2000 more"),  # a count said as a word
    ("1.255 bills", "1.255 bills"),  # not a whole number of chips: left as written
])
def test_slang_units_are_read_as_exact_amounts(text: str, digits: str) -> None:
    from engine.understanding.numbers import slang_amounts

    assert slang_amounts(text) == digits
