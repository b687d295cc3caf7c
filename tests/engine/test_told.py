"""The told round: learned amount roles placed with their players, streets and order of play."""

from __future__ import annotations

import pytest

from engine.ask import answer
from engine.facts import Action
from engine.rules.conclusions import conclude
from engine.understanding import amount_roles
from engine.understanding.extract import extract_facts
from engine.understanding.told import read_told, skipped_players


def _acts(text: str) -> list[tuple[str, str, int | None]]:
    return [(a.actor, a.kind, a.amount) for a in read_told(text, 0.5).actions()]


def test_a_shorthand_round_reads_as_ordered_actions_with_totals() -> None:
    assert _acts("Flop. S1 b200, S3 r600, S5 AI 800 total. S7 wants to go again - min raise-to?") == [
        ("Seat 1", "bet", 200), ("Seat 3", "raise", 600), ("Seat 5", "all-in", 800)]


def test_the_player_before_the_verb_acts_not_the_one_after_it() -> None:
    acts = _acts("i bet 400 on the turn, guy raises me to 1200, i toss out 500 thinking thats the call. how much")
    assert acts[:2] == [("i", "bet", 400), ("guy", "raise", 1200)]


def test_only_the_last_street_with_actions_is_the_round_asked_about() -> None:
    acts = _acts("Preflop UTG opens to 300 and the button calls 300. Flop: UTG bets 400, button raises to 1,200. "
                 "UTG wants to re-raise, what's the minimum?")
    assert acts == [("UTG", "bet", 400), ("BTN", "raise", 1200)]


def test_checks_and_folds_without_amounts_keep_their_place_and_an_out_of_turn_bet_is_marked() -> None:
    told = read_told("Turn. Seat 9 bet 1,000 out of turn. The dealer took it back: Seat 2 checked, Seat 3 checked, "
                     "then Seat 5 bet 600. What about Seat 9's bet?", 0.5)
    acts = told.actions()
    assert [(a.actor, a.kind) for a in acts] == [("Seat 9", "bet"), ("Seat 2", "check"), ("Seat 3", "check"),
                                                 ("Seat 5", "raise")]
    assert acts[0].out_of_turn is True and not any(a.out_of_turn for a in acts[1:])


def test_an_action_only_wished_or_asked_is_not_told() -> None:
    acts = _acts("Seat 3 bet 500 on the turn. Seat 6 raised to 1,500, and now Seat 6 wants to just call instead.")
    assert ("Seat 6", "call", None) not in acts


def test_a_call_asked_about_in_the_question_is_not_told_but_one_in_the_story_is() -> None:
    assert ("Seat 7", "call", None) not in _acts("S2 bets 60, S5 shoves 400, S7 has 150 left. how much does S7 call?")
    assert ("Seat 3", "check", None) in [(a, k, n) for a, k, n in _acts(
        "Seat 5 bets 300 out of turn. The dealer goes back to Seat 3, who checked.")]
    told = _acts("S1 bets 100, S2 calls, what now?")
    assert ("Seat 2", "call", None) in told


def test_stakes_written_with_dollar_signs_are_the_blinds() -> None:
    facts, _doc = extract_facts("At $2/$5, the under-the-gun player opens to $15. What is the minimum re-raise?")
    assert facts.big_blind == 5


def test_a_verb_with_a_prefix_is_the_verb() -> None:
    assert ("BB", "call", None) in _acts("SB moved in for 16,000, BB snap-called.")


def test_stacks_are_told_per_player() -> None:
    facts, _doc = extract_facts("Player A bets 300. Player B moves all in for 900. Player C has 650 remaining.")
    assert facts.stacks == {"Player C": 650}


def test_a_heap_of_chips_told_colour_by_colour_is_one_put_out_of_their_sum() -> None:
    facts, _doc = extract_facts("First to act on the turn, Seat 4 silently pushes four 500 chips and three 100 chips "
                                "across the line. What is the bet?")
    assert facts.chips_put_out == 2300
    assert facts.put_by == "Seat 4"


def test_learned_facts_are_stated_for_the_rules() -> None:
    facts, _doc = extract_facts("Table max 5,000. Seat 6 is sitting on 3,200 and hands me 2,000 to add between "
                                "hands. How much can he add?")
    assert (facts.table_limit, facts.stack_behind) == (5000, 3200)
    facts, _doc = extract_facts("100/200, the hijack opens to 500 and the cutoff says 'call' and drops a 1,000 chip.")
    assert (facts.small_blind, facts.big_blind) == (100, 200)
    assert facts.actions and facts.actions[0] == Action(actor="HJ", kind="raise", amount=500)
    assert facts.chips_put_out == 1000


def test_an_unsure_reading_is_left_out() -> None:
    assert read_told("UTG opens to 600, MP jams 800.", 1.01).placed == []


def test_the_pot_of_a_told_all_in_hand_is_added_up_and_split_over_two_boards() -> None:
    from engine import answer

    r = answer("Blinds 50/100. Cutoff shoves for 1275 total, small blind folds, big blind calls with exactly 1275 "
               "total. Heads-up, both agree to run it twice. What's each board worth?")
    assert r.citations[0] == "1.10"
    assert r.amounts.get("each_board") == 1300  # 1,275 + 1,275 + the small blind's 50, halved


def test_the_player_the_question_names_is_whose_call_it_is() -> None:
    from engine import answer

    r = answer("Flop: S1 b250, S4 r1.1k, folds to S1. S1 needs how much to call?")
    assert r.amounts.get("to_call") == 850  # 1,100 less his own 250
    facts, _doc = extract_facts("Flop: S1 b250, S4 r1.1k, S6 calls. Who is next?")
    assert facts.call_for is None  # a question naming no player who acted names nobody


def test_a_player_named_once_goes_on_through_his_clauses_and_each_amount_takes_its_own_clause_street() -> None:
    told = read_told("5/10. Seat 4 posted the 10 big blind, called a raise to 60 preflop, then called 120 on the "
                     "flop. What does he get back?", 0.5)
    acts = [(a.actor, a.kind, a.amount, a.street) for a in told.hand_actions()]
    # the raise to 60 is another player's, and Seat 4 calls it preflop; his own 120 is a flop call
    assert acts == [("player 1", "raise", 60, "preflop"), ("Seat 4", "call", None, "preflop"),
                    ("Seat 4", "call", 120, "flop")]


def test_an_amount_both_players_put_in_is_told_once_for_each() -> None:
    acts = read_told("RIT agreed. S1 & S6 both all-in 2100. Each board?", 0.5).hand_actions()
    assert [(a.actor, a.kind, a.amount) for a in acts] == [("Seat 1", "all-in", 2100), ("Seat 6", "all-in", 2100)]
    lone = read_told("RIT agreed. S1 all-in 2100, S6 calls 2100. Each board?", 0.5).hand_actions()
    assert [a.actor for a in lone] == ["Seat 1", "Seat 6"]  # no "each": one reading, one player


def test_a_voided_hand_returns_each_players_bets_of_every_street() -> None:
    from engine import answer

    r = answer("25/50. On the river I found a card with a red back in the blue deck. Seat 3 raised to 150 pre, bet "
               "275 on the flop, and called 600 on the turn. What does he get back?")
    assert r.citations[0] == "2.4.2"
    assert "Seat 3 gets 1,025" in r.outcome  # 150 + 275 + 600


def test_out_of_turn_is_no_turn_card_and_the_speaker_may_hold_a_position() -> None:
    told = read_told("Flop: S2 is first but S3 bets 150 out of turn. Back to S2, who bets 400.", 0.5)
    assert {a.street for a in told.hand_actions()} == {"flop"}
    seated = read_told("i was bb at 50/100, guy raises to 350, i call.", 0.5)
    assert seated.seats.get("i") == "BB" and seated.seats.get("me") == "BB"
    assert read_told("UTG raises to 350, i call.", 0.5).seats == {}


def test_after_the_action_changed_the_skipped_player_is_told_what_calling_and_raising_cost() -> None:
    from engine import answer

    r = answer("Flop: S2 is first to act but S3 bets 150 out of turn. I bring it back to S2, who bets 400. What "
               "happens to S3's bet and what's his minimum raise?")
    assert r.citations[0] == "1.8.2"
    assert r.amounts.get("to_call") == 400 and r.amounts.get("min_raise_to") == 800


def test_a_small_blind_completing_with_one_big_chip_gets_change_for_his_blind_too() -> None:
    from engine import answer

    r = answer("50/100 game, folded to the small blind and he just drops a single 500 chip in, says nothing. What's "
               "his action?")
    assert r.citations[0] == "1.4.2"
    assert r.amounts.get("change") == 450  # 500 less the 50 more he owed to call 100


def test_a_figure_the_dealer_gave_against_the_real_bet_is_a_misvaluation_settled_on_the_real_bet() -> None:
    from engine import answer

    r = answer("Seat 4 bet on the turn from a messy pile and Seat 9 asked the dealer how much it was. The dealer said "
               "1,700, so Seat 9 said 'call' and put in 1,700. The actual bet turns out to be 2,150. Seat 9 wants to "
               "take his call back.")
    assert r.citations[0] == "3.19"
    assert r.amounts.get("call") == 2150 and r.amounts.get("shortfall") == 450


def test_a_chip_named_by_colour_and_denomination_is_one_chip_of_that_value() -> None:
    from engine import answer

    r = answer("ok so guy bets 25 on the flop and i just toss one black 100 chip out, didnt say nothin. how much "
               "change?")
    assert r.citations[0] == "1.4.2" and r.amounts.get("change") == 75
    r = answer("Player facing a 120 bet slides two black chips (200) over the line without saying a word. Raise or "
               "call?")
    assert r.citations[0] == "1.4.1" and "80 is returned" in r.outcome  # 200, not the value counted twice


def test_a_declared_raise_with_one_big_chip_says_what_a_re_raise_must_reach() -> None:
    from engine import answer

    r = answer("Seat 6 bets 200. Seat 7 says 'raise' and drops a single 1,000 chip, no amount. Seat 8 now wants to "
               "re-raise, what's the least he can make it?")
    assert r.citations[0] == "1.4.2"
    assert r.amounts.get("raise_to") == 1000 and r.amounts.get("min_raise_to") == 1800  # 1,000 + its 800 raise


def test_chips_the_learned_reading_put_out_stay_chips_when_a_minimum_raise_is_named() -> None:
    from engine import answer

    r = answer("facing 400, seat 5 silently slides out 700. min raise would be 800. how much do i slide back to him?")
    assert r.citations[0] == "1.4.1" and "300 is returned" in r.outcome


def test_the_speaker_in_a_blind_asking_his_own_call_counts_his_blind() -> None:
    from engine import answer

    r = answer("im in the bb at 25/50, guy opens to 175, next guy 3bets to 450, how much do i gotta put in to call")
    assert r.citations[0] == "1.1.3" and r.amounts.get("to_call") == 400  # 450 less his 50


def test_the_blind_the_speaker_posted_counts_in_his_call_asked_first() -> None:
    from engine import answer

    r = answer("so what am i on the hook for? 1k/2k, i posted the 2k bb, utg opens 5k, mp flats, button makes it 16k")
    assert r.amounts.get("to_call") == 14000  # 16,000 less the 2,000 blind he posted
    r = answer("5/10, i posted the sb, utg opens 30, everyone folds to me. how much to call?")
    assert r.amounts.get("to_call") == 25


def test_a_blind_posted_by_a_seat_and_a_position_told_with_its_seat_are_that_players() -> None:
    from engine import answer

    r = answer("In a 5/10 game, preflop, seat 2 posts 5, seat 3 posts 10, seat 4 raises to 30 and seat 7 re-raises "
               "to 80. What must seat 2 add to call?")
    assert r.amounts.get("to_call") == 75  # his posted 5 is in
    r = answer("100/200: the UTG guy (seat 3) limps, LJ (S4) raise to 600. HJ (S5) shoves 1075, the CO (S6) folds, "
               "fold back to the UTG guy. Amount for the UTG guy to call?")
    assert r.amounts.get("to_call") == 875  # 1,075 less his 200 limp


def test_a_stack_told_as_chips_is_added_up_for_a_top_up() -> None:
    from engine import answer

    r = answer("at the 1k max table. hand just ended, i got 6 blacks, 9 greens and 5 reds in front of me. how much "
               "can i add?")
    assert r.citations[0] == "3.12" and "at most 150" in r.outcome  # 600 + 225 + 25 = 850 of 1,000


def test_a_street_named_right_after_an_amount_is_its_street() -> None:
    told = read_told("Foreign card on the turn. Seat 2 had put in 150 preflop and bet 400 on the turn. What does "
                     "seat 2 get back?", 0.5)
    assert [(a.amount, a.street) for a in told.hand_actions() if a.amount] == [(150, "preflop"), (400, "turn")]


def test_players_named_by_name_or_letter_are_players() -> None:
    told = read_told("1/2. Mike opens to 10, Dana makes it 30, Player A calls. What is the least Mike can re-raise "
                     "to?", 0.5)
    assert [(a.actor, a.kind, a.amount) for a in told.actions()] == [
        ("Mike", "raise", 10), ("Dana", "raise", 30), ("Player A", "call", None)]


def test_a_bet_the_question_names_again_is_not_a_new_bet() -> None:
    told = read_told("Flop, seats 4 and 8. Seat 8 bet 300 before seat 4 acted. Back to seat 4, who bet 150. What "
                     "happens with seat 8's 300?", 0.5)
    assert [a.amount for a in told.actions() if a.amount] == [300, 150]


def test_a_blind_told_as_posted_by_a_player_is_his_and_not_counted_twice() -> None:
    from engine import answer

    facts, _doc = extract_facts("Seat 5 posted the 100 big blind, UTG raised to 300 and Seat 5 called.")
    assert facts.blinds_posted_by == {"BB": "Seat 5"}
    r = answer("Seat 5 posted the 100 big blind, UTG raised to 300 and Seat 5 called. Then the dealer found a "
               "foreign card in the deck. How much does Seat 5 get back?")
    assert "Seat 5 gets 300" in r.outcome and "600 in all" in r.outcome


def test_an_all_in_told_without_an_amount_is_for_the_stack_told_before_it() -> None:
    acts = _acts("River: seat 1 leads for 400, seat 4 only has 600 left so he ships it.")
    assert ("Seat 4", "all-in", 600) in acts
    assert ("Seat 4", "all-in", 600) not in _acts("Seat 1 leads for 400, seat 4 has 600 left. Can he ship it?")


def test_a_limit_counted_in_big_blinds_is_that_many_big_blinds() -> None:
    facts, _doc = extract_facts("2/5 NL, cap is 200 big blinds. Seat 4 has 615 and wants to add between hands.")
    assert facts.table_limit == 1000
    facts, _doc = extract_facts("1/2, max buy is 100bb, i have 150 between hands. how much can i add?")
    assert facts.table_limit == 200


def test_a_verb_in_the_reason_a_player_gives_for_a_claim_is_not_an_action() -> None:
    acts = _acts("Seat 2 bets 100, Seat 5 calls. Seat 2 says Seat 5 must show first cuz Seat 5 called last.")
    assert [a for a in acts if a[1] == "call"] == [("Seat 5", "call", None)]


def test_an_amount_in_brackets_that_restates_the_chips_is_not_more_chips() -> None:
    facts, _doc = extract_facts("Seat 4 facing a 1,250 bet on the river puts out a yellow and a black (1,100) as his "
                                "call.")
    assert facts.chips_put_out == 1100
    facts, _doc = extract_facts("Turn, seat 3 bets 200, seat 6 raises to 500. Seat 8 silently puts out a purple + 2 "
                                "blacks in one motion.")
    assert facts.chips_put_out == 700


def test_a_heap_of_chips_after_an_amount_that_adds_up_to_it_is_the_amount_said_again() -> None:
    facts, _doc = extract_facts("River, seat 1 bets 60. Seat 4 pushes out 90 (three greens, three reds) in one go, "
                                "no words.")
    assert facts.chips_put_out == 90
    facts, _doc = extract_facts("flop, villain bets 100 and i put out 300 in one motion, 2 blacks 4 greens, silently")
    assert facts.chips_put_out == 300


def test_a_bracketed_figure_equal_to_the_heaps_value_is_the_heaps_not_each_chips() -> None:
    facts, _doc = extract_facts("guy bets 100 into me and i toss out 2 blacks n 4 greens (300 total) without a word")
    assert facts.chips_put_out == 300
    facts, _doc = extract_facts("between hands i have 3 yellows (500 ea) and 4 blacks (100). cap is 3k, how much can "
                                "i add?")
    assert facts.stack_behind == 1900


def test_chip_values_a_story_writes_with_an_equals_sign_are_values_not_chips() -> None:
    facts, _doc = extract_facts("i have 5 blacks 6 greens and 2 reds (black=100 green=25 red=5), max is 1000. how "
                                "much can i top up between hands?")
    assert facts.stack_behind == 660


def test_chips_told_after_a_bet_verb_with_another_action_after_them_are_that_wager() -> None:
    acts = _acts("2/5 game, cutoff bets 4 blacks on the turn, button raises to 1,100. whats the min reraise?")
    assert ("CO", "bet", 400) in acts
    facts, _doc = extract_facts("2/5 game, cutoff bets 4 blacks on the turn, button raises to 1,100. whats the min "
                                "reraise?")
    assert facts.chips_put_out is None


def test_a_player_still_to_act_puts_the_next_action_out_of_turn() -> None:
    told = read_told("Turn, 4 handed. Seat 3 hadn't acted yet and Seat 7 bets 300. Dealer brings it back to Seat 3, "
                     "who checks.", 0.5)
    assert [(a.actor, a.out_of_turn) for a in told.actions() if a.kind == "bet"] == [("Seat 7", True)]
    told = read_told("Flop. Before Seat 2 acts, Seat 6 raises to 900. Seat 2 then folds.", 0.5)
    assert any(a.actor == "Seat 6" and a.out_of_turn for a in told.actions())


# Staff's figure for a bet and the real bet, told in several ways: the teller asked by a player ("asked me"),
# the dealer with his count put right in chips, a pronoun answering for the dealer, a teller who is dealing.
VALUATIONS = [
    ("Seat 2 asked me how much the bet was, I said 700, but it was actually 900. He called. What does he owe?",
     700, 900),
    ("Floor. 50/100, river. Mike bets a stack. Sarah asks the dealer how much; dealer says 1,200. Sarah says 'call'. "
     "Then the count shows a yellow, a purple and two blacks. What does Sarah owe?", 1200, 1700),
    ("I was facing a bet at 25/50 on the turn. I asked the dealer, he said 'six hundred'. I said call. Turns out it "
     "was a purple, three blacks and two greens. What do I owe?", 600, 850),
    ("dealing 2/5. i miscounted. B asked what A's bet was on the turn, i said 85, he said call. it was actually "
     "three greens and two blacks. how much does B have to put in?", 85, 275),
]


@pytest.mark.parametrize(("text", "said", "real"), VALUATIONS)
def test_staffs_figure_and_the_real_bet_are_read(text: str, said: int, real: int) -> None:
    facts, _doc = extract_facts(text)
    assert facts.dealer_said_amount == said and facts.bet_faced == real




def test_one_chip_named_by_its_owner_and_colour_is_one_chip() -> None:
    facts, _doc = extract_facts("checked to me, i said 'forty' while my black chip was still in my hand, then set it "
                                "down")
    assert facts.chips_put_out == 100 and facts.verbal_timing == "before"


def test_words_said_once_the_chips_were_down_are_too_late_and_words_said_as_they_went_out_are_not() -> None:
    facts, _doc = extract_facts("River, first to act, he drops a single purple and once it's on the felt he says "
                                "'two hundred'.")
    assert facts.verbal_timing == "after"
    facts, _doc = extract_facts("Seat 6 said 'three hundred' as his hand went forward with a yellow chip.")
    assert facts.verbal_timing == "before"


def test_the_player_who_called_his_hand_wrong_is_named_and_wins_with_what_he_holds() -> None:
    from engine import answer

    text = ("Showdown. Seat 4 turns his cards up and says 'missed, ace high', but the board gives him a flush. Seat 7, "
            "who folded on the turn, points it out, and Seat 1 with a set reaches for the chips.")
    facts, _doc = extract_facts(text)
    assert facts.miscalled_by == "Seat 4" and facts.actual_hand == "flush" and not facts.acted_on_miscall
    r = answer(text)
    assert r.citations[0] == "3.5" and "Seat 4 wins the pot" in r.outcome


def test_a_board_told_as_a_chop_is_split_whoever_took_the_other() -> None:
    facts, _doc = extract_facts("ran it twice, pot 3,000. i won run one and run two was a chop. how much do i get?")
    assert facts.boards_won == ["asker", "split"]


def test_a_bets_chips_told_right_after_it_are_not_more_chips_and_one_chip_after_them_is_single() -> None:
    facts, _doc = extract_facts("river, seat 2 bet 150 a black and two greens, seat 5 silently dropped one yellow over "
                                "the line. what now?")
    assert facts.chips_put_out == 1000 and facts.single_chip is True


def test_a_figure_in_the_reason_a_player_gives_is_no_action_of_the_hand() -> None:
    facts, _doc = extract_facts("blinds 25/50, im UTG and i just toss a single yellow out, didnt say anything cuz i "
                                "figured its obv a raise to 1000. how much change do i get?")
    assert not any(a.amount == 1000 for a in facts.actions or [])


def test_chips_told_after_a_bet_and_its_street_are_the_bet() -> None:
    facts, _doc = extract_facts("2/5, guy on my right bets the river, 4 blacks and 2 greens. i toss 4 blacks in "
                                "and say call. how much more do i owe?")
    assert facts.bet_faced == 450 or any(a.amount == 450 for a in facts.actions or [])
    assert facts.chips_put_out == 400


def test_an_action_staff_took_back_to_another_player_was_out_of_turn() -> None:
    told = read_told("checked to the lady on my left but i thought she checked so i bet 120. the dealer gave the "
                     "action back to her and she bet 50. how much do i need to call?", 0.5)
    sized = [(a.actor, a.amount, a.out_of_turn) for a in told.actions() if a.kind in ("bet", "raise")]
    assert sized and sized[0] == ("i", 120, True)


def test_a_word_said_with_go_and_quotes_is_a_declaration() -> None:
    facts, _doc = extract_facts("50/100, villain bets 300 on the turn. i go 'raise' and then toss in just 300. what do "
                                "i owe?")
    assert facts.verbal == "raise" and facts.verbal_timing == "before"


def test_that_s_a_hand_after_a_hand_was_called_is_the_hand_held() -> None:
    facts, _doc = extract_facts("Showdown. Seat 2 tables his cards and says 'missed, queen high'. Seat 6, who folded "
                                "earlier, says 'hang on, that's a straight'.")
    assert facts.actual_hand == "straight" and facts.miscalled_by == "Seat 2"


def test_a_table_number_next_to_the_dealer_is_no_valuation() -> None:
    facts, _doc = extract_facts("Dealer at Table 3 burned and turned the river while Seat 2 was still facing a 700 "
                                "bet. Does that card play?")
    assert facts.dealer_said_amount is None and not facts.dealer_misvalued


def test_a_bare_letter_is_the_player_named_with_it() -> None:
    told = read_told("50/100. Player A opens to 300, B 3-bets to 900, C wants to 4-bet. What's the minimum?", 0.5)
    assert [(a.actor, a.amount) for a in told.actions()] == [("Player A", 300), ("Player B", 900)]
    told = read_told("50/100. A opens to 300, B 3-bets to 900. What's the minimum?", 0.5)
    assert [a.actor for a in told.actions()] == ["Player A", "Player B"]


def test_the_article_a_is_no_player() -> None:
    tags = amount_roles.tagged("A guy opens to 300, B is a nit. Player C calls a bet of 40.")
    assert [t.value for t in tags if t.kind == "actor"].count("Player A") == 0


def test_everyone_folding_to_a_player_is_no_fold_of_the_last_named() -> None:
    told = read_told("5/10. UTG opens to 30, the cutoff raises to 90, everyone folds to UTG. How much to call?", 0.5)
    assert not any(a.kind == "fold" for a in told.actions())


def test_an_out_of_turn_bet_named_again_as_returned_is_no_new_bet() -> None:
    told = read_told("im in the big blind at 50/100 and I raised to 400 while the cutoff was still to act. cutoff then "
                     "raises to 300, button and small blind fold. my 400 comes back. how much do I need to call?", 0.5)
    assert [a.amount for a in told.actions() if a.amount] == [400, 300]


def test_the_players_an_out_of_turn_action_skipped() -> None:
    told = read_told("10/20, flop. Seat 2 bets 60. Seat 4 raises to 200 out of turn before Seat 3 has acted. "
                     "Seat 3 raises to 180. What is the minimum?", 0.5)
    assert skipped_players(told) == ["Seat 3"]
    told = read_told("50/100, turn. Seat 4 bets 400 out of turn. Back to Seat 2 who checks, Seat 3 checks, bet stands. "
                     "Seat 6 raises to 1,100. How much does Seat 4 need to call?", 0.5)
    assert skipped_players(told) == ["Seat 2", "Seat 3"]


def test_a_question_about_the_chips_left_and_the_street_the_stack_was_told_for() -> None:
    facts, _doc = extract_facts("Floor, 100/200. Seat 4 had 3,850 behind going to the turn. Seat 1 bets 1,200 and "
                                "Seat 4 calls. What's Seat 4 got left behind?")
    assert facts.asks_stack_left and facts.stack_street == "turn" and facts.stacks == {"Seat 4": 3850}
    facts, _doc = extract_facts("Seat 4 had 3,850 behind. What's left for the river?")
    assert facts.asks_stack_left
    facts, _doc = extract_facts("He has 900 left behind and bets 300. What is the minimum raise?")
    assert not facts.asks_stack_left  # the words are in the story, not the closing question


def test_an_amount_told_dead_is_dead_money() -> None:
    facts, _doc = extract_facts("RIT: S2 and S7 AI 2500 each, 300 dead from S4 who folded flop. S2 wins run 1, S7 "
                                "wins run 2. S2 gets?")
    assert facts.dead_money == 300


def test_words_of_what_he_meant_said_once_the_chip_landed_are_late() -> None:
    facts, _doc = extract_facts("Flop, seat 4 first to act, silently drops a single yellow over the line. Once its on "
                                "the felt he says 'I meant 500'. Whats his bet?")
    assert facts.verbal_timing == "after" and facts.chips_put_out == 1000


def test_an_all_in_counted_on_request_is_the_shovers() -> None:
    told = read_told("Seat 1 bet 2,000 on the river and Seat 5 pushed everything in without a word. Seat 1 asked for "
                     "a count: four 1,000s, five 500s, eleven 100s and eight 25s. How much more does Seat 1 need?", 0.5)
    assert [(p.actor, p.value) for p in told.of("all_in_to")] == [("Seat 5", 7800)]


def test_a_bet_made_already_before_him_is_in_turn() -> None:
    told = read_told("A player moves all-in on the turn. His opponent had already bet 2,500 before him. How much "
                     "more does the opponent need?", 0.5)
    assert not any(p.out_of_turn for p in told.placed)


def test_shorthand_letters_glued_to_amounts_stay_verbs_among_lettered_players() -> None:
    told = read_told("Turn, A b600, B ai 900, C calls. Back to A - how much to call?", 0.5)
    assert [(a.actor, a.kind, a.amount) for a in told.actions()][:2] == [("Player A", "bet", 600),
                                                                          ("Player B", "all-in", 900)]


def test_a_fold_only_believed_is_no_fold_and_others_folding_between_is_nobodys() -> None:
    told = read_told("turn, seat 1 bets 200, everybody between folds except seat 3. im seat 7 and i thought 3 folded "
                     "too so i raised to 600 out of turn. how much is it to me now?", 0.5)
    assert not any(a.kind == "fold" for a in told.actions())


def test_the_guy_on_my_left_and_the_guy_on_my_right_are_two_players() -> None:
    tags = amount_roles.tagged("the guy on my right checked, then the guy on my left bet 300")
    assert [t.value for t in tags if t.kind == "actor"] == ["the guy on my right", "the guy on my left"]


def test_staff_calling_a_misdeal_is_no_players_call() -> None:
    told = read_told("Blinds 50/100. UTG limps for 100, then seat 6 says she only got one card. Nobody else has "
                     "acted. Dealer calls a misdeal. Total amount that goes back?", 0.5)
    assert [(a.actor, a.kind) for a in told.actions()] == [("UTG", "call")]


def test_the_player_named_as_still_to_act_is_not_the_one_acting() -> None:
    told = read_told("Flop. A bets 200. C, before B has acted, raises to 700. I bring it back to B, who just calls "
                     "the 200. Does C's raise stand?", 0.5)
    assert [(a.actor, a.amount) for a in told.actions() if a.kind in ("bet", "raise")] == [("Player A", 200),
                                                                                           ("Player C", 700)]


def test_the_same_action_again_by_another_player() -> None:
    from engine.rules.conclusions import conclude
    from engine.understanding.extract import extract_facts

    f, _ = extract_facts("At 5/10 the hijack raised to 40, the cutoff called and so did the button, and both blinds "
                         "folded. What's the pot going to the flop?")
    f = conclude(f)
    assert ("BTN", "call") in [(a.actor, a.kind) for a in f.hand_actions or []]
    assert f.pot == 135  # 40 + 40 + 40 + the blinds' 5 and 10


def test_two_plain_amounts_are_not_one_stack() -> None:
    facts, _doc = extract_facts("bet was 2k, i threw in 1,500 thinking that was it, and i've only got 200 left "
                                "behind. what now")
    assert facts.stacks != {"i": 1700}
    facts, _doc = extract_facts("Seat 2's stack is two yellows and three purples. He calls 700 on the turn.")
    assert facts.stacks == {"Seat 2": 3500}  # chip pieces are one heap


def test_a_street_named_after_its_amount_in_the_clause_is_its_street() -> None:
    told = read_told("This hand: Seat 6 put in 50 preflop and called a 200 bet on the flop. What does he get back?",
                     0.5)
    streets = {p.value: p.street for p in told.placed if p.value}
    assert streets == {50: "preflop", 200: "flop"}
    # "called a 200 bet": the bet is another player's, and Seat 6's call of it comes after it, on the flop
    assert [(p.actor, p.role, p.street) for p in told.placed][1:] == [(None, "wager_to", "flop"),
                                                                      ("Seat 6", "called", "flop")]


def test_players_named_together_before_one_verb_each_act() -> None:
    acts = _acts("Blinds 2/5. UTG and the hijack both limp, the button raises to 30. Seats 4 and 5 fold.")
    assert [(a, k) for a, k, _n in acts if k in ("call", "fold")] == [("UTG", "call"), ("HJ", "call"),
                                                                      ("Seat 4", "fold"), ("Seat 5", "fold")]
    listed = _acts("Seat 6 bet 250 out of turn. seats 3 4 and 5 all just checked. he had 1320 before betting.")
    assert [a for a, k, _n in listed if k == "check"] == ["Seat 3", "Seat 4", "Seat 5"]


def test_he_after_players_named_together_is_not_one_of_them() -> None:
    told = read_told("Seat 6 bet 250 out of turn. seats 3 4 and 5 all just checked. he had 1320 before betting. "
                     "How much has he got left?", 0.5)
    assert [(p.actor, p.value) for p in told.of("stack")] == [("Seat 6", 1320)]


def test_a_story_opening_with_its_verb_is_the_tellers() -> None:
    told = read_told("had 2.2k, called a 1.35k shove. how much do i have left behind", 0.5)
    assert [(p.actor, p.role) for p in told.placed] == [("i", "stack"), (None, "all_in_to"), ("i", "called")]


def test_a_call_told_in_chips_short_of_the_wager_is_chips_put_out() -> None:
    told = read_told("i only had a purple and three greens left. guy jams 600 at me, i toss the purple in and say "
                     "call. how much more?", 0.5)
    assert [(p.role, p.value) for p in told.placed if p.actor == "i" and p.value] == [("stack", 575),
                                                                                      ("chips_out", 500)]


def test_several_seats_named_at_once_are_each_a_player() -> None:
    tags = amount_roles.tagged("Preflop seats 1 and 8 each put in 300, on the flop seat 1 bet 650.")
    assert [t.value for t in tags if t.kind == "actor"][:2] == ["Seat 1", "Seat 8"]
    facts, _doc = extract_facts("Preflop seats 1 and 8 each called 300, on the flop seat 1 bet 650 and seat 8 "
                                "called. Then a card is found missing. What does seat 1 get back?")
    assert conclude(facts).contributions == {"Seat 1": 950, "Seat 8": 950}


def test_chip_values_in_brackets_restate_the_chips_before_them() -> None:
    facts, _doc = extract_facts("First to act on the flop, S4 silently sets out two blacks and a green (100s and a "
                                "25). Says afterwards he meant 200. Bet amount?")
    assert facts.chips_put_out == 225


def test_words_after_chips_put_out_without_a_word_are_no_declaration() -> None:
    facts, _doc = extract_facts("Seat 1, first to act on the flop, silently pushed a single 5,000 chip across the "
                                "line. He now says he meant to bet 1,000 and wants 4,000 in change.")
    assert facts.declared is False
    ruling = answer("Seat 1, first to act on the flop, silently pushed a single 5,000 chip across the line. He now "
                    "says he meant to bet 1,000 and wants 4,000 in change.")
    assert ruling.amounts.get("bet") == 5000 and ruling.citations[0] == "1.1.2.2"  # the full value decides


def test_an_amount_that_is_his_stack_or_his_all_in_is_the_all_in_that_follows() -> None:
    facts, _doc = extract_facts("Okay so we're at 50/100. First to act under the gun only has 150 and pushes it all "
                                "in. The hijack asks what her min-raise is.")
    assert [(a.kind, a.amount) for a in facts.actions or []] == [("all-in", 150)]


def test_a_colour_alone_in_a_list_of_chips_is_one_chip() -> None:
    tags = amount_roles.tagged("turns out it was 550 (purple and 2 greens), she miscounted")
    assert [(t.text, t.value.value) for t in tags if t.kind == "chips"] == [("purple", 500), ("2 greens", 50)]
    assert not [t for t in amount_roles.tagged("the guy in the yellow sweater and 2 blacks") if t.text == "yellow"
                and t.kind == "chips"]


def test_the_real_bet_after_a_dealers_wrong_figure_is_the_corrected_amount() -> None:
    facts, _doc = extract_facts("Player asks the dealer what the bet is, dealer says 200. It's actually 250 (dealer "
                                "missed two greens underneath). Player says call and puts out 200.")
    assert (facts.dealer_said_amount, facts.bet_faced) == (200, 250)


def test_an_amount_told_dead_with_a_word_between_is_dead_money() -> None:
    facts, _doc = extract_facts("Heads up, both players all in for 2,100 each, and the small blind's 50 is dead in "
                                "the pot. They run it twice. What is each run worth?")
    assert facts.dead_money == 50


def test_chips_left_after_a_hand_told_from_its_start_count_every_street() -> None:
    r = answer("started the hand with 1,200 at 5/10. i'm in the BB, cutoff opens to 35, i call. flop i call 50, turn "
               "i call 140. what do i have left?")
    assert r.amounts.get("left_behind") == 975 and "1,200 − 225" in r.outcome


def test_a_stack_told_with_no_player_named_is_the_tellers_as_the_street_began() -> None:
    r = answer("sitting on 2,360 at the start of the turn. villain bets 600, i flat. river he bets 1k, i call. what "
               "do i have left?")
    assert r.amounts.get("left_behind") == 760


def test_chips_handed_over_to_add_are_one_heap() -> None:
    r = answer("limit's 3k. guy in the 2 seat is down to 1,175 after that cooler, hand's over, he tosses me a yellow "
               "and two purples and says add it all. how much do i push back to him?")
    assert r.amounts.get("returned") == 175


def test_an_amount_after_an_out_of_turn_verb_and_a_comma_is_the_out_of_turn_bet() -> None:
    r = answer("turn. s8 bets out of turn, 2 blacks + a green. s5, s6, s7 all check to him. where's s8's bet?")
    assert r.citations[0] == "1.8.1" and "225" in r.outcome


def test_chips_told_as_another_players_bet_are_not_chips_in_dispute() -> None:
    r = answer("got 640 behind, guy bets 2 blacks and 3 greens, i call. what do i have left")
    assert r.amounts.get("left_behind") == 365


def test_a_minimum_raise_asked_as_chips_to_add_takes_off_what_he_has_in() -> None:
    r = answer("$5/$10. The lojack opens to 35, the button three-bets to 110, the small blind jams for 160 total, the "
               "big blind folds. Back to the lojack, who wants to min-raise. How many more chips does he have to put "
               "in?")
    assert r.amounts.get("min_raise_to") == 235 and r.amounts.get("to_add") == 200


def test_chips_after_a_second_trip_to_the_stack_are_chips_added() -> None:
    facts, _doc = extract_facts("seat 2 bets two greens. my buddy in the cutoff slides two greens over the line, then "
                                "reaches back to his stack and tosses a black and a green out after them. never said "
                                "a word. how much of that second batch goes back to him?")
    assert (facts.chips_put_out, facts.chips_added) == (50, 125)


def test_a_bet_before_him_is_out_of_turn_though_another_player_was_first() -> None:
    told = read_told("flop, Mike's first but Sarah jumps in and bets 200 before him. dealer stops it, then Mike bets "
                     "500. what does sarah have to put in to call now?", 0.5)
    assert [(p.actor, p.value, p.out_of_turn) for p in told.placed if p.value] == [("Sarah", 200, True),
                                                                                    ("Mike", 500, False)]


def test_chips_thrown_out_of_turn_half_bet_half_chips_are_his_action() -> None:
    r = answer("Flop. Seat 3 is first to act but seat 6 silently throws two blacks out of turn. I bring it back to "
               "seat 3, who bets 75. How much do I give back to seat 6?")
    assert r.citations[0] == "1.8.2" and r.amounts.get("returned") == 200


def test_goes_to_an_amount_is_a_raise_to_it() -> None:
    tags = amount_roles.tagged("UTG makes it 600, then the hijack goes to fourteen hundred. the dealer goes to the "
                               "river")
    assert [(t.text, t.value) for t in tags if t.kind == "verb"] == [("makes it", "raise"), ("goes to", "raise")]


def test_shorthand_colours_and_bracketed_colour_values_are_read() -> None:
    r = answer("Turn. Checked to S6. S6 pushes 2 blk + 3 grn + 1 red across the line in one motion, no declaration. "
               "Bet = ?")
    assert r.amounts.get("bet") == 280
    facts, _doc = extract_facts("i pushed 2 blacks n 3 greens over the line (blk 100 grn 25), first to act, didnt "
                                "say a word. so whats my bet")
    assert facts.chips_put_out == 275


def test_a_bet_told_as_a_list_of_chips_is_one_bet_on_the_street_after_it() -> None:
    told = read_told("lady across from me bets three blacks, a green and two reds on the turn. the old guy next to "
                     "me pushes out three blacks to call. how much more does he have to put in", 0.5)
    assert [(p.actor, p.value, p.street) for p in told.placed][:1] == [("lady across from me", 335, "turn")]


def test_words_told_after_the_chip_lies_on_the_felt_are_late() -> None:
    facts, _doc = extract_facts("No bet yet on the turn. Seat 9 sets down a single yellow and, only after it's lying "
                                "on the felt, says 'three hundred'. What's the bet?")
    assert facts.verbal_timing == "after"


@pytest.mark.parametrize(("text", "to_call"), [
    # the teller in a named seat asks with no name in the question: his blind is in
    ("we play 25/50 and im in the big blind. hijack makes it 175. what do i need to put in to call", "125"),
    # the question told first, the teller's open then a 3-bet
    ("how much to call? 5/10, i opened to 30 from the cutoff and the button made it 95", "65"),
    # the sentence before a question naming nobody is about one player and tells no action of his
    ("25/50. Cutoff raises to 140. Small blind, 25 posted. Amount to call?", "115"),
])
def test_whose_call_a_question_naming_nobody_asks(text: str, to_call: str) -> None:
    assert f"put in {to_call} to call" in answer(text).outcome


def test_nobody_calls_his_own_bet() -> None:
    # unnamed players after the teller's seat: the call and the 3-bet are others', the teller has his blind in
    acts = _acts("5/10 game. I'm in the small blind with 5 in. Action: open to 30, a call, a 3-bet to 100. "
                 "What's it to me to call?")
    assert acts[1][0] != acts[0][0]
    outcome = answer("5/10 game. I'm in the small blind with 5 in. Action: open to 30, a call, a 3-bet to 100. "
                     "What's it to me to call?").outcome
    assert "put in 95 to call" in outcome


def test_staff_who_walked_over_and_called_a_misdeal_made_no_call() -> None:
    told = read_told("5/10. UTG raised to 40. Then the floor came over and called a misdeal. How much goes back?", 0.5)
    assert [p.role for p in told.placed if p.actor == "UTG"] == ["wager_to"]


def test_a_call_all_in_told_with_its_total_is_one_call_for_less() -> None:
    acts = _acts("10/20. Flop: Ann bets 300, Bo raises all in to 1,200, Ann calls all in, 800 total for her on the "
                 "flop. What is the pot?")
    assert [(a[0], a[1], a[2]) for a in acts[-1:]] == [("Ann", "all-in", 800)]


def test_a_minimum_raise_told_without_its_size_is_sized_by_the_betting_model() -> None:
    acts = read_told("Flop. I have 1,680. One guy bets 120, the cutoff makes it 300, I min re-raise, both call. "
                     "What do I have behind?", 0.5).actions()
    mine = [a for a in acts if a.actor == "i"]
    assert mine and mine[0].kind == "raise" and mine[0].minimum
    assert "1,200 left behind" in answer("Flop. I have 1,680. One guy bets 120, the cutoff makes it 300, I min "
                                         "re-raise, both call. What do I have behind?").outcome


def test_a_minimum_raise_said_as_a_figure_is_no_action() -> None:
    told = read_told("River, seat 3 bets 200, seat 8 pushes out 350 in one motion, says nothing. Min raise would be "
                     "to 400. What is it?", 0.5)
    assert not [p for p in told.placed if p.role == "min_raised"]


def test_what_an_action_counts_as_is_no_players_action() -> None:
    told = read_told("Back home if you drop one big chip silently it's a call. 1/3 here, Ana raises to 12 and I drop "
                     "a green without a word. Change?", 0.5)
    assert not [p for p in told.placed if p.role == "called"]


def test_a_call_told_out_of_turn_is_a_call_not_words_said_aloud() -> None:
    tags = amount_roles.tagged("Seat 4 bets 90 on the river. Seat 7 calls out of turn, skipping seat 5.")
    kinds = [(t.kind, t.text) for t in tags]
    assert ("verb", "calls") in kinds and kinds[kinds.index(("verb", "calls")) + 1] == ("timing", "out of turn")
    out = answer("Seat 2 bets 60 on the turn. Seat 9 calls out of turn, skipping seat 5. Back to seat 5, who folds. "
                 "Seat 9 started the turn with 400. What does seat 9 have left?").outcome
    assert "340 left behind" in out


def test_chips_a_dealer_counts_after_a_shove_are_the_shove() -> None:
    told = read_told("seat 3 shoves on me, I ask for a count, dealer counts six blacks and two greens. I call. I had "
                     "1,500 before the call. How much do I have left?", 0.5)
    assert [(p.role, p.value, p.actor) for p in told.placed if p.value == 650] == [("all_in_to", 650, "Seat 3")]


def test_results_told_after_a_stack_leave_the_stack_the_top_up_is_measured_from() -> None:
    facts, _doc = extract_facts("1,000 max. Ana started the night with 800, lost 300 to Ben, then won 150 back. "
                                "How much can she add between hands?")
    assert facts.stack_changes == [-300, 150]
    out = answer("1,000 max. Ana started the night with 800, lost 300 to Ben, then won 150 back. How much can she add "
                 "between hands?").outcome
    assert "800 − 300 + 150 = 650" in out and "350" in out
    # a stack told again after the results already holds them
    facts, _doc = extract_facts("2,000 cap. Sam started with 1,880, lost 1,300 of it, and now has 580. How much can "
                                "he add?")
    assert not facts.stack_changes


def test_a_pot_told_as_chips_is_one_pot_and_a_lone_colour_landing_is_one_chip() -> None:
    out = answer("heads up, both all in on the flop, nobody else in. the pot in the middle is 2 browns, 3 yellows and "
                 "4 purples. we run it twice and split the boards. what is each board worth?").outcome
    assert "7,500" in out
    out = answer("turn, checked to me, i say 'three hundred' and then my purple hits the felt. change?").outcome
    assert "200" in out


def test_a_dealers_count_is_his_figure_and_a_spoken_decimal_k_is_thousands() -> None:
    facts, _doc = extract_facts("Seat 8 asks the dealer how much Seat 5 bet; the dealer counts it as 440 and Seat 8 "
                                "puts in 440 to call. It turns out the bet was really 490.")
    assert (facts.dealer_said_amount, facts.bet_faced) == (440, 490)
    out = answer('Seat 4 says "bet one point five k" and then places a single brown chip. How much change?').outcome
    assert "3,500" in out


def test_the_chips_left_after_calling_a_bet_a_ruling_settled() -> None:
    out = answer("i have 3 yellows. villain pushes out a yellow and four blacks without saying anything. i call. how "
                 "much do i have left?").outcome
    assert "1,600 left behind" in out


def test_a_stack_two_players_both_had_sizes_each_ones_shove() -> None:
    facts, _doc = extract_facts("1/2. me on the button and the big blind both had exactly 250. i shove, sb folds, bb "
                                "calls. what's the pot?")
    assert facts.stacks == {"BTN": 250, "BB": 250}
    assert "501" in answer("1/2. me on the button and the big blind both had exactly 250. i shove, sb folds, bb "
                           "calls. what's the pot?").outcome


def test_whose_turn_it_was_then_but_another_acting_is_out_of_turn() -> None:
    told = read_told("Turn, seat 1 bets 300, its on seat 3 but seat 6 already threw in 3 blacks to call. Seat 3 "
                     "calls, seat 4 folds.", 0.5)
    assert [p.out_of_turn for p in told.placed if p.actor == "Seat 6"] == [True]
    # whose turn it was, with nobody acting against it, marks nothing
    told = read_told("Flop, action is on me, seat 2 bet 100. I call.", 0.5)
    assert not any(p.out_of_turn for p in told.placed)


def test_a_player_told_as_where_another_sits_is_not_the_one_acting() -> None:
    acts = _acts("Turn: I bet 250, she raises to 600, the guy behind me calls 600. How much more do I put in?")
    assert acts[0][0] == "i" and acts[-1][0] != "i"


def test_its_on_told_with_an_apostrophe_marks_the_action_after_but() -> None:
    told = read_told("50/100. UTG raises to 300. It's on the hijack, but the big blind says call and pushes out 200 "
                     "more. The hijack three-bets to 900.", 0.5)
    assert any(p.out_of_turn for p in told.placed if p.actor == "BB")


@pytest.mark.parametrize(("text", "stated"), [
    # a player acting from a blind's seat posted it: Dee's 10 is in her 1,000, not money besides it
    ("10/20. Cy shoves 1,000 from the button, Dee calls all in for 1,000 from the small blind, big blind folds. They "
     "run it twice and Dee wins both. How much does Dee collect?", "2,020"),
    # the teller asked about as "me" is the teller who acted as "i"
    ("50/100, river. I led for 1,600, the cutoff popped it to 5,000, and it's back to me. what's it cost me to call?",
     "put in 3,400 to call"),
    # an earlier call is in before a single chip after a raise
    ("Turn, 100/200. Seat 8 bets 2,000, seat 6 just calls, seat 1 raises to 6,000. Now it's on seat 6. Seat 6 tosses "
     "in a single 5,000 chip and says nothing. What change goes back to seat 6?", "1,000 comes back"),
    # whose call: the closing clause that asks, and a player's seat told with the stakes between
    ("Game is 10/20, I am big blind. UTG raises to 60, the next player raises to 180, everybody else folds to me, "
     "what is my call?", "put in 160 to call"),
    ("my friend is at 10/20 in the small blind. UTG limps 20, the cutoff raises to 80. how much does my friend need "
     "to call?", "put in 70 to call"),
])
def test_the_answer_states_the_number_the_told_round_gives(text: str, stated: str) -> None:
    assert stated in answer(text).outcome


def test_wagers_a_player_called_one_after_another_are_each_called() -> None:
    told = read_told("She had 900. She called a 40 raise preflop and then a 70 bet on the flop. What's left?", 0.5)
    assert [(p.actor, p.role, p.street) for p in told.placed if p.role in ("wager_to", "called")] == [
        (None, "wager_to", "preflop"), ("she", "called", "preflop"), (None, "wager_to", "flop"),
        ("she", "called", "flop")]


def test_an_all_in_told_with_the_call_it_makes_is_one_call_for_less() -> None:
    acts = _acts("On the river Pat only had 60 left, so he's all in when he calls the 200 bet.")
    assert [(a, k) for a, k, _n in acts] == [("player 1", "bet"), ("Pat", "all-in")]


def test_seats_counted_from_a_position_are_players_of_their_own() -> None:
    acts = _acts("25/50. UTG opens to 150, UTG+1 folds, utg + 2 calls, MP1 calls.")
    assert [(a, k) for a, k, _n in acts] == [("UTG", "raise"), ("UTG+1", "fold"), ("UTG+2", "call"), ("MP+1", "call")]


def test_a_raise_announced_out_of_turn_with_its_size_is_the_players_raise() -> None:
    told = read_told("10/20. The lojack opens to 60. Before the hijack acts, the button says 'raise to two hundred'. "
                     "I bring it back to the hijack, who folds.", 0.5)
    assert [(p.actor, p.role, p.value, p.out_of_turn) for p in told.placed if p.value > 20] == [
        ("LJ", "wager_to", 60, False), ("BTN", "wager_to", 200, True)]


def test_players_told_together_by_what_they_are_each_act() -> None:
    acts = _acts("10/20. UTG and the lojack both limp, the button raises to 90, blinds fold, both limpers call.")
    assert [(a, k) for a, k, _n in acts] == [("UTG", "call"), ("LJ", "call"), ("BTN", "raise"), ("SB", "fold"),
                                             ("BB", "fold"), ("UTG", "call"), ("LJ", "call")]
    unnamed = _acts("1/3. three limpers, the cutoff makes it 15, the other two limpers fold, seat 2 calls.")
    assert ("CO", "fold") not in [(a, k) for a, k, _n in unnamed]  # limpers nobody named fold no named player


def test_a_raise_named_after_a_call_is_the_raise_called() -> None:
    told = read_told("Seat 4 called a raise to 300 from seat 2. He had 1,200 before. How much does he have left?", 0.5)
    assert [(p.actor, p.role, p.value) for p in told.placed] == [("Seat 2", "wager_to", 300), ("Seat 4", "called", 0),
                                                                 ("Seat 4", "stack", 1200)]
    listed = _acts("5/10. Action: open to 30, a call, a 3-bet to 100.")
    assert [(k, n) for _a, k, n in listed] == [("raise", 30), ("raise", 100)]  # a list of actions, no wager called


def test_an_action_supposed_in_the_question_is_worked_out_as_taken() -> None:
    left = answer("guy shoves 1,150 on me and i have 3,200. if i call, how much will i have left?")
    assert "2,050" in left.outcome
    cost = answer("He shoves 2k, she's sitting on 1.2k. How much does she put in if she calls?")
    assert "1,200" in cost.outcome and "put in 0" not in cost.outcome  # the call asked about is not yet made
    wished = _acts("Seat 2 bets 300 and seat 5 wants to call. What's the call?")
    assert ("Seat 5", "call") not in [(a, k) for a, k, _n in wished]


def test_chips_told_only_as_players_bets_are_those_bets_not_chips_in_dispute() -> None:
    a = answer("5/10, UTG opens two greens, the button makes it a black and two greens, blinds fold. "
               "how much more does UTG need to call?")
    assert "put in 100 to call" in a.outcome and a.citations[0] == "1.1.3"


def test_a_raise_said_with_a_comma_before_its_size_is_the_raise() -> None:
    told = read_told("10/20. The hijack opens to 60. Before the cutoff acts, the button says 'raise, 300' and puts "
                     "it out. The cutoff folds.", 0.5)
    assert ("BTN", "wager_to", 300, True) in [(p.actor, p.role, p.value, p.out_of_turn) for p in told.placed]


def test_the_words_in_turn_name_no_turn_card() -> None:
    told = read_told("Flop. Seat 1 bets 1k out of turn, Seat 8 then bets 700 in turn, so Seat 1's 1k goes back.", 0.5)
    assert {p.street for p in told.placed if p.value in (700, 1000)} == {"flop"}


def test_after_an_out_of_turn_bet_comes_back_the_numbers_asked_are_of_the_round_played_in_turn() -> None:
    call = answer("100/200, turn. Seat 1 is first, but Seat 9 bets 1,200 out of turn. Back to Seat 1, who leads "
                  "800, so Seat 9's bet comes back. Seat 5 folds and Seat 9 raises to 2,500. How much more does "
                  "Seat 1 need to call?")
    assert "1,700 more" in call.outcome
    left = answer("5/10. The button had 800 in front of him. Preflop he shoved out of turn while the hijack was "
                  "still thinking; the hijack then raised to 40, so the shove came back and the button just "
                  "called. What's the button's stack now?")
    assert "760 left behind" in left.outcome
    folded = answer("i had 300 in front. i bet 40 out of turn before the guy on my right acted. he then bets 60 "
                    "and i fold. what's my stack now?")
    assert "all 300" in folded.outcome


def test_a_one_word_closing_question_can_ask_for_the_chips_left() -> None:
    out = answer("i've got 900 behind at 5/10. turn he bets 300 and i call. left?").outcome
    assert "600 left behind" in out


def test_a_seat_told_right_after_a_player_is_that_player_not_a_second_one() -> None:
    told = read_told("On the turn the kid and the old guy on the button both get it in for 2,400 each.", 0.5)
    shared = [p.players for p in told.placed if p.value == 2400]
    assert shared and shared[0][0] != shared[0][1]


def test_a_stack_the_teller_shares_with_one_other_player_is_the_others_shove() -> None:
    told = read_told("just me and one other guy left on the turn. we both had 900 behind. he jams, i call.", 0.5)
    assert ("guy", "all_in_to", 900) in [(p.actor, p.role, p.value) for p in told.placed]
    assert any(p.role == "stack" and p.players == ("i", "the other player") for p in told.placed)


def test_a_raise_only_wished_is_no_action_taken() -> None:
    wished = _acts("Turn: seat 1 bets 200, seat 4 makes it 600. Seat 8 wants to raise to 800. Is that enough?")
    assert ("Seat 8", "raise", 800) not in wished and ("Seat 4", "raise", 600) in wished
    beside = _acts("2/5. The guy in the hat opens to 15 and the lady next to him raises to 45.")
    assert ("the lady", "raise", 45) in beside  # "next to him" wishes nothing


def test_chips_in_the_pot_read_as_players_actions_are_not_the_pot() -> None:
    facts, _doc = extract_facts("heads up on the turn, both all in, each of us had 2,500 in the pot. we ran it "
                                "twice and split the boards. what do i get?")
    assert facts.pot != 2500


def test_an_earlier_street_of_calls_and_checks_is_part_of_the_hand() -> None:
    told = read_told("50/100. SB completes, BB checks. Flop SB bets 200, BB calls. Turn SB bets 500, BB calls.", 0.5)
    hand = [(a.actor, a.kind, a.street) for a in told.hand_actions()]
    assert hand[:2] == [("SB", "call", None), ("BB", "check", None)] and len(hand) == 6
    unsized = read_told("i bet the flop, seat 8 called, then turn and river went check check.", 0.5).hand_actions()
    assert [(a.actor, a.kind, a.amount) for a in unsized][:2] == [("i", "bet", None), ("Seat 8", "call", None)]
    # (a hand told without amounts keeps its order of play, for who shows first, and sizes nothing)
    assert read_told("i called the flop, then turn and river went check check.", 0.5).hand_actions() == []


def test_players_told_together_each_act() -> None:
    listed = _acts("1/3. utg, hj, btn limp 3, sb completes, bb pops to 18.")
    assert listed[:3] == [("UTG", "call", 3), ("HJ", "call", 3), ("BTN", "call", 3)]
    hand = read_told("2/5. Seat 2 limped 5, seat 4 limped 5, seat 6 raised to 25, seat 9 in the BB called, both "
                     "limpers called.", 0.5).hand_actions()
    assert [(a.actor, a.kind) for a in hand][-2:] == [("Seat 2", "call"), ("Seat 4", "call")]


def test_a_count_of_players_nobody_named_is_that_many_players() -> None:
    facts = conclude(extract_facts("1/3. SB posts 1, BB posts 3, UTG limps for 3, two more limp behind, and the "
                                   "button raises to 15. Blinds fold, the three limpers all call.")[0])
    assert facts.contributions is not None and sum(facts.contributions.values()) == 64  # 15 x 4 + 1 + 3


def test_everyone_still_in_less_the_bettor_and_those_excepted() -> None:
    r = answer("1/3. utg, hj, btn limp 3, sb completes, bb pops to 18, all call except hj. flop bb bets 30, btn "
               "calls, rest fold. how big is the pot?")
    assert r.amounts.get("pot") == 135  # 18 from four, the hijack's 3, and 30 from two on the flop


def test_a_word_written_without_its_apostrophe_reads_as_with_it() -> None:
    told = read_told("guy shoves the river for 2,075. ive got 3.2k. if i call whats left in my stack?", 0.5)
    assert ("i", "stack", 3200) in [(p.actor, p.role, p.value) for p in told.placed]


def test_a_counted_all_in_called_leaves_the_stack_less_the_call() -> None:
    r = answer("guy shoves the river and i ask for a count. dealer counts him out: one yellow, two purples and three "
               "greens. ive got 3.2k. if i call whats left in my stack?")
    assert "needs 2,075 to call" in r.outcome and "1,125" in r.outcome


def test_each_blind_is_its_posters_whichever_the_words_alone_suggest() -> None:
    told = read_told("By then SB posted 10, BB posted 20, UTG raised to 60 and UTG+1 called.", 0.5)
    assert (told.small_blind, told.big_blind) == (10, 20)
    told = read_told("100 sb 200 bb posted, the guy under the gun limps 200", 0.5)
    assert (told.small_blind, told.big_blind) == (100, 200)


def test_a_total_told_for_a_player_who_then_folded_is_in_the_pot() -> None:
    r = answer("3 of us saw the flop. lady in the middle put 800 in total then folded on the turn. me and the other "
               "guy ended up all in, each of us had 3000 in the pot total. ran it twice, i took one run he took the "
               "other. how much is mine?")
    assert "6,800 pot" in r.outcome and r.amounts.get("share") == 3400


def test_we_both_went_all_in_for_the_stack_we_both_had() -> None:
    told = read_told("there was 1,150 in the pot going to the flop, it was just me and the kid in seat 9. We both had "
                     "exactly 4k behind and we both got it all in right there.", 0.5)
    shoves = [p for p in told.placed if p.role == "all_in_to"]
    assert shoves and shoves[-1].value == 4000 and len(shoves[-1].players) == 2


def test_a_wager_called_after_and_comes_after_the_callers_own_bet() -> None:
    from engine import answer

    r = answer("10/20. the cutoff, 3,200 deep, opens to 70 and calls a reraise to 240. what does he have behind?")
    assert "2,960" in r.outcome  # the open, then the reraise he called: 240 in


def test_bets_told_without_a_player_after_the_tellers_own_stack_are_his() -> None:
    from engine import answer

    r = answer("had 1.2k at 5/10, called a 3-bet to 120, called 160 flop, called 350 turn. left?")
    assert "570" in r.outcome  # 1,200 − 120 − 160 − 350
    r = answer("2/5, had 612 at the start of the flop. led 40, got raised to 120, 3-bet to 320 and got called. left?")
    assert "292" in r.outcome


def test_the_player_the_action_comes_back_to_is_the_one_whose_call_is_asked() -> None:
    from engine import answer

    r = answer("Turn. Seat 2 bets 600, Seat 5 raises to 1,800, Seat 7 calls, back to Seat 2. How much is it to him?")
    assert r.amounts.get("to_call") == 1200  # 1,800 less his 600
    r = answer("10/20, preflop: UTG limps 20, MP raises to 80, CO all in for 135. Folds round to the BB, who asks me "
               "what it costs him to call. How much more?")
    assert r.amounts.get("to_call") == 115  # 135 less his 20 blind


def test_the_teller_acting_from_a_blind_is_that_blind_and_his_chips_are_counted_once() -> None:
    r = answer("100/200. S3 on the button limps, sb completes, i check my option in the bb. flop: sb checks, i check, "
               "S3 shoves his last 3,900, sb folds, and i call with exactly 3,900 left so we're both all in. we run it "
               "twice. S3 wins the first board, i win the second. how much do i get?")
    assert "8,400" in r.outcome and r.amounts.get("share") == 4200  # 3 × 200 preflop + 3,900 each on the flop
    r = answer("10/20. Ali opens to 60, Bettina 3-bets to 200 from the big blind, SB had folded, Ali jams 1,540 total "
               "and Bettina calls off for 980 total. Ran it twice, Ali takes the first, Bettina the second. What's "
               "Bettina's share?")
    assert "1,970" in r.outcome  # another player acting from the blind posts it: her blind is not added again


def test_a_shove_without_its_size_after_the_stack_ends_the_told_hand_on_its_street() -> None:
    told = read_told("10/20. im on the button with 1200. i raise to 60, sb folds, bb calls. flop bb checks, i shove, "
                     "he calls.", 0.5)
    assert [(a.kind, a.street) for a in told.hand_actions()][-2:] == [("all-in", "flop"), ("call", "flop")]
    r = answer("10/20, im on the button with exactly a yellow and 2 blacks. i raise to 60, sb folds, bb calls. flop bb "
               "checks, i shove, he calls. we run it twice: he wins the first board, i take the second. what do i get?")
    assert r.amounts.get("share") == 1205  # (1,200 + 1,200 + the small blind's 10) / 2


def test_a_deck_counted_short_is_no_misvalued_bet_and_the_voided_rounds_bets_come_back() -> None:
    r = answer("Mid-flop the dealer counted the deck and it's one card short. Seat 8 had posted a 10 big blind, called "
               "a raise to 60 preflop, then bet 150 on the flop before it was discovered. How much does seat 8 get "
               "back?")
    assert r.citations[0] == "2.4.2" and "Seat 8 gets 210" in r.outcome
    assert " he gets" not in r.outcome  # the raiser nobody named is not "he" in a list of players


def test_an_earlier_pot_asked_with_this_rounds_bets_told_rules_both() -> None:
    r = answer("River, S2 and S7 still in. Dealer notices the deck is short, the seven of clubs is missing. S2 put in "
               "1,200 preflop, 1,800 on the flop and 4,000 on the turn. S7 says the pot he won the hand before should "
               "be checked too. What's the ruling and how much does S2 get back?")
    assert "nothing (0)" in r.outcome and "7,000" in r.outcome


def test_a_player_named_by_what_he_did_is_the_one_told_doing_it() -> None:
    r = answer("200/400. UTG opens 1,200, the cutoff 3-bets to 3,600, UTG 4-bets to 9,000. What does the 3-bettor "
               "need to put in to call?")
    assert r.amounts.get("to_call") == 5400 and r.outcome.startswith("CO must put in 5,400")
    r = answer("Floor: 50/100. First limper 100, last limper in too, button isolates to 500, blinds out. Back to the "
               "first limper, his call?")
    assert r.amounts.get("to_call") == 400 and r.outcome.startswith("The first limper")
    r = answer("I'm the original raiser, opened to 250. Cutoff makes it 800, button cold-calls, small blind shoves for "
               "2,100. How much more do I need to call the shove?")
    assert r.amounts.get("to_call") == 1850  # the teller is the one who opened


def test_a_straddle_told_again_is_the_one_straddle() -> None:
    r = answer("Dealing 100/200 with a 400 straddle from UTG. Folds to the button, who raises to 1,100, blinds fold. "
               "The straddler has 400 in - how much does he need to call?")
    assert r.amounts.get("to_call") == 700


def test_a_raise_told_in_the_passive_is_the_other_players() -> None:
    r = answer("i bet 200 on the turn, got raised to 650 by the button, how much do i need to add to call?")
    assert r.amounts.get("to_call") == 450 and "you already have 200" in r.outcome
    told = read_told("i opened to 30 and got 3-bet to 95 by the cutoff.", 0.5)
    assert [(p.actor, p.value) for p in told.placed if p.role == "wager_to"] == [("i", 30), ("CO", 95)]


def test_a_straddlers_own_chips_in_count_toward_his_call_and_a_raise_he_faces_is_anothers() -> None:
    r = answer("Straddle 400. Btn to 800. Straddler drops one yellow, silent. Change?")
    assert r.citations[0] == "1.4.2" and r.amounts.get("change") == 600  # 1,000 − (800 − his 400)
    told = read_told("Small blind at 25/50 facing a raise to 125 flicks in a yellow.", 0.5)
    assert [p.actor for p in told.placed if p.role == "wager_to"] == [None]  # not the small blind's raise


def test_a_raise_by_the_player_sitting_behind_the_teller_is_not_the_tellers() -> None:
    r = answer("5/10 turn, i bet 175, kid behind me makes it 600. what do i need to put in to call")
    assert r.amounts.get("to_call") == 425


def test_an_absent_big_blind_owes_his_ante_too_and_a_new_player_posting_keeps_the_rest() -> None:
    r = answer("100/200 game where everyone antes 25 every hand. guy in the big blind went to grab food and wasnt back "
               "when cards went out. how much does he owe the pot")
    assert r.citations[0] == "3.14.1" and r.amounts.get("owed") == 225
    r = answer("5/10 NL. New player S4 bought in for 1,000, elects to post and get dealt in now. Stack after posting?")
    assert r.citations[0] == "1.13.1" and r.amounts.get("left_behind") == 990


def test_chip_values_told_as_a_list_and_a_chip_named_with_its_value_are_read_once() -> None:
    r = answer("first to act on the flop at 2/5 and this dude just slides out 2 blacks 3 greens and 4 reds, doesnt say "
               "anything. (blacks are 100 greens 25 reds 5 here.) what is his bet actually")
    assert r.amounts.get("bet") == 295
    r = answer("At 5/10, seat 3 opens the flop. While the black hundred is still in his hand he says 'seventy-five', "
               "then sets the chip down. How much change do I give him?")
    assert r.amounts.get("change") == 25
    r = answer("In a 2/5 game the first player to act on the flop put out two black chips, a hundred each, and only "
               "after they'd landed on the felt did he say 'one fifty'. What is the bet?")
    assert r.amounts.get("bet") == 200


def test_a_street_word_after_every_is_no_street_of_the_hand() -> None:
    r = answer("10/20. turn: i bet 160, then the dude who's been hitting every river since like 5 o clock raises me "
               "to four eighty. how much more for me to call")
    assert r.amounts.get("to_call") == 320


def test_a_number_asked_of_a_described_hand_is_ruled_on_its_facts_not_stated_in_general() -> None:
    r = answer("100/200: the UTG guy (seat 3) limps, LJ (S4) raise to 600. HJ (S5) shoves 1075, the CO (S6) folds, "
               "fold back to the UTG guy. Amount for the UTG guy to call?")
    assert "In general" not in r.outcome and r.amounts.get("to_call") == 875
    r = answer("Preflop, seat 8 folds before seats 6 and 7 have acted. Seat 6 then raises. Seat 8 says since the "
               "action changed he wants his hand back. Does he get it?")
    assert r.citations[0] == "1.8.3"  # no number asked: the words' rule, in general if need be
