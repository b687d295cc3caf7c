"""Section 1, run it twice: when it may be offered (1.9) and how the pot is split (1.10)."""

from __future__ import annotations

from engine.betting import played_for, split_run_twice, uncalled
from engine.core import Context, Finding, money, rule
from engine.facts import Facts, possessive
from engine.rules.conclusions import contributions

CONDITIONS = ("only two players remain with community cards still to come (1.9.1), both players are all-in (1.9.2), "
              "and both agree to run it twice (1.9.3)")


def _rit_trigger(f: Facts) -> float:
    if any(v is not None for v in (f.both_agree, f.both_all_in, f.all_in_players, f.runs_requested, f.cards_to_come)):
        return 1.0
    return 0.0


@rule("run_it_twice_offered", ["1.9", "1.9.1", "1.9.2", "1.9.3"], trigger=_rit_trigger)
def run_it_twice_offered(ctx: Context) -> Finding:
    """Run it twice is offered only heads-up, both all-in, cards to come, and both agreeing."""
    f = ctx.facts
    players = f.players_in_hand or f.all_in_players
    if players is not None and players > 2:
        return Finding(
            outcome=f"No: with {players} players in, run it twice is not offered; it is offered only when two players "
                    "remain. The board is run once.",
            citations=["1.9.1", "1.9"],
        )
    if f.cards_to_come is False:
        return Finding(
            outcome="No: run it twice needs community cards still to be dealt (1.9.1); with the board complete there "
                    "is nothing to run, so the hand is settled once. And never more than two sets of community cards "
                    "(1.10), so three runs are not allowed either.",
            citations=["1.9.1", "1.10"],
        )
    if f.both_all_in is False:
        return Finding(
            outcome="No: both players must be all-in to run it twice (1.9.2); one still has chips behind, so the "
                    "board is run once.",
            citations=["1.9.2", "1.9"],
        )
    if f.both_agree is False:
        return Finding(
            outcome="No: both players must themselves agree to run it twice (1.9.3); without both players agreeing, "
                    "the dealer cannot decide it for them and runs it once.",
            citations=["1.9.3", "1.9"],
        )
    if f.runs_requested is not None and f.runs_requested > 2:
        return Finding(
            outcome="At most twice: undealt community cards may be dealt to a maximum of two sets (1.10).",
            citations=["1.10", "1.9"],
        )
    stated = [v for v in (f.both_agree, f.both_all_in, f.cards_to_come, players) if v is not None]
    if not stated:
        return Finding(
            outcome=f"Run it twice may be offered only if all three hold: {CONDITIONS}. Each set of community cards "
                    "is worth 50% of the pot, with at most two sets.",
            citations=["1.9", "1.9.1", "1.9.2", "1.9.3"],
        )
    # Some conditions were stated: every one must hold, and an unknown one is asked, not assumed.
    if players is None:
        ctx.get("players_in_hand")
    ctx.get("cards_to_come")
    ctx.get("both_all_in")
    ctx.get("both_agree")
    return Finding(
        outcome="Yes, run it twice may be offered and they can run it twice: two players remain with cards to come, "
                "both are all-in and both agree. "
                "Each board is worth half the pot (1.10).",
        citations=["1.9", "1.9.1", "1.9.2", "1.9.3", "1.10"],
    )


def _with_money_in_before(ctx: Context, pot: int) -> tuple[int, str]:
    """A pot figure told before the bets, or smaller than what the told players put in, is money already in before
    them (dead blinds, a folded player's chips, earlier streets), so the pot is both, with the working."""
    per = contributions(ctx.facts, with_blinds=False) or {}  # the blinds are in the pot figure told before
    back, put = uncalled(per), played_for(per)
    if not put or pot == put:
        return pot, _returned(back)
    if pot > put and not ctx.peek("pot_told_first"):  # the pot holds money besides the players' (dead blinds)
        return pot, f" ({money(pot - put)} already in + {money(put)} put in by the players){_returned(back)}"
    return pot + put, f" ({money(pot)} already in + {money(put)} put in by the players){_returned(back)}"


def _share(party: str | None, won: list[str], a: int, amounts: dict[str, int]) -> str:
    """The asked-for player's share from each board's result as he saw it (won, lost, chopped), with the working."""
    parts = [a if w == "asker" else (a // 2 if w == "split" else 0) for w in won]
    share = sum(parts)
    amounts["share"] = share
    who = "you get" if party in (None, "asker") else f"{party} gets"
    working = " + ".join(money(p) for p in parts if p)
    working = f" ({working})" if len([p for p in parts if p]) > 1 else ""
    if won == ["asker", "asker"]:
        return f"; both boards won, so {who} the whole pot of {money(share)}{working}"
    told = ", ".join(f"{n} board {_result(w)}" for n, w in zip(("first", "second"), won, strict=True))
    return f"; {told}, so {who} {money(share)}{working}"


def _result(w: str) -> str:
    return {"asker": "won", "split": "chopped"}.get(w, "lost")


def _returned(back: tuple[str, int] | None) -> str:
    """The working of chips nobody called: they go back to their owner and are not played for."""
    if not back:
        return ""
    return f"; {money(back[1])} of {possessive(back[0])} chips nobody called goes back and is not played for"


@rule("run_it_twice_pot_split", ["1.10"],
      trigger=lambda f: 1.2 if f.boards_won or f.asks_rit_split else 0.0)
def run_it_twice_pot_split(ctx: Context) -> Finding:
    """Each run takes half the pot."""
    pot = ctx.peek("pot")
    if pot is None:
        return Finding(
            outcome="When it is run twice, each set of community cards is worth 50% of the total pot, and at most "
                    "two (2) sets may be dealt. Only the undealt community cards are dealt again for the second run; "
                    "cards already on the board stay. A player who wins both runs takes the whole pot.",
            citations=["1.10"],
        )
    pot, built = _with_money_in_before(ctx, pot)
    a, _b, odd = split_run_twice(pot)
    text = f"Each board is worth half of the {money(pot)} pot{built}: {money(a)} to the winner of each board"
    won = ctx.peek("boards_won") or []
    amounts = {"each_board": a, "odd_chip": odd}
    if won == ["same", "same"]:
        text += f", so a player who wins both boards takes the whole {money(pot)}"
        amounts["share"] = pot
    elif len(won) == 2 and (ctx.peek("share_for") or "asker" in won):
        text += _share(ctx.peek("share_for"), won, a, amounts)
    elif len(won) == 2 and "split" in won:
        # One board won outright, the other chopped: the outright winner also takes half of the chopped board.
        share = a + a // 2
        text += (f"; the player who won a board outright and chopped the other gets {money(share)} "
                 f"({money(a)} + {money(a // 2)}), the other player {money(a - a // 2)}")
        amounts["share"] = share
    else:
        # Who won which board was not read (or only one board's result was): each result is ruled, so the share
        # is there whichever it was.
        text += (f". By the boards' results: both boards {money(pot)}; one board {money(a)}; one board and half of "
                 f"a chopped one {money(a + a // 2)}; half of a chopped board only {money(a // 2)}")
        amounts.update(one_and_a_chop=a + a // 2, half_a_board=a // 2)
    text += "."
    if odd:
        text += (" That leaves one odd chip, and the house rules do not say who gets it; staff decide "
                 "(under the FIDPA rules it goes to the first player left of the button).")
    return Finding(outcome=text, citations=["1.10"], amounts=amounts)
