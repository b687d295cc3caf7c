"""Facts for section 2, Misdeals.

Section 2 turns on a few questions a floor person always asks: what went wrong
(a card exposed, a bad shuffle, a dealing error, a missing or foreign card, the
dealer pointing at the wrong player), when it happened (shuffle, cut, pitch, a
board card before its betting round was complete) and when it was noticed
(before or after substantial action).  Facts that other sections already own
are reused rather than twinned: ``street``, ``actions``, ``small_blind`` and
``big_blind`` (common), ``dealer_caused`` (wagering: the dealer directed the
wrong player to act, which is what 2.6 needs).

"Substantial action" is not defined by the house rules.  It is asked, never
assumed from nothing; only when staff say how many actions had been taken does
a rule count them against the FIDPA reference definition, and that use is
itself an assumption (``use_fidpa_substantial``) reported with the ruling, so
staff can see that the decision rests with them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engine.facts.base import YES_NO, fact
from engine.facts.common import Action, Street

ExposedDuring = Literal["shuffle", "cut", "pitch", "board"]
BoardCard = Literal["flop", "turn", "river"]
ShuffleStep = Literal["wash", "riffle", "box", "final_riffle", "cut", "cut_card"]

FIDPA_SUBSTANTIAL = (
    "two actions in turn with at least one of them putting chips in the pot, or any three actions in turn "
    "(check, bet, call, raise or fold); posting blinds does not count"
)


class MisdealFacts(BaseModel):
    # -- exposed cards: 2.1.1 (shuffle/cut), 2.5.2 (pitching), 2.5.1 (board) --------------------------
    card_exposed: bool | None = fact("Was a card exposed (flashed, turned face up, boxed)?", YES_NO)
    card_exposed_during: ExposedDuring | None = fact(
        "When was the card exposed?",
        {
            "While shuffling": "shuffle",
            "While cutting": "cut",
            "While pitching the hole cards": "pitch",
            "A flop, turn or river card": "board",
        },
    )
    exposed_by: Literal["dealer", "player"] | None = fact(
        "Who exposed the card: the dealer, or a player?",
        {"The dealer": "dealer", "A player": "player"},
        assume="dealer",
        because="only the dealer handles the deck while pitching and nobody else was said to have exposed the card, "
                "so the dealer is taken to have exposed it",
    )
    cards_exposed: int | None = fact("How many cards were exposed?")
    board_card_exposed: BoardCard | None = fact(
        "Which board card was exposed: the flop, the turn or the river?",
        {"The flop": "flop", "The turn": "turn", "The river": "river"},
    )
    betting_round_complete: bool | None = fact(
        "Was the betting round before that board card complete when the card was exposed?",
        YES_NO,
        assume=False,
        because="a flop, turn or river card is exposed in error only when it comes out before its betting round is "
                "complete (once the round is complete, turning it up is simply dealing it), so the round is taken "
                "to have been incomplete",
    )

    # -- the shuffle: 2.1.2 and 2.8 ------------------------------------------------------------------------
    properly_shuffled: bool | None = fact(
        "Were the cards properly shuffled and cut before the deal (wash, two riffles, box, riffle, cut)?", YES_NO
    )
    shuffle_steps: list[ShuffleStep] | None = fact(
        "Which step(s) of the shuffle are in question (skipped or done wrong, or asked about)?"
    )
    shuffle_sequence: list[str] | None = fact(
        "What steps did the dealer do, in order (wash, riffle, box, cut)?"
    )
    asks_shuffle_procedure: bool | None = fact("Is this a question about how the deck is shuffled?", YES_NO)

    # -- dealing errors: 2.1.3 and 2.1.4 --------------------------------------------------------------------
    dealt_out_of_order: bool | None = fact(
        "Did the dealer deal the cards out of order (started with the wrong player, skipped a seat)?", YES_NO
    )
    wrong_card_count: bool | None = fact("Did a player receive the wrong number of hole cards?", YES_NO)
    cards_received: int | None = fact("How many hole cards did the player receive?")
    error_rectifiable: bool | None = fact(
        "Can the dealing error be rectified (put right without a redeal)? If it cannot, and no substantial action "
        "has occurred, it is a misdeal.",
        {"Yes, it can be put right": True, "No, it cannot be put right": False},
    )

    # -- when the error was noticed: substantial action ------------------------------------------------------
    substantial_action: bool | None = fact(
        "Had substantial action occurred when the error was noticed? The house rules do not define it; the FIDPA "
        f"reference counts {FIDPA_SUBSTANTIAL}. Staff decide.",
        YES_NO,
    )
    actions_taken: int | None = fact(
        "How many actions in turn (check, bet, call, raise or fold; not blinds) had been taken when the error was "
        "noticed?"
    )
    chips_action: bool | None = fact(
        "Did at least one of those actions put chips in the pot (a bet, call or raise)?", YES_NO
    )
    noticed_on: Street | None = fact(
        "In which betting round was the error noticed?",
        {"Preflop": "preflop", "Flop": "flop", "Turn": "turn", "River": "river"},
    )
    use_fidpa_substantial: bool | None = fact(
        "The house rules do not define substantial action: should the FIDPA reference definition "
        f"({FIDPA_SUBSTANTIAL}) be used to count it?",
        {"Yes, use the FIDPA definition": True, "No, staff judge it case by case": False},
        assume=True,
        because="the house rules do not define substantial action and point to the FIDPA rules for details, so the "
                f"FIDPA reference definition is used ({FIDPA_SUBSTANTIAL}); the call rests with staff",
    )

    # -- declaring a misdeal and what follows: 2.2 and 2.3 -------------------------------------------------------
    misdeal_declared: bool | None = fact("Has a misdeal been declared?", YES_NO)
    asks_misdeal_consequences: bool | None = fact(
        "Is the question what happens after a misdeal (the bets, the blinds, the button)?", YES_NO
    )
    misdeal_called_by: Literal["dealer", "supervisor", "player"] | None = fact(
        "Who is calling the misdeal: the dealer, a supervisor, or a player?",
        {"The dealer": "dealer", "A supervisor": "supervisor", "A player": "player"},
    )
    asks_misdeal_causes: bool | None = fact("Is the question what makes a misdeal, in general?", YES_NO)
    asks_refund: bool | None = fact("Is the question how much goes back to the players?", YES_NO)
    asks_chips_back: bool | None = fact("Is the question how many chips come back to a player (a refund or change)?",
                                        YES_NO)
    asks_who_declares: bool | None = fact("Is the question who may declare a misdeal?", YES_NO)
    bets_in: int | None = fact("How much had been bet in the hand (blinds included) when the misdeal was declared?")

    # -- the deck itself: 2.4 ----------------------------------------------------------------------------------
    deck_defect: Literal["missing", "foreign"] | None = fact(
        "Is a card missing from the deck, or was a card found that is not part of the deck?",
        {
            "A card is missing": "missing",
            "A card that is not part of the deck (extra, duplicate, other deck)": "foreign",
        },
    )
    asks_previous_rounds: bool | None = fact(
        "Is the question about hands already played with that deck?", YES_NO
    )

    # -- the dealer's wrong direction: 2.6 (with dealer_caused from wagering) ------------------------------------
    skipped_player: str | None = fact("Which player was skipped (whose turn it really was)?")
    actions_since_error: list[Action] | None = fact(
        "What actions were taken after the dealer directed the wrong player to act?"
    )

    # -- exposed hole cards: 2.7 --------------------------------------------------------------------------------
    hole_cards_seen: bool | None = fact(
        "Were a player's hole cards exposed to (seen by) one or more other players?", YES_NO
    )
