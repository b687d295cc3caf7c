"""1.4 / 1.1.3: what the next player faces once a disputed action is settled.

"Seat 3 says 'eight hundred' and puts out only a purple; he is held to what he said. If Seat 6 raises, what is
his minimum?" The dispute is settled by its own rule (here 1.2: the bet is 800); the question is the arithmetic
after it. The settled action takes its place in the round as told (the player's earlier actions in the round
replaced by it), the round is replayed through the betting model, and the minimum raise, or another player's
call, is stated with its working.
"""

from __future__ import annotations

from engine.betting import round_state
from engine.core import money
from engine.facts import Action, Facts, possessive
from engine.result import Ruling
from engine.rules.conclusions import in_front, standing

# A ruling's amounts that settle the player's total for the round, and the action each makes of it.
SETTLED_AS = {"raise_to": "raise", "bet": "bet", "all_in": "all-in", "call": "call", "wager": "bet",
              "binding": "bet"}


def settled_action(f: Facts, ruling: Ruling) -> Action | None:
    """The disputed player's action as the ruling settled it, or None when the ruling settled none."""
    if ruling.kind != "ruling" or (f.chips_put_out is None and not f.put_by):
        return None
    who = f.put_by or "the player"  # chips nobody was named for: replaying the bet they settle needs no name
    key = next((k for k in SETTLED_AS if k in ruling.amounts), None)
    if key is None or "left_behind" in ruling.amounts:
        return None
    kind = SETTLED_AS[key]
    if key == "call":
        return Action(actor=who, kind="call")
    return Action(actor=who, kind=kind, amount=ruling.amounts[key])


def _round_after(f: Facts, settled: Action) -> list[Action]:
    """The round as told with the settled action as the disputed player's last (his told actions in it are the
    same chips, or a reading of them the ruling replaced)."""
    acts = [a for a in standing(f) if not (a.actor == settled.actor and a.kind != "post")]
    if f.street in (None, "preflop") and not any(a.kind in ("bet", "raise", "all-in") for a in acts) \
            and settled.kind == "call":
        return acts  # a call of the big blind changes no figure the next player faces
    return [*acts, settled]


def with_next_action(ruling: Ruling, f: Facts) -> Ruling:
    """The ruling with the next raise's minimum (or another player's call) added, when the question asks for it
    about a player other than the one whose chips were in dispute."""
    settled = settled_action(f, ruling)
    if settled is None:
        return ruling
    asked = f.call_for
    same = asked is not None and (asked.lower() == settled.actor.lower() or _same_teller(asked, settled.actor))
    other = asked is not None and not same
    own = "min_raise_to" in ruling.amounts or "add" in ruling.amounts  # the disputed player's own minimum, stated
    if f.asks_min_raise and not (same and own):
        st = round_state(_round_after(f, settled), f.big_blind, f.street)
        if st.current_bet <= 0:
            return ruling
        ruling.outcome += (f" The next raise must then be to at least {money(st.min_raise_to)}: {st.working()}.")
        ruling.amounts["next_min_raise_to"] = st.min_raise_to
    elif f.asks_call and other and asked and f.put_by:  # whose chips were disputed is known: another's call
        st = round_state(_round_after(f, settled), f.big_blind, f.street)
        have = in_front(f, asked, st)
        owed = max(0, st.current_bet - have)
        if owed <= 0:
            return ruling
        ruling.outcome += (f" {asked} must then put in {money(owed)} to call: {money(st.current_bet)} − "
                           f"{money(have)} already in.")
        ruling.amounts["next_to_call"] = owed
    elif f.asks_pot and f.pot is not None and f.pot_told_first:
        st = round_state(_round_after(f, settled), f.big_blind, f.street)
        put = [v for v in st.committed.values() if v]
        if put:
            ruling.outcome += (f" The pot is then {money(f.pot + sum(put))}: the {money(f.pot)} told before the "
                               f"bets + {' + '.join(money(v) for v in put)} put in this round.")
            ruling.amounts["pot_after"] = f.pot + sum(put)
    return ruling


def _same_teller(a: str, b: str) -> bool:
    """"i" and "me" are the same player: the teller (a ruling says "your" of both)."""
    return possessive(a) == possessive(b) == "your"
