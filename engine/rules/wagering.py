"""Section 1, wagering: how actions are shown, what chips mean, and raise sizes.

Rules here: 1.1 (how to check, bet, call, raise, fold), 1.1.2.1/1.1.2.2
(bet value), 1.1.3.1 (short call), 1.1.5.1 (folded cards are dead), 1.2
(first indication), 1.3 (no modifying a wager), 1.4/1.4.1/1.4.2 (raise
sizes), 1.6 (string bets), 1.13/1.14 (blinds).
"""

from __future__ import annotations

from engine.betting import REOPEN_NOTE, RoundState, read_chips, round_state, uncalled
from engine.core import Context, Finding, Missing, money, rule
from engine.facts import Action, Facts, is_teller, is_unnamed, possessive, subject
from engine.rules.conclusions import before_dispute, blind_of, caller_behind, in_front, standing
from engine.rules.stack_left import stack_when_acting

NO_FIFTY_PERCENT = (
    "This rulebook has no \"50% rule\": an undeclared raise short of the full minimum is a call under 1.4.1, "
    "however close it comes."
)


def facing_of(f: Facts) -> int | None:
    """The total to call, stated or worked out from the stated action; None if neither."""
    if f.bet_faced is not None:
        return f.bet_faced
    if f.actions:
        return round_state(before_dispute(f), f.big_blind, f.street).current_bet
    if f.big_blind and f.street == "preflop":
        return f.big_blind  # preflop, stated as such: the big blind is the bet everyone faces
    return None


def _no_numbers(ctx: Context) -> bool:
    """A general question: no bet, chips or action stated, so the rule is explained rather than applied."""
    f = ctx.facts
    return f.chips_put_out is None and f.bet_faced is None and not f.actions and f.last_full_raise is None


def _round(ctx: Context):
    f = ctx.facts
    return round_state(before_dispute(f), f.big_blind, f.street)


def _facing(ctx: Context) -> int:
    """The total to call this round: stated, or worked out from the action."""
    f = ctx.facts
    if f.bet_faced is not None:
        return f.bet_faced
    if f.actions and _round(ctx).current_bet:
        return _round(ctx).current_bet
    if f.big_blind and f.street in (None, "preflop"):
        return ctx.assume("bet_faced", f.big_blind, f"no bet or raise before him was mentioned, so preflop he faces "
                                                   f"the {money(f.big_blind)} big blind")
    raise Missing("bet_faced")


def _last_full(ctx: Context) -> int:
    """The last full bet or raise: stated, replayed from the action, or assumed from the bet faced (and said so)."""
    f = ctx.facts
    if f.last_full_raise is not None:
        return f.last_full_raise
    if f.actions:
        st = _round(ctx)
        if st.last_full_raise:
            return st.last_full_raise
    facing = _facing(ctx)
    bb = f.big_blind
    if bb and facing == bb and f.street in (None, "preflop"):
        return bb  # facing only the big blind: the blind is the opening full bet
    if facing and bb and f.street in (None, "preflop") and facing > bb:
        return ctx.assume("last_full_raise", facing - bb,
                          f"the {money(facing)} faced is taken as a single raise over the {money(bb)} big blind, "
                          f"so the last full raise is {money(facing - bb)}")
    if facing:
        return ctx.assume("last_full_raise", facing,
                          f"the {money(facing)} faced is taken as the only bet of the round, so it is the last "
                          "full bet")
    raise Missing("last_full_raise")


# -- 1.1: how each action is shown ---------------------------------------------------------------
ACTION_CLAUSES = {"check": "1.1.1", "bet": "1.1.2", "call": "1.1.3", "raise": "1.1.4", "fold": "1.1.5"}
ACTION_HOW = {
    "check": "a check by tapping or knocking on the table",
    "bet": "a bet by placing the required amount in chips, as set by the table minimum",
    "call": "a call by placing the required amount in chips across the betting line",
    "raise": "a raise by placing the amount to call plus the additional raise in chips directly in front "
             "of them",
    "fold": "a fold by returning the cards face down to the dealer or across the betting line",
}


@rule("indicating_action", ["1.1", "1.1.1", "1.1.2", "1.1.3", "1.1.4", "1.1.5"],
      trigger=lambda f: 0.9 if (f.actions_asked and f.chips_put_out is None and f.oot_action is None) else 0.0)
def indicating_action(ctx: Context) -> Finding:
    """Players act by saying so, or by the motions of 1.1.1-1.1.5."""
    named = [a for a in (ctx.peek("actions_asked") or []) if a in ACTION_CLAUSES]
    if not named and ctx.peek("verbal") in ACTION_CLAUSES:
        named = [ctx.peek("verbal")]
    if named:
        # The question is about particular actions: their clauses decide, 1.1 frames them.
        parts = [ACTION_HOW[a] for a in named]
        cites = [*(ACTION_CLAUSES[a] for a in named), "1.1"]
    else:
        # The question is about acting at all (out loud or not): 1.1 decides.
        parts = [ACTION_HOW[a] for a in ACTION_CLAUSES]
        cites = ["1.1", "1.1.1", "1.1.2", "1.1.3", "1.1.4", "1.1.5"]
    return Finding(
        outcome="A player may act either by verbal announcement of the action or without speaking, by the action "
                "itself: " + "; ".join(parts) + ".",
        citations=cites,
        confidence=0.85,
    )


# -- 1.1.2.2 / 1.1.2.1: what a bet is worth ------------------------------------------------------
def _bet_trigger(f: Facts) -> float:
    if f.chips_put_out is None or (facing_of(f) not in (None, 0)):
        return 0.0
    if f.verbal_amount is not None and f.verbal_timing is not None:
        return 1.0  # the chips, the figure said and when it was said: the facts settle which clause applies
    return 0.9 if (f.verbal_amount is not None or f.wants_to_change or f.chip_count) else 0.5


@rule("undeclared_bet_is_full_value", ["1.1.2.2", "1.1.2.1"], trigger=_bet_trigger)
def undeclared_bet_is_full_value(ctx: Context) -> Finding:
    """A bet made without declaring its value is the full value of the chips put across."""
    total = ctx.get("chips_put_out")
    said = ctx.peek("verbal_amount")
    note = []
    cites = ["1.1.2.2", "1.1.2.1"]
    if said is not None and said < total:
        if ctx.peek("declared") is not False:  # a figure announced, too late: 1.1.2.1's timing decides
            cites = ["1.1.2.1", "1.1.2.2"]  # (a figure only claimed afterwards, chips out in silence: 1.1.2.2)
        note.append(
            f"The {money(said)} was announced only after the chips touched the table, too late under 1.1.2.1."
        )
    if ctx.peek("wants_to_change") or said is not None:
        cites.append("1.3")
        note.append("Once made, a wager may not be modified (1.3).")
    return Finding(
        outcome=f"The bet is {money(total)}: a bet made without declaring its value is the full value of all "
                f"the chips placed across the line. " + " ".join(note),
        citations=cites,
        amounts={"bet": total},
        alternatives=[] if said is not None else [(
            "a lower amount had been announced before the chips touched the table",
            "the bet would be that announced amount, with change given (1.1.2.1)", ["1.1.2.1"])],
    )


def _announced_lower_first(ctx: Context) -> bool:
    said = ctx.peek("verbal_amount")
    total = ctx.get("chips_put_out")
    if said is None or said >= total:
        return False
    return ctx.get("verbal_timing") == "before"


@rule("announced_bet_value", ["1.1.2.1", "1.1.2"], overrides="undeclared_bet_is_full_value",
      applies=_announced_lower_first)
def announced_bet_value(ctx: Context) -> Finding:
    """A smaller bet counts only if announced before the chips touched the table."""
    said = ctx.get("verbal_amount")
    total = ctx.get("chips_put_out")
    return Finding(
        outcome=f"The bet is {money(said)}: the player announced that value before the chips touched the "
                f"table, so {money(total - said)} is given back as change.",
        citations=["1.1.2.1", "1.1.2"],
        amounts={"bet": said, "change": total - said},
    )


def _announced_more_first(ctx: Context) -> bool:
    said = ctx.peek("verbal_amount")
    if said is None or ctx.peek("verbal") not in (None, "bet"):
        return False
    return said > ctx.get("chips_put_out") and ctx.get("verbal_timing") == "before"


@rule("announced_bet_binds", ["1.2", "1.1.2", "1.3"], overrides="undeclared_bet_is_full_value",
      applies=_announced_more_first)
def announced_bet_binds(ctx: Context) -> Finding:
    """A bet announced before the chips went out binds even when the chips fall short of it."""
    said = ctx.get("verbal_amount")
    total = ctx.get("chips_put_out")
    return Finding(
        outcome=f"The bet is {money(said)}: the amount announced came first and is binding, so he must add "
                f"{money(said - total)} to the {money(total)} he put out.",
        citations=["1.2", "1.1.2", "1.3"],
        amounts={"bet": said, "make_up": said - total},
    )


# -- 1.1.3.1: short call ---------------------------------------------------------------------------
def _short_call_trigger(f: Facts) -> float:
    facing = facing_of(f)
    if f.chips_put_out is None or not facing:
        return 0.0
    if f.chips_put_out + (f.already_in or 0) < facing and not f.single_chip:
        return 1.0
    return 0.0


def _unmatched(f: Facts) -> tuple[str, int, int, bool] | None:
    """The part of the round's biggest bet nobody matched, when a player all in for less is the largest stake
    against it or everyone else folded: (whose, how much goes back, the most anyone matched, whether an all-in
    for less set that)."""
    acts = standing(f)
    short = {a.actor for a in acts if a.kind == "all-in" or (a.kind == "call" and a.amount)}  # all in for less
    folded = {a.actor for a in acts if a.kind == "fold"}
    put = round_state(acts, f.big_blind, f.street).committed
    back = uncalled(put)
    if back is None:
        return None
    matched = put[back[0]] - back[1]  # the next largest stake
    by_all_in = any(put.get(who) == matched for who in short - {back[0]})
    if not by_all_in and not (folded and set(put) - {back[0]} <= folded):
        return None  # someone is still to match it, or it is no all-in's: nothing is settled yet
    return back[0], back[1], matched, by_all_in


def _unmatched_trigger(f: Facts) -> float:
    voided = (f.card_exposed, f.deck_defect, f.wrong_card_count, f.dealt_out_of_order, f.misdeal_declared,
              f.properly_shuffled is False, f.oot_action)
    if not (f.asks_refund or f.asks_chips_back) or any(voided) or f.chips_put_out is not None \
            or _unmatched(f) is None:  # (a player's chips in dispute are settled by their own rule first)
        return 0.0
    return 2.0  # the told round's own arithmetic is the question: it outranks words


@rule("unmatched_bet_returned", ["1.1.3.1", "1.1.3"], trigger=_unmatched_trigger, by_facts_only=True)
def unmatched_bet_returned(ctx: Context) -> Finding:
    """A caller short of the bet is all in for what he has (1.1.3.1); the part of the bet nobody could match goes
    back to the bettor, as does a bet everyone folded to beyond what they had in (the book does not say it in so
    many words; it follows from the all-in for less)."""
    who, back, matched, by_all_in = _unmatched(ctx.facts) or ("", 0, 0, False)
    bet = matched + back
    why = (f"a player short of the call goes all in for what he has (1.1.3.1), so only {money(matched)} of the "
           f"{money(bet)} can be called" if by_all_in else
           f"everyone else folded, so nobody called more than {money(matched)} of the {money(bet)}, and chips nobody "
           "called are not played for")
    return Finding(
        outcome=f"{money(back)} goes back to {_name(who)}: {why}. Working: {money(bet)} − {money(matched)} = "
                f"{money(back)}.",
        citations=["1.1.3.1", "1.1.3"], amounts={"returned": back, "matched": matched},
        confidence=0.85,
    )


def _name(who: str) -> str:
    """A player as the object of a sentence: "you" for the teller, "the bettor" for one nobody named."""
    return "you" if is_teller(who) else "the bettor" if is_unnamed(who) else who


@rule("short_call_made_up", ["1.1.3.1", "1.1.3"], trigger=_short_call_trigger)
def short_call_made_up(ctx: Context) -> Finding:
    """Chips short of a call must be made up to the call, or the player is all-in."""
    if ctx.peek("chips_put_out") is None and _call_trigger(ctx.facts):
        return amount_to_call(ctx)  # no chips out yet: what his call costs, all in if his stack is short (1.1.3.1)
    facing = _facing(ctx)
    put = ctx.get("chips_put_out")
    already = ctx.get("already_in")
    short = facing - already - put
    behind = caller_behind(ctx.facts)
    f = ctx.facts
    if f.stack_told_first:
        stack = stack_when_acting(f, f.put_by or f.call_for)  # the chips came out of the stack told
        if stack is not None and stack >= already + put:  # not less than the chips said to come out of it
            behind = stack - already - put
    if short <= 0:
        return Finding(outcome=f"The {money(put)} covers the call of {money(facing)}.",
                       citations=["1.1.3", "1.1.3.1"], amounts={"call": facing})
    if behind is not None and behind < short:
        total = put + behind
        return Finding(
            outcome=f"He must put in the rest of his stack: {money(put)} is short of the {money(facing)} call and "
                    f"he has only {money(behind)} behind, so he adds his last {money(behind)} and is all-in for "
                    f"{money(total + already)}. "
                    "He cannot stay in for just the chips already put out.",
            citations=["1.1.3.1", "1.3"],
            amounts={"all_in": total + already, "short_by": short, "added": behind},
        )
    if behind is None:
        return Finding(
            outcome=f"The player must make up the difference of {money(short)} to call {money(facing)}, or go "
                    "all-in if his stack is less than that.",
            citations=["1.1.3.1"], amounts={"make_up": short, "call": facing},
        )
    return Finding(
        outcome=f"The player must make up the difference: {money(short)} more, to call {money(facing)} in all.",
        citations=["1.1.3.1"], amounts={"make_up": short, "call": facing},
    )


# -- 1.1.5.1: folded cards are dead ------------------------------------------------------------
@rule("folded_hand_is_dead", ["1.1.5.1", "1.1.5"],
      trigger=lambda f: 0.0 if not f.cards_crossed_line else
      (0.5 if f.dealer_mucked else (1.0 if f.wants_cards_back else 0.8)))
def folded_hand_is_dead(ctx: Context) -> Finding:
    """Cards that crossed the line to fold cannot come back, even if they can be picked out."""
    return Finding(
        outcome="The hand is folded and dead: once cards cross the betting line with the intention to fold, "
                "they cannot return to play, even if the exact cards are retrievable.",
        citations=["1.1.5.1", "1.1.5", "1.15"],
    )


# -- 1.2: first indication binds -----------------------------------------------------------------
def _conflicting_indications(f: Facts) -> float:
    if f.indications and len(set(f.indications)) >= 2:
        return 1.4
    facing = facing_of(f)
    if (f.verbal == "raise" and f.verbal_timing == "before" and f.verbal_amount is None and f.chips_put_out is not None
            and facing and f.chips_put_out + (f.already_in or 0) == facing and not f.single_chip):
        return 1.3  # 'raise' said first, then exactly a call in chips
    if (f.verbal in ("raise", "bet", "all-in") and f.verbal_timing == "after" and f.chips_put_out is not None
            and not f.single_chip and facing and f.chips_put_out + (f.already_in or 0) == facing):
        return 1.3  # exactly a call in chips, then a raise called out: the chips came first and bind
    if f.verbal is None or f.chips_put_out is None or f.verbal_timing is None:
        return 0.0
    if f.single_chip:
        return 0.0
    facing = facing_of(f)
    if f.verbal == "call" and facing and f.chips_put_out > facing:
        return 1.4
    if f.verbal in ("raise", "bet") and f.verbal_amount is not None and f.verbal_amount != f.chips_put_out:
        return 0.6
    return 0.0


@rule("first_indication_binds", ["1.2", "1.1"], trigger=_conflicting_indications)
def first_indication_binds(ctx: Context) -> Finding:
    """Of two indications, the first is binding."""
    shown = ctx.peek("indications")
    if shown and len(set(shown)) >= 2:
        first, later = shown[0], [x for x in shown[1:] if x != shown[0]]
        outcome = (f"The first indication binds: the player's {first} came first, so it stands, and the later "
                   f"{' / '.join(later)} does not count. Of two or more indications the first action is binding.")
        amounts: dict[str, int] = {}
        put, facing = ctx.peek("chips_put_out"), facing_of(ctx.facts)
        already = ctx.peek("already_in") or 0
        if first == "call" and put and facing and put + already > facing:  # "says call, then shoves 900 in"
            amounts = {"call": facing, "returned": put + already - facing}
            outcome += (f" His call is of {money(facing)}, so {money(put + already - facing)} of the {money(put)} "
                        f"he put out goes back to him ({money(put)} − {money(facing - already)}).")
        return Finding(outcome=outcome, citations=["1.2", "1.1"], amounts=amounts)
    said = ctx.get("verbal")
    timing = ctx.get("verbal_timing")
    put = ctx.get("chips_put_out")
    facing = _facing(ctx)
    already = ctx.get("already_in")
    if timing == "before" and said == "call":
        back = put - (facing - already)
        return Finding(
            outcome=f"It is a call of {money(facing)}: the verbal 'call' came first and is binding, so the other "
                    f"{money(back)} is returned to him. The chips that followed do not make it a raise.",
            citations=["1.2", "1.1", "1.3"],
            amounts={"call": facing, "returned": back},
        )
    if (timing == "before" and said == "raise" and ctx.peek("verbal_amount") is None and facing
            and put + already <= facing):
        # "Raise" said first, then only a call's worth of chips: the raise binds and is completed to the minimum.
        return declared_raise_completed(ctx)
    if timing == "before" and said in ("raise", "bet"):
        amt = ctx.peek("verbal_amount")
        if amt is not None:
            return Finding(
                outcome=f"The verbal {said} came first and binds: it is a {said} to {money(amt)}.",
                citations=["1.2", "1.1"], amounts={said: amt},
            )
    # The chips came first: they decide, read as if nothing had been said (the core does the arithmetic).
    read = read_chips(put, current_bet=facing, last_full_raise=max(_last_full(ctx), 1) if facing else
                      (ctx.facts.big_blind or ctx.facts.table_minimum or put or 1),
                      already_in=already, stack_behind=ctx.peek("stack_behind"),
                      single_chip=bool(ctx.peek("single_chip")))
    what = {"call": f"a call of {money(read.total)}", "raise": f"a raise to {money(read.total)}",
            "bet": f"a bet of {money(read.total)}", "check": "a check", "all-in": f"all-in for {money(read.total)}"}
    extra = f" {money(read.returned)} is returned to him." if read.returned else ""
    return Finding(
        outcome=f"It is {what[read.action]}: the chips came first and are binding (of two indications the first "
                f"binds), so the later '{said}' does not change it.{extra}",
        citations=list(dict.fromkeys(["1.2", "1.1", *read.clauses])),
        amounts={read.action.replace("-", "_"): read.total, **({"returned": read.returned} if read.returned else {})},
    )


# -- 1.3: no modifying a wager -----------------------------------------------------------------------
@rule("wager_not_modified", ["1.3"],
      trigger=lambda f: 0.7 if f.wants_to_change and f.chips_put_out is None else 0.0)
def wager_not_modified(ctx: Context) -> Finding:
    """A wager once made stands, except to comply with the rules."""
    made = [a for a in (ctx.facts.actions or []) if a.kind in ("bet", "raise", "all-in") and a.amount]
    if made:
        a = made[-1]
        whose = possessive(a.actor)
        return Finding(
            outcome=f"No: {whose} {a.kind} of {money(a.amount)} stands at {money(a.amount)}. Once a wager is made "
                    "it may not be modified, except where the rules require it, so it can be neither taken back in "
                    "part nor topped up; any chips pulled back go in again.",
            citations=["1.3"], amounts={"wager": a.amount or 0},
        )
    return Finding(
        outcome="No: once a player has made a wager it may not be modified, except where necessary to comply with "
                "the rules of the game, i.e. where the rules require it "
                "(for example making up a short call, 1.1.3.1, or completing a declared raise, 1.4).",
        citations=["1.3"],
    )


# -- 1.4: minimum raise --------------------------------------------------------------------------------
def _min_raise_trigger(f: Facts) -> float:
    if f.asks_short_all_in:
        return 1.3
    if f.asks_min_raise and _opening_chips(f) is not None:
        return 1.0  # "first to bet, puts out 800: the min raise?"
    if f.chips_put_out is not None or f.single_chip or not f.asks_min_raise:
        return 0.0
    if (f.actions and any(a.kind in ("bet", "raise", "all-in") for a in f.actions)) or f.bet_faced or f.big_blind:
        return 1.0
    return 0.3


def _opening_chips(f: Facts) -> RoundState | None:
    """Chips put out with nothing bet before them and nothing said ("first to bet, he puts out 800"): an opening
    bet of those chips (1.1.2.2), the round the minimum raise is measured over."""
    if f.chips_put_out is None or f.actions or f.declared or f.single_chip or f.bet_faced not in (None, 0):
        return None
    if f.street in (None, "preflop") and not f.first_to_bet:
        return None  # preflop the blinds are bet already: the chips may be a raise or a call
    return round_state([Action(actor=f.put_by or "the bettor", kind="bet", amount=f.chips_put_out)], f.big_blind,
                       f.street)


def _acted_before_the_short_all_in(f: Facts) -> bool:
    """Whether the player asking (named in the question, else the one who opened the round) bet or raised before
    the last all-in, so the question is whether the betting reopened to him."""
    acts = list(f.actions or [])
    allins = [i for i, a in enumerate(acts) if a.kind == "all-in"]
    if not allins:
        return False
    before = acts[:allins[-1]]
    opener = next((a.actor for a in before if a.kind in ("bet", "raise")), None)
    asker = f.call_for or opener
    if opener and is_unnamed(opener) and all(a.actor != asker for a in before):
        asker = opener  # "bet 400, guy calls, third guy shoves. back to me": the unnamed opener is the speaker
    return any(a.actor == asker and a.kind in ("bet", "raise", "call") for a in before)


@rule("minimum_raise", ["1.4"], trigger=_min_raise_trigger, after_dispute=True)
def minimum_raise(ctx: Context) -> Finding:
    """A raise must be at least the last full bet or raise; an all-in may be less."""
    if ctx.peek("asks_short_all_in"):
        return Finding(
            outcome="Yes, it is allowed: a raise must normally be at least the last full bet or raise, but 1.4 "
                    "makes an exception for all-in situations, so a player may go all-in for less than a full raise. "
                    "Whether that short all-in reopens the betting for players who already acted, the house rules "
                    "do not say (staff decide).",
            citations=["1.4"],
        )
    if _no_numbers(ctx) and not ctx.facts.big_blind:
        return Finding(
            outcome="Every raise must be at least the size of the last full bet or raise in the round (the big blind "
                    "counts as the opening full bet), except when a player goes all-in for less. So the minimum raise "
                    "is to the current bet plus the last full bet or raise.",
            citations=["1.4"],
        )
    f = ctx.facts
    st = _round(ctx) if f.actions else _opening_chips(f)
    facing = st.current_bet if st else _facing(ctx)
    full = st.last_full_raise if st and not f.actions and st.last_full_raise else _last_full(ctx)
    to = facing + full
    if st and st.short_all_in and f.asks_yes_no and _acted_before_the_short_all_in(f):
        # "back to me: can I re-raise?": whether the short all-in reopened the betting, which the book leaves open
        return Finding(kind="uncovered", citations=[], confidence=0.8,
                       outcome=f"{REOPEN_NOTE} If staff allow a raise, it must be to at least {money(to)} (the current "
                               f"bet of {money(facing)} plus the last full raise of {money(full)}, 1.4).")
    notes = []
    cites = ["1.4"]
    if st and st.short_all_in:
        short = [s for s in st.short_all_ins if s.kind == "raise"][-1]
        before = short.needed - st.last_full_raise  # the bet the all-in raised
        by = (f" to {money(short.total)} raised by only {money(short.total - before)} "
              f"({money(short.total)} − {money(before)})") if 0 < before < short.total else " raise"
        notes.append(
            f"The all-in{by} was less than a full raise, so the last full raise of {money(full)} still sets the "
            f"size of the next raise."
        )
        notes.append(REOPEN_NOTE)
    outcome = (f"The minimum raise is to {money(to)} in total: the current bet of {money(facing)} plus the last "
               f"full bet or raise of {money(full)}.")
    if st and st.last_full_raise == full and st.current_bet == facing:
        outcome += f" Working: {st.working()}."
    else:
        outcome += f" Working: last full raise {money(full)}, so the minimum raise is to {money(to)} " \
                   f"({money(facing)} + {money(full)})."
    amounts = {"min_raise_to": to, "current_bet": facing, "last_full_raise": full}
    outcome += _more_to_put_in(f, st, to, amounts)
    return Finding(outcome=" ".join([outcome, *notes]), citations=cites, amounts=amounts)


def _more_to_put_in(f: Facts, st: RoundState | None, to: int, amounts: dict[str, int]) -> str:
    """"How many more chips does he have to put in?": the raiser's chips already in this round come off the total
    (the lojack opened to 35: a minimum raise to 235 costs him 200 more)."""
    who = f.call_for
    if not (f.asks_call or f.asks_more) or not who or st is None:
        return ""
    already = in_front(f, who, st)
    if not 0 < already < to:
        return ""
    amounts["to_add"] = to - already
    return (f" {subject(who)} already has {money(already)} in, so he puts in {money(to - already)} more "
            f"({money(to)} − {money(already)}).")


def _call_trigger(f: Facts) -> float:
    if not f.asks_call or not f.actions:
        return 0.0
    return 1.0 if any(a.kind in ("bet", "raise", "all-in") and a.amount for a in f.actions) else 0.0


@rule("amount_to_call", ["1.4", "1.1.3"], trigger=_call_trigger, after_dispute=True)
def amount_to_call(ctx: Context) -> Finding:
    """What a call costs: the current bet less what the player already has in this round (1.1.3, the amount
    required to call)."""
    st = _before_the_call_asked(ctx) or _round(ctx)
    if not st.current_bet:
        raise Missing("bet_faced")  # no sized bet was read: ask for it rather than say the call is nothing
    who = ctx.peek("call_for") or _caller_by_stack(ctx, st)
    already = in_front(ctx.facts, who, st) if who else 0
    own = bool(who) and who == st.aggressor and already >= st.current_bet
    if own:  # nobody calls his own bet: the caller is the one told with chips behind, else the bet is another's
        who = _caller_by_stack(ctx, st) or who
        own = who == st.aggressor
        already = (blind_of(ctx.facts, who) or 0) if own else in_front(ctx.facts, who, st)
    need = max(0, st.current_bet - already)
    name = who or "The next player"
    behind = (ctx.peek("stacks") or {}).get(who) if who else None
    whole = behind is None and bool(who) and who == ctx.peek("call_for") and ctx.peek("stack_total") is not None
    if whole:
        behind = ctx.peek("stack_total")  # "Seat 7 started the hand with 2,000": the whole stack, his
    short = next((a for a in st.short_all_ins if a.actor == who and a.kind == "call"), None)
    if short is not None and short.needed == st.current_bet and behind == short.total:
        return _call_all_in(name, short.needed, short.total, st.current_bet)  # "had 90 left, so he's all in when
        # he calls the 150 bet": the stack told is the all-in, for less than the call
    if behind is not None:  # a stack told as the hand began, less what he put in on the streets before this one
        now = stack_when_acting(ctx.facts, who)
        spent = behind - now if now is not None and now < behind else 0
        if whole and 0 < already < behind - spent:
            spent += already  # his whole stack: what he has in this round came out of it too
        behind -= spent
        if behind < need:
            return _call_all_in(name, need, behind, st.current_bet, spent)
    you = possessive(name) == "your"
    opens = "You" if you else name[:1].upper() + name[1:]  # "The 3-bettor must put in ..."
    outcome = f"{opens} must put in {money(need)} to call: the bet to call is {money(st.current_bet)}"
    if already:
        outcome += f" and {'you already have' if you else f'{who} already has'} {money(already)} in this round"
    outcome += (f". Working: {money(st.current_bet)} − {money(already)} = {money(need)}." if already
                else f". Working: the current bet of {money(st.current_bet)}, nothing of "
                     f"{'yours' if you else 'his'} in yet.")
    if own:
        outcome += f" (The bet of {money(st.current_bet)} is read as another player's: nobody calls his own bet.)"
    return Finding(outcome=outcome, citations=["1.1.3", "1.4"], amounts={"to_call": need,
                                                                          "current_bet": st.current_bet})


def _before_the_call_asked(ctx: Context) -> RoundState | None:
    """"The SB flats. How much does the SB add?": the asked player's call told without its size, with nothing
    after it but folds, is the call asked about; the round is replayed up to it, so its cost is not counted as
    already in."""
    f, who = ctx.facts, ctx.peek("call_for")
    acts = before_dispute(f)
    mine = [n for n, a in enumerate(acts) if a.actor == who]
    if not who or not mine:
        return None
    last = mine[-1]
    if acts[last].kind != "call" or acts[last].amount is not None or any(a.kind != "fold" for a in acts[last + 1:]):
        return None
    first = last  # the same call told twice ("if everyone folds to me and I just call ... what would it cost me?")
    while first and _his_bare_call_or_a_fold(acts[first - 1], who):
        first -= 1
    kept = acts[:first] + [a for a in acts[first:] if a.actor != who]
    return round_state(kept, f.big_blind, f.street)


def _his_bare_call_or_a_fold(a: Action, who: str) -> bool:
    """Another player's fold, or the asked player's own call or fold told without a size."""
    return a.kind == "fold" if a.actor != who else a.kind in ("call", "fold") and a.amount is None


def _caller_by_stack(ctx: Context, st: RoundState) -> str | None:
    """The caller nobody named: the one player whose chips behind were told and who has put nothing in this round
    ("A bets 300, B moves in for 900, C has 650 remaining: how much can he call?" is C's call)."""
    idle = [who for who in (ctx.peek("stacks") or {}) if not st.committed.get(who)]
    return idle[0] if len(idle) == 1 else None


def _call_all_in(name: str, need: int, behind: int, bet: int, spent: int = 0) -> Finding:
    """1.1.3.1: a player with less behind than the call puts in all he has; he is all in for less (``spent``: what
    he put in on earlier streets, out of the stack told as the hand began)."""
    you = possessive(name) == "your"
    earlier = (f" ({money(behind + spent)} at the start of the hand − {money(spent)} he already put in)"
               if spent else "")
    outcome = (f"{'You' if you else name} can call for only {money(behind)}, all in: the {money(behind)} behind"
               f"{earlier} is short of the {money(need)} it costs to call the {money(bet)} bet, and a player whose "
               f"stack is less than the call goes all in for what {'you have' if you else 'he has'}. Working: the "
               f"smaller of {money(need)} to call and {money(behind)} behind is {money(behind)}.")
    return Finding(outcome=outcome, citations=["1.1.3.1", "1.1.3", "1.4"],
                   amounts={"to_call": behind, "current_bet": bet, "short_by": need - behind})


def _raise_size_trigger(f: Facts) -> float:
    if f.chips_put_out is None or f.single_chip:
        return 0.0
    facing = facing_of(f)
    if not facing:
        return 0.0
    return 1.0 if f.chips_put_out + (f.already_in or 0) > facing else 0.0


@rule("undeclared_short_raise_is_call", ["1.4.1", "1.4"], trigger=_raise_size_trigger)
def undeclared_short_raise_is_call(ctx: Context) -> Finding:
    """Chips beyond a call but short of a minimum raise, put out without words, are a call."""
    if _no_numbers(ctx):
        return Finding(
            outcome="A raise must be at least the size of the last full bet or raise (1.4). A player who puts out "
                    "less than a minimum raise without announcing a raise has called. " + NO_FIFTY_PERCENT,
            citations=["1.4.1", "1.4"],
        )
    facing = _facing(ctx)
    full = _last_full(ctx)
    put = ctx.get("chips_put_out")
    already = ctx.get("already_in")
    total = put + already
    min_to = facing + full
    if not ctx.get("one_motion"):
        return Finding(
            outcome=f"Only the first motion counts: chips added in a second motion without a declaration are a "
                    f"string bet and not allowed, so he is in for a call of {money(facing)} and the rest goes back.",
            citations=["1.6", "1.4.1"], amounts={"call": facing},
        )
    if total >= min_to:
        return Finding(
            outcome=f"It is a raise to {money(total)}: {money(total)} put out in one motion is at least the minimum "
                    f"raise to {money(min_to)} (the {money(facing)} bet plus the last full raise of {money(full)}).",
            citations=["1.4", "1.1.4"], amounts={"raise_to": total, "min_raise_to": min_to},
        )
    back = total - facing
    return Finding(
        outcome=f"It is a call of {money(facing)}: {money(total)} is short of the minimum raise to {money(min_to)} "
                f"and no raise was announced, so under 1.4.1 it stands as a call and {money(back)} is returned. "
                + NO_FIFTY_PERCENT,
        citations=["1.4.1", "1.4"], amounts={"call": facing, "returned": back, "min_raise_to": min_to},
    )


def _declared_raise(ctx: Context) -> bool:
    if not ctx.get("declared"):
        return False
    said = ctx.get("verbal")
    if said not in ("raise", "bet"):
        return False
    return ctx.get("verbal_timing") == "before"


def _declared_size(ctx: Context, put: int, facing: int) -> int | None:
    """The raise total the player announced with his 'raise' before the chips went in: his own raise as the action
    log read it ("raise, another 800 on top": to 1,300), else the amount said when it passes the bet."""
    f = ctx.facts
    own = [a.amount for a in f.actions or [] if a.actor == f.put_by and a.kind == "raise" and a.amount]
    if own and own[-1] != put:
        return own[-1]
    said = f.verbal_amount
    return said if said is not None and said > facing else None


def _declared_raise_size(said: int, put: int, min_to: int) -> Finding:
    """1.2 / 1.1.2.1: a raise to a stated total, announced before the chips went in, is that total: chips short of
    it are made up, chips beyond it come back as change."""
    if put < said:
        return Finding(outcome=f"It is a raise to {money(said)}: the amount announced came first and binds (1.2), so "
                               f"he adds {money(said - put)} to the {money(put)} he put out (the minimum was "
                               f"{money(min_to)}).",
                       citations=["1.2", "1.4", "1.1.2"], amounts={"raise_to": said, "add": said - put})
    return Finding(outcome=f"It is a raise to {money(said)}: the amount was announced before the chips touched the "
                           f"table (1.1.2.1), so {money(put - said)} of the {money(put)} put out comes back as "
                           f"change (the minimum was {money(min_to)}).",
                   citations=["1.1.2.1", "1.2", "1.4"], amounts={"raise_to": said, "change": put - said})


@rule("declared_raise_completed", ["1.4", "1.2", "1.4.1"], overrides="undeclared_short_raise_is_call",
      applies=_declared_raise)
def declared_raise_completed(ctx: Context) -> Finding:  # also registered as declared_raise_over_short_chips
    """A raise announced before the chips went in must be at least a full minimum raise; asked what the bettor
    owes, what he must add to call it."""
    found = _declared_raise_finding(ctx)
    to = found.amounts.get("raise_to")
    facing = _facing(ctx)
    if ctx.peek("asks_call") and to and to > facing:
        found.outcome += _bettor_owes(facing, to, found.amounts)
    return found


def _bettor_owes(facing: int, to: int, amounts: dict[str, int]) -> str:
    """What the player who bet must add to call a raise to ``to``, with the working."""
    amounts["to_call_for_bettor"] = to - facing
    return (f" The player who bet {money(facing)} needs {money(to - facing)} more to call "
            f"({money(to)} − {money(facing)}).")


def _declared_raise_finding(ctx: Context) -> Finding:
    """``declared_raise_completed``'s ruling on the raise itself."""
    facing = _facing(ctx)
    full = _last_full(ctx)
    put = ctx.get("chips_put_out") + ctx.get("already_in")
    min_to = facing + full
    added = ctx.peek("chips_added") if ctx.peek("one_motion") is False else None
    if added:
        # Declared first, so a second trip to the stack is allowed (1.6) and both trips count.
        total = put + added
        to = max(total, min_to)
        made_up = "" if total >= min_to else f", made up to the minimum raise to {money(min_to)}"
        return Finding(
            outcome=f"It is a raise to {money(to)}: 'raise' was declared before the chips went in, so the second "
                    f"trip to the stack is allowed and counts ({money(put)} + {money(added)} = {money(total)})"
                    f"{made_up}.",
            citations=["1.6", "1.2", "1.4"], amounts={"raise_to": to, "min_raise_to": min_to},
        )
    said = _declared_size(ctx, put, facing)
    if said is not None and said >= min_to and said != put:
        return _declared_raise_size(said, put, min_to)
    if put >= min_to:
        return Finding(outcome=f"It is a raise to {money(put)} (the minimum was {money(min_to)}).",
                       citations=["1.4", "1.2"], amounts={"raise_to": put, "min_raise_to": min_to})
    return Finding(
        outcome=f"It is a raise, and it must be completed to the minimum of {money(min_to)}: the raise was announced "
                f"first, which binds (1.2), so he adds {money(min_to - put)}.",
        # Only a call's worth of chips: the first indication (1.2) is what makes it a raise. More than a call but short
        # of the minimum: the size rule (1.4) is the question.
        citations=["1.2", "1.4", "1.4.1"] if put <= facing else ["1.4", "1.2", "1.4.1"],
        amounts={"raise_to": min_to, "add": min_to - put},
    )


# -- 1.4.2: one oversized chip --------------------------------------------------------------------
def _oversized_trigger(f: Facts) -> float:
    if f.single_chip and f.chips_put_out is None and f.asks_oversized:
        return 1.0  # "a single chip bigger than the bet": asked in general
    if not f.single_chip or f.chips_put_out is None:
        return 0.0
    facing = facing_of(f)
    if facing is None:
        return 0.8
    return 1.2 if f.chips_put_out > facing - (f.already_in or 0) and facing > 0 else 0.0


@rule("oversized_chip_is_call", ["1.4.2"], trigger=_oversized_trigger)
def oversized_chip_is_call(ctx: Context) -> Finding:
    """A single chip bigger than the bet, without a prior raise declaration, is a call."""
    if _no_numbers(ctx):
        return Finding(
            outcome="A single chip worth more than the bet is a call unless the player verbally announces a raise "
                    "before the chip touches the table; if he declares a raise but names no amount, the raise is the "
                    "maximum the chip allows. Saying 'raise' after the chip lands is too late.",
            citations=["1.4.2"],
        )
    if ctx.peek("single_chip") is False:
        # Several chips: 1.4.2 does not apply; chips put out without a word are read by their total (1.4, 1.4.1).
        read = declared_raise_completed(ctx) if _declared_raise(ctx) else undeclared_short_raise_is_call(ctx)
        return Finding(outcome="The single-chip rule (1.4.2) does not apply: more than one chip went out. "
                       + read.outcome, citations=read.citations, amounts=read.amounts)
    facing = _facing(ctx)
    chip = ctx.get("chips_put_out")
    already = ctx.get("already_in")
    if chip + already < facing:
        return short_call_made_up(ctx)  # a chip smaller than the call is not an oversized chip: 1.1.3.1
    if facing == 0:
        # Nothing to call: one chip is an opening bet, read under 1.1.2.1/1.1.2.2, not 1.4.2.
        if _announced_lower_first(ctx):
            return announced_bet_value(ctx)
        return undeclared_bet_is_full_value(ctx)
    change = chip - (facing - already)
    late = ctx.peek("verbal") == "raise" and ctx.peek("verbal_timing") == "after"
    why = ("'raise' was said only after the chip touched the table, which is too late"
           if late else "no raise was announced before the chip touched the table")
    if change == 0:
        # A chip equal to what is owed is simply a call: there is no oversized chip and nothing comes back.
        return Finding(outcome=f"It is a call of {money(facing)}: the chip is exactly the amount to call.",
                       citations=["1.4.2", "1.1.3"], amounts={"call": facing})
    if ctx.peek("verbal") == "call" and ctx.peek("declared") is not False and ctx.peek("verbal_timing") != "after":
        # "Call" said, then one big chip: the word came first and binds (1.2); the chip rule agrees (1.4.2).
        return Finding(
            outcome=f"It is a call of {money(facing)}: he said 'call' first, and the first indication binds; a "
                    f"single chip larger than the bet is a call as well. {money(change)} comes back to him in change "
                    f"({money(chip)} chip − {money(facing - already)} to call).",
            citations=["1.2", "1.4.2"], amounts={"call": facing, "change": change})
    return Finding(
        outcome=f"It is a call of {money(facing)}: a single chip larger than the bet is a call when {why}. "
                f"{money(change)} comes back to him in change "
                f"({money(chip)} chip − {money(facing - already)} to call).",
        citations=["1.4.2"],
        amounts={"call": facing, "change": change},
    )


def _raise_declared_before_chip(ctx: Context) -> bool:
    if ctx.peek("single_chip") is False:
        return False  # several chips: the single-chip rule and its exception do not apply (the base rule says so)
    if ctx.peek("verbal") == "raise":
        return ctx.get("verbal_timing") == "before"
    if not ctx.get("declared"):
        return False
    if ctx.get("verbal") != "raise":
        return False
    return ctx.get("verbal_timing") == "before"


@rule("oversized_chip_declared_raise", ["1.4.2", "1.2"], overrides="oversized_chip_is_call",
      applies=_raise_declared_before_chip)
def oversized_chip_declared_raise(ctx: Context) -> Finding:
    """'Raise' said before the chip lands makes it a raise; with no amount, the most the chip allows."""
    facing = _facing(ctx)
    chip = ctx.get("chips_put_out")
    already = ctx.get("already_in")
    said = ctx.peek("verbal_amount")
    full = _last_full(ctx) if (ctx.facts.actions or ctx.facts.big_blind or ctx.facts.last_full_raise) else None
    to = said if said is not None else chip + already
    amounts = {"raise_to": to}
    extra = ""
    if full is not None and to < facing + full and to < chip + already:
        extra = f" The minimum raise is to {money(facing + full)}."
    how = (f"to the {money(said)} announced" if said is not None
           else f"to {money(to)}, the maximum the chip allows, since no amount was stated")
    outcome = f"It is a raise {how}: 'raise' was declared before the chip touched the table.{extra}"
    back = chip + already - to
    if said is not None and back > 0:
        amounts["change"] = back
        outcome += (f" He gets {money(back)} back in change (the {money(chip)} chip − {money(to - already)} "
                    f"for the raise).")
    f = ctx.facts
    if f.actions:
        st = round_state(standing(f), f.big_blind, f.street)
        if st.aggressor and st.aggressor in st.committed and to > st.committed[st.aggressor]:
            need = to - st.committed[st.aggressor]
            amounts[f"to_call_for_{st.aggressor}"] = need
            who = "The bettor" if st.aggressor.startswith("player ") else st.aggressor
            outcome += f" {who} needs {money(need)} more to call."
    elif facing and to > facing:
        outcome += _bettor_owes(facing, to, amounts)
    if facing and to > facing:
        # The raise replayed through the betting model: what the next player must make it to re-raise (1.4).
        played = list(f.actions or [Action(actor="the bettor", kind="bet", amount=facing)])
        after = round_state([*played, Action(actor="the raiser", kind="raise", amount=to)], f.big_blind, f.street)
        amounts["min_raise_to"] = after.min_raise_to
        outcome += (f" A re-raise must make it at least {money(after.min_raise_to)} in total (1.4): "
                    f"{money(to)} plus the last full raise of {money(after.last_full_raise)}.")
    return Finding(outcome=outcome, citations=["1.4.2", "1.2"], amounts=amounts)


# -- 1.6: string bets -------------------------------------------------------------------------------------
def _string_trigger(f: Facts) -> float:
    if f.asks_string_bet:
        return 1.3
    return 1.0 if f.one_motion is False and not (f.verbal and f.verbal_timing == "before") else 0.0


def _declared_then_trips(ctx: Context, assumed: bool) -> Finding:
    """1.6 / 1.2: an action declared out loud may be put in with several trips; the declaration binds. With the
    amount said and no chips told before the words, the words are taken to have come first (stated as such)."""
    said, amt = ctx.peek("verbal"), ctx.peek("verbal_amount")
    what = f"{said} to {money(amt)}" if amt and said in ("raise", "bet") else said
    first, more = ctx.peek("chips_put_out"), ctx.peek("chips_added")
    total = (amt or (first + more if first and more else None)) if said in ("raise", "bet") else None
    both = (f" Both trips count: {money(first)} + {money(more)}, a {said} to {money(total)}."
            if total and not amt else "")
    call = ""
    who = ctx.peek("call_for")
    if total and ctx.peek("asks_call") and who:
        have = in_front(ctx.facts, who)
        if 0 < have < total:
            call = (f" {subject(who)} needs {money(total - have)} more to call ({money(total)} − {money(have)}).")
    when = (" (taken as said before the chips: had the words come only after chips already out, only the first "
            "motion would count)") if assumed else ""
    return Finding(
        outcome=f"Not a string bet: the {what} was declared verbally first{when}, and a player who declares his "
                f"intention may then put the chips in with more than one motion. The declared action binds."
                f"{both}{call}",
        citations=["1.6", "1.2"], amounts={f"{said}_to": total} if total else {},
        confidence=0.8 if assumed else 0.9,
    )


@rule("string_bet", ["1.6"], trigger=_string_trigger)
def string_bet(ctx: Context) -> Finding:
    """Chips added in a second motion without a declaration are a string bet: only the first motion counts."""
    timing = ctx.peek("verbal_timing")
    first = ctx.peek("chips_put_out")
    if ctx.peek("verbal") in ("raise", "bet", "call", "all-in") and (
            timing == "before" or (timing is None and first is None and ctx.peek("verbal_amount"))):
        return _declared_then_trips(ctx, assumed=timing is None)
    facing = ctx.peek("bet_faced")
    facing = facing if facing is not None else facing_of(ctx.facts)
    if ctx.peek("one_motion") is True and facing and first is not None and first > facing:
        # All in one go: nothing to string; the chips are read by size (1.4, 1.4.1).
        read = declared_raise_completed(ctx) if _declared_raise(ctx) else undeclared_short_raise_is_call(ctx)
        return Finding(outcome="Not a string bet: the chips went out in one motion. " + read.outcome,
                       citations=["1.6", *read.citations], amounts=read.amounts)
    more = ctx.peek("chips_added") if ctx.peek("one_motion") is False else None
    if facing and first is not None and first <= facing:
        back = (f" ({money(first)} + {money(more)} − {money(facing)} = {money(first + more - facing)} back)"
                if more is not None and first + more >= facing else "")
        return Finding(
            outcome=f"That is a string bet, which is not permitted: without a verbal declaration only the first "
                    f"motion counts, so he has called {money(facing)} and the chips from the second trip are "
                    f"returned beyond what makes up the call{back}.",
            citations=["1.6", "1.1.3"], amounts={"call": facing},
        )
    if first is not None and more is not None:
        what = f"a wager of {money(first)}" + (f" facing the {money(facing)} bet" if facing else "")
        return Finding(
            outcome=f"That is a string bet, which is not permitted: without a verbal declaration only the first "
                    f"motion counts, so it is {what}, and the {money(more)} from the second trip is returned.",
            citations=["1.6"], amounts={"wager": first, "returned": more},
        )
    return Finding(
        outcome="String bets are not permitted: a player must declare the action out loud or put the full amount "
                "out in one motion. Without a declaration, only what went out in the first motion counts.",
        citations=["1.6"],
    )


# -- 1.13 / 1.14: blinds ----------------------------------------------------------------------------------
@rule("new_player_options", ["1.13", "1.13.1", "1.13.2"], trigger=lambda f: 1.0 if f.new_player else 0.0)
def new_player_options(ctx: Context) -> Finding:
    """A new player either posts one blind equal to the table stake, or waits for the big blind."""
    choice = ctx.peek("new_player_choice")
    cites = {"post": ["1.13.1", "1.13"], "wait": ["1.13.2", "1.13"]}.get(choice or "", ["1.13", "1.13.1", "1.13.2"])
    lead = {"post": "Yes, he may post now: ", "wait": "He waits: having chosen not to post, "}.get(choice or "", "")
    bb = ctx.peek("big_blind")
    stake = f"the big blind, {money(bb)}" if bb else "the big blind"
    body = (f"a new player may either post one blind equal to the designated table stake ({stake}) and be "
            "dealt in at once, or not be dealt in until it is their turn to post the big blind.")
    amounts: dict[str, int] = {}
    stack = ctx.peek("stack_behind")
    if bb and stack and stack > bb and choice != "wait" and ctx.peek("asks_stack_left"):
        amounts.update(post=bb, left_behind=stack - bb)  # "bought in for 1,000 ... stack after posting?"
        body += f" Posting it leaves him {money(stack - bb)} behind ({money(stack)} − {money(bb)})."
    return Finding(outcome=(lead + body) if lead else body[0].upper() + body[1:], citations=cites, amounts=amounts)


@rule("blinds_not_refused", ["1.14"], trigger=lambda f: 1.0 if f.refuses_blind else 0.0)
def blinds_not_refused(ctx: Context) -> Finding:
    """No player may refuse a blind or other mandatory contribution."""
    return Finding(
        outcome="No: a player may not refuse any blind or other mandatory contribution to the pot while they "
                "are in the game.",
        citations=["1.14"],
    )


# A raise declared first binds even when the chips put out do not reach a call: the same decision as above,
# as an exception to the short-call rule (1.1.3.1) rather than a copy of it.
rule("declared_raise_over_short_chips", ["1.4", "1.2", "1.4.1"], overrides="short_call_made_up",
     applies=_declared_raise)(declared_raise_completed)
