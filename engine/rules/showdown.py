"""Section 1, showdown: who shows first (1.11) and tabling both cards (1.12)."""

from __future__ import annotations

from engine.core import Context, Finding, rule
from engine.facts import Facts
from engine.hands import showdown
from engine.rules.conclusions import AGGRESSIVE


def _show_trigger(f: Facts) -> float:
    if f.cards_tabled is not None or f.asks_both_cards:
        return 0.0
    return 1.0 if (f.last_aggressor is not None or f.aggression is not None) else 0.0


@rule("last_aggressor_shows_first", ["1.11"], trigger=_show_trigger)
def last_aggressor_shows_first(ctx: Context) -> Finding:
    """The last player to bet or raise, in any round, shows (or mucks) first."""
    who = ctx.peek("last_aggressor")
    if who is None and ctx.peek("aggression") is None:
        # The question was not read as one of show order, but the hand was told: its last bet or raise decides.
        raisers = [a for a in (ctx.facts.hand_actions or ctx.facts.actions or []) if a.kind in AGGRESSIVE]
        who = raisers[-1].actor if raisers else None
    if who is None and ctx.peek("aggression") is False:
        return Finding(
            outcome="Nobody bet or raised, so showdown goes in the normal order of play: the first active player to "
                    "the left of the button shows first.",
            citations=["1.11"],
        )
    if who is None:
        return Finding(
            outcome="The player who made the last aggressive action (bet or raise) in the hand must table or muck "
                    "first, whichever betting round it was in; if there was none, showdown goes in the normal order "
                    "of play.",
            citations=["1.11"],
        )
    you = who.lower() in ("i", "me", "hero", "you")
    generic = (who.lower() in ("a player", "one player", "the player", "he", "she", "someone", "the guy", "guy") or
               who.lower().startswith(("player ", "the ", "a ", "an "))) and not _a_seat_by_position(who)
    name, pron = ("You", "you") if you else (_spoken(who), "he")
    acts = next((w for told in (ctx.facts.actions, ctx.facts.hand_actions)
                 if (w := [a for a in told or [] if a.actor == who and a.kind in AGGRESSIVE])), [])
    # (his wagers in the round told last, else in the whole hand)
    did = {"raise": "raised", "all-in": "moved all-in", "bet": "bet"}[acts[-1].kind] if acts else "bet or raised"
    if generic:
        name = {"raised": "The raiser (the player who raised)",
                "moved all-in": "The player who went all-in (the bettor)",
                "bet": "The bettor (the player who bet)"}.get(did, "The last bettor or raiser")
    return Finding(
        outcome=f"{name} must show first (or muck): {pron} {did} last, the last aggressive action of the hand, and "
                "that holds regardless of which betting round it was in, even if later streets were checked.",
        citations=["1.11"],
    )


def _spoken(who: str) -> str:
    """A player as the ruling names him: a position spelled out as said at the table ("The button", not "BTN"),
    any other name as told, capitalised."""
    from engine.understanding import vocab

    short = vocab.table("actors", "positions").get(who.lower().removeprefix("the "), who)
    spoken = vocab.table("actors", "position_spoken").get(short)
    return f"{spoken[0].upper()}{spoken[1:]}" if spoken else who[0].upper() + who[1:]


def _a_seat_by_position(who: str) -> bool:
    """"the button", "the big blind": a player named by where he sits (the vocabulary's positions) is named."""
    from engine.understanding import vocab

    return who.lower().removeprefix("the ") in vocab.table("actors", "positions")


def _tabling_trigger(f: Facts) -> float:
    if f.asks_both_cards:
        return 1.3
    if f.others_forfeited and f.claimant_is_aggressor is False:
        return 1.2  # the bettor mucked: the question is whether the remaining caller must show
    if f.cards_tabled is not None:
        return 1.2
    if f.others_forfeited and f.last_aggressor is None and f.actions and any(a.kind == "call" for a in f.actions):
        return 0.7
    return 0.0


@rule("both_cards_tabled", ["1.12", "1.11"], trigger=_tabling_trigger)
def both_cards_tabled(ctx: Context) -> Finding:
    """Both hole cards must be tabled to win at showdown."""
    f = ctx.facts
    tabled = ctx.peek("cards_tabled")
    text = "Both hole cards must be tabled for a player to be awarded the pot at showdown"
    if tabled == 1:
        text += ": one card is not enough, so he must table both before the pot is pushed to him."
    else:
        text += "."
    if f.others_forfeited and tabled == 1 and f.claimant_is_aggressor:
        text += (" The exception does not help him: as the last aggressor he was required to show first (1.11), "
                 "so the other player's muck does not excuse him from tabling both cards.")
    return Finding(outcome=text, citations=["1.12", "1.11"])


def _not_required(ctx: Context) -> bool:
    if ctx.peek("cards_tabled") == 1 and ctx.peek("others_forfeited") is None:
        # One card shown with nobody said to have mucked: the others still claim the pot, so 1.12 itself decides.
        # Were every other hand mucked (and he not the last aggressor), the exception below would apply instead.
        ctx.assume("others_forfeited", False, "nobody was said to have mucked, so the other players still claim the "
                                              "pot; if all of them had mucked, a player who did not make the last bet "
                                              "or raise would not need to table his cards")
        return False
    if not ctx.get("others_forfeited"):
        return False
    return not ctx.get("claimant_is_aggressor")


@rule("uncontested_caller_need_not_table", ["1.12", "1.11"], overrides="both_cards_tabled", applies=_not_required)
def uncontested_caller_need_not_table(ctx: Context) -> Finding:
    """A player not required to show first wins without tabling once everyone else has given up the pot."""
    return Finding(
        outcome="He does not have to table his cards: he was not required to show first under 1.11 (he did not make "
                "the last bet or raise), and every other player has given up their claim by mucking, so he wins the "
                "pot without showing.",
        citations=["1.12", "1.11"],
    )


@rule("read_the_hands", ["3.5", "1.11"],
      trigger=lambda f: 1.5 if (f.board and f.hole_cards and len(f.hole_cards) >= 2) else 0.0)
def read_the_hands(ctx: Context) -> Finding:
    """The cards speak: name each tabled hand, the winner(s), and who shows first (phevaluator does the reading)."""
    holes = ctx.get("hole_cards")
    board = ctx.get("board")
    try:
        sd = showdown(board, holes, order_of_play=list(holes), last_aggressor=ctx.peek("last_aggressor"))
    except ValueError as exc:
        return Finding(outcome=f"I cannot read those cards: {exc}. Give each card as rank and suit, e.g. 'Ah Kd'.",
                       citations=["3.5"], confidence=0.3)
    named = "; ".join(f"{p}: {v.name}" for p, v in sd.hands.items())
    if sd.split:
        result = f"The pot is split between {' and '.join(sd.winners)}."
    else:
        result = f"{sd.winners[0]} wins."
    first = ""
    if ctx.peek("last_aggressor"):
        first = f" {sd.order[0]} shows first as the last to bet or raise (1.11)."
    return Finding(
        outcome=f"{named}. {result} The cards speak: any player may announce the correct strength of an opened hand, "
                f"and a player need not call his own hand correctly to be awarded the pot.{first}",
        citations=["3.5", "1.11"],
        notes=[sd.note],
    )
