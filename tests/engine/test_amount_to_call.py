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


def test_a_caller_short_of_the_bet_calls_all_in_for_what_he_has() -> None:
    """1.1.3.1: the call is the smaller of what it costs and what he has behind, with the working."""
    facts = Facts(street="flop", asks_call=True, call_for="Player C", stacks={"Player C": 650},
                  actions=[Action(actor="Player A", kind="bet", amount=300),
                           Action(actor="Player B", kind="all-in", amount=900)])
    r = decide(facts, topic="amount_to_call")
    assert r.amounts["to_call"] == 650 and r.amounts["short_by"] == 250
    assert r.citations[0] == "1.1.3.1" and "all in" in r.outcome


def test_the_one_player_whose_stack_was_told_is_the_caller() -> None:
    r = answer("On the flop, the first player bets 1,200 and the next player has only 430 remaining. How much does "
               "he put in to call?")
    assert r.amounts.get("to_call") == 430


def test_a_call_in_the_question_is_not_a_call_made() -> None:
    """"how much does S7 call?" asks about a call; it did not happen, so S7 has nothing in yet."""
    r = answer("1/3, flop: S2 bets 60, S5 shoves 400, S7 has 150 left. how much does S7 call?")
    assert r.amounts.get("to_call") == 150


def test_a_stack_that_covers_the_call_changes_nothing() -> None:
    facts = Facts(street="turn", asks_call=True, call_for="Seat 2", stacks={"Seat 2": 5000},
                  actions=[Action(actor="Seat 1", kind="bet", amount=300)])
    r = decide(facts, topic="amount_to_call")
    assert r.amounts["to_call"] == 300 and "all in" not in r.outcome


def test_the_speaker_is_told_his_call_as_you() -> None:
    from engine import answer

    r = answer("50/100. I open to 300 from the cutoff, the button 3-bets to 900. How much more do I need to call?")
    assert r.outcome.startswith("You must put in 600 to call") and "you already have 300" in r.outcome


def test_the_chips_left_after_a_ruled_single_chip_call() -> None:
    ruling = answer("25/50. i had 2,340 behind on the turn. he bet 460. i dropped a yellow without saying anything. "
                    "how much do i have left behind after its sorted?")
    assert ruling.amounts.get("call") == 460 and ruling.amounts.get("left_behind") == 1880
    assert "2,340 − 460" in ruling.outcome


def test_the_chips_left_once_an_out_of_turn_bet_stands() -> None:
    ruling = answer("Turn. Seat 3 is first to act but seat 5 bets 80 out of turn. We go back to seat 3, who checks, "
                    "and seat 4 checks too. Seat 5 had 310 behind before any of this. What's his stack once his bet "
                    "stands?")
    assert ruling.citations[0] == "1.8.1" and ruling.amounts.get("left_behind") == 230


def test_the_chips_left_after_an_out_of_turn_bet_came_back_count_only_the_call_after_it() -> None:
    ruling = answer("Turn. Seat 2 should act first, but seat 7 bets 400 out of turn. The dealer takes it back to "
                    "seat 2, who bets 150, and seat 7 calls. Seat 7 had 2,000 before the turn. What is his stack now?")
    assert ruling.citations[0] == "1.8.2" and ruling.amounts.get("left_behind") == 1850
    assert "2,000 − 150" in ruling.outcome


def test_the_chips_left_by_a_teller_who_left_himself_out_of_the_story() -> None:
    ruling = answer("had 3.1k, called a 1.2k jam on the flop. what's left in front of me?")
    assert ruling.amounts.get("left_behind") == 1900 and "3,100 − 1,200" in ruling.outcome


def test_the_chips_left_over_the_hand_count_a_blind_that_only_checked() -> None:
    hand = [Action(actor="SB", kind="call", amount=10, street="preflop"),
            Action(actor="BB", kind="check", street="preflop"),
            Action(actor="BB", kind="bet", amount=50, street="flop"),
            Action(actor="SB", kind="call", amount=50, street="flop")]
    facts = Facts(asks_stack_left=True, stack_total=1000, stack_street="preflop", street="flop", small_blind=5,
                  big_blind=10, call_for="BB", hand_actions=hand, actions=hand[2:])
    ruling = decide(facts)
    assert ruling.amounts.get("left_behind") == 940 and "1,000 − 60" in ruling.outcome


def test_a_stack_told_as_the_hand_began_is_less_the_earlier_streets_when_the_call_comes() -> None:
    hand = [Action(actor="Seat 7", kind="call", amount=150), Action(actor="Seat 7", kind="call", amount=300,
                                                                     street="flop"),
            Action(actor="Seat 1", kind="all-in", amount=2600, street="turn")]
    facts = Facts(big_blind=50, small_blind=25, street="turn", asks_call=True, call_for="Seat 7",
                  stacks={"Seat 7": 2000}, actions=hand[-1:], hand_actions=hand)
    r = decide(facts, topic="amount_to_call")
    assert r.amounts["to_call"] == 1550 and "2,000 at the start of the hand − 450 he already put in" in r.outcome
    told = answer("1/2. seat 9 started with 140, called 10 preflop and 18 on the flop. turn someone shoves 250. "
                  "what's seat 9's call?")
    assert "call for only 112" in told.outcome


def test_a_stack_told_after_the_blind_was_posted_does_not_lose_the_blind_again() -> None:
    left = answer("2/5, i'm in the bb with 600 behind after posting. the button raises to 30 and i call. "
                  "what do i have left?")
    assert "575 left behind" in left.outcome
    counted = answer("2/5, i'm in the bb with 600 behind. the button raises to 30 and i call. what do i have left?")
    assert "570 left behind" in counted.outcome  # told without the words, the blind is part of it


def test_a_call_supposed_in_the_question_is_the_call_asked_for_not_one_made() -> None:
    out = answer("1/2. UTG opens to 10, the cutoff calls (the cutoff had 60 total before the hand), the button "
                 "jams 200. If the cutoff calls, how much does he put in?").outcome
    assert "call for only 50" in out and "60 at the start of the hand − 10" in out


def test_the_call_asked_about_is_not_counted_as_already_in() -> None:
    r = answer("50/100. The lojack raises to 350 and the SB flats. How much does the SB add to his blind?")
    assert r.amounts.get("to_call") == 300
    r = answer("5/10 game, I'm in the small blind. The hijack makes it 35 and the button 3-bets to 110. If everyone "
               "folds to me and I just call, what would it cost me?")
    assert r.amounts.get("to_call") == 105


def test_how_many_more_chips_for_a_minimum_raise_takes_off_the_chips_already_in() -> None:
    r = answer("$2/$5, im in the SB. button opens to $15. i want to make the min raise, how many more chips do i "
               "actually put in")
    assert r.amounts.get("min_raise_to") == 25 and r.amounts.get("to_add") == 23


def test_an_all_in_told_without_its_size_is_the_count() -> None:
    r = answer("5/10 im BB, had 1600 before the hand. button shoves his whole stack, i ask for a count, dealer counts "
               "it at 735. sb folds and i call. what am i left with")
    assert "865 left behind" in r.outcome


def test_the_stack_after_a_single_chip_call() -> None:
    r = answer("s9 sitting with 3k, facing 340, drops a yellow, no word. stack after?")
    assert "660 comes back" in r.outcome and "2,660 left behind" in r.outcome
