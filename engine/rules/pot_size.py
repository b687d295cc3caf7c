"""1.1.3 / 1.1.3.1: the size of the pot, or what a player all in for less can win, worked out from the told hand.

"hj opens to 500, co calls, sb calls, bb folds; flop hj bets 1,000, co calls: what's the turn pot?" The pot is
floor arithmetic on the calls that make it (1.1.3): every street's bets replayed through the betting model and
added up, blinds of players who put nothing more in included, a pot figure told at a street counted with the
bets after it, and the part of a bet nobody called given back rather than played for. A player all in for less
(1.1.3.1) can win from each opponent only what he himself put in: the main pot.
"""

from __future__ import annotations

from engine.betting import STREETS, Pot, layered_pots, played_for, uncalled
from engine.core import Context, Finding, money, rule
from engine.facts import Facts, possessive
from engine.rules.conclusions import ante_assumption, ante_working, antes, contributions


def _asked(f: Facts) -> float:
    """Asked the pot's size, with a told hand to count it from and no chips in dispute (they are settled first)."""
    if not f.asks_pot or (f.chips_put_out is not None and f.put_by is not None):
        return 0.0  # a player's chips in dispute: their own rule settles them first
    return 2.0 if f.hand_actions and any(a.amount for a in f.hand_actions) else 0.0


def _before(f: Facts, street: str | None) -> Facts:
    """The told hand up to the street asked about (the pot "on the turn" is what the streets before it built)."""
    if street not in STREETS or not f.hand_actions:
        return f
    keep = [a for a in f.hand_actions if STREETS.index(a.street or "preflop") < STREETS.index(street)]
    return f.model_copy(update={"hand_actions": keep})


def _per_player(f: Facts) -> tuple[int, dict[str, int]]:
    """(a pot told before the bets, what each player put in after it)."""
    told_first = f.pot is not None and f.pot_told_first
    per = contributions(f, with_blinds=not told_first) or {}
    return (f.pot if told_first and f.pot else 0), per


@rule("pot_size", ["1.1.3", "1.1.3.1"], trigger=_asked, by_facts_only=True)
def pot_size(ctx: Context) -> Finding:
    """The pot: what every player put in, added up, less any part of a bet nobody called."""
    f = _before(ctx.facts, ctx.facts.pot_street)
    base, per = _per_player(f)
    if not per and not base:
        return Finding(outcome="The pot is every player's chips put in, blinds included, less any part of a bet "
                               "nobody called; the story does not give the bets to count it.",
                       citations=["1.1.3"], confidence=0.5)
    dead = ctx.facts.dead_money or 0
    ante = antes(ctx.facts) if not base else None  # a pot told before the bets already holds the antes
    if ctx.facts.asks_side_pot:
        sides = _side_pots(f, per, base + dead + (ante.total if ante else 0))
        if sides is not None:
            return sides
    total = base + played_for(per) + dead + (ante.total if ante else 0)
    parts = ([f"{money(base)} already in"] if base else []) + [f"{who} {money(v)}" for who, v in per.items()]
    parts += [f"{money(dead)} dead"] if dead else []
    parts += [ante_working(ante)] if ante else []
    when = f" as the {ctx.facts.pot_street} begins" if ctx.facts.pot_street in STREETS[1:] else ""
    text = f"The pot{when} is {money(total)}: {' + '.join(parts)}"
    back = uncalled(per)
    if back:
        text += f", less {money(back[1])} of {possessive(back[0])} chips nobody called, which go back to him"
    text += "." + ante_assumption(ante)
    amounts = {"pot": total}
    capped = _main_pot(f, base + dead + (ante.total if ante else 0), per, ctx.facts.call_for)
    cites = ["1.1.3", "1.1.3.1"]
    if capped is not None:
        who, main = capped
        text += (f" {who} is all in for {money(per[who])}, so he can win at most the main pot of {money(main)}: "
                 f"from each player no more than he put in himself (1.1.3.1).")
        amounts["main_pot"] = main
        cites = ["1.1.3.1", "1.1.3"]
    elif any(a.kind == "all-in" for a in ctx.facts.hand_actions or []):
        cites = ["1.1.3.1", "1.1.3"]
    return Finding(outcome=text, citations=cites, amounts=amounts)


def _main_pot(f: Facts, base: int, per: dict[str, int], asked: str | None) -> tuple[str, int] | None:
    """(player, main pot) when the player the question names went all in for less than another put in; ``base``
    is the money in the pot that is no player's bet (a pot told before the bets, dead money, antes): all of it is
    in the main pot."""
    shorts = [a.actor for a in f.hand_actions or [] if a.actor in per
              and (a.kind == "all-in" or (a.kind == "call" and a.amount))]
    if f.asks_main_pot and shorts and asked not in shorts:
        asked = min(shorts, key=per.__getitem__)  # "how big is the main pot?": the shortest all-in's
    if not asked or asked not in per:
        return None
    allin = asked in shorts
    cap = per[asked]
    if not allin or cap >= max(per.values()):
        return None
    return asked, base + sum(min(v, cap) for v in per.values())


def _side_pots(f: Facts, per: dict[str, int], base: int) -> Finding | None:
    """"How big is the side pot?": the chips layered by what each player put in (the betting model's pots), the
    main pot holding whatever no player's bet holds (a pot told first, dead money, antes); a top layer only one
    player reached is his own chips, returned. None when no player is all in for less than another put in."""
    folded = {a.actor for a in f.hand_actions or [] if a.kind == "fold"} | set(f.folded_in_hand or [])
    pots = layered_pots(per, folded)
    if pots and len(pots[-1].eligible) == 1 and len(pots) > 1:
        pots = pots[:-1]  # nobody else could call it: it goes back
    if len(pots) < 2:
        return None
    main, sides = Pot(pots[0].amount + base, pots[0].eligible), pots[1:]
    said = [f"the main pot is {money(main.amount)} ({_players(main)})"]
    said += [f"{'the' if len(sides) == 1 else _nth(n)} side pot is {money(p.amount)} ({_players(p)})"
             for n, p in enumerate(sides)]
    text = "; ".join(said)
    return Finding(outcome=text[0].upper() + text[1:] + ": each player wins from each opponent no more than he put "
                   "in himself, so the chips above an all-in are played for only by those who put in more (1.1.3.1).",
                   citations=["1.1.3.1", "1.1.3"], amounts={"main_pot": main.amount, "side_pot": sides[0].amount})


def _players(pot: Pot) -> str:
    """Who can win a pot, as a ruling says it."""
    names = list(pot.eligible)
    return (" and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]) + " can win it"


def _nth(n: int) -> str:
    """The n-th side pot (from 0), as a ruling names it."""
    return ("the first", "the second", "the third", "the fourth")[n] if n < 4 else f"side pot {n + 1}"
