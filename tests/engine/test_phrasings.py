"""Phrasings that reach the right fact: a clause number leading the message, players counted in words."""

from __future__ import annotations

import pytest

from engine import answer
from engine.understanding.extract import extract_facts


def understand(text: str):  # type: ignore[no-untyped-def]
    return extract_facts(text)[0]


@pytest.mark.parametrize("text, clause", [
    ("3.15 - what is it again?", "3.15"),
    ("1.4.2: what does that one say", "1.4.2"),
    ("rule 2.6 is what exactly?", "2.6"),
])
def test_clause_number_leading_a_question_is_a_lookup(text: str, clause: str) -> None:
    r = answer(text)
    assert r.kind == "lookup", (r.kind, r.outcome)
    assert r.citations[0] == clause


def test_clause_number_inside_a_story_is_not_a_lookup() -> None:
    r = answer("two players all in on the turn and both agree, 1.9 says we can run it twice, right?")
    assert r.kind != "lookup"


def test_everyone_folds_except_two_counts_two_players() -> None:
    facts = understand("On the flop everyone folded except two players, who both went all in. Run it twice?")
    assert facts.players_in_hand == 2
    assert facts.both_all_in is True


def test_all_chips_in_reads_as_all_in_for_run_it_twice() -> None:
    facts = understand("heads up, both players got all of their chips in on the flop, can we run it twice?")
    assert facts.both_all_in is True


@pytest.mark.parametrize("text, bb", [("bb 400, utg opens 1,000", 400), ("big blind at 50 tonight", 50),
                                      ("bb 3 times in a row he didn't post", None)])
def test_big_blind_shorthand(text: str, bb: int | None) -> None:
    assert understand(text).big_blind == bb


def test_taking_back_an_early_flop_is_about_cards_not_a_wager() -> None:
    r = answer("the dealer put the flop out before the button had acted preflop, can we just take it back?")
    assert r.citations[0] == "2.5.1", (r.citations, r.outcome)


def test_a_dispute_is_not_table_noise() -> None:
    facts = understand("He argued with the dealer that his bet of 400 should stand")
    assert facts.table_noise is None


def test_call_on_a_possessive_bet_reads_the_bet_faced() -> None:
    r = answer("Seat 4 said call on Seat 9's 1,500 river bet and only put 1,200 out")
    assert r.citations[0] == "1.1.3.1", (r.citations, r.outcome)
    assert r.amounts.get("make_up") == 300


def test_short_jam_question_is_the_all_in_exception() -> None:
    r = answer("facing 2k with only 2.5k behind, am i allowed to shove when it isn't a full raise?")
    assert r.citations[0] == "1.4"
    assert "all-in" in r.outcome


def test_word_said_after_letting_go_of_the_chips_is_too_late() -> None:
    r = answer("Facing a 300 bet he puts exactly 300 over the line, lets go of the chips, then declares 'raise'")
    assert r.citations[0] == "1.2", (r.citations, r.outcome)
    assert "call" in r.outcome.lower()


def test_declared_all_in_then_partial_push_binds_the_all_in() -> None:
    r = answer("she said all in, then only pushed about half her chips forward. is she all in?")
    assert r.citations[0] == "1.2", (r.citations, r.outcome)
    assert "all-in" in r.outcome


def test_how_much_of_the_pot_each_run_is_worth() -> None:
    r = answer("we're both all in on the flop and agreed to run it twice; what portion of the pot does each board get?")
    assert r.citations[0] == "1.10", (r.citations, r.outcome)
    assert "50%" in r.outcome


def test_fold_out_of_turn_is_read_past_an_earlier_comma() -> None:
    facts = understand("On the river, after the flop was checked, seat 4 mucks his hand out of turn")
    assert facts.oot_action == "fold"


def test_cards_left_by_the_pot_are_unprotected() -> None:
    facts = understand("He left his hole cards out by the pot while chatting and the dealer swept them into the muck")
    assert facts.cards_unprotected is True
    assert facts.dealer_mucked is True


def test_wanting_to_top_up_a_bet_is_a_change_to_a_wager() -> None:
    r = answer("she bet 300 on the turn and then wanted to increase it to 500 before anyone acted. allowed?")
    assert r.citations[0] == "1.3", (r.citations, r.outcome)
    assert "her bet of 300" in r.outcome


def test_who_won_which_board_with_the_verb_understood() -> None:
    facts = understand("Run twice on a 9,000 pot: seat 1 takes the first board, seat 5 the second. Split?")
    assert facts.boards_won and len(facts.boards_won) == 2


def test_a_request_to_show_is_not_an_exposed_card() -> None:
    facts = understand("the floor asked me to flip my cards over at showdown after the river bettor folded")
    assert facts.card_exposed is None


def test_caller_need_not_show_after_the_bettor_mucks() -> None:
    r = answer("villain bets the river, i call, he mucks his hand. do i have to show my cards to get the pot?")
    assert r.kind == "ruling", (r.kind, r.outcome)
    assert r.citations[0] == "1.12", (r.citations, r.outcome)
    assert "does not have to" in r.outcome


def test_shouting_misdeal_is_a_players_call_not_table_noise() -> None:
    facts = understand("seat 3 keeps screaming 'misdeal!' because two cards stuck together. is it one?")
    assert facts.misdeal_called_by == "player"
    assert facts.table_noise is None


def test_quoted_advice_to_fold_in_a_live_hand() -> None:
    r = answer("Seat 9 already folded and told Seat 4 'you should call, he is bluffing'. What's the ruling?")
    assert r.citations[0] == "3.4", (r.citations, r.outcome)


def test_betting_not_finished_makes_a_board_card_early() -> None:
    facts = understand("the action on the flop wasn't complete and the dealer burned and turned the turn card")
    assert facts.board_card_exposed == "turn"
    assert facts.betting_round_complete is False


def test_claim_while_the_dealer_is_still_shuffling_is_in_time() -> None:
    facts = understand("they shipped it to villain but i swear i had the better hand, the dealer is still shuffling")
    assert facts.pot_contested is True
    assert facts.contest_timing == "before"


def test_chips_facing_a_bet_with_the_minimum_stated_are_read_as_his_action() -> None:
    r = answer("River: seat 2 bets 500. Seat 7 silently slides out 800 in one motion. "
               "The minimum raise is to 1,000. What is his action?")
    assert r.citations[0] == "1.4.1", (r.citations, r.outcome)
    assert r.amounts.get("call") == 500


def test_reaching_back_to_add_chips_is_a_second_motion() -> None:
    facts = understand("he slides out 400, pauses, then goes back and adds 800 more and says raise")
    assert facts.one_motion is False


def test_reaching_into_anothers_stack_to_bet_is_wagering_his_chips() -> None:
    facts = understand("seat 2 reached into seat 3's chips to call for him while he was on the phone")
    assert facts.wagering_others_chips is True


def test_showing_a_hole_card_to_a_neighbour_is_sharing_not_an_exposed_card() -> None:
    facts = understand("during the turn seat 4 showed one of his hole cards to seat 5, who is still in the hand")
    assert facts.card_exposed is None
    assert facts.hand_info_shared is True


def test_a_question_naming_a_clause_of_the_book_is_never_out_of_book() -> None:
    from engine import answer

    for text in ("3.15 - what is it again?", "what does 1.4.2 actually say about it?"):
        assert answer(text).kind != "uncovered", text
