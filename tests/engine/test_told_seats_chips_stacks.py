"""Seats told by their number alone, chips told with their values said again, stacks told for two players at the
start of the hand, and what an out-of-turn bet's owner gets back when he only calls."""

from __future__ import annotations

from engine.ask import answer
from engine.understanding.actionlog import Chips, stated_values, tag, tokens
from engine.understanding.extract import extract_facts


def _acts(text: str) -> list[tuple[str, str, int | None]]:
    facts, _doc = extract_facts(text)
    return [(a.actor, a.kind, a.amount) for a in facts.actions or []]


def _chips(text: str) -> list[Chips]:
    return [t.value for t in tag(tokens(text)) if t.kind == "chips"]


def test_a_seat_told_by_its_number_alone_is_that_seat() -> None:
    acts = _acts("Turn at 5/10. Seat 2 checks, seat 8 bets 90 before 3 and 6 had acted. Back to 3, who checks, "
                 "then 6 checks. Seat 9 wants to raise, what's the least he can make it?")
    assert ("Seat 3", "check", None) in acts and ("Seat 6", "check", None) in acts
    assert not any(amount in (3, 6) for _who, _kind, amount in acts)


def test_a_bare_number_is_an_amount_when_no_seat_is_named() -> None:
    assert not any(t.kind == "actor" for t in tag(tokens("blinds 2/5, 4 limpers, 5 call")))


def test_checks_after_an_out_of_turn_bet_leave_it_binding_and_1_8_1_leads() -> None:
    r = answer("2/5 flop. seat 2 checks, seat 7 fires 40 before 4 and 5 acted. back to 4, 4 checks, 5 checks. "
               "seat 8 wants to raise, min total?")
    assert r.citations[0] == "1.8.1" and r.amounts.get("min_raise_to") == 80


def test_a_bet_after_an_out_of_turn_bet_voids_it_and_a_call_keeps_part_of_the_chips() -> None:
    r = answer("1/3 turn. Seat 9 bets 300 before seat 4 has acted. Back to seat 4, who bets 120. Seat 9 would "
               "rather just call now. How much of his 300 comes back to him?")
    assert r.citations[0] == "1.8.2"
    assert "180 goes back" in r.outcome and r.amounts.get("back_to_stack") == 180


def test_a_player_who_acts_before_another_puts_out_chips_out_of_turn() -> None:
    facts, _doc = extract_facts("River, 2/5. S1 checks. S4 acts before S2: slides three blacks over the line, "
                                "says nothing. Back to S2, who checks. What is S4's bet?")
    assert facts.oot_action == "bet" and facts.oot_amount == 300


def test_two_players_who_started_the_hand_with_the_same_stack_are_each_all_in_for_the_rest() -> None:
    r = answer("10/20. UTG opens 60, button calls, blinds fold. Flop: UTG bets 100, button shoves and UTG calls "
               "all in. UTG and the button both started the hand with 1,000. They run it twice: what is each "
               "board worth?")
    assert r.amounts.get("each_board") == 1015  # 30 blinds + 1,000 from each of them, halved


def test_a_position_in_brackets_after_a_name_is_that_player() -> None:
    facts, _doc = extract_facts("50/100. SB folds. Rosa (BTN) and Ned (BB) both started the hand with 2,000; "
                                "Rosa shoves, Ned calls. They run it twice, what does Ned get if he wins one board?")
    assert facts.starting_stacks == {"Rosa": 2000, "Ned": 2000}


def test_a_colours_value_said_again_is_not_another_amount() -> None:
    assert _chips("then pushes 5 black 100 across") == [Chips(5, 100)]
    assert _chips("stack is 12 reds ( $5 ) and 40 whites ( $1 )") == [Chips(12, 5), Chips(40, 1)]
    assert _chips("he bets 2 greens ( 50 ) flat") == [Chips(2, 25)]  # a heap's total in brackets is left alone


def test_one_bracket_of_values_for_a_list_of_colours_gives_them_in_order() -> None:
    assert stated_values(tokens("it was 3 blacks and 3 greens ( 100s and 25s ) all along")) == \
        {"black": 100, "green": 25}


def test_chips_added_on_a_second_trip_are_read_with_their_colour() -> None:
    assert _chips("then reaches back for 3 more yellows") == [Chips(3, 1000)]
    r = answer("5/10 river, bet of 300. He drops three blacks, then back for two more blacks, no declaration. "
               "What is he in for?")
    assert "string bet" in r.outcome and r.amounts.get("call") in (None, 300)
    assert "200 back" in r.outcome


def test_the_chips_own_value_asked_back_is_not_a_bet_faced() -> None:
    facts, _doc = extract_facts("first to act on the river, i slide 4 black 100s and a green 25 out, meant 400. "
                                "bet is 425?")
    assert facts.bet_faced is None and facts.chips_put_out == 425


def test_the_last_bettor_on_an_earlier_street_shows_first_in_a_hand_told_without_amounts() -> None:
    r = answer("Recap: Omar bet the flop, Lise called. Turn and river went check, check. Lise says Omar shows "
               "first, Omar says normal order. Who is right?")
    assert r.citations[0] == "1.11" and r.outcome.startswith("Omar must show first")


def test_a_raise_told_without_amount_is_the_last_aggression_when_no_amount_is_told() -> None:
    r = answer("Three-way: Seat 1 led the turn, Seat 6 raised him, Seat 9 called and Seat 1 called. The river "
               "checked around. Who has to show first?")
    assert r.outcome.startswith("Seat 6 must show first")


def test_a_position_shown_first_is_named_out_loud() -> None:
    r = answer("The cutoff bet the turn and the big blind called; the river went check-check. Who shows first?")
    assert r.outcome.startswith("The cutoff must show first")


def test_a_call_out_of_turn_that_stands_is_owed_less_the_blind_in() -> None:
    r = answer("2/5. UTG opens 20, folds to the hijack. The big blind (5 posted) calls out of turn before the "
               "hijack and button act. Both fold. Is the call binding, and what does he add?")
    assert r.citations[0] == "1.8.1" and "15 more" in r.outcome


def test_chips_out_before_the_player_whose_turn_it_was_said_anything_are_out_of_turn() -> None:
    facts, _doc = extract_facts("25/50, turn. Seat 3 is first, but seat 7 pushes out 400 before seat 3 says "
                                "anything. Back to seat 3, who bets 150.")
    assert facts.oot_action == "bet" and facts.oot_amount == 400


def test_an_amount_said_then_bet_is_that_bet() -> None:
    r = answer("2/5. Flop: bet 30, raise to 90, call. On the turn the first player says one twenty and bets it. "
               "Minimum raise on the turn?")
    assert r.amounts.get("min_raise_to") == 240


def test_players_counted_as_of_us_are_the_players_dealt() -> None:
    facts, _doc = extract_facts("50/100 with a 10 ante from everyone, 9 of us at the table. UTG shoves 2,000, "
                                "the big blind calls. What is the pot?")
    assert facts.players_dealt == 9


def test_a_dealer_telling_how_he_skipped_a_seat_voids_what_followed() -> None:
    r = answer("Dealer here, my bad: on the flop I skipped seat 2 and pointed to seat 3, who bet 80, and seat 7 "
               "called. Seat 2 says he never acted. What do I give back in all?")
    assert r.citations[0] == "2.6" and "160 in all" in r.outcome


def test_a_player_who_pointed_something_out_directed_no_one() -> None:
    facts, _doc = extract_facts("Seat 4 bet 100 before seat 2 had acted and I pointed out it wasn't his turn. "
                                "Seat 2 checked. Does the bet stand?")
    assert not facts.dealer_caused
