"""Facts about the game every section needs: stakes, street, who is in."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engine.facts.base import YES_NO, fact

Street = Literal["preflop", "flop", "turn", "river"]


class Action(BaseModel):
    """One action in the betting round, in the order it happened.

    ``amount`` is the total the player has in for the round after the action
    ("raise to 600"), as a floor person says it; for a call it may be left out.
    """

    actor: str
    kind: Literal["post", "check", "bet", "call", "raise", "all-in", "fold"]
    amount: int | None = None
    out_of_turn: bool | None = None
    street: str | None = None  # the betting round it was on, where the story said (hand_actions only)
    minimum: bool | None = None  # a raise told only as the smallest legal one ("min-raises"): its total is 1.4's


# The player who posted a straddle, when the story does not say who ("1/2 with a 5 straddle").
STRADDLER = "the straddler"


def unnamed_player(n: int) -> str:
    """The name a reader gives the n-th player of a story who was told without a name ("player 1")."""
    return f"player {n}"


def is_unnamed(actor: str) -> bool:
    """Whether a player is one the story did not name (``unnamed_player``)."""
    head, _, n = actor.partition(" ")
    return head == "player" and n.isdigit()


# How a ruling says a reader's player name as an owner ("i" -> "your").
_OWNER = {"i": "your", "me": "your", "he": "his", "she": "her", "we": "our", "they": "their"}


def is_teller(actor: str) -> bool:
    """Whether a reader's player name is the one telling the story ("i", "me")."""
    return actor.lower() in ("i", "me")


def subject(actor: str, *, opens: bool = True) -> str:
    """A player's name as the subject of a ruling's sentence: "He" ("he" inside one) for the speaker or a player
    nobody named."""
    if is_teller(actor) or is_unnamed(actor):
        return "He" if opens else "he"
    return actor


def possessive(actor: str) -> str:
    """A player's name as an owner in a ruling: "your" for the speaker, "the" for a player nobody named."""
    return _OWNER.get(actor.lower(), "the" if is_unnamed(actor) else f"{actor}'s")


class CommonFacts(BaseModel):
    street: Street | None = fact(
        "Which betting round was it?",
        {"Preflop": "preflop", "Flop": "flop", "Turn": "turn", "River": "river"},
    )
    small_blind: int | None = fact("What is the small blind?")
    big_blind: int | None = fact("What is the big blind?")
    table_minimum: int | None = fact("What is the table minimum bet?")
    table_limit: int | None = fact("What is the table limit (the most a stack may be)?")
    limit_in_big_blinds: int | None = fact("How many big blinds was the table limit told as?")
    actions: list[Action] | None = fact("What was the action so far in this betting round?")
    hand_actions: list[Action] | None = fact("What was the action in the whole hand, street by street?")
    players_in_hand: int | None = fact("How many players are still in the hand?")
    ante: int | None = fact("How much is the ante?")
    ante_by: str | None = fact("Who posts the ante?", {"Every player dealt in": "each", "The big blind": "big_blind",
                                                       "The button": "button"})
    players_dealt: int | None = fact("How many players were dealt in?")
    straddle: int | None = fact("How much was the straddle?")
    pot: int | None = fact("How much is in the pot?")
    pot_told_first: bool | None = fact("Was the pot figure told before the bets that followed it?")
    contributions: dict[str, int] | None = fact("How much has each player put in this hand?")
    blinds_posted_by: dict[str, str] | None = fact("Who posted each blind (position -> player)?")
    stacks: dict[str, int] | None = fact("How many chips does each player have left behind?")
    starting_stacks: dict[str, int] | None = fact("How many chips did each player have before he first acted?")
    hand_in_progress: bool | None = fact(
        "Was the hand still in progress (live cards in play) when this happened?",
        {"Yes, the hand was still being played": True, "No, the hand was over": False},
        assume=True,
        because="nothing said the hand had ended, so live cards are taken to be in play",
    )
    live_cards: bool | None = fact("Does the player still have live cards in this hand?", YES_NO)
    disputes_ruling: bool | None = fact("Is someone refusing or appealing a staff ruling?", YES_NO)
    asks_penalty: bool | None = fact("Is the question what happens to the player (his hand killed, a penalty)?", YES_NO)
    asks_basis: bool | None = fact("Is the question what the house rules are based on, or where to look beyond them?",
                                   YES_NO)
    asks_procedure: bool | None = fact(
        "Is this a general question about the procedure, not a particular hand?", YES_NO
    )
