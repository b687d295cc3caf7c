"""Section 1, order of play: protecting cards, acting in time, action out of turn, dead hands.

Rules: 1.5/1.5.1 (unprotected cards), 1.7/1.7.1 (timely action), 1.8 with
1.8.1/1.8.2/1.8.3 (out-of-turn action) and its exception where the dealer
caused the wrong order (2.6), 1.15 (what a dead hand is).
"""

from __future__ import annotations

from engine.betting import RoundState, round_state
from engine.core import Context, Finding, money, rule
from engine.facts import Action, Facts
from engine.rules.conclusions import in_front
from engine.rules.misdeals import wrong_order_by_dealer


@rule("unprotected_cards_no_redress", ["1.5.1", "1.5"],
      trigger=lambda f: (1.3 if not f.cards_crossed_line else 0.9) if (f.cards_unprotected and f.dealer_mucked)
      else (0.3 if f.cards_unprotected else 0.0))
def unprotected_cards_no_redress(ctx: Context) -> Finding:
    """Cards left unprotected that the dealer mucks are gone, with no redress."""
    return Finding(
        outcome="The hand is dead and there is no redress: players must protect their live cards by keeping them "
                "face down on the table behind the betting line, and cards left insufficiently protected that the "
                "dealer accidentally mucks are not restored, nor are the chips he put in returned.",
        citations=["1.5.1", "1.5"],
    )


@rule("protect_live_cards", ["1.5", "1.5.1"])
def protect_live_cards(ctx: Context) -> Finding:
    """Players protect their own cards: face down on the table, behind the betting line."""
    return Finding(
        outcome="Players must protect their live cards by keeping them face down on the table surface and behind the "
                "betting line. Cards left insufficiently protected may be mucked by the dealer by accident, and then "
                "there is no redress (1.5.1).",
        citations=["1.5", "1.5.1"],
    )


@rule("act_in_time", ["1.7", "1.7.1"])
def act_in_time(ctx: Context) -> Finding:
    """Players must act in a timely manner; stalling on purpose is not permitted."""
    return Finding(
        outcome="Players are expected to act in a timely manner and are not permitted to stall the game on "
                "purpose. After a reasonable time the dealer may set a time limit, and a hand not acted on in time "
                "is declared dead (1.7.1).",
        citations=["1.7", "1.7.1"],
    )


@rule("time_expired_hand_dead", ["1.7.1", "1.7"],
      trigger=lambda f: 1.0 if f.time_expired else (0.6 if f.time_given else 0.0))
def time_expired_hand_dead(ctx: Context) -> Finding:
    """After a reasonable time, the dealer may give a clear time limit; if it runs out, the hand is dead."""
    if ctx.peek("time_expired") is None and ctx.peek("asks_procedure"):
        return Finding(
            outcome="Players must act in a timely manner and may not stall. Once a reasonable time has passed, the "
                    "dealer may at their sole discretion give the player a clearly communicated time to act; if the "
                    "player has not acted when it expires, the hand is declared dead.",
            citations=["1.7.1", "1.7"],
        )
    expired = ctx.get("time_expired")
    if expired is False:
        return Finding(
            outcome="The player acted within the time given, so the action stands. Players must act in a timely "
                    "manner and may not stall; the dealer may set a time limit once a reasonable time has passed.",
            citations=["1.7", "1.7.1"],
        )
    return Finding(
        outcome="The hand is dead: once a reasonable time has passed the dealer may, at their sole discretion, give "
                "the player a clearly communicated time to act, and if the player has not acted when it expires, "
                "the hand is declared dead.",
        citations=["1.7.1", "1.7", "1.15"],
    )


def _oot_trigger(f: Facts) -> float:
    if f.oot_action is not None:
        return 1.5
    return 0.0


@rule("out_of_turn_action", ["1.8", "1.8.1", "1.8.2", "1.8.3"], trigger=_oot_trigger)
def out_of_turn_action(ctx: Context) -> Finding:
    """Action goes back to the right player; the out-of-turn action binds only if the action did not change."""
    kind = ctx.get("oot_action")
    if kind == "fold":
        return Finding(
            outcome="The out-of-turn fold is binding: the action goes back to the correct player, but a fold out of "
                    "turn stands whatever happens after it, so the hand cannot come back.",
            citations=["1.8.3", "1.8"],
        )
    if not ctx.get("action_changed"):
        return _oot_binding(ctx, kind)
    return _oot_void(ctx, kind)


def _oot_binding(ctx: Context, kind: str) -> Finding:
    """1.8.1: the out-of-turn action stands, and the round goes on with it in: what the player asked about owes to
    call it, and the smallest raise over it (1.4)."""
    f, amount = ctx.facts, ctx.peek("oot_amount")
    text = (f"The out-of-turn {kind} is binding: the action was returned to the correct player, and a check, call "
            "or fold in between does not change the action, so it stands")
    amounts: dict[str, int] = {}
    if amount:
        text += f" at {money(amount)}"
        amounts["binding"] = amount
    text += "."
    cites = ["1.8.1", "1.8"]
    if kind in ("bet", "raise", "all-in") and amount:
        acts = list(f.actions or [])
        if not any(a.out_of_turn and a.amount == amount for a in acts):
            acts.append(Action(actor="out-of-turn player", kind="all-in" if kind == "all-in" else "raise",
                               amount=amount, out_of_turn=True))
        st = round_state(acts, f.big_blind, f.street)
        text += _owed(f, f.call_for, st, "")
        to = st.min_raise_to
        text += f" A player behind who wants to raise must make it at least {money(to)} in total (1.4)."
        amounts["min_raise_to"] = to
        cites.append("1.4")
    elif f.asks_call and any(a.kind in ("bet", "raise", "all-in") and a.amount for a in f.actions or []):
        # his out-of-turn call itself is what he owes: the round as it stood before it
        before = [a for a in f.actions or [] if not (a.out_of_turn and a.kind == "call" and a.amount is None)]
        text += _owed(f, f.call_for, round_state(before, f.big_blind, f.street), "")
    return Finding(outcome=text, citations=cites, amounts=amounts)


def _oot_void(ctx: Context, kind: str) -> Finding:
    """1.8.2: the action changed, so the out-of-turn chips come back and the player faces the round as played in
    turn: the bet to call less what he already has in, and a raise measured from the last full one (1.4)."""
    f, amount = ctx.facts, ctx.peek("oot_amount")
    back = f"the {money(amount)} he put in out of turn is" if amount else "any chips he put in are"
    text = (f"The out-of-turn {kind} is not binding, because the action changed (a bet or raise came before it): "
            f"{back} returned to him, and he now has the options to call, raise or fold.")
    amounts: dict[str, int] = {}
    who = next((a.actor for a in f.actions or [] if a.out_of_turn), None) or f.call_for
    in_turn = [a for a in (f.actions or []) if not a.out_of_turn]
    called = [a for a in in_turn if a.actor == who and a.kind == "call" and a.amount is None]
    in_turn = [a for a in in_turn if a not in called]  # his call after it: what it costs him is worked out here
    if any(a.kind in ("bet", "raise", "all-in") and a.amount for a in in_turn):
        st = round_state(in_turn, f.big_blind, f.street)
        text += _owed(f, who, st, " To stay in he must call the")
        owed = st.current_bet - (in_front(f, who, st) if who else 0)
        if (called or f.asks_refund or f.asks_chips_back) and amount and 0 < owed < amount:
            # "Seat 5 decides to just call": his call comes out of them; asked what comes back before he has
            # acted, the call is the case stated (a raise or fold takes all of them back first)
            text += (f" {'He calls, so' if called else 'If he calls,'} {money(owed)} of his {money(amount)} stays "
                     f"in for the call and {money(amount - owed)} goes back to his stack.")
            amounts["back_to_stack"] = amount - owed
        text += f" To raise he must make it at least {money(st.min_raise_to)} in total (1.4)."
        if f.asks_call and f.call_for and f.call_for != who:  # another player's call asked, the round as in turn
            text += _owed(f, f.call_for, st, "")
        amounts["to_call"] = st.current_bet
        amounts["min_raise_to"] = st.min_raise_to
    if amount:
        amounts["returned"] = amount
    return Finding(outcome=text, citations=["1.8.2", "1.8"], amounts=amounts)


def _owed(f: Facts, who: str | None, st: RoundState, lead: str) -> str:
    """What a player still owes to call the round's bet, with his chips already in it (his blind, an earlier
    call) taken off: "To stay in he must call the 2,500: 1,000 more (his 1,500 already in)"."""
    mine = in_front(f, who, st) if who else 0
    if st.current_bet <= 0 or mine >= st.current_bet:
        return ""
    owed = st.current_bet - mine
    if not lead:
        lead = f" {who} must call the" if who else " To call, a player must call the"
    if mine:
        return f"{lead} {money(st.current_bet)}: {money(owed)} more, with {money(mine)} already in."
    return f"{lead} {money(st.current_bet)}."


# The dealer's wrong direction is ruled by 2.6 (engine.rules.misdeals); here it is only named as the
# exception that overrides 1.8, so the 2.6 ruling lives in one place.
rule("dealer_directed_wrong_order", ["2.6", "1.8"], overrides="out_of_turn_action",
     applies=lambda ctx: bool(ctx.get("dealer_caused")))(wrong_order_by_dealer)


@rule("dead_hand_meaning", ["1.15"], trigger=lambda f: 1.6 if f.asks_dead_hand_wins else 0.0)
def dead_hand_meaning(ctx: Context) -> Finding:
    """A dead hand cannot win the pot."""
    return Finding(
        outcome="No: a dead hand is a hand that is ineligible to win the pot, whatever its cards; the rules that "
                "kill a hand include 1.1.5.1 "
                "(folded cards), 1.5.1 (unprotected cards mucked), 1.7.1 (time expired), 3.14.2 (absent at the deal).",
        citations=["1.15"],
    )
