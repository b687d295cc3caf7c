"""Facts for section 1, Wagering & Order of Play."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engine.facts.base import YES_NO, fact

Verbal = Literal["check", "bet", "call", "raise", "all-in", "fold"]


class WageringFacts(BaseModel):
    # -- the wager in question -------------------------------------------------
    bet_faced: int | None = fact(
        "How much was the bet the player faced (the total to call this round; 0 if nobody had bet)?"
    )
    put_by: str | None = fact("Who put the chips in question across the line?")
    asks_call: bool | None = fact("Is the question how much a player must put in to call?", YES_NO)
    call_for: str | None = fact("Which player's call is asked about?")
    first_to_bet: bool | None = fact("Was the player the first to put chips in this round (nothing bet before him)?",
                                     YES_NO)
    already_in: int | None = fact(
        "How much did the player already have in front of him this round (a blind, an earlier bet)?",
        assume=0,
        because="no earlier chips of this player in the round were mentioned, so none are assumed",
    )
    last_full_raise: int | None = fact(
        "What was the size of the last full bet or raise this round (the increase, not the total)?"
    )
    chips_put_out: int | None = fact("What is the total value of the chips the player put across the line?")
    chip_count: int | None = fact("How many chips did the player put out?")
    single_chip: bool | None = fact("Was it a single chip?", YES_NO)
    one_motion: bool | None = fact(
        "Did the player put the chips out in one motion?",
        YES_NO,
        assume=True,
        because="no second trip to the stack was reported, so one motion is assumed",
    )
    verbal: Verbal | None = fact(
        "What did the player say (if anything)?",
        {"Nothing": None, "Check": "check", "Bet": "bet", "Call": "call", "Raise": "raise",
         "All-in": "all-in", "Fold": "fold"},
    )
    declared: bool | None = fact(
        "Did the player make any verbal declaration?",
        YES_NO,
        assume=False,
        because="no declaration was reported, so none is assumed",
    )
    indications: list[str] | None = fact(
        "What did the player indicate, in order (e.g. check by tapping, then 'bet')?"
    )
    verbal_amount: int | None = fact("What amount did the player say?")
    verbal_timing: Literal["before", "after"] | None = fact(
        "Was it said before the chips touched the table, or after?",
        {"Before the chips touched the table": "before", "After the chips touched the table": "after"},
    )
    chips_added: int | None = fact("How much did the player add on a second trip to his stack?")
    min_raise_closing: bool | None = fact("Does the closing question itself ask for the minimum raise?")
    asks_more: bool | None = fact("Does the question ask for the chips to add on top of those already in?")
    stack_behind: int | None = fact("How many chips does the player have left behind?")
    stack_total: int | None = fact("How many chips did the player have in all, before putting any out?")
    stack_after_blind: bool | None = fact("Was his stack told with his blind already posted out of it?")
    folded_in_hand: list[str] | None = fact("Which players folded during the hand told?")
    lost_hand: list[str] | None = fact("Which players lost the hand told at showdown?")
    stack_changes: list[int] | None = fact(
        "What did the player win (+) or lose (−) since the stack told, hand by hand?")
    dead_money: int | None = fact("How many chips are in the pot from players no longer in the hand (dead money)?")
    stack_told_first: bool | None = fact(
        "Was the player's stack told before he put the chips out (so the chips came out of it)?", YES_NO)
    stack_street: Literal["preflop", "flop", "turn", "river"] | None = fact(
        "On which street did the player have the stack told (his chips as that street began)?")
    asks_pot: bool | None = fact("Is the question the size of the pot, or what its winner takes?", YES_NO)
    asks_main_pot: bool | None = fact("Is the question the size of the main pot (what the shortest all-in can win)?",
                                      YES_NO)
    asks_side_pot: bool | None = fact("Is the question the size of a side pot (what the bigger stacks play for)?",
                                      YES_NO)
    pot_street: Literal["preflop", "flop", "turn", "river"] | None = fact(
        "The pot as which street began is asked for (the bets of the streets before it)?")
    asks_stack_left: bool | None = fact("Is the question how much a player has left behind after his action?",
                                        YES_NO)
    wants_to_change: bool | None = fact(
        "Does the player now want to change or take back part of the wager?", YES_NO
    )
    asks_short_all_in: bool | None = fact(
        "Is the question whether a player may go all-in for less than a full raise?", YES_NO
    )
    asks_oversized: bool | None = fact("Is the question about a single chip bigger than the bet?", YES_NO)
    asks_string_bet: bool | None = fact("Is the question whether something was a string bet?", YES_NO)
    asks_both_cards: bool | None = fact("Is the question whether both hole cards must be shown to win?", YES_NO)
    actions_asked: list[str] | None = fact("Which actions (check, bet, call, raise, fold) is the question about?")
    asks_min_raise: bool | None = fact("Is the question what the smallest legal raise is?", YES_NO)
    asks_yes_no: bool | None = fact("Is the question one answered yes or no (may he, is it, does it)?", YES_NO)
    all_in_short: bool | None = fact(
        "Was the raise an all-in for less than a full raise?", YES_NO
    )

    # -- folding and protecting cards -------------------------------------------
    cards_crossed_line: bool | None = fact(
        "Did the cards cross the betting line (or reach the dealer) with the intention to fold?", YES_NO
    )
    wants_cards_back: bool | None = fact("Does the player want the folded cards back?", YES_NO)
    cards_unprotected: bool | None = fact(
        "Were the cards left unprotected (not face down behind the line, not held or capped)?", YES_NO
    )
    dealer_mucked: bool | None = fact("Did the dealer muck (kill) the cards?", YES_NO)

    asks_dead_hand_wins: bool | None = fact("Is the question whether a dead hand can still win the pot?", YES_NO)

    # -- time --------------------------------------------------------------------
    time_given: bool | None = fact(
        "Did the dealer give the player a clear time limit to act?", YES_NO
    )
    time_expired: bool | None = fact("Did that time run out before the player acted?", YES_NO)

    # -- out of turn ----------------------------------------------------------------
    oot_action: Literal["check", "call", "bet", "raise", "fold", "all-in"] | None = fact(
        "What did the out-of-turn player do?",
        {"Check": "check", "Call": "call", "Bet": "bet", "Raise": "raise", "Fold": "fold", "All-in": "all-in"},
    )
    oot_amount: int | None = fact("How much did the out-of-turn player put in?")
    action_changed: bool | None = fact(
        "Did any of the skipped players (those whose turn it really was) bet or raise, changing the action?",
        {"Yes, someone bet or raised": True, "No, they only checked, called or folded": False},
    )
    skipped_players: list[str] | None = fact("Which players were skipped by the out-of-turn action?")
    skipped_action: Literal["bet_or_raise", "check_call_fold"] | None = fact(
        "What did the skipped players do after the out-of-turn action?",
        {"Someone bet or raised": "bet_or_raise", "They only checked, called or folded": "check_call_fold"},
    )
    dealer_caused: bool | None = fact(
        "Did the dealer direct the wrong player to act (a dealer error)?",
        YES_NO,
        assume=False,
        because="no dealer error was reported, so the player is taken to have acted out of turn on his own",
    )

    # -- run it twice -----------------------------------------------------------------
    all_in_players: int | None = fact("How many of those players are all-in?")
    both_all_in: bool | None = fact("Are both players all-in?", YES_NO)
    both_agree: bool | None = fact("Do both players agree to run it twice?", YES_NO)
    cards_to_come: bool | None = fact("Are there still community cards to be dealt?", YES_NO)
    runs_requested: int | None = fact("How many times do they want to run it?")
    asks_rit_split: bool | None = fact("Is the question how the pot or the cards are shared when run twice?", YES_NO)
    boards_won: list[str] | None = fact("Who won each board (first, second)?")
    share_for: str | None = fact("Whose share of a pot run twice is asked for (the teller, or a player's name)?")

    # -- showdown ---------------------------------------------------------------------
    last_aggressor: str | None = fact(
        "Who made the last bet or raise of the hand (any betting round)?"
    )
    aggression: bool | None = fact(
        "Was there any bet or raise in the hand (preflop blinds do not count)?", YES_NO
    )
    cards_tabled: int | None = fact("How many hole cards did the player table?")
    others_forfeited: bool | None = fact(
        "Have all other players mucked or otherwise given up their claim to the pot?", YES_NO
    )
    claimant_is_aggressor: bool | None = fact(
        "Is the player claiming the pot the one who made the last bet or raise?", YES_NO
    )

    asks_show_order: bool | None = fact("Is the question who must show their cards first?", YES_NO)
    checked_down: bool | None = fact("Was the hand checked down (no bet or raise)?", YES_NO)
    someone_mucked: bool | None = fact("Did a player muck or give up his hand at showdown?", YES_NO)
    opponent_tabled: bool | None = fact("Did another player table a hand that still claims the pot?", YES_NO)
    claimants: list[str] | None = fact("Who is claiming the pot?")

    board: str | None = fact("What are the community cards (e.g. 'Ah Kd 7c 2s 9h')?")
    hole_cards: dict[str, str] | None = fact("What hole cards did each player show (e.g. Seat 1: 'Ac 7d')?")

    # -- blinds and new players ------------------------------------------------------------
    new_player: bool | None = fact("Is the player new to the table?", YES_NO)
    new_player_choice: Literal["post", "wait"] | None = fact(
        "Does the new player want to post a blind now, or wait for his big blind?",
        {"Post now": "post", "Wait for the big blind": "wait"},
    )
    refuses_blind: bool | None = fact("Does the player want to skip or refuse a blind?", YES_NO)
