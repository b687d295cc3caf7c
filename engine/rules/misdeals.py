"""Section 2, Misdeals: what makes a misdeal, what follows, and the errors that are not one.

Rules here and the clauses they decide:

* ``exposed_card`` (2.1.1) with its exceptions ``card_exposed_while_pitching``
  (2.5.2) and ``board_card_exposed_early`` (2.5.1): a card exposed while
  shuffling or cutting is a misdeal, but the two cases 2.5 names are cards
  "incorrectly dealt" where play continues;
* ``improper_shuffle_misdeal`` (2.1.2), ``dealt_out_of_order_misdeal``
  (2.1.3), ``wrong_card_count_misdeal`` (2.1.4), each with an exception for an
  error noticed only after substantial action, when it is not a misdeal;
* ``misdeal_procedure`` (2.2), ``only_staff_declare_misdeal`` (2.3),
  ``missing_or_foreign_card`` (2.4, 2.4.1, 2.4.2),
  ``wrong_order_by_dealer`` (2.6), ``exposed_hole_cards_shown_to_all``
  (2.7), ``shuffle_procedure`` (2.8, 2.8.1-2.8.5), and two overviews,
  ``what_is_a_misdeal`` (2.1) and ``play_continues_cases`` (2.5).

The house rules do not define "substantial action".  It is asked for; when
staff give the actions instead, they are counted against the FIDPA reference
definition, and that is reported as an assumption with the ruling.
"""

from __future__ import annotations

from engine.betting import round_state
from engine.core import Context, Finding, Missing, money, rule
from engine.facts import Facts, is_unnamed, subject
from engine.facts.common import Action
from engine.facts.misdeals import FIDPA_SUBSTANTIAL
from engine.rules.conclusions import Antes, antes

# -- shared wording ---------------------------------------------------------------------------------------

STEP_CLAUSES: dict[str, list[str]] = {
    "wash": ["2.8.1"],
    "riffle": ["2.8", "2.8.2", "2.8.4"],  # the riffles are in two clauses: their count is the whole procedure's
    "box": ["2.8.3"],
    "final_riffle": ["2.8.4"],
    "cut": ["2.8.5"],
    "cut_card": ["2.8.5"],
}
STEP_FAULT = {
    "wash": "the deck was not washed (the shuffle starts with one wash)",
    "riffle": "the riffles were not done as required (two before the box, one after)",
    "box": "the deck was never boxed (one box comes after the first two riffles)",
    "final_riffle": "the riffle after the box was skipped",
    "cut": "the deck was not cut (one cut ends the shuffle)",
    "cut_card": "the cut card was not placed at the bottom of the deck",
}
PROCEDURE = ("one wash, two riffles, one box, one riffle, one cut, and the cut card then placed at the bottom of "
             "the deck")
STEP_ANSWER = {
    "wash": "The shuffle starts with one wash of the deck from the starting position.",
    "riffle": "There are 3 riffles in all: two after the wash and one after the box.",
    "box": "The deck is boxed once, after the first two riffles and before the last one.",
    "final_riffle": "After the box comes one more riffle, and then the cut.",
    "cut": "The last step is one cut, with the cut card then placed at the bottom of the deck.",
    "cut_card": "After the one cut, the cut card goes to the bottom of the deck.",
}
NEXT_STREET = {"flop": "preflop", "turn": "flop", "river": "turn"}


def _misdeal_follows(ctx: Context) -> tuple[str, dict[str, int]]:
    """What 2.2 makes of any misdeal, with the blinds named when staff gave them."""
    back, amounts = _refunds(ctx)
    return (f"All bets are void and returned ({back}); the deck gets a new shuffle and cut, and the new deal "
            "resumes the same order of play, so the button does not move."), amounts


def _refund_first(ctx: Context, cites: list[str], amounts: dict[str, int]) -> list[str]:
    """Asked how much goes back, the clause that returns the bets (2.2) leads the cause that made the misdeal."""
    if ctx.peek("asks_refund") and "returned" in amounts and "2.2" in cites:
        return ["2.2", *(c for c in cites if c != "2.2")]
    return cites


def _refunds(ctx: Context) -> tuple[str, dict[str, int]]:
    """What goes back to whom when a round is voided (2.2), as words and as amounts."""
    sb, bb, bets = ctx.peek("small_blind"), ctx.peek("big_blind"), ctx.peek("bets_in")
    amounts: dict[str, int] = {}
    if sb is not None and bb is not None:
        back = f"the blinds of {money(sb)} and {money(bb)} go back to the players, {money(sb + bb)} in all"
        amounts.update(small_blind_returned=sb, big_blind_returned=bb)
    elif bb is not None:
        back = f"the big blind's {money(bb)} goes back to him"
        amounts["big_blind_returned"] = bb
    else:
        back = "blinds included"
    acts = [a for a in (ctx.peek("actions") or []) if a.kind != "post" or (a.amount or 0) > (bb or 0)]  # a straddle
    per_hand: dict[str, int] | None = ctx.peek("contributions")
    ante = antes(ctx.facts) if bets is None else None  # a total told as returned already holds them
    asked = ctx.peek("call_for")
    if bets is not None:
        amounts["returned"] = bets
        back += f"; {money(bets)} in all is returned"
    elif per_hand:
        # Every street of the voided hand, each player's bets added up (a misdeal voids the whole hand).
        back = _each_back(_with_antes(sorted(per_hand.items(), key=lambda kv: kv[0] != asked), ante), amounts)
    elif not acts and ctx.peek("chips_put_out") and ctx.peek("put_by"):
        # Only what one player put in was told ("Seat 6 had put 350 in this hand"): that goes back to him.
        back = _each_back([(str(ctx.peek("put_by")), int(ctx.peek("chips_put_out")))], amounts)
    elif acts or ante:
        # The bets made before the misdeal, replayed through the betting model, each back to its player.
        per = {who: v for who, v in round_state(acts, bb, ctx.peek("street")).committed.items() if v}
        parts = [(who, v) for who, v in per.items()]
        parts += [(name, b) for name, b in (("SB", sb), ("BB", bb)) if b and name not in per]
        if parts:  # nothing sized was told: the general words stand
            back = _each_back(_with_antes(sorted(parts, key=lambda kv: kv[0] != asked), ante), amounts)
    counted = f"; the antes count {ante.assumed}" if ante and ante.assumed and "returned" in amounts else ""
    return back + counted + _stack_after_refund(ctx, per_hand or {}, amounts), amounts


def _with_antes(parts: list[tuple[str, int]], ante: Antes | None) -> list[tuple[str, int]]:
    """Each player's refund with his ante added, and the antes of the players dealt in but never named (2.2 returns
    everything put in)."""
    if ante is None:
        return parts
    named = dict(parts)
    out = [(who, v + ante.named.get(who, 0)) for who, v in parts]
    out += [(who, a) for who, a in ante.named.items() if who not in named]
    if ante.unnamed:
        out.append((f"the {ante.unnamed} other players", ante.unnamed * ante.each))
    return out


def _stack_after_refund(ctx: Context, per_hand: dict[str, int], amounts: dict[str, int]) -> str:
    """Asked what a player's stack will be: the chips he has behind plus what comes back to him ("I've got 1,280 in
    front of me and put 320 into this pot": 1,600)."""
    f = ctx.facts
    stacks = f.stacks or {}
    who = f.call_for or f.put_by or (next(iter(stacks)) if len(stacks) == 1 else None)  # the one stack told
    stack = stacks.get(who or "") if who else None
    stack = stack if stack is not None else f.stack_behind
    back = per_hand.get(who or "") if who else None
    if back is None and len(per_hand) <= 1:
        back = amounts.get("returned")
    if back is None:  # only the blinds were in: a blind's own post comes back to him
        back = {"SB": amounts.get("small_blind_returned"), "BB": amounts.get("big_blind_returned")}.get(who or "")
    if not f.asks_stack_left or stack is None or not back:
        return ""
    amounts["stack_after"] = stack + back
    return (f"; with {money(stack)} behind, his stack goes back to {money(stack + back)} "
            f"({money(stack)} + {money(back)})")


def _each_back(parts: list[tuple[str, int]], amounts: dict[str, int]) -> str:
    """Who gets what back, and the sum with its working ("Seat 4 gets 180, BB gets 10: 190 in all (180 + 10)")."""
    total = sum(v for _w, v in parts)
    amounts["returned"] = total
    if len(parts) > 1:  # among several, a player nobody named is not "he" (that reads as the one before him)
        parts = [("another player" if is_unnamed(w) else w, v) for w, v in parts]
    parts = [(subject(w, opens=False), v) for w, v in parts]  # the teller, told in the third person
    if len(parts) == 1:
        return f"{parts[0][0]} gets {money(total)} back"
    return ", ".join(f"{who} {'get' if who.endswith(' players') else 'gets'} {money(v)}" for who, v in parts) + \
        f": {money(total)} in all ({' + '.join(money(v) for _w, v in parts)})"


def _staff_only_note(ctx: Context) -> tuple[list[str], list[str]]:
    """When a player is the one calling it: the call is the dealer's or supervisor's (2.3)."""
    if ctx.peek("misdeal_called_by") == "player":
        return [" A player cannot call it: only a dealer or supervisor determines a misdeal (2.3)."], ["2.3"]
    return [], []


def _count_actions(ctx: Context) -> tuple[int | None, bool | None, str]:
    """How much action there had been when the error was noticed, from what staff stated."""
    n, chips = ctx.peek("actions_taken"), ctx.peek("chips_action")
    if n is not None:
        return n, chips, f"{n} action{'s' if n != 1 else ''} in turn"
    acts: list[Action] | None = ctx.peek("actions")
    if acts:
        real = [a for a in acts if a.kind != "post"]
        return (len(real), any(a.kind in ("bet", "call", "raise", "all-in") for a in real),
                f"{len(real)} action{'s' if len(real) != 1 else ''} in turn")
    street = ctx.peek("noticed_on")
    if street in ("flop", "turn", "river"):
        # A flop is dealt only after a complete preflop round: at least a call and a check, or more.
        return 2, True, f"a complete preflop betting round (it was noticed on the {street})"
    return None, None, ""


def _general(ctx: Context) -> bool:
    """A question about the rule itself rather than one hand: it is answered with the rule, conditions and all."""
    return bool(ctx.peek("asks_misdeal_causes") or ctx.peek("asks_procedure"))


DEFINITION_NOTE = (f"The house rules do not define substantial action; the FIDPA reference counts {FIDPA_SUBSTANTIAL}. "
                   "Staff decide.")


def _substantial(ctx: Context, notes: list[str]) -> bool | None:
    """Had substantial action occurred?  Stated, or counted by the FIDPA definition (an assumption).

    None for a general question that gives no hand to count; for a particular hand the engine asks.
    """
    stated = ctx.peek("substantial_action")
    if stated is not None:
        return bool(stated)
    n, chips, basis = _count_actions(ctx)
    if n == 0:
        return False  # Nobody had acted: no reading of "substantial action" is met.
    if n is None and _general(ctx):
        return None
    if n is None or not ctx.get("use_fidpa_substantial"):
        raise Missing("substantial_action")
    if n == 2 and chips is None:
        chips = ctx.get("chips_action")
    result = n >= 3 or (n == 2 and bool(chips))
    notes.append(
        f"The house rules do not define substantial action; by the FIDPA reference definition ({FIDPA_SUBSTANTIAL}), "
        f"{basis} {'is' if result else 'is not'} substantial action. The decision rests with staff."
    )
    return result


def _cards_exposed_text(ctx: Context) -> str:
    n = ctx.peek("cards_exposed")
    return "cards" if n and n > 1 else "card"


# -- 2.1.1 / 2.5.1 / 2.5.2: exposed cards ----------------------------------------------------------------------
def _exposed_trigger(f: Facts) -> float:
    if f.card_exposed_during is not None:
        return 1.0
    return 1.0 if f.card_exposed else 0.0


@rule("exposed_card", ["2.1.1", "2.1", "2.2"], trigger=_exposed_trigger)
def exposed_card(ctx: Context) -> Finding:
    """A card exposed while shuffling or cutting is a misdeal; other exposures are ruled case by case."""
    during = ctx.get("card_exposed_during")
    what = _cards_exposed_text(ctx)
    if during in ("shuffle", "cut"):
        follows, amounts = _misdeal_follows(ctx)
        extra, cites = _staff_only_note(ctx)
        step = "shuffling" if during == "shuffle" else "cutting"
        return Finding(
            outcome=f"It is a misdeal: a {what} exposed in the {step} process is a misdeal under 2.1.1. {follows}"
                    + "".join(extra),
            citations=_refund_first(ctx, ["2.1.1", "2.1", "2.2", *cites], amounts),
            amounts=amounts,
        )
    if during == "pitch":
        # Only here when 2.5.2 does not hold: a player exposed it, or more than one card was exposed.
        if ctx.peek("exposed_by") == "player":
            why = ("2.5.2 covers a card the dealer exposes while pitching; for a card a player exposes himself the "
                   "house rules give no procedure")
        else:
            why = (f"2.5.2 covers a single card the dealer exposes while pitching; for {ctx.peek('cards_exposed')} "
                   "exposed cards the house rules give no procedure")
        return Finding(
            outcome=f"{why}, so the floor decides (Staff Authority). It is not one of the misdeals listed in 2.1.",
            citations=["2.5.2", "staff-authority", "2.1"],
            confidence=0.6,
        )
    # A board card: 2.5.1 did not hold, so the betting round was complete or a player exposed it.
    card = ctx.peek("board_card_exposed") or "board card"
    if ctx.peek("exposed_by") == "player":
        return Finding(
            outcome=f"2.5.1 covers a {card} exposed by the dealer; the house rules give no procedure for one a player "
                    "exposes, so the floor decides (Staff Authority).",
            citations=["2.5.1", "staff-authority"],
            confidence=0.6,
        )
    return Finding(
        outcome=f"Not a misdeal and nothing to redo: 2.5.1 applies only to a {card} exposed before its betting round "
                f"is complete. With the betting complete, the {card} stands and play continues.",
        citations=["2.5.1", "2.5"],
        confidence=0.8,
    )


def _pitch_exception(ctx: Context) -> bool:
    if ctx.get("card_exposed_during") != "pitch":
        return False
    n = ctx.peek("cards_exposed")
    if n is not None and n > 1:
        return False
    return ctx.get("exposed_by") == "dealer"


@rule("card_exposed_while_pitching", ["2.5.2", "2.5", "2.1.1"], overrides="exposed_card", applies=_pitch_exception)
def card_exposed_while_pitching(ctx: Context) -> Finding:
    """A card the dealer exposes while pitching becomes the flop burn card; the player gets the top card."""
    return Finding(
        outcome="The deal goes on: the exposed card is shown to all players and set aside as the burn card for the "
                "flop; once the deal is complete, the player whose card was exposed is dealt the top card of the deck. "
                "He does not keep the exposed card.",
        citations=["2.5.2", "2.5", "2.1.1"],
        notes=["A card exposed while shuffling or cutting, rather than while pitching, would be a misdeal (2.1.1)."],
    )


def _board_exception(ctx: Context) -> bool:
    if ctx.get("card_exposed_during") != "board":
        return False
    if ctx.peek("exposed_by") == "player":
        return False
    return ctx.get("betting_round_complete") is False


@rule("board_card_exposed_early", ["2.5.1", "2.5"], overrides="exposed_card", applies=_board_exception)
def board_card_exposed_early(ctx: Context) -> Finding:
    """A flop, turn or river card exposed before its betting round is done: show it, finish the round, redeal it."""
    card = ctx.peek("board_card_exposed")
    if card:
        rnd = f"the {NEXT_STREET[card]} betting round"
        new = f"a new {card}"
        shown = "flop cards" if card == "flop" else f"{card} card"
        shown = f"the exposed {shown}"
    else:
        rnd, shown = "the betting round", "the exposed card(s)"
        new = "a new flop, turn or river (whichever was exposed)"
    return Finding(
        outcome=f"Not a misdeal, and the exposed card does not play: the dealer first shows {shown} to all players "
                f"and completes {rnd}. Then the burn card stays, the exposed card(s) are shuffled with the rest of the "
                f"deck, and {new} is dealt.",
        citations=["2.5.1", "2.5"],
    )


# -- 2.1.2 / 2.1.3 / 2.1.4: errors that are a misdeal only before substantial action ---------------------------
def _after_substantial(base: str, clause: str, what: str) -> None:
    """Register the exception to ``base``: the error was noticed after substantial action, so it is no misdeal."""

    def applies(ctx: Context) -> bool:
        if clause != "2.1.2" and ctx.peek("error_rectifiable") is True:
            return False  # Put right, it is no misdeal whenever it was noticed: nothing turns on the action.
        return _substantial(ctx, []) is True

    def decide(ctx: Context) -> Finding:
        notes: list[str] = []
        _substantial(ctx, notes)
        cites = [clause, "2.1"]
        if clause == "2.1.2":
            for step in ctx.peek("shuffle_steps") or []:
                cites[1:1] = [c for c in STEP_CLAUSES[step] if c not in cites]
        return Finding(
            outcome=f"Not a misdeal: {what} is a misdeal only if it is noticed before substantial action has occurred "
                    f"({clause}), and here substantial action had already occurred, so the hand plays on. The house "
                    "rules say nothing more, so anything further is for the floor to decide (Staff Authority).",
            citations=[*cites, "staff-authority"],
            notes=notes,
            confidence=0.85 if not notes else 0.75,
        )

    decide.__doc__ = f"After substantial action, {what} is not a misdeal: the hand plays on."
    name = f"{base}_after_substantial_action"
    rule(name, [clause, "2.1"], overrides=base, applies=applies)(decide)


def _shuffle_trigger(f: Facts) -> float:
    return 1.0 if f.properly_shuffled is False else 0.0


@rule("improper_shuffle_misdeal", ["2.1.2", "2.1", "2.2"], trigger=_shuffle_trigger)
def improper_shuffle_misdeal(ctx: Context) -> Finding:
    """Cards not properly shuffled or cut, noticed before substantial action: a misdeal."""
    notes: list[str] = []
    steps = ctx.peek("shuffle_steps") or []
    if _substantial(ctx, notes) is None:  # False here (the exception took True), or a general question
        follows, _amounts = _misdeal_follows(ctx)
        step_cites = [c for s in steps for c in STEP_CLAUSES[s]]
        return Finding(
            outcome="A deck not properly shuffled or cut is a misdeal only if it is noticed before substantial action "
                    "has occurred; noticed after that, it is not a misdeal and the hand plays on. When it is a "
                    f"misdeal: {follows[0].lower() + follows[1:]}",
            citations=list(dict.fromkeys(["2.1.2", *step_cites, "2.2", "2.1"])),
            notes=[DEFINITION_NOTE],
            confidence=0.75,
        )
    step_cites = [c for s in steps for c in STEP_CLAUSES[s]]
    fault = "; ".join(STEP_FAULT[s] for s in steps) if steps else "the deck was not properly shuffled or cut"
    follows, amounts = _misdeal_follows(ctx)
    extra, cites = _staff_only_note(ctx)
    return Finding(
        outcome=f"It is a misdeal: {fault}, and it was noticed before substantial action. {follows}" + "".join(extra),
        citations=_refund_first(ctx, list(dict.fromkeys(["2.1.2", *step_cites, "2.2", "2.8", "2.1", *cites])),
                                amounts),
        amounts=amounts,
        notes=notes,
    )


_after_substantial("improper_shuffle_misdeal", "2.1.2", "a deck not properly shuffled or cut")


def _dealing_error(ctx: Context, clause: str, fault: str) -> Finding:
    """2.1.3 and 2.1.4 read alike: before substantial action, a misdeal unless it can be put right."""
    notes: list[str] = []
    other = {"2.1.3": ("wrong_card_count", "2.1.4"), "2.1.4": ("dealt_out_of_order", "2.1.3")}[clause]
    cites = [clause]
    if ctx.peek(other[0]):
        cites.append(other[1])
    general = False
    if ctx.peek("error_rectifiable") is not True:
        # False here (the exception took True); None for a general question; Missing: ask it first.
        general = _substantial(ctx, notes) is None
    if ctx.peek("error_rectifiable") is None and (general or _general(ctx)):
        follows, _amounts = _misdeal_follows(ctx)
        what = {"2.1.3": "Dealing the cards out of order",
                "2.1.4": "A player receiving the wrong number of cards"}[clause]
        return Finding(
            outcome=f"{what} is a misdeal only if it is noticed before substantial action has occurred and the error "
                    "cannot be rectified; if it can be put right, or substantial action has already occurred, play "
                    f"continues. When it is a misdeal: {follows[0].lower() + follows[1:]}",
            citations=[*cites, "2.1", "2.2"],
            notes=[DEFINITION_NOTE],
            confidence=0.75,
        )
    if ctx.get("error_rectifiable"):
        return Finding(
            outcome=f"Not a misdeal: {fault}, but the error can be rectified, so the dealer puts it right and play "
                    f"continues. {clause} calls a misdeal only when it cannot be rectified.",
            citations=[*cites, "2.1"],
            notes=notes,
            confidence=0.8,
        )
    follows, amounts = _misdeal_follows(ctx)
    extra, staff = _staff_only_note(ctx)
    return Finding(
        outcome=f"It is a misdeal: {fault}, the error cannot be rectified, and it was noticed before substantial "
                f"action. {follows}" + "".join(extra),
        citations=_refund_first(ctx, [*cites, "2.1", "2.2", *staff], amounts),
        amounts=amounts,
        notes=notes,
    )


@rule("dealt_out_of_order_misdeal", ["2.1.3", "2.1", "2.2"],
      trigger=lambda f: 1.0 if f.dealt_out_of_order else 0.0)
def dealt_out_of_order_misdeal(ctx: Context) -> Finding:
    """Cards dealt out of order that cannot be put right, before substantial action: a misdeal."""
    fault = "the dealer dealt the cards out of order"
    if ctx.peek("wrong_card_count"):
        fault += " and a player received the wrong number of cards"
    return _dealing_error(ctx, "2.1.3", fault)


_after_substantial("dealt_out_of_order_misdeal", "2.1.3", "dealing the cards out of order")


@rule("wrong_card_count_misdeal", ["2.1.4", "2.1", "2.2"],
      trigger=lambda f: 1.0 if f.wrong_card_count else 0.0)
def wrong_card_count_misdeal(ctx: Context) -> Finding:
    """A player with the wrong number of cards that cannot be put right, before substantial action: a misdeal."""
    n = ctx.peek("cards_received")
    fault = (f"a player received {n} hole card{'s' if n != 1 else ''} instead of two" if n is not None
             else "a player received the wrong number of cards")
    return _dealing_error(ctx, "2.1.4", fault)


_after_substantial("wrong_card_count_misdeal", "2.1.4", "a wrong number of hole cards")


# -- 2.1: what makes a misdeal (overview) -----------------------------------------------------------------------
def _causes_trigger(f: Facts) -> float:
    if not f.asks_misdeal_causes:
        return 0.0
    specific = (f.card_exposed, f.properly_shuffled is False, f.dealt_out_of_order, f.wrong_card_count, f.deck_defect)
    return 0.4 if any(specific) else 0.9


@rule("what_is_a_misdeal", ["2.1", "2.1.1", "2.1.2", "2.1.3", "2.1.4", "2.2"], trigger=_causes_trigger)
def what_is_a_misdeal(ctx: Context) -> Finding:
    """The four misdeals of 2.1, and what follows one."""
    follows, amounts = _misdeal_follows(ctx)
    return Finding(
        outcome="There is a misdeal if a card is exposed while shuffling or cutting; or if, before substantial "
                "action, it is noticed that the deck was not properly shuffled or cut, or that the cards were dealt "
                "out of order or a player got the wrong number of cards and the error cannot be rectified. " + follows,
        citations=["2.1", "2.1.1", "2.1.2", "2.1.3", "2.1.4", "2.2"],
        amounts=amounts,
        confidence=0.85,
    )


# -- 2.2: what follows a misdeal ----------------------------------------------------------------------------------
def _procedure_trigger(f: Facts) -> float:
    if f.asks_misdeal_consequences:
        return 1.1
    return 0.8 if f.misdeal_declared else 0.0


@rule("misdeal_procedure", ["2.2"], trigger=_procedure_trigger)
def misdeal_procedure(ctx: Context) -> Finding:
    """After a misdeal: bets void and returned, new shuffle and cut, same order of play."""
    follows, amounts = _misdeal_follows(ctx)
    extra, cites = _staff_only_note(ctx)
    return Finding(
        outcome="After a misdeal, " + follows[0].lower() + follows[1:] + "".join(extra),
        citations=["2.2", *cites],
        amounts=amounts,
    )


# -- 2.3: who declares it ----------------------------------------------------------------------------------------
def _who_trigger(f: Facts) -> float:
    if f.asks_who_declares:
        return 1.6  # "can he call a misdeal?" is the question, whatever the error behind it
    if f.misdeal_called_by != "player":
        return 0.0
    causes = (f.card_exposed, f.card_exposed_during, f.properly_shuffled is False, f.dealt_out_of_order,
              f.wrong_card_count, f.deck_defect)
    return 0.5 if any(causes) else 1.05


@rule("only_staff_declare_misdeal", ["2.3"], trigger=_who_trigger)
def only_staff_declare_misdeal(ctx: Context) -> Finding:
    """Only a dealer or supervisor determines whether there is a misdeal."""
    by = ctx.peek("misdeal_called_by")
    if by in ("dealer", "supervisor"):
        return Finding(
            outcome=f"Yes: the {by} may determine that there is a misdeal; only a dealer or supervisor can.",
            citations=["2.3"],
        )
    return Finding(
        outcome="Only a dealer or supervisor determines whether there is a misdeal. A player can point out the error, "
                "but calling 'misdeal' does not make it one; the dealer or the floor decides under the rules of 2.1.",
        citations=["2.3"],
    )


# -- 2.4: a missing or foreign card -----------------------------------------------------------------------------------
@rule("missing_or_foreign_card", ["2.4.2", "2.4.1", "2.4"], trigger=lambda f: 1.2 if f.deck_defect else 0.0)
def missing_or_foreign_card(ctx: Context) -> Finding:
    """A missing or foreign card voids the round where it is found; earlier rounds stand."""
    defect = ctx.peek("deck_defect")  # missing or foreign: 2.4.2 rules both alike, so neither needs asking
    what = ("a card is found to be missing" if defect == "missing"
            else "a card that is not part of the deck is found" if defect == "foreign"
            else "a card is found to be missing, or one that is not part of the deck is found,")
    if ctx.peek("asks_previous_rounds"):
        asked = bool(ctx.peek("asks_refund"))  # "how much of that pot comes back?": none of it
        back, amounts = _refunds(ctx) if asked and ctx.peek("contributions") else ("", {})
        if "returned" in amounts:  # this round's bets were told too: the earlier pot stays won, these come back
            return Finding(
                outcome=f"The results of all hands already played stand, so nothing (0) of a pot already won comes "
                        f"back. The round of play in which {what} is declared a misdeal and voided, and all its bets "
                        f"are returned ({back}).",
                citations=["2.4.2", "2.4.1", "2.4", "2.2"],
                amounts={**amounts, "returned_from_earlier_hands": 0},
            )
        return Finding(
            outcome=("Nothing: 0 of a pot already won comes back. " if asked else "") +
                    f"The results of all hands already played stand. Only the round of play in which {what} is "
                    "declared a misdeal and voided.",
            citations=["2.4.1", "2.4.2", "2.4"],
            amounts={"returned_from_earlier_hands": 0} if asked else {},
        )
    back, amounts = _refunds(ctx)
    returned = f" All bets are void and returned ({back})." if "returned" in amounts else \
        " All its bets are void and returned."
    return Finding(
        outcome=f"The round of play in which {what} is declared a misdeal and voided.{returned} The results of all "
                "hands already played with that deck stand.",
        citations=["2.4.2", "2.4.1", "2.4", "2.2"],
        amounts=amounts,
    )


# -- 2.5: cards incorrectly dealt where play continues (overview) ----------------------------------------------------
@rule("play_continues_cases", ["2.5", "2.5.1", "2.5.2"], trigger=lambda f: 0.0)
def play_continues_cases(ctx: Context) -> Finding:
    """The two dealing errors after which play continues: an early board card, a card exposed while pitching."""
    return Finding(
        outcome="Two dealing errors are not misdeals and play continues: a flop, turn or river card the dealer "
                "exposes before its betting round is complete is shown to all, the round is finished, and that card is "
                "shuffled back and replaced (the burn card stays); a card the dealer exposes while pitching is shown "
                "to all and becomes the burn card for the flop, and that player gets the top card once the deal is "
                "done.",
        citations=["2.5", "2.5.1", "2.5.2"],
        confidence=0.85,
    )


# -- 2.6: the dealer directed the wrong player ---------------------------------------------------------------------
def _direction_trigger(f: Facts) -> float:
    if not f.dealer_caused:
        return 0.0
    # "The dealer skipped seat 4 while pitching" or "skipped the cut" is a dealing error, not a wrong direction.
    dealing = f.dealt_out_of_order or f.wrong_card_count or f.properly_shuffled is False or f.card_exposed
    return 0.4 if dealing else 1.0


def _describe(a: Action) -> str:
    link = {"raise": "to", "all-in": "for"}.get(a.kind, "of")
    amount = f" {link} {money(a.amount)}" if a.amount else ""
    return f"{a.actor}'s {a.kind}{amount}"


def _returned(actions: list[Action]) -> dict[str, int]:
    """The chips each voided action put in, replayed through the betting model, so they can be handed back."""
    out = {who: v for who, v in round_state(actions).committed.items() if v}
    return {f"returned_{k.lower().replace(' ', '_')}": v for k, v in out.items()}


@rule("wrong_order_by_dealer", ["2.6"], trigger=_direction_trigger)
def wrong_order_by_dealer(ctx: Context) -> Finding:
    """A wrong order of play caused by the dealer goes back to the last correct action; all since is void."""
    if not ctx.get("dealer_caused"):
        return Finding(
            outcome="2.6 applies only when the dealer's direction caused the wrong order of play: then play goes "
                    "back to the last correct action and every action since is void. A player who acts out of turn on "
                    "his own is ruled under 1.8: the action goes back to the correct player, and whether the "
                    "out-of-turn action binds depends on whether the action to him changes.",
            citations=["1.8", "2.6"],
            confidence=0.6,
        )
    skipped = ctx.peek("skipped_player")
    since = _voided_actions(ctx)
    who = f"{skipped}, who was skipped, acts" if skipped else "the player whose turn it really was acts"
    voided = (f" ({', '.join(_describe(a) for a in since)})" if since else "")
    back = " and the chips put in go back to those players" if _returned(since) or not since else ""
    return Finding(
        outcome=f"The order of play goes back to the most recent correct action, so {who}; every action taken after "
                f"the dealer's wrong direction{voided} is void{back}{_handed_back(since)}. Unlike an out-of-turn "
                "action a player makes on his own (1.8), none of it binds.",
        citations=["2.6", "1.8"],
        amounts=_returned(since),
    )


def _voided_actions(ctx: Context) -> list[Action]:
    """The actions after the dealer's error: as told after it, or, when that reading lost a sized bet's amount,
    the told betting round (the error is where the round's told action began)."""
    since: list[Action] = ctx.peek("actions_since_error") or []
    sized = ("bet", "raise", "all-in")
    told = [a for a in (ctx.facts.actions or []) if a.kind in (*sized, "call", "check", "fold")]
    if told and (not since or any(a.kind in sized and not a.amount for a in since)
                 or (not any(a.kind in sized for a in since) and any(a.kind in sized and a.amount for a in told))):
        return told  # (the reading after the error lost the bet the others called: the told round has it)
    return since


def _handed_back(since: list[Action]) -> str:
    """What each voided player gets back and the total, with the working."""
    back = {who: v for who, v in round_state(since).committed.items() if v}
    if not back:
        return ""
    each = ", ".join(f"{who} gets {money(v)}" for who, v in back.items())
    total = sum(back.values())
    return f" ({each}; {money(total)} in all)" if len(back) > 1 else f" ({each})"


# -- 2.7: hole cards exposed to other players -------------------------------------------------------------------------
def _hole_cards_trigger(f: Facts) -> float:
    if not f.hole_cards_seen:
        return 0.0
    # Cards shown to one player on purpose are first a conduct question (3.2, 3.8); 2.7 follows from it.
    return 0.5 if getattr(f, "cards_shown_privately", None) else 1.0


@rule("exposed_hole_cards_shown_to_all", ["2.7"], trigger=_hole_cards_trigger)
def exposed_hole_cards_shown_to_all(ctx: Context) -> Finding:
    """Hole cards exposed to anyone while live cards are in play are shown to everyone at the table."""
    if not ctx.get("hand_in_progress"):
        return Finding(
            outcome="2.7 applies only while live cards are in play. Once the round is complete, if a player shows his "
                    "cards to another player, everyone else at the table may ask to see them (3.8); mucked cards are "
                    "not retrieved for it.",
            citations=["3.8", "2.7"],
            confidence=0.7,
        )
    return Finding(
        outcome="Those hole cards are made visible to all players at the table: once a player's hole cards have been "
                "exposed to one or more players while live cards are in play, everyone gets to see them. 2.7 does not "
                "make the hand dead.",
        citations=["2.7"],
        notes=["Showing or telling another player about a hand on purpose is also a conduct matter (3.2, 3.2.1)."],
    )


# -- 2.8: the shuffle --------------------------------------------------------------------------------------------
HOUSE_SEQUENCE = ["wash", "riffle", "riffle", "box", "riffle", "cut"]


def _compare_shuffle(seq: list[str]) -> Finding:
    """A described shuffle against 2.8's: the same, or where it differs, step by step."""
    if seq == HOUSE_SEQUENCE:
        return Finding(outcome=f"Yes, that is the house shuffle: {PROCEDURE}.",
                       citations=["2.8", "2.8.1", "2.8.2", "2.8.3", "2.8.4", "2.8.5"])
    diffs: list[str] = []
    cites: list[str] = []
    box_at = seq.index("box") if "box" in seq else None
    before = seq[:box_at].count("riffle") if box_at is not None else seq.count("riffle")
    after = seq[box_at + 1:].count("riffle") if box_at is not None else 0
    if seq.count("wash") != 1 or seq[0] != "wash":
        diffs.append("it must start with one wash")
        cites.append("2.8.1")
    if before != 2:
        diffs.append(f"it needs two riffles before the box, not {before}")
        cites.append("2.8.2")
    if box_at is None or seq.count("box") != 1:
        diffs.append("the deck must be boxed once")
        cites.append("2.8.3")
    if after != 1:
        diffs.append(f"it needs one riffle after the box, not {after}")
        cites.append("2.8.4")
    if seq[-1] != "cut" or seq.count("cut") != 1:
        diffs.append("it must end with one cut, cut card to the bottom")
        cites.append("2.8.5")
    return Finding(
        outcome=f"No, that is not the house shuffle: {'; '.join(diffs) or 'the order of the steps is wrong'}. The "
                f"house shuffle is {PROCEDURE}.",
        citations=list(dict.fromkeys(["2.8", *cites])),
    )


def _shuffle_question(f: Facts) -> float:
    if f.shuffle_sequence:
        return 1.3  # "wash, riffle, riffle, riffle, box, cut: is that the house shuffle?"
    if not f.asks_shuffle_procedure:
        return 0.0
    # A question about how the shuffle goes, even one naming a skipped step, with no hand dealt from it.
    return 1.2 if f.properly_shuffled is False else 0.9


@rule("shuffle_procedure", ["2.8", "2.8.1", "2.8.2", "2.8.3", "2.8.4", "2.8.5"], trigger=_shuffle_question)
def shuffle_procedure(ctx: Context) -> Finding:
    """The shuffle: one wash, two riffles, one box, one riffle, one cut, cut card to the bottom."""
    seq = ctx.peek("shuffle_sequence")
    if seq:
        return _compare_shuffle(seq)
    steps = ctx.peek("shuffle_steps") or []
    told = [s for s in steps if not (s == "cut" and "cut_card" in steps)]
    lead = " ".join(dict.fromkeys(STEP_ANSWER[s] for s in told))
    asked = [c for s in steps for c in STEP_CLAUSES[s]]
    cites = list(dict.fromkeys([*asked, "2.8", "2.8.1", "2.8.2", "2.8.3", "2.8.4", "2.8.5"]))
    amounts = {"riffles": 3} if "riffle" in steps or "final_riffle" in steps else {}
    full = f"The shuffle is {PROCEDURE}; the deck is then ready to be put into play."
    if "riffle" not in steps:
        full += " That is 3 riffles in all, two before the box and one after it."
    return Finding(
        outcome=f"{lead} {full}" if lead else full,
        citations=cites,
        amounts=amounts,
    )
