"""What the rules conclude from what the reader reported, each conclusion once and with its clause.

The reader (``engine.understanding``) reports what was said and done: the actions in order and which was
out of turn, what the skipped players did, who mucked, who tabled, who claims the pot, who put the first
chips in.  Whether that changed the action (1.8.1/1.8.2), who made the last aggressive action (1.11),
whether the others forfeited their claim (1.12) and what bet a player faced (preflop, the big blind) are
legal conclusions, drawn here and nowhere else.  A fact someone stated (or answered when asked) is never
replaced: a conclusion only fills a fact nobody stated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.betting import RoundState, played_for, round_state
from engine.facts import Action, Facts
from engine.facts.common import STRADDLER

AGGRESSIVE = ("bet", "raise", "all-in")


def _aggressors(acts: list[Action]) -> list[Action]:
    return [a for a in acts if a.kind in AGGRESSIVE]


def bet_faced(f: Facts) -> int | None:
    """1.4 / 1.1.3: the first player to bet faces the big blind preflop and nothing after the flop."""
    if f.first_to_bet:
        preflop = f.street in (None, "preflop") and f.big_blind
        return f.big_blind if preflop else 0
    return None


def standing(f: Facts, told: list[Action] | None = None) -> list[Action]:
    """1.8.2: the told round (or ``told``, the whole hand's actions) as it now stands: an out-of-turn action whose
    chips came back because the action changed is no longer part of it (its player faces the round as played in
    turn, and those chips were never put in); every other action is."""
    acts = list(f.actions or [] if told is None else told)
    changed = f.action_changed if f.action_changed is not None else action_changed(f)
    if changed is not True:
        return acts
    street = f.street or "preflop"  # the round the change was judged on: an earlier street's stands
    return [a for a in acts if not (a.out_of_turn and (told is None or (a.street or "preflop") == street))]


def before_dispute(f: Facts) -> list[Action]:
    """The round as it stood when the disputed chips went out: the told round (``standing``) less the disputed
    player's own last action when it is the last told, since that is those very chips as the reader heard them
    ("Seat 7 says 'raise, another 800 on top' and pushes two yellows": the raise the rules must size)."""
    acts = standing(f)
    if f.chips_put_out is None or not f.put_by or not acts or acts[-1].actor != f.put_by \
            or acts[-1].kind not in ("bet", "raise", "all-in"):
        return acts
    if f.declared and acts[-1].amount != f.chips_put_out and len(acts) > 1:
        return acts[:-1]  # his words, read as his action: the very wager in dispute
    if acts[-1].amount == f.chips_put_out and f.verbal_amount is not None:
        return acts[:-1]  # "i push 3 blacks and a green, meant 300": the chips themselves, told as his bet
    return acts


def already_in(f: Facts) -> int | None:
    """1.1.3 / 1.4: what the player putting chips out already has in this round, from his own earlier bet,
    raise or call in the told action (replayed through the betting model)."""
    if not f.put_by:
        return None
    # His own actions with an amount told; a call told without one is usually these very chips ("that's the call"),
    # unless someone bet or raised after it ("seat 6 just calls, seat 1 jams ...": that call is in, the chips are new).
    acts = standing(f)
    told = [a for n, a in enumerate(acts) if a.actor != f.put_by or a.amount is not None
            or any(b.kind in AGGRESSIVE and b.actor != f.put_by for b in acts[n + 1:])]
    if not any(a.actor == f.put_by and a.kind in ("bet", "raise", "all-in", "call", "post") for a in told):
        return blind_of(f, f.put_by)
    state = round_state(told, f.big_blind, f.street)
    mine = state.committed.get(f.put_by, 0)
    if mine >= state.current_bet:
        return None  # the whole bet already his: the bet he faces is not his own, so the told owner is in doubt
    return mine or None


def blind_of(f: Facts, who: str | None) -> int | None:
    """Preflop, a blind who has not acted yet already has his blind in (1.1.3: he calls the rest)."""
    if f.street not in (None, "preflop"):
        return None
    return posted_blind(f, who)


def posted_blind(f: Facts, who: str | None) -> int | None:
    """The blind a player posted this hand, whatever street is being asked about: asked by the poster's name or by
    the blind's seat ("Ellie in the SB ... how much for her?" may reach the rules as either)."""
    blinds = _blinds(f)
    if (who or "") in blinds:
        return blinds[who or ""]
    return _blind_seats(f).get(who or "") if who in (f.blinds_posted_by or {}) else None


def _blinds(f: Facts) -> dict[str, int | None]:
    """The blinds by the names the rulings give their players: the player told posting one, else its position."""
    by = f.blinds_posted_by or {}
    return {by.get(seat, seat): blind for seat, blind in _blind_seats(f).items()}


def _blind_seats(f: Facts) -> dict[str, int | None]:
    """Each blind's seat and its size."""
    return {"SB": f.small_blind, "BB": f.big_blind}


def in_front(f: Facts, who: str, state: RoundState | None = None) -> int:
    """What a player already has in this round: his chips in the told round (replayed unless given), else his
    blind preflop."""
    state = state or round_state(standing(f), f.big_blind, f.street)
    return state.committed.get(who) or blind_of(f, who) or 0


def action_changed(f: Facts) -> bool | None:
    """1.8.1 / 1.8.2: the action changed when a skipped player bet or raised after the out-of-turn action;
    only checks, calls or folds leave it unchanged."""
    acts = list(f.actions or [])
    oot = next((a for a in acts if a.out_of_turn), None)
    if oot is not None:
        later = [a for a in acts[acts.index(oot) + 1:] if a.actor != oot.actor and not a.out_of_turn]
        skipped = {w.lower() for w in f.skipped_players or []}
        if skipped and any(a.actor.lower() in skipped for a in later):
            later = [a for a in later if a.actor.lower() in skipped]  # players after him in turn change nothing
        if any(a.kind in AGGRESSIVE for a in later):
            return True
        if later:
            return False
    if f.skipped_action is not None:
        return f.skipped_action == "bet_or_raise"
    return None


def last_aggressor(f: Facts) -> str | None:
    """1.11: who must show first is whoever made the last bet or raise of the hand."""
    if not f.asks_show_order:
        return None
    raisers = _aggressors(list(f.actions or [])) or _aggressors(list(f.hand_actions or []))  # the round told
    # last, else an earlier street's ("Priya bet the turn, Ken called; the river checked through")
    return raisers[-1].actor if raisers else None


def aggression(f: Facts) -> bool | None:
    """1.11: a hand with a bet or raise in it has a last aggressor; a checked-down hand has none."""
    if not f.asks_show_order:
        return None
    if _aggressors(list(f.actions or [])) or _aggressors(list(f.hand_actions or [])):
        return True
    return False if f.checked_down else None


def _aggressor_gave_up(acts: list[Action]) -> bool:
    """The last bettor mucked after his bet, or the asker called it and the bettor then mucked."""
    raisers = _aggressors(acts)
    if not raisers:
        return False
    last = raisers[-1]
    after = acts[acts.index(last) + 1:]
    if any(a.kind == "fold" and a.actor == last.actor for a in after):
        return True
    if last.actor.lower() in ("i", "me"):
        return False
    return any(a.kind == "call" and a.actor.lower() in ("i", "me") for a in after) and any(
        a.kind == "fold" and a.actor.lower() in ("he", "she", "they", "villain", last.actor.lower()) for a in after)


def claimant_is_aggressor(f: Facts) -> bool | None:
    """1.11 / 1.12: whether the player claiming the pot made the last bet or raise."""
    acts = list(f.actions or [])
    if _aggressor_gave_up(acts):
        return False
    raisers = _aggressors(acts)
    for who in f.claimants or []:
        if who == "i":
            mine = [a for a in acts if a.actor in ("i", "hero")]
            if mine:
                return mine[-1].kind in AGGRESSIVE
        elif raisers:
            return raisers[-1].actor.lower() == who.lower()
    return None


def others_forfeited(f: Facts) -> bool | None:
    """1.12: the others have given up their claim when they mucked and nobody else still holds a tabled hand."""
    if f.opponent_tabled:
        return False
    if f.someone_mucked or _aggressor_gave_up(list(f.actions or [])):
        return True
    return None


def contributions(f: Facts, with_blinds: bool = True) -> dict[str, int] | None:
    """2.2, 2.4.2, 1.10: what each player put in over the whole told hand, every street's bets replayed through the
    betting model and added up, and preflop the blinds of players who put nothing more in (they stay in; left out
    when a pot figure told before the action already holds them)."""
    acts = standing(f, list(f.hand_actions or []))  # chips that came back (1.8.2) were never put in
    if not acts:
        return None
    per: dict[str, int] = {}
    for street in dict.fromkeys(a.street for a in acts):
        played = [a for a in acts if a.street == street]
        for who, v in round_state(played, f.big_blind, street).committed.items():
            per[who] = per.get(who, 0) + v
        if with_blinds and street in (None, "preflop"):
            sized = {a.actor for a in played if a.kind in ("call", "bet", "raise", "all-in")}  # their blind is in it
            for name, blind in _blinds(f).items():
                if blind and name not in sized:
                    per[name] = per.get(name, 0) + blind
    per = {who: v for who, v in per.items() if v}
    return per or None


def pot(f: Facts) -> int | None:
    """1.10: the pot the told hand built, when nobody stated it: what every player put in, added up."""
    told = f.contributions if f.contributions is not None and len(f.contributions) > 1 else None
    if told is None and not any(a.kind in ("all-in", "call") for a in f.hand_actions or []):
        return None  # a pot is only asked of a hand played out (or of players' totals told); a lone bet is no pot
    per = told or contributions(f)
    if per and not told and f.contributions:  # a total told for a player the action does not size ("the lady put
        per = {**{w: v for w, v in f.contributions.items() if w not in per}, **per}  # 800 in, then folded")
    if not per:
        return None
    ante = antes(f)
    return played_for(per) + _dead_not_counted(f, per) + (_folded_blinds(f, per) if told else ante.total if ante
                                                           else 0)


@dataclass(frozen=True)
class Antes:
    """2.2, 1.10: the antes in a told hand: each named player's, and the players dealt in who posted one but were
    never named (they are in the pot and a voided hand's refunds all the same)."""

    each: int
    named: dict[str, int]
    unnamed: int
    assumed: str  # the assumption the count rests on, said with the working ("" when the story gave it)

    @property
    def total(self) -> int:
        return sum(self.named.values()) + self.unnamed * self.each


def antes(f: Facts) -> Antes | None:
    """The antes of the told hand: a big blind's or button's ante is that player's alone; otherwise every player
    dealt in posts one, counted from the players dealt in when told, else from the players the story names (an
    assumption said with the working)."""
    if not f.ante:
        return None
    if f.ante_by in ("big_blind", "button"):
        seat = "BB" if f.ante_by == "big_blind" else "BTN"
        return Antes(f.ante, {(f.blinds_posted_by or {}).get(seat, seat): f.ante}, 0, "")
    acts = list(f.hand_actions or f.actions or [])
    asked = [f.call_for] if f.call_for else []  # the player asked about was dealt in, named or not in the action
    names = list(dict.fromkeys([*(a.actor for a in acts), *(n for n, b in _blinds(f).items() if b), *asked]))
    if f.players_dealt and f.players_dealt >= len(names):
        return Antes(f.ante, dict.fromkeys(names, f.ante), f.players_dealt - len(names), "")
    return Antes(f.ante, dict.fromkeys(names, f.ante), 0,
                 f"an ante from each of the {len(names)} players the story names; each other player dealt in adds "
                 f"{f.ante:,}")


def ante_working(ante: Antes) -> str:
    """The antes as a part of a sum, with their count ("antes 200 (25 × 8)")."""
    n = len(ante.named) + ante.unnamed
    count = f" ({ante.each:,} × {n})" if n > 1 else ""
    return f"{'antes' if n > 1 else 'the ante'} {ante.total:,}{count}"


def ante_assumption(ante: Antes | None) -> str:
    """The count of antes when the story did not say how many were dealt in, as a sentence of its own."""
    return f" The antes count {ante.assumed}." if ante and ante.assumed else ""


def _folded_blinds(f: Facts, per: dict[str, int]) -> int:
    """1.10: the blinds of players who folded, when the pot is added up from the totals told for the players
    left ("the small blind posted 20 and folded; the other two each put in 1,150"): a folded blind stays in."""
    folded = {a.actor for a in f.hand_actions or f.actions or [] if a.kind == "fold"}
    return sum(v for name, v in _blinds(f).items() if v and name in folded and name not in per)


def _dead_not_counted(f: Facts, per: dict[str, int]) -> int:
    """1.10: money of players out of the hand told as dead ("300 dead from S4"), unless it is the very blinds the
    players' contributions already hold ("both blinds fold (50 and 100 dead)")."""
    dead = f.dead_money or 0
    blinds = [v for name, v in _blinds(f).items() if v and per.get(name) == v]
    return 0 if dead == sum(blinds) or dead in blinds else dead


def stack_behind(f: Facts) -> int | None:
    """1.1.3.1: what a player has left behind, from the whole stack he was said to have less the chips he put
    out ("i only had 850 total; i put out 600": 250 behind)."""
    if f.stack_total is None or f.chips_put_out is None:
        return None
    return max(0, f.stack_total - f.chips_put_out)


def caller_behind(f: Facts) -> int | None:
    """1.1.3.1: what a short caller has left: his own stack when one was told for him by name, else the stack
    told."""
    who = f.put_by or f.call_for
    own = (f.stacks or {}).get(who) if who else None
    return own if own is not None else f.stack_behind


def both_all_in(f: Facts) -> bool | None:
    """1.9.2: both players left in the hand went all in (each told moving in, or calling all in for less); None
    when the told hand does not show two players left."""
    acts = list(f.hand_actions or f.actions or [])
    folded = {a.actor for a in acts if a.kind == "fold"}
    left = list(dict.fromkeys(a.actor for a in acts if a.actor not in folded))
    if len(left) != 2:
        return None
    shoved = {a.actor for a in acts if a.kind == "all-in"}
    return True if set(left) <= shoved else None  # one not told all in may still be: asked, not assumed


def verbal_timing(f: Facts) -> str | None:
    """1.1.2.1: words of an amount said by a player whose chips went out without a word were said after they
    landed ("silently slides out a black and 2 reds ... she goes 'I meant sixty'"): the chips came first."""
    if f.declared is False and f.verbal_amount is not None and f.chips_put_out is not None:
        return "after"
    return None


CONCLUSIONS: dict[str, Callable[[Facts], Any]] = {
    "verbal_timing": verbal_timing,
    "bet_faced": bet_faced,
    "already_in": already_in,
    "action_changed": action_changed,
    "last_aggressor": last_aggressor,
    "aggression": aggression,
    "claimant_is_aggressor": claimant_is_aggressor,
    "others_forfeited": others_forfeited,
    "contributions": contributions,
    "pot": pot,
    "stack_behind": stack_behind,
    "both_all_in": both_all_in,
}


def _straddle_posted(f: Facts) -> Facts:
    """A straddle told ("1/2 with a 4 straddle, i limp w/ a green") is posted before the preflop action: the bet
    faced and the opening full bet, whether or not the told round lists it (the house rules do not cover straddles;
    the policy says so with the arithmetic)."""
    if not f.straddle or f.street not in (None, "preflop") or (f.big_blind or 0) >= f.straddle:
        return f
    post = Action(actor=STRADDLER, kind="post", amount=f.straddle)
    update: dict[str, Any] = {}
    if not any(a.kind == "post" for a in f.actions or []):
        update["actions"] = [post, *(f.actions or [])]
    if f.hand_actions and not any(a.kind == "post" for a in f.hand_actions):
        update["hand_actions"] = [post.model_copy(update={"street": f.hand_actions[0].street}), *f.hand_actions]
    return f.model_copy(update=update) if update else f


def _counted_all_in_sized(f: Facts) -> Facts:
    """3.18.3: an all-in told without its size and then counted ("button shoves his whole stack ... dealer counts it
    at 735") is an all-in for the count."""
    if not f.all_in_total:
        return f
    update: dict[str, Any] = {}
    for name in ("actions", "hand_actions"):
        acts = list(getattr(f, name) or [])
        starts = f.starting_stacks or {}
        bare = [n for n, a in enumerate(acts) if a.kind == "all-in" and a.amount is None
                and starts.get(a.actor) != f.all_in_total]  # the count of his stack before he acted: the rest is
        # what he had left when he shoved (``_all_in_for_the_rest``)
        if len(bare) == 1 and not any(a.kind == "all-in" and a.amount for a in acts):
            acts[bare[0]] = acts[bare[0]].model_copy(update={"amount": f.all_in_total})
            update[name] = acts
    return f.model_copy(update=update) if update else f


def _all_in_for_the_rest(f: Facts) -> Facts:
    """An all-in told without its size by a player whose stack was told before he first acted ("Seat 10 started
    the hand with 1,480, limped 50, called a raise to 200; flop ... he goes all in"): all he had left, his stack
    less what he put in on the streets before and his ante, as his total for that street. A call of his told
    without its size that his stack cannot cover is the same: all in for less (1.1.3.1)."""
    starts, hand = f.starting_stacks or {}, list(f.hand_actions or [])
    sized: dict[int, int] = {}
    for n, a in enumerate(hand):
        if a.kind not in ("all-in", "call") or a.amount is not None or a.actor not in starts:
            continue
        left = starts[a.actor] - _put_before(f, hand[:n], a)
        if a.kind == "call":
            if f.chips_put_out is not None:
                continue  # the chips he put out to call are the question (1.1.3.1), not a settled all-in
            facing = round_state([b for b in hand[:n] if b.street == a.street], f.big_blind, a.street).current_bet
            left = left if left < facing else 0  # a call he can cover keeps its size: the bet
        if left > 0:
            sized[n] = left
    if not sized:
        return f
    update: dict[str, Any] = {"hand_actions": [a.model_copy(update={"amount": sized[n]}) if n in sized else a
                                               for n, a in enumerate(hand)]}
    last = {(hand[n].actor, hand[n].kind): v for n, v in sized.items() if hand[n].street == hand[-1].street}
    if f.actions and last:
        update["actions"] = [a.model_copy(update={"amount": last[(a.actor, a.kind)]})
                             if a.amount is None and (a.actor, a.kind) in last else a for a in f.actions]
    return f.model_copy(update=update)


def _put_before(f: Facts, earlier: list[Action], a: Action) -> int:
    """What a player put in before the street of action ``a``: his bets on the streets before, and his ante."""
    before = [b for b in earlier if b.street != a.street]
    put = (contributions(f.model_copy(update={"hand_actions": before})) or {}).get(a.actor, 0) if before else 0
    ante = antes(f)
    return put + (ante.named.get(a.actor, 0) if ante else 0)


def conclude(f: Facts) -> Facts:
    """The facts with every conclusion nobody stated filled in."""
    f = _all_in_for_the_rest(_counted_all_in_sized(_straddle_posted(f)))
    filled = {name: fn(f) for name, fn in CONCLUSIONS.items() if getattr(f, name) is None}
    filled = {k: v for k, v in filled.items() if v is not None}
    return f.model_copy(update=filled) if filled else f
