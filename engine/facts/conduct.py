"""Facts for section 3, Player Conduct of Play.

What a floor person establishes before ruling on table conduct.  Several
clauses need facts declared elsewhere, reused rather than twinned:

* ``live_cards`` (common): whether *the player* still holds live cards, which
  3.2.1, 3.12 and 3.16 turn on;
* ``table_limit`` (common) and ``stack_behind`` (wagering: the chips in front of
  the player) for the 3.12 top-up arithmetic;
* ``bet_faced``, ``already_in``, ``chips_put_out`` and ``verbal`` (wagering) for
  the amounts under 3.18 and 3.19;
* ``big_blind`` (common) and ``refuses_blind`` (wagering) for 3.14.1.

Five facts here carry an assumption, each where the clause itself names
the ordinary case: a miscall is honest unless intent is shown (3.13
needs intent), shown cards are still in hand unless someone says they were
mucked (3.8), a player taking chips is staying unless he says he is leaving
(3.11), a player is not facing an all-in unless one was made (3.18), and a
hand being read at showdown has been opened (3.5).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engine.facts.base import YES_NO, fact


class ConductFacts(BaseModel):
    # -- 3.1: what the supervisor may direct while live cards are in play ------------------------
    foreign_language: bool | None = fact(
        "Are players at the table speaking a language other than English?", YES_NO
    )
    table_noise: bool | None = fact(
        "Is talk or noise at the table disturbing the game?", YES_NO
    )
    collusion_suspected: bool | None = fact(
        "Are any players suspected of colluding (working together)?", YES_NO
    )
    spectators_present: bool | None = fact(
        "Are spectators (people not playing in the game) involved?", YES_NO
    )

    # -- 3.2 / 3.2.1: sharing hand information during the hand; 3.8 at its end -------------------
    hand_info_shared: bool | None = fact(
        "Did a player tell or signal something about his own hand to someone else?", YES_NO
    )
    cards_shown_privately: bool | None = fact(
        "Did a player show his hole cards to another player, rather than to the whole table?", YES_NO
    )
    shown_cards_mucked: bool | None = fact(
        "Were the shown cards already in the muck when another player asked to see them?",
        YES_NO,
        assume=False,
        because="nobody said the shown cards had been mucked, so they are taken to be still in the player's hand",
    )

    # -- 3.3: the stub and the discards -----------------------------------------------------------------
    peek_at_deck: bool | None = fact(
        "Did (or does) someone want to look at the undealt cards or the discards (a rabbit hunt included)?",
        YES_NO,
    )

    # -- 3.4: advice ----------------------------------------------------------------------------------------
    advice_given: bool | None = fact(
        "Did a spectator or another player try to advise or influence a player's decision?", YES_NO
    )

    # -- 3.5 / 3.13: the hand as announced and as held -----------------------------------------------
    hand_miscalled: bool | None = fact(
        "Did the player announce his hand as something other than what he held?", YES_NO
    )
    announced_hand: str | None = fact("What hand did the player announce?")
    miscalled_by: str | None = fact("Who announced his hand as something other than what he held?")
    actual_hand: str | None = fact("What hand did the player actually hold?")
    hand_opened: bool | None = fact(
        "Was the hand opened (turned face up) at showdown?",
        YES_NO,
        assume=True,
        because="a hand whose strength is being read at showdown has been turned face up; "
                "nobody said it stayed face down",
    )
    acted_on_miscall: bool | None = fact(
        "Did another player act on the announcement (fold, muck or call because of it)?", YES_NO
    )
    miscall_intent: bool | None = fact(
        "Did the player miscall his hand on purpose, to make another player act?",
        YES_NO,
        assume=False,
        because="3.13 needs intent to make another player act and none was reported, "
                "so the miscall is taken as an honest mistake",
    )

    # -- 3.6: contesting a pot ---------------------------------------------------------------------------
    pot_contested: bool | None = fact("Is a player disputing (contesting) the result of a pot?", YES_NO)
    contest_timing: Literal["before", "after"] | None = fact(
        "Was the pot contested before the first card of the next hand was drawn from the deck, or after?",
        {"Before the next hand's first card": "before", "After the next hand's first card": "after"},
    )

    # -- 3.7: seats --------------------------------------------------------------------------------------------
    seat_request: bool | None = fact("Is this about a player choosing or changing his seat?", YES_NO)

    # -- 3.9: sitting without playing -------------------------------------------------------------------
    orbits_without_wager: int | None = fact("How many orbits has the player gone without placing a wager?")

    # -- 3.10 / 3.11 / 3.12: whose chips, and chips leaving or joining a stack -----------------------
    wagering_others_chips: bool | None = fact(
        "Is a player betting, or trying to bet, another player's chips?", YES_NO
    )
    removing_chips: bool | None = fact(
        "Does the player want to take chips off the table (out of his stack)?", YES_NO
    )
    leaving_game: bool | None = fact(
        "Is the player leaving the game, giving up his seat?",
        YES_NO,
        assume=False,
        because="the player was not said to be leaving, so he is taken to be keeping his seat",
    )
    adding_chips: bool | None = fact(
        "Does the player want to add chips to his stack (top up, rebuy)?", YES_NO
    )
    add_amount: int | None = fact("How much does the player want to add to his stack?")

    # -- 3.14: away from the seat at the deal -----------------------------------------------------------
    absent_at_deal: bool | None = fact(
        "Was the player (with a stack in play) away from his seat when the cards were dealt?", YES_NO
    )
    blind_due: Literal["small", "big", "none"] | None = fact(
        "Was a blind due from the player on that hand?",
        {"The big blind": "big", "The small blind": "small", "No blind": "none"},
    )
    hand_declared_dead: bool | None = fact("Did the dealer declare the player's hand dead?", YES_NO)

    # -- 3.15 / 3.19: asking the dealer about amounts ---------------------------------------------------
    pot_size_asked: bool | None = fact("Did a player ask the dealer for the exact size of the pot?", YES_NO)
    bet_value_asked: bool | None = fact(
        "Did a player ask the dealer to verify the value of a bet or raise?", YES_NO
    )
    dealer_misvalued: bool | None = fact(
        "Did the dealer state the wrong value for the bet or raise?", YES_NO
    )
    dealer_said_amount: int | None = fact("What amount did the dealer say the bet or raise was?")
    acted_on_valuation: bool | None = fact(
        "Did the player act (call, raise or fold) after the dealer's valuation?", YES_NO
    )

    # -- 3.16: how a stack is presented -----------------------------------------------------------------
    stack_untidy: bool | None = fact("Is the player's stack messy or disorganised?", YES_NO)
    big_chips_hidden: bool | None = fact(
        "Are the player's higher-denomination chips hidden, rather than at the top or front of the stack "
        "facing the centre of the table?",
        YES_NO,
    )

    # -- 3.17 / 3.18: seeing and counting another player's stack ----------------------------------------
    stack_hidden: bool | None = fact(
        "Is part of a player's stack hidden from the players with live cards?", YES_NO
    )
    stack_size_asked: bool | None = fact(
        "Does a player want to know how much another player has in his stack?", YES_NO
    )
    precise_count_asked: bool | None = fact(
        "Does a player want a precise count of another player's stack?", YES_NO
    )
    facing_all_in: bool | None = fact(
        "Is the player who wants the count facing an all-in bet or raise?",
        YES_NO,
        assume=False,
        because="no all-in bet or raise was mentioned, so the player is taken not to be facing one",
    )
    all_in_announced: bool | None = fact("Did the dealer announce the all-in out loud?", YES_NO)
    all_in_total: int | None = fact("What does the all-in player's stack come to, counted?")
