"""Section 3, Player Conduct of Play: what players may do at the table, and what staff may direct.

Rules here, by clause: 3.1.x (supervisor directions), 3.2/3.2.1 (hand
information), 3.3 (stub and discards), 3.4 (advice), 3.5 with its exception
3.13 (miscalled hands), 3.6 (contesting a pot), 3.7 (seats), 3.8 with the
"mucked cards are not retrieved" exception, 3.9 (inactive seat), 3.10, 3.11
with the "leaving the game" exception, 3.12 (adding chips, with the arithmetic
of ``max_add_on``), 3.14.x (away at the deal), 3.15 (pot size), 3.16.x (stack
presentation), 3.17 (estimate and visibility), 3.18 with the all-in count
exception 3.18.1-3.18.3, and 3.19 (the dealer's valuation).

Several clauses give staff a discretion (3.2.1, 3.9, 3.13, 3.14.2); their
rulings say so, because a floor person reading "may" as "must" takes a pot or a
seat the book only allows them to take.  Where the book says nothing (a
penalty, who gets a forfeited pot) the ruling says that and points to Staff
Authority instead of inventing a rule.
"""

from __future__ import annotations

from engine.betting import max_add_on, round_state
from engine.core import Context, Finding, money, rule
from engine.facts import Facts
from engine.rules.conclusions import caller_behind, in_front, standing

STAFF = "staff-authority"


def _in_play(f: Facts) -> bool | None:
    """Were live cards in play when it happened?  None when nobody said.

    A hand that was still running, or a player who still held live cards, means
    yes; a finished hand means no.
    """
    if f.hand_in_progress is not None:
        # Read only when stated, never its assumption: these rules ask instead.
        return f.hand_in_progress
    if f.live_cards:
        return True
    return None


def _and(parts: list[str]) -> str:
    """'a', 'a and b', 'a; b; and c' - the directions read as one sentence."""
    if len(parts) <= 2:
        return " and ".join(parts)
    return "; ".join(parts[:-1]) + "; and " + parts[-1]


# -- 3.1: the supervisor's directions ------------------------------------------------------------------
DIRECTIONS = {
    "3.1.1": ("foreign_language", "that only English be spoken by the players at the table"),
    "3.1.2": ("table_noise", "that there be silence, except for a player declaring their action"),
    "3.1.3": ("collusion_suspected", "that players suspected of collusion not play at the same table"),
    "3.1.4": ("spectators_present", "that any spectators leave the area"),
}


def _directions_trigger(f: Facts) -> float:
    named = sum(bool(getattr(f, name)) for name, _ in DIRECTIONS.values())
    if f.advice_given or f.hand_info_shared or f.cards_shown_privately:
        # Advice and shared information are 3.4 / 3.2 matters; 3.1 is cited from there.
        return 0.0 if not (f.foreign_language or f.table_noise or f.collusion_suspected) else 0.6
    if named == 0:
        return 0.0
    return 1.0 if (f.foreign_language or f.table_noise or f.collusion_suspected) else 0.8


@rule("supervisor_table_directions", ["3.1", "3.1.1", "3.1.2", "3.1.3", "3.1.4"], trigger=_directions_trigger)
def supervisor_table_directions(ctx: Context) -> Finding:
    """While live cards are in play a supervisor may order English only, silence, colluders apart, spectators out."""
    f = ctx.facts
    fitting = [cid for cid, (name, _) in DIRECTIONS.items() if getattr(f, name)]
    chosen = fitting or list(DIRECTIONS)
    said = _and([DIRECTIONS[c][1] for c in chosen])
    cites = [*chosen, "3.1"]
    in_play = _in_play(f)
    if in_play is False:
        return Finding(
            outcome=f"Clause 3.1 lets a supervisor direct {said} while live cards are in play; between hands the "
                    "book gives no such list, so conduct then is for staff to manage under their absolute "
                    "authority (Staff Authority).",
            citations=[*cites, STAFF],
            confidence=0.75,
        )
    lead = "While live cards are in play" if fitting else "At any time while live cards are in play"
    notes = []
    if f.collusion_suspected:
        notes.append("The book gives no procedure or penalty for collusion beyond separating the players; "
                     "anything further is for staff (Staff Authority).")
    return Finding(
        outcome=f"{lead}, a supervisor may direct {said}.",
        citations=cites,
        notes=notes,
        confidence=0.9 if fitting else 0.8,
    )


# -- 3.2 / 3.2.1: no sharing hand information while live cards are in play ----------------------------
def _sharing_trigger(f: Facts) -> float:
    if not (f.hand_info_shared or f.cards_shown_privately):
        return 0.0
    in_play = _in_play(f)
    if in_play is False:
        return 0.0
    if in_play:
        # Deliberately showing or telling during the hand is 3.2, more specific than an exposure under 2.7.
        return 1.2
    return 0.6 if f.cards_shown_privately else 0.8


@rule("no_sharing_hand_information", ["3.2", "3.2.1"], trigger=_sharing_trigger)
def no_sharing_hand_information(ctx: Context) -> Finding:
    """Players may not share hand information while live cards are in play; the dealer may rule it a fold."""
    f = ctx.facts
    # Cards shown to another player are what 3.2.1's discretionary fold is about: it decides; words alone, 3.2.
    cites = ["3.2.1", "3.2"] if ctx.peek("asks_penalty") or f.cards_shown_privately else ["3.2", "3.2.1"]
    what = "show or tell anything about their hands"
    base = (f"Not allowed: players may not {what} while live cards are in play, whether or not the player "
            "receiving it is still in the hand.")
    if _in_play(f) is False:
        return Finding(
            outcome="Clause 3.2 forbids sharing hand information only while live cards are in play; once the "
                    "hand is over it does not apply (cards shown to one player then fall under 3.8).",
            citations=["3.2", "3.8"],
            confidence=0.8,
        )
    notes: list[str] = []
    if f.live_cards is False:
        outcome = (base + " The discretionary fold of 3.2.1 has nothing to act on, since he no longer holds a "
                   "hand; the book sets no other penalty, so any further action is for staff (Staff Authority).")
        cites.append(STAFF)
    else:
        outcome = (base + " The dealer may, at their discretion, rule the offending player's hand folded (3.2.1); "
                   "that is a judgement for the dealer, not an automatic fold.")
    if f.cards_shown_privately and f.live_cards is not False:
        notes.append("If the hand stays live, hole cards exposed to one or more players while live cards are in "
                     "play are made visible to all players at the table (2.7).")
        cites.append("2.7")
    return Finding(outcome=outcome, citations=cites, notes=notes, confidence=0.85)


# -- 3.3: no looking at the stub or the discards --------------------------------------------------------
@rule("no_looking_at_undealt_cards", ["3.3"], trigger=lambda f: 1.1 if f.peek_at_deck else 0.0)
def no_looking_at_undealt_cards(ctx: Context) -> Finding:
    """Nobody looks at the undealt cards or the discards, at any time (so no rabbit hunting)."""
    return Finding(
        outcome="No: players may not look at the undealt cards or the discards at any time, so there is no rabbit "
                "hunting, even after the hand is over.",
        citations=["3.3"],
        confidence=0.9,
    )


# -- 3.4: no advice while live cards are in play ----------------------------------------------------------
def _advice_trigger(f: Facts) -> float:
    if not f.advice_given:
        return 0.0
    return 0.5 if _in_play(f) is False else 1.1


@rule("no_advice_during_play", ["3.4"], trigger=_advice_trigger)
def no_advice_during_play(ctx: Context) -> Finding:
    """No spectator or player may try to influence another player's decision while live cards are in play."""
    f = ctx.facts
    if _in_play(f) is False:
        return Finding(
            outcome="Clause 3.4 forbids advice only while live cards are in play; talking over a finished hand is "
                    "not covered by the book, and any objection to it is for staff (Staff Authority).",
            citations=["3.4", STAFF],
            confidence=0.75,
        )
    cites = ["3.4"]
    outcome = ("Not allowed: no spectator or player may attempt to influence or offer advice to another player "
               "about that player's decision while live cards are in play.")
    if f.spectators_present:
        outcome += " A supervisor may also direct spectators to leave the area (3.1.4)."
        cites += ["3.1.4", "3.1"]
    return Finding(
        outcome=outcome,
        citations=cites,
        notes=["The book sets no penalty for the advised player; anything beyond stopping it is for staff "
               "(Staff Authority)."],
        confidence=0.9,
    )


# -- 3.5 and its exception 3.13: the hand is what it is, unless miscalled to make someone act -------------
def _miscall_trigger(f: Facts) -> float:
    if f.miscall_intent or f.acted_on_miscall:
        return 1.1
    if f.hand_miscalled or (f.announced_hand and f.actual_hand and f.announced_hand != f.actual_hand):
        return 1.0
    return 0.0


def _hand_words(f: Facts) -> str:
    if f.miscalled_by and f.actual_hand and f.announced_hand and f.actual_hand != f.announced_hand:
        return (f" {f.miscalled_by}'s hand plays as the {f.actual_hand} it is, not the {f.announced_hand} he called: "
                f"if the {f.actual_hand} is the best hand, {f.miscalled_by} wins the pot.")
    if f.actual_hand and f.announced_hand and f.actual_hand != f.announced_hand:
        return f" His hand plays as the {f.actual_hand} it is, not the {f.announced_hand} he called."
    if f.actual_hand:
        return f" His hand plays as the {f.actual_hand} it is."
    return ""


@rule("cards_speak_at_showdown", ["3.5"], trigger=_miscall_trigger)
def cards_speak_at_showdown(ctx: Context) -> Finding:
    """An opened hand is read for what it is: anyone may name its strength, and a misnamed hand can still win."""
    f = ctx.facts
    if not ctx.get("hand_opened"):
        return Finding(
            outcome="Announcing a hand wins nothing by itself: 3.5 reads a hand only once it is opened at showdown, "
                    "and both hole cards must be tabled for a player to be awarded the pot (1.12).",
            citations=["3.5", "1.12"],
            confidence=0.8,
        )
    cites = ["3.5"]
    outcome = ("The cards speak: once a hand is opened at showdown any player may announce its correct strength, "
               "and a player need not identify his own hand correctly to be awarded the pot." + _hand_words(f))
    if f.acted_on_miscall:
        outcome += (" With no intent to make anyone act there is no forfeiture under 3.13, and a hand that was "
                    "mucked on the announcement cannot return to play (1.1.5.1).")
        cites += ["3.13", "1.1.5.1"]
    return Finding(outcome=outcome, citations=cites, confidence=0.85)


def _miscall_with_intent(ctx: Context) -> bool:
    stated = ctx.peek("miscall_intent")
    if stated is not None:
        return bool(stated)
    if ctx.peek("acted_on_miscall"):
        # Someone acted on the call: intent is the question now, and it is staff's to judge.
        return True
    return bool(ctx.get("miscall_intent"))


@rule("miscall_risks_forfeiture", ["3.13", "3.5"], overrides="cards_speak_at_showdown",
      applies=_miscall_with_intent)
def miscall_risks_forfeiture(ctx: Context) -> Finding:
    """Miscalling a hand to make another player act risks forfeiting the pot, at staff's judgement."""
    f = ctx.facts
    notes = ["The book does not say who receives a forfeited pot; that is for staff (Staff Authority)."]
    cites = ["3.13", "3.5"]
    if f.acted_on_miscall:
        cites.append("1.1.5.1")
        notes.append("A hand mucked on the announcement cannot return to play (1.1.5.1).")
    if f.miscall_intent:
        outcome = ("He risks forfeiting the pot: a player who miscalls his hand with the intent to make another "
                   "player act on it risks forfeiture of the pot. Forfeiture is for staff to decide, not automatic.")
        alternatives: list[tuple[str, str, list[str]]] = []
    else:
        outcome = ("He risks forfeiting the pot if staff find he miscalled his hand to make the other player act "
                   "on it (3.13); intent is for staff to judge, and forfeiture is not automatic.")
        alternatives = [(
            "staff find it was an honest mistake",
            "there is no forfeiture: the opened hand is read for what it is (3.5), and a hand mucked on the "
            "announcement stays dead (1.1.5.1)", ["3.5", "1.1.5.1"])]
    return Finding(outcome=outcome, citations=cites, notes=notes, confidence=0.8, alternatives=alternatives)


# -- 3.6: contesting a pot ----------------------------------------------------------------------------------
def _contest_trigger(f: Facts) -> float:
    if f.contest_timing is not None:
        return 1.1
    return 0.9 if f.pot_contested else 0.0


@rule("contest_pot_immediately", ["3.6"], trigger=_contest_trigger)
def contest_pot_immediately(ctx: Context) -> Finding:
    """A pot must be contested at once; the right ends when the next hand's first card leaves the deck."""
    timing = ctx.peek("contest_timing")
    if timing == "after":
        return Finding(
            outcome="Too late: the right to claim a pot ends when the next round of play begins, which is when the "
                    "first card is drawn from the deck, and the previous result stands.",
            citations=["3.6"],
            confidence=0.9,
        )
    if timing == "before":
        return Finding(
            outcome="He may still contest it, as long as he does so immediately: the right to claim a pot lasts "
                    "until the next round begins with the first card drawn from the deck. Staff then decide the "
                    "claim on its merits.",
            citations=["3.6", STAFF],
            confidence=0.85,
        )
    # When the claim came was not read: ruled both ways, the first card of the next hand deciding between them.
    return Finding(
        outcome="A pot must be contested immediately, and it turns on when the claim came: if no card of the next "
                "hand had been drawn from the deck yet, he may still contest it and staff decide the claim; if the "
                "first card had already been drawn, the right to claim ended with it and the previous result stands.",
        citations=["3.6"],
        confidence=0.8,
        alternatives=[("the first card of the next hand had not been drawn", "he may still contest the pot",
                       ["3.6"]),
                      ("the first card of the next hand had been drawn", "the claim comes too late and the result "
                       "stands", ["3.6"])],
    )


# -- 3.7: seats ----------------------------------------------------------------------------------------------
@rule("seat_choice", ["3.7"], trigger=lambda f: 1.1 if f.seat_request else 0.0)
def seat_choice(ctx: Context) -> Finding:
    """Players choose their seats where possible; the supervisor has the final allocation."""
    return Finding(
        outcome="Players may choose their seats where possible, but the supervisor keeps the right to decide the "
                "final allocation of seats.",
        citations=["3.7"],
        confidence=0.9,
    )


# -- 3.8 and its exception: show one, show all; mucked cards are not retrieved ----------------------------
def _show_trigger(f: Facts) -> float:
    if not f.cards_shown_privately:
        return 0.0
    in_play = _in_play(f)
    if in_play is False:
        return 1.1
    if in_play is None:
        return 0.9 if f.shown_cards_mucked is not None else 0.6
    return 0.0


@rule("show_one_show_all", ["3.8"], trigger=_show_trigger)
def show_one_show_all(ctx: Context) -> Finding:
    """Cards shown to one player at the end of a hand may be seen by every other player on request."""
    return Finding(
        outcome="Every other player at the table may see them on request: when a player shows his cards to another "
                "player at the end of a hand, all the other players then have the right to see them.",
        citations=["3.8"],
        confidence=0.9,
    )


@rule("shown_cards_mucked_not_retrieved", ["3.8"], overrides="show_one_show_all",
      applies=lambda ctx: bool(ctx.get("shown_cards_mucked")))
def shown_cards_mucked_not_retrieved(ctx: Context) -> Finding:
    """Mucked cards are not fished out of the muck to satisfy show one, show all."""
    return Finding(
        outcome="The others had the right to see them on request, but the cards are already mucked, and mucked "
                "cards are not retrieved to comply with 3.8, so nobody gets to see them.",
        citations=["3.8"],
        confidence=0.9,
    )


# -- 3.9: seat forfeited for not playing ------------------------------------------------------------------------
INACTIVE_ORBITS = 3


@rule("inactive_seat_forfeit", ["3.9"], trigger=lambda f: 1.2 if f.orbits_without_wager is not None else 0.0)
def inactive_seat_forfeit(ctx: Context) -> Finding:
    """After three orbits without a wager a supervisor may, at discretion, forfeit the seat."""
    n = ctx.peek("orbits_without_wager")
    amounts = {"orbits": INACTIVE_ORBITS}
    if n is None:
        return Finding(
            outcome=f"A supervisor has the discretion to forfeit a player's seat if he does not place a wager in "
                    f"three ({INACTIVE_ORBITS}) orbits of play; it is the supervisor's call, not automatic.",
            citations=["3.9"], amounts=amounts, confidence=0.85,
        )
    amounts["orbits_without_wager"] = n
    if n >= INACTIVE_ORBITS:
        return Finding(
            outcome=f"The supervisor may forfeit his seat: he has gone {n} orbits without a wager, and after "
                    f"three ({INACTIVE_ORBITS}) orbits 3.9 gives the supervisor that discretion. It is not automatic.",
            citations=["3.9"], amounts=amounts, confidence=0.85,
        )
    return Finding(
        outcome=f"Not under 3.9 yet: the supervisor's discretion to forfeit a seat starts after three "
                f"({INACTIVE_ORBITS}) orbits without a wager, and he has gone {n}.",
        citations=["3.9"], amounts=amounts, confidence=0.85,
    )


# -- 3.10: another player's chips ----------------------------------------------------------------------------
@rule("no_wagering_others_chips", ["3.10"], trigger=lambda f: 1.4 if f.wagering_others_chips else 0.0)
def no_wagering_others_chips(ctx: Context) -> Finding:
    """No player may attempt to wager another player's chips."""
    return Finding(
        outcome="No: a player may not wager another player's chips, not even with the owner's permission; no player "
                "may attempt to wager another player's chips.",
        citations=["3.10"],
        confidence=0.9,
    )


# -- 3.11 and its exception: chips stay on the table unless the seat is given up --------------------------
@rule("no_removing_chips", ["3.11"], trigger=lambda f: 1.0 if f.removing_chips else 0.0)
def no_removing_chips(ctx: Context) -> Finding:
    """A player may not take chips off his stack while he keeps his seat."""
    return Finding(
        outcome="No: a player is not allowed to remove chips from his stack while he stays in the game; chips come "
                "off the table only when he is forfeiting his seat.",
        citations=["3.11"],
        confidence=0.9,
    )


@rule("removing_chips_when_leaving", ["3.11"], overrides="no_removing_chips",
      applies=lambda ctx: bool(ctx.get("leaving_game")))
def removing_chips_when_leaving(ctx: Context) -> Finding:
    """A player who forfeits his seat takes his chips with him."""
    return Finding(
        outcome="Yes: a player forfeiting his seat at the game may remove his chips; the ban on taking chips off "
                "the table applies only to players who stay.",
        citations=["3.11"],
        notes=["The book says nothing about coming back to the game later with fewer chips; that is for staff "
               "(Staff Authority)."],
        confidence=0.85,
    )


# -- 3.12: adding chips ---------------------------------------------------------------------------------------
def _adding_trigger(f: Facts) -> float:
    if f.add_amount is not None or (f.adding_chips and f.table_limit is not None):
        return 1.1
    return 1.0 if f.adding_chips else 0.0


def _stack_after_results(stack: int, changes: list[int] | None) -> tuple[int, str]:
    """The stack once the results told after it are in ("had 720, lost 65": 655), with that working first."""
    if not changes:
        return stack, ""
    now = max(0, stack + sum(changes))
    steps = " ".join(f"{'+' if c > 0 else '−'} {money(abs(c))}" for c in changes)
    return now, f"his stack is now {money(stack)} {steps} = {money(now)}; "


def _stack_after_folding(f: Facts, stack: int) -> tuple[int, str]:
    """"Started a hand with 760 ... called 12, 40 and 95, then folded the river" (or lost the hand): a stack told
    for the hand's start, less what the player put in before he folded or lost (he won nothing back), with that
    working first."""
    starts = f.starting_stacks or {}
    who = f.call_for or f.put_by or (next(iter(starts)) if len(starts) == 1 else None)
    put = (f.contributions or {}).get(who or "")
    lost = who in (f.lost_hand or [])
    if not who or (who not in (f.folded_in_hand or []) and not lost) or f.stack_total is None or not put \
            or put >= stack:
        return stack, ""
    left = stack - put
    how = "lost the hand" if lost else "folded"
    return left, f"his stack is now {money(stack)} − {money(put)} put in before he {how} = {money(left)}; "


@rule("adding_chips", ["3.12"], trigger=_adding_trigger)
def adding_chips(ctx: Context) -> Finding:
    """Chips may be added only with no live hole cards, and never past the table limit."""
    live = ctx.peek("live_cards")
    told_as = "stack_total" if ctx.peek("stack_behind") is None and ctx.peek("stack_total") is not None \
        else "stack_behind"  # "he's got 95 now": his whole stack
    stack = ctx.peek(told_as)
    want = ctx.peek("add_amount")
    limit = ctx.peek("table_limit")
    if stack is None and want is None:
        cap = f" of {money(limit)}" if limit is not None else ""
        rule_text = (f"only while he has no live hole cards in play, and his stack plus the chips added may not "
                     f"exceed the table limit{cap}")
        if live:
            outcome = f"Not now: he still has live hole cards. A player may add chips {rule_text}."
        elif live is False:
            outcome = f"Yes, he may add chips now, since he has no live hole cards; chips may be added {rule_text}."
        else:
            outcome = f"A player may add chips to his stack {rule_text}."
        return Finding(outcome=outcome, citations=["3.12"], confidence=0.85)

    limit = ctx.get("table_limit")
    stack, since = _stack_after_results(ctx.get(told_as), ctx.peek("stack_changes"))
    if not since:
        stack, since = _stack_after_folding(ctx.facts, stack)
    room = max_add_on(stack, limit)
    amounts = {"max_add": room, "table_limit": limit, "stack": stack}
    if room == 0:
        reach = "is already over" if stack > limit else "already reaches"
        how = f"his stack of {money(stack)} {reach} the table limit of {money(limit)}"
        return Finding(
            outcome=f"He may add nothing (0 chips): {how}, and stack plus additions may not exceed the limit.",
            citations=["3.12"], amounts=amounts, confidence=0.9,
        )
    detail = f"{since}{money(stack)} + {money(room)} = {money(limit)}, the table limit"
    counted = ctx.peek("limit_in_big_blinds")
    if counted and ctx.peek("big_blind"):
        detail += f" of {counted} big blinds: {counted} × {money(ctx.peek('big_blind'))}"
    too_much = ""
    if want is not None:
        amounts["requested"] = want
        amounts["allowed_add"] = min(want, room)
        if want > room:
            too_much = (f" The {money(want)} he asked for is more than that, so he gets {money(room)} in chips and "
                        f"{money(want - room)} of it back ({money(want)} − {money(room)}).")
            amounts["returned"] = want - room
    if live:
        outcome = (f"Nothing now (0): he has live hole cards, and chips may be added only when he has none. Once "
                   f"he has no live cards he may add at most {money(room)} ({detail}).{too_much}")
        amounts["allowed_add"] = 0
    elif live is False:
        add_now = min(want, room) if want is not None else room
        outcome = (f"Yes, he may add now, since he has no live hole cards: up to {money(room)}, bringing his stack "
                   f"to at most the {money(limit)} limit ({detail}).{too_much}")
        amounts["allowed_add"] = add_now
    else:
        outcome = (f"He may add at most {money(room)} ({detail}), and only while he has no live hole cards in "
                   f"play.{too_much}")
    return Finding(outcome=outcome, citations=["3.12"], amounts=amounts, confidence=0.9)


# -- 3.14: away from the seat when the cards are dealt -------------------------------------------------------
def _away_trigger(f: Facts) -> float:
    return 1.2 if f.absent_at_deal else 0.0


@rule("away_at_the_deal", ["3.14", "3.14.1", "3.14.2"], trigger=_away_trigger)
def away_at_the_deal(ctx: Context) -> Finding:
    """An absent player with a stack in play still owes his blinds, and the dealer may declare his hand dead."""
    f = ctx.facts
    blind = ctx.peek("blind_due")
    amounts: dict[str, int] = {}
    owes = "his blind"
    if blind == "big":
        owes = "the big blind" + (f" of {money(f.big_blind)}" if f.big_blind else "")
        if f.big_blind:
            amounts["blind"] = f.big_blind
    elif blind == "small":
        owes = "the small blind" + (f" of {money(f.small_blind)}" if f.small_blind else "")
        if f.small_blind:
            amounts["blind"] = f.small_blind
    ante = f.ante if f.ante and (f.ante_by in (None, "each") or (f.ante_by == "big_blind" and blind == "big")) \
        else None  # an ante he posts is one of the "other mandatory contributions"
    if ante and amounts.get("blind"):
        owes += f" and the {money(ante)} ante: {money(amounts['blind'] + ante)} in all " \
                f"({money(amounts['blind'])} + {money(ante)})"
        amounts.update(ante=ante, owed=amounts["blind"] + ante)
    elif ante:
        owes += f" and the {money(ante)} ante"
        amounts["ante"] = ante
    who = "a player with a stack in play who is not in his allocated seat when the cards are dealt"
    liable = "remains liable for posting any blinds or other mandatory contributions to the pot (3.14.1)"
    dead = ("the dealer may, at their discretion, declare his hand dead (3.14.2); that is a judgement for the "
            "dealer, not automatic")
    if blind in ("big", "small") or f.refuses_blind:
        cites = ["3.14.1", "3.14.2", "3.14"]
        if f.refuses_blind:
            cites.append("1.14")
        outcome = f"He still owes {owes}: {who} {liable}. Separately, {dead}."
    elif f.hand_declared_dead:
        cites = ["3.14.2", "3.14.1", "3.14"]
        outcome = (f"The dealer was within their discretion: {who} may have his hand declared dead by the dealer "
                   f"(3.14.2), and he still {liable}.")
    else:
        cites = ["3.14.2", "3.14.1", "3.14"]
        outcome = f"Under 3.14, {dead}, and either way he {liable}."
        if ante:
            outcome += f" Here that is {owes}."
    return Finding(outcome=outcome, citations=cites, amounts=amounts, confidence=0.85)


# -- 3.15: the size of the pot --------------------------------------------------------------------------------
@rule("pot_size_not_revealed", ["3.15"],
      trigger=lambda f: 0.9 if f.pot_size_asked and not f.dealer_misvalued else 0.0)
def pot_size_not_revealed(ctx: Context) -> Finding:
    """The dealer does not have to tell a player the precise value of the pot."""
    return Finding(
        outcome="No: the dealer is not required to reveal the precise value of the pot to a player. A player may "
                "still ask the dealer to verify the value of a bet or raise (3.19).",
        citations=["3.15", "3.19"],
        confidence=0.9,
    )


# -- 3.16: presenting the stack ----------------------------------------------------------------------------------
def _presentation_trigger(f: Facts) -> float:
    if f.big_chips_hidden:
        return 1.1
    return 1.0 if f.stack_untidy else 0.0


@rule("stack_presentation", ["3.16.1", "3.16.2", "3.16"], trigger=_presentation_trigger)
def stack_presentation(ctx: Context) -> Finding:
    """With live cards, a stack must be neat, with the big chips at the top or front facing the centre."""
    f = ctx.facts
    cites = ["3.16.2", "3.16.1", "3.16"] if f.big_chips_hidden else ["3.16.1", "3.16.2", "3.16"]
    duty = ("his stack must be presented in a neat and organised manner, with the chips of higher denomination at "
            "the top or front of the stack, facing towards the centre of the table")
    if ctx.peek("live_cards") is False:
        return Finding(
            outcome=f"Clause 3.16 applies while a player has live cards in play: then {duty}. With no live cards "
                    "it does not bind him, though the stack must still be made visible on request to those with "
                    "live cards (3.17).",
            citations=[*cites, "3.17"], confidence=0.8,
        )
    lead = "He has to fix it: while he has live cards," if (f.big_chips_hidden or f.stack_untidy) else \
        "While a player has live cards in play,"
    return Finding(
        outcome=f"{lead} {duty}.",
        citations=cites,
        notes=["The book sets no penalty for an untidy stack; enforcing it is for staff (Staff Authority)."],
        confidence=0.9,
    )


# -- 3.17 / 3.18: seeing and counting a stack ------------------------------------------------------------------------
ESTIMATE = ("players are entitled to a reasonable estimation of another player's stack, and on request a player "
            "must make his entire stack visible to those with live cards in play")


def _visibility_trigger(f: Facts) -> float:
    if f.precise_count_asked:
        return 0.0
    if f.big_chips_hidden or f.stack_untidy:
        # Big chips buried in a stack is how the stack is presented (3.16), not whether it can be seen.
        return 0.3
    return 0.9 if (f.stack_hidden or f.stack_size_asked) else 0.0


@rule("stack_estimate_and_visibility", ["3.17"], trigger=_visibility_trigger)
def stack_estimate_and_visibility(ctx: Context) -> Finding:
    """Players get a reasonable estimate of a stack, and the whole stack must be visible on request."""
    f = ctx.facts
    if f.stack_hidden:
        outcome = (f"Yes, he must make it visible: {ESTIMATE}. A precise count is due only to a player facing an "
                   "all-in bet or raise (3.18).")
    else:
        outcome = (f"A reasonable estimate, not a count: {ESTIMATE}. A precise count is due only to a player "
                   "facing an all-in bet or raise (3.18).")
    return Finding(outcome=outcome, citations=["3.17", "3.18"], confidence=0.85)


def _count_trigger(f: Facts) -> float:
    if f.precise_count_asked or f.all_in_announced is False:
        return 1.0
    return 0.0


@rule("no_precise_count", ["3.18", "3.17"], trigger=_count_trigger)
def no_precise_count(ctx: Context) -> Finding:
    """No precise count of another player's stack, except facing an all-in (see the exception)."""
    f = ctx.facts
    cites = ["3.17", "3.18"] if f.stack_hidden else ["3.18", "3.17"]
    return Finding(
        outcome="No precise count: players are not entitled to a precise count of another player's stack except "
                f"when facing an all-in bet or raise. Short of that, {ESTIMATE}.",
        citations=cites,
        confidence=0.85,
    )


@rule("all_in_precise_count", ["3.18.3", "3.18.1", "3.18.2", "3.18"], overrides="no_precise_count",
      applies=lambda ctx: bool(ctx.get("facing_all_in")))
def all_in_precise_count(ctx: Context) -> Finding:
    """Facing an all-in: the dealer announces it, and counts the all-in stack on request; the all-in player need not."""
    f = ctx.facts
    outcome = ("Facing an all-in, the player is entitled to a precise count: the dealer must announce the all-in "
               "out loud (3.18.1), the all-in player does not have to count his own stack (3.18.2), and on request "
               "the dealer must count it precisely (3.18.3).")
    amounts: dict[str, int] = {}
    if f.all_in_announced is False:
        outcome += " The dealer should have announced this all-in."
    total = ctx.peek("all_in_total")
    if total is None and (f.chip_count or 0) > 1 and f.chips_put_out:
        total = f.chips_put_out  # the chips counted out on request are the all-in (3.18.3)
    if total is None and f.precise_count_asked:
        total = next((a.amount for a in reversed(standing(f)) if a.kind == "all-in"), None)  # the count is its size
    if total is not None:
        who = ctx.peek("call_for")
        if who and any(a.actor == who and a.kind == "all-in" for a in standing(f)):
            who = None  # the all-in player himself named: the call asked is his opponent's
        before = [a for a in standing(f) if not (a.actor == who and a.kind == "call" and a.amount is None)]
        already = in_front(f, who, round_state(before, f.big_blind, f.street)) if who else ctx.get("already_in")
        need = max(0, total - already)
        amounts = {"all_in": total, "to_call": need}
        if already:
            outcome += (f" The all-in comes to {money(total)}, so with {money(already)} already in he needs "
                        f"{money(need)} more to call.")
        else:
            outcome += f" The all-in comes to {money(total)}, so he needs {money(need)} to call."
    # A request for a count makes 3.18.3 decisive; a question about the dealer's duty at an all-in leads with 3.18.1.
    cites = (["3.18.3", "3.18.1", "3.18.2", "3.18"] if f.precise_count_asked or total is not None
             else ["3.18.1", "3.18.3", "3.18.2", "3.18"])
    return Finding(outcome=outcome, citations=cites, amounts=amounts, confidence=0.9)


# -- 3.19: the dealer's valuation of a bet -----------------------------------------------------------------------------
def _valuation_trigger(f: Facts) -> float:
    if f.dealer_misvalued:
        return 2.0  # the dealer's wrong count is the decisive fact, ahead of how the player signalled
    if f.dealer_said_amount is not None:
        return 1.2
    return 1.0 if f.bet_value_asked else 0.0


def _acted(ctx: Context) -> bool:
    f = ctx.facts
    if f.acted_on_valuation is not None:
        return f.acted_on_valuation
    if f.verbal is not None or f.chips_put_out is not None:
        return True
    return bool(ctx.get("acted_on_valuation"))


def _wager_against(f: Facts) -> int | None:
    """The real bet a player called on a wrong count: the largest sized bet, raise or all-in told of another
    player ("it was actually 520"), when no figure was read as the dealer's."""
    sized = [a.amount for a in f.actions or [] if a.kind in ("bet", "raise", "all-in") and a.amount is not None
             and a.actor != f.put_by]
    return max(sized) if sized else None


def _paid_in(f: Facts) -> int | None:
    """What the player who acted on the count put in: his chips told, else his call told with its size ("slides
    out three twenty-five"); chips told of the bettor ("his bet is four blacks and a green") are the bet, not his."""
    caller = f.call_for
    if f.chips_put_out is not None and (f.put_by is None or caller is None or f.put_by == caller):
        return f.chips_put_out
    return next((a.amount for a in reversed(f.actions or []) if a.kind == "call" and a.actor == caller
                 and a.amount is not None), None)


def _called(f: Facts) -> bool:
    return f.verbal == "call" or any(a.kind == "call" for a in f.actions or [])


@rule("dealer_valuation_binding", ["3.19"], trigger=_valuation_trigger)
def dealer_valuation_binding(ctx: Context) -> Finding:
    """A player may ask the dealer to verify a bet; acting on a wrong valuation still binds him."""
    f = ctx.facts
    cites = ["3.19"]
    pot_note = ""
    if f.pot_size_asked:
        cites.append("3.15")
        pot_note = " The dealer did not have to reveal the precise size of the pot (3.15)."
    said = f.dealer_said_amount
    actual = f.bet_faced if f.bet_faced is not None else _wager_against(f)
    paid_in = _paid_in(f)
    short = paid_in is not None and actual is not None and paid_in < actual and _called(f)
    wrong = f.dealer_misvalued or (said is not None and actual is not None and said != actual) or short
    if not wrong:
        return Finding(
            outcome="Yes: a player may ask the dealer to verify the value of a bet or raise. If the dealer gets it "
                    "wrong and the player acts on it, his action is still binding." + pot_note,
            citations=cites, confidence=0.85,
        )
    if not _acted(ctx):
        return Finding(
            outcome="Nothing is binding yet: he is entitled to have the dealer verify the bet, and he acts on the "
                    "correct amount" + (f" of {money(actual)}" if actual is not None else "") + ". Only an action "
                    "taken after a wrong valuation is binding." + pot_note,
            citations=cites, confidence=0.85,
        )
    action = f.verbal
    if action == "bet" or (action not in ("fold", "raise") and any(a.kind == "call" for a in f.actions or [])):
        action = "call"  # facing a bet he cannot bet: a "bet" heard is the one he faced, and he matched it
    if action == "fold":
        return Finding(outcome="The fold stands and is binding: a player who acts after an incorrect valuation by the "
                               "dealer is bound by his action." + pot_note, citations=cites, confidence=0.9)
    if action in ("raise", "bet", "all-in"):
        return Finding(
            outcome=f"His {action} stands: a player who acts after an incorrect valuation by the dealer is bound by "
                    "his action, which is settled against the actual bet" +
                    (f" of {money(actual)}" if actual is not None else "") + " (see 1.4 for raise size)." + pot_note,
            citations=[*cites, "1.4"], confidence=0.8,
        )
    if actual is None or (said is None and paid_in is None):
        return Finding(
            outcome="His action is binding: a player who acts after an incorrect valuation by the dealer is bound by "
                    "it, so a call is a call of the actual bet" +
                    (f": the full {money(actual)}, whatever figure the dealer gave" if actual is not None else "") +
                    "." + pot_note,
            citations=cites, confidence=0.8,
        )
    outcome, amounts = _call_on_valuation(ctx, actual, said, paid_in, cites)
    return Finding(outcome=outcome + pot_note, citations=cites, amounts=amounts, confidence=0.9)


def _call_on_valuation(ctx: Context, actual: int, said: int | None, paid_in: int | None,
                       cites: list[str]) -> tuple[str, dict[str, int]]:
    """3.19 with 1.1.3.1: a call made on the dealer's figure, settled against the real bet (what he still owes, what
    comes back, or both ways when which figure he paid is not sure); ``cites`` gains 1.1.3.1 where it decides."""
    f = ctx.facts
    already = ctx.get("already_in")
    paid = paid_in if paid_in is not None else max(0, (said or 0) - already)
    owed = actual - already
    amounts = {"call": actual}
    behind = caller_behind(f)
    if paid < owed and behind is not None and behind < owed - paid:
        amounts.update(shortfall=owed - paid, all_in=already + paid + behind)
        outcome = (f"His call is binding even though the dealer misstated the bet, and he cannot take it back: "
                   f"he owes {money(owed - paid)} more to call the {money(actual)}, but has only {money(behind)} "
                   f"behind, so he puts that in and is all-in for {money(already + paid + behind)} "
                   f"({money(already + paid)} + {money(behind)}).")
        cites.append("1.1.3.1")
    elif paid < owed:
        short = owed - paid
        amounts["shortfall"] = short
        outcome = (f"His call is binding even though the dealer misstated the bet: he must add {money(short)} to "
                   f"complete the call of {money(actual)} (he put in {money(paid)}), and cannot take the call back.")
        cites.append("1.1.3.1")
    elif paid > owed:
        back = paid - owed
        amounts["returned"] = back
        outcome = (f"His call stands as a call of the actual bet of {money(actual)}: the action is binding, and the "
                   f"extra {money(back)} he put in on the dealer's wrong figure is returned.")
    elif said is not None and already < said < actual:
        # The chips told are the real bet's figure, and he called on the dealer's lower one: which he put in is not
        # sure, so both are ruled.
        amounts["shortfall"] = actual - said
        outcome = (f"His call of {money(actual)} stands: acting after the dealer's valuation is binding. If he put in "
                   f"the {money(said)} the dealer said, he must add {money(actual - said)} to complete it "
                   f"({money(actual)} − {money(said)}); if he already put in {money(actual)}, nothing more is owed.")
        cites.append("1.1.3.1")
    else:
        outcome = f"His call of {money(actual)} stands: acting after the dealer's valuation is binding."
    return outcome, amounts
