"""1.1.3 / 1.4: what a player has left behind once his action is settled.

"Seat 4 had 3,850 behind going to the turn; Seat 1 bets 1,200 and Seat 4 calls: what has he got left?" The
answer is floor arithmetic on top of whichever rule settled the action: the stack told for him as a street
began, less everything he put in from that street on, each street's bets replayed through the betting model
and the last one as the ruling settled it (a single chip ruled a call of 460 puts in 460, not the chip).
"""

from __future__ import annotations

from engine.betting import STREETS, round_state
from engine.core import Context, Finding, money, rule
from engine.facts import Action, Facts, is_unnamed, subject
from engine.result import Ruling
from engine.rules.conclusions import posted_blind
from engine.rules.conclusions import standing as standing_round

# A ruling's amounts that are the player's own total for the round, as the rule settled it.
SETTLED = ("call", "raise_to", "bet", "all_in", "wager", "binding")


def _whose(f: Facts) -> tuple[str, int] | None:
    """The player asked about and the stack told for him: the one whose chips or call the question is about,
    else the only player a stack was told for."""
    stacks = f.stacks or {}
    for who in (f.put_by, f.call_for):
        if who and who in stacks:
            return who, stacks[who]
    if len(stacks) == 1:
        return next(iter(stacks.items()))
    who = f.put_by or f.call_for or _only_actor(f)
    if who and f.stack_total is not None:
        return who, f.stack_total
    if who and (f.stack_told_first or f.chips_put_out is None) and f.stack_behind is not None:
        return who, f.stack_behind  # "had 1.5k in front of me ... toss a purple in": the stack the chips came from
    return None


def _only_actor(f: Facts) -> str | None:
    """The one player the told hand is about ("Seat 8 started with ... He called 1,200 preflop and a 2,500 bet"):
    the only player told putting chips in."""
    actors = {a.actor for a in f.hand_actions or f.actions or [] if a.kind in ("call", "bet", "raise", "all-in")
              and not is_unnamed(a.actor)}  # "a 2,500 bet" from a player nobody named is not the one asked about
    return actors.pop() if len(actors) == 1 else None


def _put_in(f: Facts, who: str, street: str, acts: list[Action], ruling: Ruling, last: bool) -> int:
    """What the player put in on one street: as the ruling settled it on the street asked about, else replayed."""
    unnamed = "preflop" if f.hand_actions else f.street or "preflop"  # the hand told before any street was named
    played = [a for a in acts if (a.street or unnamed) == street]
    mine = any(a.actor == who for a in played)
    if last:
        settled = next((ruling.amounts[k] for k in SETTLED if k in ruling.amounts), None)
        oot = next((a.actor for a in f.actions or [] if a.out_of_turn), None)
        if "binding" in ruling.amounts and oot not in (None, who):
            settled = None  # the out-of-turn bet that stands is another player's
        if settled is not None and f.put_by in (None, who):
            return settled
        if settled is not None and any(a.actor == who and a.kind == "call" and a.amount is None for a in played):
            return settled  # "villain pushes out 1,800 silently, i call": he called the bet the ruling settled
        if not mine and "min_raise_to" in ruling.amounts:
            return ruling.amounts["min_raise_to"]  # "Seat 6 makes the minimum re-raise": the raise ruled
    state = round_state(played, f.big_blind, street)
    if state.committed.get(who):
        return state.committed[who]
    return (posted_blind(f, who) or 0) if street == "preflop" else 0  # a blind who put in nothing more


def stack_when_acting(f: Facts, who: str | None) -> int | None:
    """The chips a player had as the round asked about began: the stack told for him (or his whole stack) less
    what he put in on the streets between the one it was told for and this one (1.1.3.1 needs what is behind)."""
    stacks = f.stacks or {}
    stack = stacks.get(who or "") if who else None
    if stack is None and len(stacks) == 1 and who is None:
        stack = next(iter(stacks.values()))
    if stack is None:
        stack = f.stack_total
    if stack is None:
        return None
    start, now = f.stack_street or "preflop", f.street or "preflop"
    if start not in STREETS or now not in STREETS or STREETS.index(start) >= STREETS.index(now) or not who:
        return stack
    acts = standing_round(f, list(f.hand_actions or f.actions or []))
    spent = sum(_put_in(f, who, s, acts, Ruling(kind="ruling", outcome=""), False)
                for s in STREETS[STREETS.index(start):STREETS.index(now)])
    return max(0, stack - spent)


def left_behind(f: Facts, ruling: Ruling | Finding) -> tuple[str, int, int, str] | None:
    """(player, stack, put in, street it counts from) for a question about the chips left, when the story told
    his stack and the action from then on; None when it did not."""
    if not f.asks_stack_left or getattr(ruling, "kind", "ruling") != "ruling" or "left_behind" in ruling.amounts \
            or "stack_after" in ruling.amounts:  # the ruling gave the stack itself (bets voided and returned)
        return None
    found = _whose(f)
    if found is None:
        return None
    who, stack = found
    acts = standing_round(f, list(f.hand_actions or f.actions or []))
    last = f.street or next((a.street for a in reversed(acts) if a.street), None) or "preflop"
    start = f.stack_street or "preflop"
    if start not in STREETS or last not in STREETS:
        return None
    if STREETS.index(start) > STREETS.index(last):
        last = start  # "had 2,340 on the turn after a flop bet; he bet 460": the action is the stack's street's
    streets = STREETS[STREETS.index(start):STREETS.index(last) + 1]
    put = sum(_put_in(f, who, s, acts, ruling, s == last) for s in streets)
    whole = (f.contributions or {}).get(who)
    if start == "preflop" and whole and not any(k in ruling.amounts for k in SETTLED):
        put = whole  # a stack told for the whole hand: everything he put in, every street added up
    if f.stack_after_blind and start == "preflop":
        put -= posted_blind(f, who) or 0  # "240 behind after posting my big blind": the blind was already out
    if put > stack or (put <= 0 and not any(a.actor == who for a in acts)):
        return None  # nothing of his told in, and no action of his told either: the story does not say
    return who, stack, put, start


def with_left_behind(ruling: Ruling, f: Facts) -> Ruling:
    """The ruling with the chips the player has left stated and worked out, when that is what was asked."""
    found = left_behind(f, ruling)
    if found is None:
        return ruling
    ruling.outcome += " " + _left_sentence(*found)
    ruling.amounts["left_behind"] = found[1] - found[2]
    return ruling


def _left_sentence(who: str, stack: int, put: int, start: str) -> str:
    """"Seat 4 has 2,650 left behind: 3,850 − 1,200 put in since the turn began." (the working in one line)"""
    name = subject(who)
    name = name[:1].upper() + name[1:]  # "he" told as the player opens the sentence
    since = "this hand" if start == "preflop" else f"since the {start} began"
    if put <= 0:  # he acted without leaving chips in ("bet out of turn, got it back, folded")
        return f"{name} still has all {money(stack)}: none of his chips went in {since}."
    return f"{name} has {money(stack - put)} left behind: {money(stack)} − {money(put)} put in {since}."


def _raised_since(f: Facts, who: str) -> bool:
    """Whether the player has not acted since the last bet or raise of another ("Seat 2 bets 1,000, Seat 6 raises
    to 3,200, and Seat 2 makes the minimum re-raise"): the raise the question names is his next action."""
    acts = standing_round(f)
    last_raise = max((n for n, a in enumerate(acts) if a.actor != who and a.kind in ("bet", "raise", "all-in")),
                     default=-1)
    return not any(a.actor == who for a in acts[last_raise + 1:])


def _asked_after_action(f: Facts) -> float:
    """Asked what a player has left, with his stack and the action told and no chips in dispute (chips put out
    are settled by their own rule first, and the chips left are added to that ruling)."""
    told = _whose(f)
    in_dispute = f.chips_put_out is not None and (told is None or f.chips_put_out != told[1])  # not the stack told
    if not f.asks_stack_left or in_dispute or told is None or f.misdeal_declared:
        return 0.0  # (after a misdeal the hand's bets come back (2.2): that rule says what he has)
    return 2.0 if f.actions or f.hand_actions else 0.0  # the question is the arithmetic: it outranks words


@rule("chips_left_behind", ["1.1.3", "1.4"], trigger=_asked_after_action, by_facts_only=True)
def chips_left_behind(ctx: Context) -> Finding:
    """What a player has left once his told action is in: his stack less what he put in from then on."""
    f = ctx.facts
    found = _whose(f)
    who = found[0] if found else ""
    mine = [a for a in f.actions or [] if a.actor == who]
    cites = ["1.4", "1.1.3"] if mine and mine[-1].kind in ("bet", "raise") else ["1.1.3", "1.4"]
    blank = Finding(outcome="", citations=cites)
    made_min = ""
    if f.asks_min_raise and _raised_since(f, who):
        st = round_state(standing_round(f), f.big_blind, f.street)  # "Seat 6 makes the minimum re-raise"
        blank.amounts["raise_to"] = st.min_raise_to
        made_min = f"The minimum raise is to {money(st.min_raise_to)} (1.4). "
        cites = ["1.4", "1.1.3"]
    counted = left_behind(f, blank)
    if counted is None:
        return Finding(outcome="The chips he has left are his stack less everything he has put in since; the "
                               "story does not give both, so staff count what is in front of him.",
                       citations=cites, confidence=0.5)
    _who, stack, put, _start = counted
    return Finding(outcome=made_min + _left_sentence(*counted), citations=cites,
                   amounts={"left_behind": stack - put, "put_in": put})
