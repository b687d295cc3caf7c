"""The told round, from the learned role of each amount (``amount_roles``): who put in how much, in order.

The classifier says what each amount is (a wager's total, a call, chips pushed out, words spoken, a stack,
the pot ...); this module only places those readings: each amount's player is the one named before its verb
in its clause (a clause with no verb of its own goes on with the player before), the street named in its
sentence is its street, checks, folds and calls told with no amount keep their place in the order of play,
an action in a clause that says "out of turn" is marked so, and a raise told by its increase gets its total
from the bet it raised. Readings below the probability the policy sets are left out, so an unsure amount
leaves its fact unknown rather than wrong. The reader reports what was said and done; the rules decide what
it means.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import pairwise

from engine.facts import Action, is_unnamed, unnamed_player
from engine.facts.common import STRADDLER
from engine.understanding import actionlog, amount_roles, vocab
from engine.understanding.actionlog import Chips, Tag
from engine.understanding.amount_roles import Reading
from engine.understanding.doc import Doc
from engine.understanding.subjects import (
    CLAUSE_ENDS,
    after_place_word,
    more_wagers_called,
    name_of,
    noun_end,
    object_of,
    subject_dropped,
    subjects_of,
    wager_named,
    wager_noun,
    wager_owner,
)

_KIND = {"wager_to": "raise", "all_in_to": "all-in", "call": "call", "raise_by": "raise", "checked": "check",
         "folded": "fold", "called": "call", "min_raised": "raise", "straddle": "post", "bet_unsized": "bet",
         "raise_unsized": "raise", "all_in_rest": "all-in"}


@dataclass
class Placed:
    """One amount read with its role, its player, its street and where it stands in the text."""

    role: str
    value: int
    p: float
    actor: str | None
    street: str | None
    start: int
    chips: int | None = None  # how many chips, for a chip phrase ("two greens")
    index: int = 0  # its place among the tags: the order of play
    out_of_turn: bool = False
    players: tuple[str, ...] = ()  # two players who each put in this amount ("both all in for 500")


@dataclass
class Told:
    """What the amounts of a description say happened, each with the probability of its reading."""

    placed: list[Placed] = field(default_factory=list)
    small_blind: int | None = None
    big_blind: int | None = None
    doubt: float = 0.0  # one less the probability of the least sure amount's role: how unsure the reading was
    tags: list[Tag] = field(default_factory=list)  # the vocabulary tags the amounts were read among
    seats: dict[str, str] = field(default_factory=dict)  # who sits in a named position ("i was bb": i -> BB)
    acted_as: dict[str, str] = field(default_factory=dict)  # who a role names ("the 3-bettor" -> "Seat 4")
    readings: list[Reading] = field(default_factory=list)  # every amount's reading, placed or not

    def of(self, role: str) -> list[Placed]:
        """The readings of one role, in the order told."""
        return [p for p in self.placed if p.role == role]

    def chips_are_wagers(self) -> bool:
        """Whether every chip phrase told is a wager's size or the value of one said again ("bets 300 (3 blacks)",
        "UTG makes it 3 reds"), and a wager was told after the last of them: then no chips were put out whose
        meaning is the question."""
        read = {r.mention.index for r in self.readings}
        wagers = {p.index for p in self.placed if p.role in amount_roles.ACTION_ROLES}
        heaps = [i for i, t in enumerate(self.tags) if t.kind == "chips"]
        return bool(heaps) and all(i not in read or i in wagers for i in heaps) and max(wagers, default=-1) > heaps[-1]

    def street(self) -> str | None:
        """The street of the last told action: the round the question is about."""
        acts = [p for p in self.placed if p.role in amount_roles.ACTION_ROLES]
        return acts[-1].street if acts else None

    def actions(self, street: str | None = "", unsized: bool = False) -> list[Action]:
        """The told actions of one street (by default the last with actions), as the rules' actions (totals, in
        order); a street told with no amount ("SB completes, BB checks") only when ``unsized``."""
        street = self.street() if street == "" else street
        told_sized = any(p.role in amount_roles.ACTION_ROLES for p in self.placed)
        acts = [p for p in self.placed if p.role in _KIND and p.street == street
                and (p.role != "straddle" or street in (None, "preflop"))  # a straddle is posted before the deal
                and not (p.role == "raise_unsized" and told_sized)]  # a raise's size is the rules' to work out
        # only in a hand told without amounts ("Seat 5 raised him, turn and river checked: who shows first?")
        if not unsized and not any(p.role in amount_roles.ACTION_ROLES for p in acts):
            return []  # no sized action: nothing the amounts say about the round
        out: list[Action] = []
        current = (self.big_blind or 0) if street in (None, "preflop") else 0
        for n, p in enumerate(_each(acts)):
            kind = _KIND[p.role]
            actor = p.actor or (STRADDLER if kind == "post" else unnamed_player(n + 1))
            if out and actor == out[-1].actor and out[-1].kind in ("bet", "raise") and kind == "call":
                actor = unnamed_player(n + 1)  # "open to 20, a call, a 3-bet to 90": nobody calls his own bet
            amount: int | None = current + p.value if p.role == "raise_by" else p.value
            if out and actor == out[-1].actor and out[-1].kind == "call" and out[-1].amount is None \
                    and kind == "all-in" and amount is not None and amount <= current:
                out.pop()  # "Pat calls all in, 1,400 total": the call is the all-in for less, told twice
            if out and actor == out[-1].actor and out[-1].kind == "all-in" and kind == "call" \
                    and p.role == "called" and (out[-1].amount or 0) <= current:
                continue  # "he's all in for 90 when he calls the 150 bet": one call, all in for less
            if kind == "post" and any(o.kind == "post" and o.actor == actor and o.amount == amount for o in out):
                continue  # "a 400 straddle ... the straddler has 400 in": the one straddle, told again
            if kind == "raise" and current == 0:
                kind = "bet"
            if p.role in (*_UNSIZED.values(), *_UNSIZED_WAGERS.values(), "min_raised", "all_in_rest"):
                amount = None
            out.append(Action(actor=actor, kind=kind, amount=amount,  # type: ignore[arg-type]
                              out_of_turn=p.out_of_turn or None, minimum=p.role == "min_raised" or None))
            if kind in ("bet", "raise", "all-in", "post") and amount is not None:
                current = max(current, amount)
        return out

    def hand_actions(self) -> list[Action]:
        """Every told action of the hand, each with its street: what the pot was built from."""
        sized = list(dict.fromkeys(p.street for p in self.placed if p.role in amount_roles.ACTION_ROLES))
        if not sized:  # a hand told with no amount at all ("Priya bet the turn, Ken called, river checked
            # through"): its order of play, when a wager was told in it
            if not any(p.role in _UNSIZED_WAGERS.values() for p in self.placed):
                return []
            return [a.model_copy(update={"street": street})
                    for street in dict.fromkeys(p.street for p in self.placed if p.role in _KIND)
                    for a in self.actions(street, unsized=True)]
        # "flop bb checks, i shove, he calls": an all-in sized by the stack told before ends the told hand too
        last = next(p.street for p in reversed(self.placed)
                    if p.role in amount_roles.ACTION_ROLES or p.role == "all_in_rest")
        streets = list(dict.fromkeys(p.street for p in self.placed
                                     if p.role in amount_roles.ACTION_ROLES or p.role in _UNSIZED.values()
                                     or p.role == "all_in_rest"))
        streets = streets[:streets.index(last) + 1]
        out: list[Action] = []
        for street in streets:  # an earlier street of calls and checks only ("SB completes, BB checks") counts too
            out.extend(a.model_copy(update={"street": street})
                       for a in self.actions(street, unsized=street not in sized))
        return out


def _each(acts: list[Placed]) -> list[Placed]:
    """The readings with an amount that two players each put in told as two ("both all in for 500 each")."""
    out: list[Placed] = []
    for p in acts:
        if len(p.players) < 2:
            out.append(p)
            continue
        out.extend(replace(p, actor=who, players=()) for who in p.players)
    return out


def _shared_by(tags: list[Tag], i: int, actor: str | None) -> tuple[str, ...]:
    """Who each put in the amount at ``i``, when its clause says "each" or "both": the two players its clause
    names (else its player and one other); nobody when it does not."""
    if not _in_clause(tags, i, "amounts", "each"):
        return ()
    lo, _hi = _clause_bounds(tags, i)
    named = _players_named(tags, lo, i)
    if len(named) < 2:  # "BB and button get it in preflop, 900 each": the two named earlier in the sentence
        start = next((j + 1 for j in range(i - 1, -1, -1) if tags[j].kind == "break"), 0)
        named = _players_named(tags, start, i)
    if len(named) >= 2:
        return tuple(named[-2:])
    if not named and (before := _still_in(tags, start)) and len(before) >= 2:
        return tuple(before[-2:])  # "Maria raises, SB folds, Tom calls. Both started with 200": the two left
    first = actor or "one player"
    if first.lower() in vocab.words("actors", "first_plural"):
        first = "i"  # "we both had 620": the teller and the other player
    return (first, OTHER_PLAYER)


# The player a "both" or "each" amount is shared with when only one was named.
OTHER_PLAYER = "the other player"


def _still_in(tags: list[Tag], hi: int) -> list[str]:
    """The players named before ``hi`` who were not told folding, once each, in the order named."""
    named = _players_named(tags, 0, hi)
    folded = {name_of(tags, j) for j in range(hi - 1) if tags[j].kind == "actor"
              and tags[j + 1].kind == "verb" and tags[j + 1].value == "fold"}
    return [n for n in named if n not in folded]


def _players_named(tags: list[Tag], lo: int, hi: int) -> list[str]:
    """The players named between two tags, once each; a place that describes the player before it ("the older
    fella in the cutoff") is that player, not another."""
    return list(dict.fromkeys(name_of(tags, j) for j in range(lo, hi)
                              if tags[j].kind == "actor" and not _seat_of_the_one_before(tags, j)))


def _seat_of_the_one_before(tags: list[Tag], j: int) -> bool:
    """"the older fella in the cutoff", "Alice (BTN)", "Tom BB calls": a seat told right after a player, with a word
    that seats him, in brackets, or right after his name."""
    k = j - 1 - (j > 1 and tags[j - 1].text in vocab.words("actors", "determiners"))
    if k >= 1 and tags[k].text in vocab.words("actors", "seated_in") and tags[k - 1].kind == "actor":
        return True
    if str(tags[j].value) not in vocab.table("actors", "positions").values():
        return False
    k = j - 1 - (j > 1 and tags[j - 1].text == "(")
    return k >= 0 and tags[k].kind == "actor" and _is_name(str(tags[k].value))


def _is_name(who: str) -> bool:
    """A player told by his name (\"Alice\"), not by a seat, a position, a pronoun or a role."""
    data = vocab.data()["actors"]
    return who not in vocab.table("actors", "positions").values() and not who.startswith("Seat ") \
        and who.lower() not in [*data["pronouns"], *data["roles"]] and who[:1].isupper()


def read_told(text: str | Doc, floor_p: float) -> Told:
    """The told round of a description; readings less probable than ``floor_p`` are left out."""
    tags, readings = amount_roles.read(text)
    readings = _agreeing_readings(tags, _one_role_per_heap(tags, _restatements_dropped(tags, readings)), floor_p)
    readings = [replace(r, role="wager_to", p=r.p + r.probs.get("wager_to", 0.0))
                if r.role == "call" and wager_noun(tags, r.mention.index) else r
                for r in readings]  # "a 90 bet": a wager named as a noun is a bet, whoever calls it (either
    # reading's probability is the wager's: the two roles differ only in whose it is)
    told = Told(tags=tags, readings=readings)
    for r in readings:
        i = r.mention.index
        actor = _actor_of(tags, i)
        if r.role in _WAGERS and wager_noun(tags, i):
            # "called a 500 bet from seat 2": the bettor's wager, not the caller's ("his 275 bet" is his)
            owner = wager_owner(tags, noun_end(tags, i) or i)
            actor = name_of(tags, owner) if owner is not None else None
        lo = _clause_bounds(tags, i)[0]
        if actor is None and r.role == "stack" and subject_dropped(tags, lo) \
                and not any(t.kind == "verb" for t in tags[lo:i]):
            actor = "i"  # "had 2.2k, called a shove. how much do i have left?" (a bet told without its player,
            # "Flop. Bet 150, raise 450", is floor shorthand for another's: not the teller's)
        elif actor is None and r.role in amount_roles.ACTION_ROLES and subject_dropped(tags, lo) \
                and not wager_noun(tags, i) and any(p.role == "stack" and p.actor == "i" for p in told.placed):
            actor = "i"  # "sat down with 300. opened to 12, ...": once his own stack was told without his name,
            # a bet told the same way is his too
        _place(told, r, tags, actor, _street_of(tags, i), floor_p)
    sized = {r.mention.index for r in readings if r.role in amount_roles.ACTION_ROLES and r.p >= floor_p}
    _unsized(told, tags, sized)
    _all_in_for_the_stack(told, tags, sized)
    _in_big_blinds(told, tags)
    told.doubt = 1.0 - min((r.p for r in readings), default=1.0)
    early = _early_clauses(tags)
    first = vocab.words("actors", "first_person")  # the teller goes by one name, whichever word told him
    seats = told.seats = {**_posted_by_teller(tags, first), **_positions_held(tags)}
    for p in told.placed:
        p.out_of_turn = _clause_of(tags, p.index) in early
        if p.out_of_turn and p.role == "chips_out":
            p.role = _chips_as_action(told, p)  # "seat 7 throws 200 in out of turn": his action, a call or a bet
        if p.role == "said" and ((p.out_of_turn and _said_as_wager(tags, p.index)) or _said_then_bet(tags, p.index)):
            p.role = "wager_to"  # "the cutoff, out of turn, announces 'raise to five hundred'": his raise; "says two
            # fifty and bets it": the bet he made, its size said
        p.actor = _teller(seats.get((p.actor or "").lower(), p.actor), first) if p.actor else p.actor
        p.players = tuple(_teller(seats.get(w.lower(), w), first) for w in p.players)
    told.placed.sort(key=lambda p: p.index)
    _roles_resolved(told)
    _called_wager_first(told, tags)
    told.placed = _restated_dropped(tags, told.placed)
    _counted_for_the_shover(told, tags)
    _bets_told_as_chips(told, tags)
    _short_calls(told)
    _taken_back(told, tags)
    told.placed = [p for p in told.placed if not _wished(tags, p)]
    return told


def _roles_resolved(told: Told) -> None:
    """A player named by what he did ("the original raiser", "the 3-bettor", "the last limper", "the straddler")
    is the one told doing it: UTG who opened is "the opener", so his later actions and a question about him are
    UTG's. A role nobody else was told doing is left as his name."""
    roles = set(vocab.table("actors", "acted_as").values())
    found = {role: _who_did(told, how) for role, how in vocab.table("actors", "acted_how").items()}
    told.acted_as = {role: str(p.actor) for role, p in found.items()
                     if role in roles and p is not None and p.actor and p.actor not in roles}
    told.acted_as.update(_teller_is(told.tags, roles))
    for p in told.placed:
        p.actor = told.acted_as.get(p.actor or "", p.actor)
        p.players = tuple(told.acted_as.get(w, w) for w in p.players)


def _who_did(told: Told, how: str) -> Placed | None:
    """The told action a role names (``actors.acted_how``): "raise 2" the second raise preflop, "limp first" /
    "limp last" a call before any raise, "straddle" the straddle posted."""
    if how == "straddle":
        return next((p for p in told.placed if p.role == "straddle"), None)
    pre = [p for p in told.placed if p.street in (None, "preflop") and p.role in _KIND and p.role != "straddle"]
    raises = [p for p in pre if p.role in _WAGERS or p.role == "min_raised"]
    kind, which = how.split()
    if kind == "raise":
        n = int(which)
        return raises[n - 1] if len(raises) >= n else None
    limps = [p for p in pre if p.role in ("call", "called") and (not raises or p.index < raises[0].index)]
    return (limps[0] if which == "first" else limps[-1]) if limps else None


def _teller_is(tags: list[Tag], roles: set[str]) -> dict[str, str]:
    """"I'm the original raiser, opened to 250": the role the teller says he is, as his ("the opener" -> "i")."""
    first, being = vocab.words("actors", "first_person"), vocab.words("actors", "being")
    out: dict[str, str] = {}
    for i, tg in enumerate(tags):
        if tg.text not in first:
            continue
        j = i + 1
        while j < len(tags) and tags[j].kind == "other" and tags[j].text in being:
            j += 1
        if j > i + 1 and j < len(tags) and tags[j].kind == "actor" and str(tags[j].value) in roles:
            out[str(tags[j].value)] = "i"
    return out


def _wished(tags: list[Tag], p: Placed) -> bool:
    """"The third player would like to re-raise to 1,350", "wants to bet 500": a bet or raise only wished or
    proposed is no action taken (its size is what is asked about), unless the asker supposes it ("if he raises")."""
    if p.role not in ("wager_to", "raise_by"):
        return False
    j = p.index - 1
    while j >= 0 and tags[j].kind not in CLAUSE_ENDS and tags[j].kind != "verb":
        j -= 1
    if j < 0 or tags[j].kind != "verb" or tags[j].value not in ("bet", "raise"):
        return False
    return j > 0 and tags[j - 1].text in vocab.words("speech", "unreal") and not _supposed(tags, j)


def _short_calls(told: Told) -> None:
    """"guy jams 600 at me, i toss the purple in and say call": chips told as a call that come to less than the
    wager they answer are chips put out short of the call (1.1.3.1 settles them), not a call of their value."""
    for n, p in enumerate(told.placed):
        if p.role != "call" or p.chips is None:
            continue
        faced = next((q for q in reversed(told.placed[:n]) if q.role in ("wager_to", "all_in_to")
                      and q.street == p.street), None)
        if faced is not None and faced.actor != p.actor and faced.value > p.value:
            p.role = "chips_out"


def _agreeing_readings(tags: list[Tag], readings: list[Reading], floor_p: float) -> list[Reading]:
    """Two readings that come to the same fact, each too unsure alone, added up. "only has 150 and pushes it all
    in": half his stack, half his all-in, with an all-in told after it, is his all-in either way; read as the stack,
    the all-in with no amount of its own is then for it (``_all_in_for_the_stack``). Chips told in a clause out of
    turn, half a bet and half chips put out, are his out-of-turn action either way."""
    out = list(readings)
    early = _early_clauses(tags)
    for n, r in enumerate(readings):
        i = r.mention.index
        if r.p >= floor_p:
            continue
        both = r.probs.get("stack", 0.0) + r.probs.get("all_in_to", 0.0)
        if r.role in ("stack", "all_in_to") and both >= floor_p:
            end = next((j for j in range(i + 1, len(tags)) if tags[j].kind == "break"), len(tags))
            if any(tags[j].kind == "verb" and tags[j].value == "all_in" for j in range(i + 1, end)):
                out[n] = replace(r, role="stack", p=both)
        put = r.probs.get("wager_to", 0.0) + r.probs.get("chips_out", 0.0)
        if r.role in ("wager_to", "chips_out") and put >= floor_p and _clause_of(tags, i) in early:
            # "seat 6 silently throws two blacks out of turn": a bet or chips put out, either way his action
            out[n] = replace(r, role="chips_out", p=put)
    return out


def _chips_as_action(told: Told, p: Placed) -> str:
    """Chips put out out of turn are that player's action: a call when they match the bet told before them, else
    a bet or raise to their total."""
    before = [q.value for q in told.placed if q.index < p.index and q.role in amount_roles.ACTION_ROLES]
    return "call" if before and p.value == max(before) else "wager_to"


def _counted_for_the_shover(told: Told, tags: list[Tag]) -> None:
    """"Seat 5 pushed everything in. Seat 1 asked for a count: four 1,000s, five 500s": an all-in counted out in
    chips, in a clause with no all-in of its own, is the all-in of the player told going all in before it, not of
    the player who asked for the count."""
    for p in told.placed:
        if p.role == "chips_out" and p.chips is not None and (p.chips or 0) > 1 and _counted(tags, p.index):
            p.role = "all_in_to"  # "seat 1 shoves on me, the dealer counts seven blacks, a green": the shove's count
        if p.role != "all_in_to" or p.chips is None or _all_in_in_clause(tags, p.index):
            continue
        shoves = [j for j in range(p.index) if tags[j].kind == "verb" and tags[j].value == "all_in"
                  and not _not_done(tags, j)]
        if shoves:
            shover = _actor_of(tags, shoves[-1] + 1)
            p.actor = told.seats.get((shover or "").lower(), shover) or p.actor


def _stack_results(doc: Doc, told: Told) -> None:
    """"Started the hand with 310 and lost 85 in it", "had 1,200, lost 400, then won 250 back": what the player
    lost or won after his stack was last told (a figure right after a word of losing or winning, nothing but a word
    of time or place after it), signed, in order; the rules work out the stack it leaves."""
    stacks = told.of("stack") or [p for p in told.of("limit") if p.actor]  # "started with the full buy-in of 300"
    if not stacks:
        return
    tags, start = told.tags, stacks[-1].index + 1  # "lost 1,300 of it, and now has 580": counted in the last
    lost, won = vocab.words("speech", "stack_lost"), vocab.words("speech", "stack_won")
    follows = vocab.words("speech", "after_result")
    out: list[int] = []
    for i in range(max(start, 1), len(tags)):
        tg = tags[i]
        if tg.kind != "amount" or not isinstance(tg.value, int) or tags[i - 1].text not in (*lost, *won):
            continue
        nxt = tags[i + 1] if i + 1 < len(tags) else None
        if nxt is not None and nxt.kind not in ("break", "comma", "joiner") and nxt.text not in follows:
            continue  # "lost 3 buy-ins", "won 2 pots": no chips of his
        out.append(-tg.value if tags[i - 1].text in lost else tg.value)
    if out:
        doc.set("stack_changes", out)
        if stacks[-1].role == "limit":
            doc.set("stack_behind", stacks[-1].value)  # a player's buy-in told as the limit was his stack then


def _hand_lost(doc: Doc, told: Told) -> None:
    """"Seat 8 started the hand with 820 ... checked the river down and lost": the player whose stack was told lost
    the hand (a word of losing with no amount in its clause, said of him); the rules take what he put in off it."""
    stacks = [p for p in told.of("stack") if p.actor]
    if not stacks:
        return
    tags, owner = told.tags, stacks[-1].actor
    i = stacks[-1].index + 1
    while i < len(tags):
        lo, hi = _clause_bounds(tags, i)
        clause = tags[lo:hi]
        if _list_rx("speech", "hand_lost").search(" ".join(t.text for t in clause)) \
                and not any(t.kind == "amount" for t in clause) and _same_player(_actor_of(tags, hi), owner):
            doc.set("lost_hand", [owner])
            return
        i = hi + 1


def _counted(tags: list[Tag], i: int) -> bool:
    """Chips a dealer counts out after a shove told before them, in the same clause as the counting word."""
    lo, _hi = _clause_bounds(tags, i)
    counting = any(t.text in vocab.words("speech", "counting") for t in tags[lo:i])
    return counting and any(t.kind == "verb" and t.value == "all_in" for t in tags[:lo])


def _all_in_in_clause(tags: list[Tag], i: int) -> bool:
    lo, hi = _clause_bounds(tags, i)
    return any(t.kind == "verb" and t.value == "all_in" for t in tags[lo:hi])


def _taken_back(told: Told, tags: list[Tag]) -> None:
    """"...so i fired 80. dealer stopped it and gave the action back to him": an action staff took back to another
    player was out of turn, when the story marked none: the last sized action told before the words of reversing."""
    if any(p.out_of_turn for p in told.placed):
        return
    words = " ".join(t.text for t in tags)
    m = _list_rx("timing", "taken_back").search(words)
    if m is None:
        return
    at = words[:m.start()].count(" ")  # the tag the words begin at
    before = [p for p in told.placed if p.index < at and p.role in (*amount_roles.ACTION_ROLES, "said", "chips_out")]
    if before and before[-1].role == "said" and _said_as_wager(tags, before[-1].index):
        before[-1].role = "wager_to"  # "the cutoff announces 'raise to five hundred' ... I send action back": his raise
    if before and before[-1].role == "chips_out" and not any(p.role in amount_roles.ACTION_ROLES for p in before):
        before[-1].role = _chips_as_action(told, before[-1])  # "seat 7 slides out two blacks. I stop it and go
        # back to seat 5": the chips were his action, out of turn
    if before and before[-1].role in amount_roles.ACTION_ROLES:  # not a figure said or chips pushed after it
        before[-1].out_of_turn = True


def _said_as_wager(tags: list[Tag], i: int) -> bool:
    """Whether an amount said is a player's bet or raise declared with its size ("announces 'raise to five
    hundred'", "says 'raise, 1500'"): a bet or raise word just before it, with nothing but quotes, "to" or a comma
    between, and no staff's words."""
    j = i - 1
    while j >= 0 and (tags[j].kind == "comma" or (tags[j].kind in ("to", "other")
                                                  and tags[j].text in ("'", '"', *vocab.words("amounts", "to")))):
        j -= 1
    return j >= 0 and tags[j].kind == "verb" and tags[j].value in ("bet", "raise") and not _staff_says(tags, i)


def _said_then_bet(tags: list[Tag], i: int) -> bool:
    """"says two fifty and bets it", "calls out 400 and puts it in": an amount said, then the wager made of it."""
    j = i + 1
    while j < len(tags) and (tags[j].kind in ("comma", "joiner") or tags[j].text in ("'", '"')):
        j += 1
    return j + 1 < len(tags) and j > i + 1 and tags[j].kind == "verb" and tags[j].value in ("bet", "raise") \
        and tags[j + 1].text in vocab.words("speech", "the_amount_said")


def _bets_told_as_chips(told: Told, tags: list[Tag]) -> None:
    """"Guy bets a black, I put out a black and three greens", "UTG makes it 3 reds, MP 3-bets to 45": chips told
    right after a bet or raise verb, with another player's action or chips after them, are the wager those chips
    make (its total), not chips whose meaning is the question."""
    for n, p in enumerate(told.placed):
        if p.role != "chips_out" or not _after_wager_verb(tags, p.index):
            continue
        if any(q.actor != p.actor and (q.role in amount_roles.ACTION_ROLES or q.role == "chips_out")
               for q in told.placed[n + 1:]):
            p.role = "wager_to"


def _after_wager_verb(tags: list[Tag], i: int) -> bool:
    """Whether the nearest verb before ``i`` bets or raises, with no other amount, player or sentence end between
    (one comma may: "dude bets the turn, 3 blacks and 2 greens")."""
    commas = 0
    for j in range(i - 1, -1, -1):
        t = tags[j]
        commas += t.kind == "comma"
        if t.kind in ("break", "amount", "chips", "actor", "say") or commas > 1:
            return False
        if t.kind == "verb":
            return t.value in ("bet", "raise")
    return False


def _restated_dropped(tags: list[Tag], placed: list[Placed]) -> list[Placed]:
    """A bet named again ("what happens with seat 8's 300?", "Seat 4's 3,000 is returned", "my 400 comes back") is
    the bet told before, not a new one: an action amount equal to one the same player was told to make is left
    out when it stands in the closing question or in a clause with no action verb."""
    last = max((i for i, t in enumerate(tags[:-1]) if t.kind == "break"), default=-1)
    out: list[Placed] = []
    for p in placed:
        again = (p.index > last or not _verb_in_clause(tags, p.index)) and p.role in amount_roles.ACTION_ROLES \
            and any(q.value == p.value and q.actor == p.actor and q.role in amount_roles.ACTION_ROLES for q in out)
        if not again:
            out.append(p)
    return out


def _verb_in_clause(tags: list[Tag], i: int) -> bool:
    """Whether an action verb stands in the clause of the tag at ``i``."""
    lo, hi = _clause_bounds(tags, i)
    return any(t.kind == "verb" for t in tags[lo:hi])


def _positions_held(tags: list[Tag]) -> dict[str, str]:
    """Who sits in a named position ("i was bb", "I'm in the big blind", "Seat 4 is the button"): the player (in
    lower case; the speaker under every first-person word) -> the position's name, so his blind is known to be his."""
    first = vocab.words("actors", "first_person")
    being = vocab.words("actors", "being")
    positions = set(vocab.table("actors", "positions").values())
    out: dict[str, str] = {}
    for i, tg in enumerate(tags):
        who = str(tg.value) if tg.kind == "actor" else (tg.text if tg.text in first else None)
        if who is None or (tg.kind == "actor" and str(tg.value) in positions):
            continue
        j = i + 1
        while j < len(tags) and j <= i + 5 and ((tags[j].kind == "other" and tags[j].text in being)
                                                 or (tags[j].kind == "stakes" and j > i + 1)):
            j += 1  # "my friend is at 5/10 in the small blind": the stakes between say where, not who
        said_being = tg.kind == "other"  # "im bb", "i'm the button": the word itself says "I am"
        if (j == i + 1 and not said_being) or j >= len(tags) or tags[j].kind != "actor":
            continue
        seat = str(tags[j].value)
        if seat in positions:
            for name in (first if who.lower() in first else [who]):
                out[name.lower()] = seat
    return out


def _posted_by_teller(tags: list[Tag], first: list[str]) -> dict[str, str]:
    """"i posted the 2k bb, utg opens 5k ...": the blind the teller posted is his position, so a question about
    his call counts the blind he has in (each first-person word -> that position)."""
    mine = [pos for pos, who in _blinds_posted(tags, acting=False).items() if who.lower() in first]
    return {name: mine[0] for name in first} if len(mine) == 1 else {}


def _seats_named(tags: list[Tag]) -> dict[str, str]:
    """A position and the player in it told side by side ("S1 SB 500", "S7 (SB)", "the small blind in S7", "the
    BB on seat 3"): the position -> that player."""
    positions = set(vocab.table("actors", "positions").values())
    joins = vocab.words("actors", "position_of_seat")
    out: dict[str, str] = {}
    generic = (*vocab.words("actors", "pronouns"), *vocab.words("actors", "roles"))
    for j, tg in enumerate(tags[:-1]):
        k = j + 1
        if str(tg.value) in positions and tags[k].kind == "actor" and tags[k].text in generic:
            k += 1  # "the UTG guy (seat 3)": the position's player, then his seat
        k += k < len(tags) and (tags[k].text in joins or tags[k].text == "(")
        if tg.kind != "actor" or k >= len(tags) or tags[k].kind != "actor":
            continue
        a, b = str(tg.value), str(tags[k].value)
        if (a in positions) == (b in positions) or is_unnamed(a) or is_unnamed(b) \
                or a.lower() in generic or b.lower() in generic:
            continue  # two seats, two positions, or "guy utg": not one player told twice by seat and position
        if b in positions and tags[j + 1].text in joins:
            continue  # "S7 in the BB" is read where a player is said to sit in a position
        seat, player = (a, b) if a in positions else (b, a)
        out.setdefault(seat, player)
    return out


def _blinds_by_role(told: Told) -> dict[str, str]:
    """"seat 2 posts 5, seat 3 posts 10": a blind told posted by a player named by seat is his (the blind's
    position -> that player), so the blind counts in what he has put in."""
    positions = set(vocab.table("actors", "positions").values())
    first = vocab.words("actors", "first_person")
    out: dict[str, str] = {}
    for role, seat in (("small_blind", "SB"), ("big_blind", "BB")):
        players = {p.actor for p in told.of(role) if p.actor and p.actor not in positions
                   and p.actor.lower() not in first and not is_unnamed(p.actor)
                   and _in_clause(told.tags, p.index, "actors", "posting")}
        if len(players) == 1:
            out[seat] = players.pop()
    return out


def _blinds_posted(tags: list[Tag], acting: bool = True) -> dict[str, str]:
    """"Seat 1 started with 3,250, posted the 100 BB": the blind's position -> the player who posted it, the nearest
    player named before the posting word in the same sentence (his blind is his, not a second player's); with
    ``acting``, a player acting from a blind too ("calls from the BB")."""
    acting_in = vocab.words("actors", "acting_in") if acting else ()
    posting = vocab.words("actors", "posting") + (vocab.words("actors", "acting_from") if acting else ()) + acting_in
    positions = set(vocab.table("actors", "positions").values())
    out: dict[str, str] = {}
    for j, tg in enumerate(tags):
        if tg.kind != "actor" or str(tg.value) not in positions:
            continue
        k = next((k for k in range(j - 1, max(-1, j - 4), -1) if tags[k].text in posting), None)
        if k is None:
            continue
        for m in range(k - 1, -1, -1):
            if tags[m].kind == "break":
                break
            if tags[m].kind == "actor" or tags[m].text in vocab.words("actors", "first_person"):
                who = str(tags[m].value) if tags[m].kind == "actor" else tags[m].text
                acted = tags[k].text not in acting_in or any(t.kind == "verb" for t in tags[m:k])
                if who not in positions and acted:  # "i'm in the bb" is where he sits (``_positions_held``)
                    out[str(tg.value)] = who
                break
    return out


def _restatements_dropped(tags: list[Tag], readings: list[Reading]) -> list[Reading]:
    """An amount in brackets that gives the value of what was just told ("bets 300 (3 blacks)", "a yellow and a
    black (1,100)") is the same chips said again, not more of them; so is a heap of chips that follows an amount
    and adds up to it ("slides out 70 (two greens, four reds)", "put out 250 in one motion, 2 blacks 2 greens")."""
    out: list[Reading] = []
    restated = _heaps_restating(tags, readings)
    for n, r in enumerate(readings):
        i = r.mention.index
        if n in restated:
            continue
        b = _bracket_open(tags, i)
        if not (b is not None and r.mention.value in _values_before(tags, out, b)):
            out.append(r)
    return out


def _bracket_open(tags: list[Tag], i: int) -> int | None:
    """Where the bracket an amount stands in opened, when it opened a few words before it ("a green (100s and a
    25)"): what is said in it restates the chips before it."""
    for b in range(i - 1, max(-1, i - 6), -1):
        if tags[b].text == ")" or tags[b].kind in ("break", "verb", "actor", "say"):
            return None
        if tags[b].text == "(":
            return b
    return None


def _heaps_restating(tags: list[Tag], readings: list[Reading]) -> set[int]:
    """The readings (by position) of each heap of two or more chip phrases that opens straight after an amount, or
    after a bracket or a comma a few words after it, and adds up to exactly that amount ("bet 225 two blacks and a
    green")."""
    out: set[int] = set()
    n = 1
    while n < len(readings):
        first = readings[n].mention
        if first.kind != "chips":
            n += 1
            continue
        end = n
        while end + 1 < len(readings) and readings[end + 1].mention.kind == "chips" \
                and _heap_gap(tags, readings[end].mention.index, readings[end + 1].mention.index):
            end += 1
        before = readings[n - 1].mention
        between = tags[before.index + 1:first.index]
        opens = (not between or between[-1].text in ("(", ",")) and len(between) <= 5 and not any(
            t.kind in ("verb", "actor", "break", "say", "amount", "chips") for t in between)
        if end > n and before.kind == "amount" and opens \
                and sum(r.mention.value for r in readings[n:end + 1]) == before.value:
            out.update(range(n, end + 1))
        n = end + 1
    return out


def _values_before(tags: list[Tag], kept: list[Reading], end: int) -> set[int]:
    """The values a bracket at ``end`` may restate: the last amount told, the sums of the heap of chips it closes
    ("a yellow and a black"), piece by piece back to where the heap began, and the value of each chip of it."""
    values, heap = set(), 0
    for r in reversed(kept):
        between = tags[r.mention.index + 1:end]
        if not all(t.kind in ("joiner", "comma") or t.text in vocab.words("amounts", "one_chip") for t in between):
            break
        heap += r.mention.value
        chips = tags[r.mention.index].value
        each = {chips.denomination} if isinstance(chips, Chips) else set()  # "7 blacks (100)": each chip's
        values |= {heap, r.mention.value, *each}
        end = r.mention.index
    return values


def _one_role_per_heap(tags: list[Tag], readings: list[Reading]) -> list[Reading]:
    """Chips told piece by piece ("one 5,000 chip, four 1,000s, a 500 and six 25s") are one heap, so one role: the
    role the pieces together make most probable. Read alone, the last piece of a counted all-in can look like
    the all-in and the others like chips put out, and the heap would be split. A lone amount after "a" or "one"
    in the list is one chip of it."""
    out = list(readings)
    pieces = [n for n, r in enumerate(readings) if r.mention.kind == "chips" or _one_chip(tags, r.mention.index)]
    groups: list[list[int]] = []
    for n in pieces:
        if groups and _heap_gap(tags, readings[groups[-1][-1]].mention.index, readings[n].mention.index):
            groups[-1].append(n)
        else:
            groups.append([n])
    for group in groups:
        if len(group) < 2 or not any(readings[k].mention.kind == "chips" for k in group):
            continue
        # Each piece is evidence about the one heap: the roles' probabilities multiplied piece by piece and
        # normalised (a product of experts), so three pieces each leaning to "chips put out" make a sure heap.
        joint = {role: math.prod(max(readings[k].probs.get(role, 0.0), 1e-9) for k in group)
                 for role in readings[group[0]].probs}
        best = max(joint, key=joint.__getitem__)
        p = joint[best] / sum(joint.values())
        for k in group:
            m = readings[k].mention
            out[k] = replace(readings[k], mention=replace(m, kind="chips"), role=best, p=p)
    return out


def _one_chip(tags: list[Tag], i: int) -> bool:
    """'a 500', 'one 1,000' in a list of chips: an amount that is one chip."""
    return tags[i].kind == "amount" and i > 0 and tags[i - 1].text in vocab.words("amounts", "one_chip")


def _heap_gap(tags: list[Tag], a: int, b: int) -> bool:
    """Whether only a few listing words stand between two chip phrases (commas, "and", a value in brackets)."""
    between = amount_roles.unbracketed(tags[a + 1:b])
    return len(between) <= 4 and not any(t.kind in ("verb", "actor", "break", "say", "stakes", "chips")
                                         for t in between)


def _unsized(told: Told, tags: list[Tag], sized: set[int]) -> None:
    """Checks, folds and calls told with no amount: they are part of the order of play (who acted before whom)
    even though no amount names them."""
    wagers = {r.mention.index for r in told.readings if r.role in _WAGERS}
    for i, tg in enumerate(tags):
        minimum = tg.kind == "verb" and tg.value == "raise" and _minimum_raise(tags, i)
        if tg.kind != "verb" or (tg.value not in _UNSIZED and tg.value not in _UNSIZED_WAGERS and not minimum):
            continue
        role = "min_raised" if minimum else {**_UNSIZED, **_UNSIZED_WAGERS}[str(tg.value)]
        if role in _UNSIZED_WAGERS.values() and not _bet_told_bare(tags, i):
            continue
        rest = _clause_after(tags, i)
        if i + 1 < len(tags) and tags[i + 1].kind == "verb" and tags[i + 1].value == "all_in":
            rest = _clause_after(tags, i + 1)  # "calls AI 16,500", "calls all-in for 9,000": one sized call
        if i + 4 < len(tags) and noun_end(tags, i + 4) == i + 4:
            rest = [*rest, i + 4]  # "called a raise to 30": the wager it calls, past the noun's own verb
        own = next((j for j in rest if j in sized and not (j in wagers and wager_named(tags, j))), None)
        if own is not None:  # "calls 300": the amount's own reading carries the action (not "calls with a 500 chip")
            if tg.value == "call" and (who := _actor_of(tags, i + 1)) is not None:
                for v in more_wagers_called(tags, own, wagers):  # "called 1,200 preflop and a 2,500 bet on the flop"
                    told.placed.append(Placed("called", 0, 1.0, who, _street_of(tags, v), tags[v].start, index=v))
            continue
        if (i and tags[i - 1].text in vocab.words("actors", "staff")) or _staff_called(tags, i):
            continue  # "the dealer calls a misdeal": staff's call, no player's action
        before = _joined(tags[max(0, i - 3):i])
        if any(before.endswith(w) for w in vocab.words("actions", "named_as")):
            continue  # "it's a call", "ruled it a call": what an action counts as, no player acting
        if _not_done(tags, i) or _a_claims_reason(tags, i) or (tg.value == "fold" and _folded_around(tags, i)):
            continue  # "wants to call", "can he fold", "how much does S7 call?": asked or wished, not done
        group = _collective(told, tags, i)
        if group is None:
            group = _counted_players(told, tags, i)
        if group is None:
            group = _everyone_still_in(told, tags, i)
        if group is not None:  # "both limpers call", "blinds fold": each of them (nobody named: no one's action)
            told.placed.extend(Placed(role, 0, 1.0, who, _street_of(tags, i), tg.start, index=i) for who in group)
            continue
        if i > 1 and tags[i - 1].text in vocab.words("actors", "relative") \
                and tags[i - 2 - (tags[i - 2].kind == "comma")].kind != "actor":
            continue  # "150 of dead money from guys who folded": players nobody named (not "Seat 3, who checked")
        actor = _actor_of(tags, i + 1)
        if actor is None and subject_dropped(tags, i):
            actor = "i"
        if actor is not None:
            named = next((noun_end(tags, j) or j for j in rest if j in wagers and wager_named(tags, j)), i)
            # (placed after the wager it calls)
            for who in subjects_of(tags, i) or (actor,):
                told.placed.append(Placed(role, 0, 1.0, who, _street_of(tags, i), tg.start, index=named))
            for v in more_wagers_called(tags, named, wagers) if named != i else ():
                told.placed.append(Placed(role, 0, 1.0, actor, _street_of(tags, v), tags[v].start, index=v))
            again = _again(tags, i)
            if again is not None:
                told.placed.append(Placed(role, 0, 1.0, again[0], _street_of(tags, i), tags[again[1]].start,
                                          index=again[1]))


def _bet_told_bare(tags: list[Tag], i: int) -> bool:
    """"back to seat 3, who bets": a bet told done with no amount, by a player named right before it, ending its
    clause (not "says bet", "bets out of turn, 2 blacks", "bets into me")."""
    j = i + 1
    skip = (*vocab.words("actors", "determiners"), *vocab.words("actors", "position_of_seat"),
            *vocab.words("actors", "objects"))  # "Seat 5 raised him, Seat 8 flatted"
    while j < len(tags) and (tags[j].kind == "street" or tags[j].text in skip):
        j += 1  # "Priya bet the turn, Ken called", "Lena bet on the river and Raj called"
    after = tags[j] if j < len(tags) else None
    ends = after is None or after.kind in CLAUSE_ENDS or (after.kind == "joiner" and (
        j > i + 1 or (j + 1 < len(tags) and tags[j + 1].kind == "actor")))  # "bet the turn and", "bet and Raj"
    return i >= 1 and (tags[i - 1].kind == "actor" or tags[i - 1].text in vocab.words("actors", "relative")) \
        and ends and not any(t.kind == "say" for t in tags[max(0, i - 3):i])


def _collective(told: Told, tags: list[Tag], i: int) -> tuple[str, ...] | None:
    """The players a verb at ``i`` has as its subject when told together by what they are ("both limpers call",
    "the other two limpers fold", "blinds fold"); None when its subject is no such word, and no one when the
    players it means were never named ("three limpers ... the other two limpers fold")."""
    lo = max(0, i - 4)
    words = {**vocab.table("actors", "groups"), **{w: "limpers" for w in vocab.words("actors", "limpers")}}
    at = next((j for j in range(i - 1, lo - 1, -1) if tags[j].text in words), None)
    if at is None or any(t.kind not in ("other", "amount") for t in tags[at + 1:i]):
        return None
    if words[tags[at].text] != "limpers":
        return tuple(words[tags[at].text])  # "blinds fold": the small blind and the big blind
    return _limpers(told, tags, i, any(t.text in vocab.words("actors", "others_of") for t in tags[lo:at]))


def _counted_players(told: Told, tags: list[Tag], i: int) -> tuple[str, ...] | None:
    """"two more limp behind", "3 others call": that many players nobody named, each doing the verb at ``i``."""
    k = i - 1
    while k >= 0 and tags[k].text in vocab.words("actors", "together"):
        k -= 1
    if k < 1 or tags[k].text not in vocab.words("actors", "more_players"):
        return None
    n = tags[k - 1].value if tags[k - 1].kind == "amount" else vocab.table("amounts", "counts").get(tags[k - 1].text)
    if not isinstance(n, int) or not 1 <= n <= vocab.table("actors", "table")["most_seats"]:
        return None
    taken = [int(w.split()[1]) for p in told.placed for w in (p.actor or "", *p.players) if is_unnamed(w)]
    first = max(taken, default=0) + 1
    return tuple(unnamed_player(first + m) for m in range(n))


def _everyone_still_in(told: Told, tags: list[Tag], i: int) -> tuple[str, ...] | None:
    """"all call except hj", "btn calls, rest fold": every player named so far who has not folded, less the one who
    made the last bet and those named after "except" (none named so far: nobody's action)."""
    k = i - 1
    while k >= 0 and tags[k].text in vocab.words("actors", "together") and tags[k].text not in \
            vocab.words("actors", "everyone"):
        k -= 1
    lo = next((j + 1 for j in range(k, -1, -1) if tags[j].kind in CLAUSE_ENDS or tags[j].kind == "actor"), 0)
    said = " ".join(t.text for t in tags[lo:k + 1])
    if lo and tags[lo - 1].kind == "actor":
        return None  # "SB, BB, UTG all check": the players named are the subject
    if not said or (said.split()[-1] not in vocab.words("actors", "everyone") \
            and said not in vocab.words("actors", "everyone")):
        return None
    street, preflop = _street_of(tags, i), (None, "preflop")
    before = [p for p in told.placed if p.index < i and (p.street == street or {p.street, street} <= set(preflop))]
    everyone = [w for p in told.placed if p.index < i and p.role in _KIND for w in (p.players or (p.actor,)) if w]
    folded = {p.actor for p in told.placed if p.index < i and p.role == "folded"}
    wagers = [p for p in before if p.role in _WAGERS]
    bettor = wagers[-1].actor if wagers else None
    folded |= {p.actor for p in before if wagers and p.index > wagers[-1].index and p.role in ("called", "call")}
    hi = next((j for j in range(i + 1, len(tags)) if tags[j].kind in CLAUSE_ENDS), len(tags))
    excepted = {name_of(tags, j) for j in range(i + 1, hi) if tags[j].kind == "actor"} \
        if any(tags[j].text in vocab.words("actors", "except_words") for j in range(i + 1, hi)) else set()
    return tuple(w for w in dict.fromkeys(everyone) if w not in folded and w != bettor and w not in excepted)


def _limpers(told: Told, tags: list[Tag], i: int, others: bool) -> tuple[str, ...]:
    """Those who called before the first raise of the hand (less, for "the other limpers", those who have acted
    since)."""
    raised = min((p.index for p in told.placed if p.role in _WAGERS and p.street in (None, "preflop")
                  and p.index < i), default=None)
    if raised is None:
        return ()
    limped = list(dict.fromkeys(w for p in told.placed if p.role in ("called", "call") and p.actor
                                and p.index < raised and p.street in (None, "preflop")
                                for w in (p.players or (p.actor,))))  # "Seat 2 limped 5, seat 4 limped 5"
    if others:
        acted = {p.actor for p in told.placed if raised < p.index < i}
        limped = [w for w in limped if w not in acted]
    return tuple(limped)


def _minimum_raise(tags: list[Tag], i: int) -> bool:
    """"button min-raises", "i min re-raise", "I make the smallest raise allowed": a raise to the smallest legal
    total, its size the betting model's to work out."""
    k = next((k for k in range(i - 1, max(-1, i - 3), -1) if tags[k].text in vocab.words("actions", "minimum")), None)
    if k is None:
        return False
    j = k - 1  # a player does it: "button min-raises", "I make the smallest raise" (not "min raise would be 400")
    while j >= 0 and tags[j].text in vocab.words("actions", "minimum_lead"):
        j -= 1
    return j >= 0 and (tags[j].kind == "actor" or tags[j].text in vocab.words("actors", "first_person"))


def _joined(tags: list[Tag]) -> str:
    """The tags' words as written, an apostrophe split off by the tokenizer joined back ("it 's" -> "it's")."""
    return " ".join(t.text for t in tags).replace(" '", "'")


def _staff_called(tags: list[Tag], i: int) -> bool:
    """"...walked over and called a misdeal": what follows the verb is something staff call, not a bet."""
    after = " ".join(t.text for t in tags[i + 1:i + 3])
    return any(after == w or after.startswith(w + " ") for w in vocab.words("actions", "called_by_staff"))


def _again(tags: list[Tag], i: int) -> tuple[str, int] | None:
    """(player, where) for the same action again by another player, right after the one at ``i`` in its sentence
    ("called and so did I", "the cutoff did too")."""
    hi = next((j for j in range(i + 1, len(tags)) if tags[j].kind in ("break", "verb")), len(tags))
    for j in range(i + 1, hi):
        if tags[j].kind != "actor":
            continue
        before = " ".join(t.text for t in tags[i + 1:j])
        after = " ".join(t.text for t in tags[j + 1:hi])
        if any(before.endswith(w) for w in vocab.words("actions", "again_before")) \
                or any(after.startswith(w) for w in vocab.words("actions", "again_after")):
            return name_of(tags, j), j
    return None


def _folded_around(tags: list[Tag], i: int) -> bool:
    """"everyone folds to the button", "it's folded around to me": the players nobody named folded; the fold is
    not the last named player's."""
    lo, _hi = _clause_bounds(tags, i)
    after = tags[i + 1].text if i + 1 < len(tags) else ""
    return any(t.text in vocab.words("actors", "the_others") for t in tags[max(lo, i - 3):i]) \
        or after in vocab.words("actors", "passed_to") \
        or any(t.text in vocab.words("speech", "believed") for t in tags[max(lo, i - 3):i])


def _a_claims_reason(tags: list[Tag], i: int) -> bool:
    """"he says i gotta show first cuz i bet first": a verb in the reason a player gives for what he says is his
    argument, not an action of the hand."""
    lo = max((j for j in range(i) if tags[j].kind == "break"), default=-1) + 1
    reason = next((j for j in range(i - 1, lo - 1, -1) if tags[j].text in vocab.words("speech", "reasons")), None)
    return reason is not None and any(t.kind == "say" for t in tags[lo:reason])


def _not_done(tags: list[Tag], i: int) -> bool:
    """A verb only wished, allowed or asked about ("wants to call", "can he fold", "how much does S7 call?"); a
    verb supposed by the asker ("if i call, how much is left?") is the action the question is about, so its
    outcome is worked out as if it were taken."""
    if _supposed(tags, i):
        return False
    if _supposition_opens(tags, i):
        return True  # "if the cutoff calls, how much does he put in?": the call asked about is not yet made
    unreal = [j for j in range(max(0, i - 2), i) if tags[j].text in vocab.words("speech", "unreal")]
    decided = any(tags[k].text in vocab.words("speech", "decided") for j in unreal for k in range(max(0, j - 2), j))
    return (bool(unreal) and not decided) or _asked_about(tags, i)  # not "decides to just call": he did


def _supposition_opens(tags: list[Tag], i: int) -> bool:
    """"if i call", "if the cutoff calls", "assuming some guy bets": a word of supposition before the player
    right before the verb."""
    return i >= 2 and tags[i - 1].kind == "actor" and any(t.text in vocab.words("speech", "supposing")
                                                          for t in tags[max(0, i - 3):i - 1])


def _supposed(tags: list[Tag], i: int) -> bool:
    """"if i call", "assuming seat 4 calls": a player's action opened by a word of supposition, in a sentence that
    asks for a figure (not "can he fold if ...", where the supposition comes after the verb)."""
    if not _supposition_opens(tags, i):
        return False
    end = next((j for j in range(i, len(tags)) if tags[j].kind == "break"), None)
    if end is None or tags[end].text != "?":
        return False
    from engine.understanding import asked

    return asked.read(tags)[0] not in _ASKS_OWN_SIZE  # "how much do i put in if i call?" asks the call itself


# The asks whose figure is the supposed action's own size, so that action is not yet taken.
_ASKS_OWN_SIZE = ("call_amount", "bet_amount")


def _asked_about(tags: list[Tag], i: int) -> bool:
    """Whether the verb stands in a question: its clause ends in "?" or its sentence opens with a question word
    ("S1 calls, S2 folds, what now?" keeps the call: its clause ends at the comma; "back to A, who checked" too)."""
    lo = max((j for j in range(i) if tags[j].kind == "break"), default=-1) + 1
    hi = next((j for j in range(i, len(tags)) if tags[j].kind in CLAUSE_ENDS), len(tags))
    return (hi < len(tags) and tags[hi].text == "?") or (lo < i and tags[lo].text in vocab.words("asks", "question_words"))


def _in_big_blinds(told: Told, tags: list[Tag]) -> None:
    """"cap is 200 big blinds", "opens 3bb": an amount counted in big blinds is that many of the told big blind
    (a blind's own size, "posted the 100 bb", is not counted in itself)."""
    units = vocab.words("amounts", "big_blinds")
    if not told.big_blind:
        return
    for p in told.placed:
        after = [t.text for t in tags[p.index + 1:p.index + 3]]
        if p.role in _COUNTED_IN_BLINDS and ((after[:1] and after[0] in units) or " ".join(after) in units):
            p.value *= told.big_blind


# The roles an amount counted in big blinds may have (not the blinds, antes or stakes themselves).
_COUNTED_IN_BLINDS = (*amount_roles.ACTION_ROLES, "limit", "stack", "top_up", "pot", "said", "added")


def _all_in_for_the_stack(told: Told, tags: list[Tag], sized: set[int]) -> None:
    """"Seat 4 only has 600 left so he ships it": an all-in told with no amount is for the stack told of that
    player before it, when he has put nothing in yet."""
    for i, tg in enumerate(tags):
        if tg.kind != "verb" or tg.value != "all_in" or any(j in sized for j in _clause_after(tags, i)):
            continue
        if _not_done(tags, i):
            continue
        actor = _actor_of(tags, i + 1)
        seat = _positions_held(tags).get((actor or "").lower())  # "me on the button ... i shove": the button's
        his = [p for p in told.placed if p.role == "stack"
               and any(_same_player(actor, w) or _same_player(seat, w) or _the_other(actor, w, p.players)
                       for w in (p.actor, *p.players))]
        stacks = [p for p in his if p.index < i] or [p for p in his if _in_clause(tags, p.index, "amounts",
                                                                                  "whole_stack")]
        # ("he announces 'all in' ... he only had 240 total": a whole stack told after it is what it was for)
        acted = [p.index for p in told.placed if p.role in _KIND and p.index < i
                 and (p.actor == actor or (seat is not None and _same_player(seat, p.actor)))]
        if actor is None or not stacks:
            continue
        if acted and (stacks[-1].index < min(acted) or _in_clause(tags, stacks[-1].index, "amounts", "hand_start")):
            # "Seat 10 started with 1,480. He limped ... flop he jams", "... flop he jams. Both started the hand
            # with 800": all he has left, the rules' sum from the stack he started with
            street = _street_of(tags, i)
            last = max((p for p in told.placed if p.role in _KIND and p.index < i), key=lambda p: p.index)
            restated = last.actor == actor and last.street in (street, None)  # "Bob calls, both all in preflop"
            if not restated:
                told.placed.append(Placed("all_in_rest", 0, stacks[-1].p, actor, _street_of(tags, i), tg.start,
                                          index=i))
        elif not any(p.actor == actor and p.role in amount_roles.ACTION_ROLES for p in told.placed):
            shared = stacks[-1].players if actor.lower() in vocab.words("actors", "first_plural") else ()
            told.placed.append(Placed("all_in_to", stacks[-1].value, stacks[-1].p, actor, _street_of(tags, i),
                                      tg.start, index=i, players=shared))  # "we both had 4k ... we got it all in"


def _the_other(actor: str | None, who: str | None, players: tuple[str, ...]) -> bool:
    """"we both had 620 ... he shoves": any player but the teller is the other one of an amount the teller shared
    with him."""
    return (who == OTHER_PLAYER and actor is not None and not _same_player(actor, "i")
            and any(_same_player(w, "i") for w in players))


def _same_player(a: str | None, b: str | None) -> bool:
    """The same player, the teller under any of his words ("i shove" after "me and the big blind both had 312")."""
    first = vocab.words("actors", "first_person")
    return a is not None and b is not None and _teller(a, first) == _teller(b, first)


# A verb told with no amount, as the role its reading is placed under (not a learned role: nothing was read).
_UNSIZED = {"check": "checked", "fold": "folded", "call": "called"}
# A bet or raise told with no amount ("back to seat 3, who bets"): it changes the action all the same (1.8.2).
_UNSIZED_WAGERS = {"bet": "bet_unsized", "raise": "raise_unsized"}
_WAGERS = ("wager_to", "all_in_to", "raise_by")  # roles of a bet or raise another player could call


def _clause_after(tags: list[Tag], i: int) -> list[int]:
    """The indices after ``i`` up to the end of its clause (a new verb or player starts another)."""
    out = []
    for j in range(i + 1, len(tags)):
        if tags[j].kind in (*CLAUSE_ENDS, "verb", "actor", "joiner"):
            break
        out.append(j)
    return out


def _clause_of(tags: list[Tag], i: int) -> int:
    """The number of the clause the tag at ``i`` is in (clauses end at a full stop or a comma)."""
    return sum(1 for t in tags[:i] if t.kind in CLAUSE_ENDS)


def _early_clauses(tags: list[Tag]) -> set[int]:
    """The clauses that say an action came out of turn: the vocabulary's words, "before Seat 5 had acted", or a
    player still to act ("UTG hadn't acted yet and the hijack bets"). A clause that only says someone was still
    to act ("Before the HJ acts, the CO raises") puts the next clause of its sentence with an action out of turn."""
    out: set[int] = set()
    clause, words, waiting = 0, [], False
    for n, tg in enumerate([*tags, Tag("break", ".")]):
        if tg.kind in CLAUSE_ENDS:
            lo, text = n - len(words), " ".join(words)
            acted = any(t.kind == "verb" for t in tags[lo:n])
            still = bool(_list_rx("timing", "yet_to_act").search(text)) or _before_someone_acted(tags, lo, n) \
                or _turn_was_anothers(tags, lo, n)
            bare = not any(t.kind in ("verb", "actor") for t in tags[lo:n])
            if _list_rx("timing", "out_of_turn").search(text) or still or (waiting and acted) \
                    or (bare and clause - 1 in out and lo and tags[lo - 1].kind == "comma"):
                out.add(clause)  # "s8 bets out of turn, 2 blacks + a green": the amount goes on the clause before
            waiting = tg.kind != "break" and ((still and not acted) or (waiting and not acted))
            clause, words = clause + 1, []
        else:
            words.append(tg.text)
    return out


def _turn_was_anothers(tags: list[Tag], lo: int, hi: int) -> bool:
    """"Action is on UTG+1, but the cutoff raises", "its on seat 3 but seat 6 already threw in 3 blacks": whose
    turn it was (the clause ``lo:hi``), then "but" another player acting in the same sentence."""
    if not _list_rx("timing", "turn_of").search(_joined(tags[lo:hi])):
        return False
    end = next((j for j in range(lo, len(tags)) if tags[j].kind == "break"), len(tags))
    return any(t.text in vocab.words("timing", "turn_of_but") for t in tags[lo:end])


def _before_someone_acted(tags: list[Tag], lo: int, hi: int) -> bool:
    """'before Seat 5 had acted', 'before me and the guy ahead of him even acted': a player named after 'before',
    then acting, in the same clause."""
    acting = vocab.words("speech", "acting")
    for j in range(lo, hi):
        if tags[j].text in vocab.words("speech", "before") and any(t.kind == "actor" for t in tags[j + 1:j + 4]):
            # "before Seat 5 had acted"; "S6 acts before S5": the one named first acted ahead of the other
            return any(t.text in acting for t in tags[j + 2:hi]) \
                or (j >= lo + 2 and tags[j - 1].text in acting and tags[j - 2].kind == "actor")
        if tags[j].text in vocab.words("speech", "before") and j + 1 < hi \
                and tags[j + 1].text in vocab.words("actors", "third_person") \
                and any(t.kind == "verb" for t in tags[lo:j]):
            actor = max((k for k in range(lo, j) if tags[k].kind == "actor"), default=lo)
            # "Sarah bets 200 before him" (not "Sarah had already bet before him"; "Mike's first" is Mike's)
            return not any(t.text in vocab.words("timing", "in_order") for t in tags[actor:j])
    return False


def _actor_of(tags: list[Tag], i: int) -> str | None:
    """Whose amount it is: the nearest player named before it, passing over one named straight after a verb ("guy
    raises me to 1200" is the guy's raise, not mine). A clause or sentence that names nobody goes on with the
    player named before ("Seat 4 posted the big blind, called a raise to 60, then called 120 on the flop"):
    measured on the told stories (``bench/actors.py``), carrying the player on agrees with the labels on 79.9% of
    pairs of actions, against 73.1% when a clause with its own verb and no player was left unplaced."""
    if i and tags[i - 1].text in vocab.words("actors", "first_person_own"):
        return "i"  # "my 400 comes back": the teller's own amount, whoever was named before
    done_by = _passive_doer(tags, i)
    if done_by is not None:
        return done_by or None
    for j in range(i - 1, -1, -1):
        tg = tags[j]
        if tg.kind == "actor" and tg.text in vocab.words("actors", "objects") and after_place_word(tags, j):
            return _seated_by(tags, j)  # "kid behind me makes it 600": the one sitting there, not me
        if tg.kind in CLAUSE_ENDS and j + 1 < len(tags) and tags[j + 1].text == "who" and j \
                and tags[j - 1].kind == "actor":
            return name_of(tags, j - 1)  # "back to Seat 5, who folded"
        if tg.kind == "actor" and not (j and tags[j - 1].kind == "verb") and not _names_a_blind(tags, j) \
                and not (j and tags[j - 1].text in vocab.words("speech", "before")) and not object_of(tags, j) \
                and not after_place_word(tags, j):  # not "a 70 raise from the hijack", "3-bet from the sb"
            return name_of(tags, j)  # not "C, before B has acted, raises": the player still to act is no actor
    return None


def _seated_by(tags: list[Tag], j: int) -> str | None:
    """The player told sitting by the one at ``j`` ("the guy across from me", "kid behind me"): the player named
    just before the words of place, else one nobody named (None)."""
    k = j - 1
    while k >= 0 and tags[k].kind == "other" and k >= j - 4:
        k -= 1
    return name_of(tags, k) if k >= 0 and tags[k].kind == "actor" else None


def _passive_doer(tags: list[Tag], i: int) -> str | None:
    """A wager told in the passive ("i bet 200, got raised to 650 by the button", "was 3-bet to 90"): the player
    after "by" made it, or one nobody named ("" then); None when the amount's verb is not passive."""
    k = i - 1
    while k >= 0 and tags[k].kind in ("to", "other") and k > i - 3:
        k -= 1
    if k < 1 or tags[k].kind != "verb" or tags[k - 1].text not in vocab.words("actors", "passive"):
        return None
    for j in range(i + 1, min(len(tags), i + 5)):
        if tags[j].kind in CLAUSE_ENDS:
            break
        at = next((k for k in (j + 1, j + 2) if k < len(tags) and tags[k].kind == "actor"), None)
        if tags[j].kind == "by" and at is not None and all(t.kind == "other" for t in tags[j + 1:at]):
            return name_of(tags, at)  # "by the cutoff"
    return ""


def _called_wager_first(told: Told, tags: list[Tag]) -> None:
    """"he's all in when he calls the 150 bet": the wager a call names came before everything its caller is told
    doing in that sentence, so it goes before them in the order of play."""
    for p in list(told.placed):
        if p.role not in _WAGERS or not wager_noun(tags, p.index):
            continue
        call = next((q for q in told.placed if q.role == "called" and q.index == noun_end(tags, p.index)), None)
        if call is None:
            continue
        start = _clause_bounds(tags, p.index)[0] - 1  # his actions in that clause ("pre i raised 30, called a
        # 3bet to 90": the raise before the comma came first)
        start = max([start, *(q.index + 1 for q in told.placed if q.role in _WAGERS and start < q.index < p.index
                              and wager_named(tags, q.index))])  # "called a 30 raise and then a 45 bet"
        first = next((q for q in told.placed if start < q.index < p.index and q.actor == call.actor
                      and q.street == p.street
                      and q.role in (*amount_roles.ACTION_ROLES, *_UNSIZED.values())), None)
        if first is not None and not any(t.kind == "joiner" for t in tags[first.index:p.index]):
            told.placed.remove(p)  # (not "opens to 70 and calls a reraise to 240": told in the order played)
            told.placed.insert(told.placed.index(first), p)


def speaker_of(told: Told, said: Callable[[str], bool]) -> str | None:
    """Who said words the caller recognises ("Seat 3 turns his cards over and says 'two pair'" -> Seat 3): the player
    of the first speech tag whose next few words ``said`` accepts."""
    for i, tg in enumerate(told.tags):
        speech = tg.kind == "say" or (tg.kind == "verb" and tg.value == "call")  # "calls it 'two pair'"
        if speech and said(" ".join(t.text for t in told.tags[i + 1:i + 8])):
            who = _actor_of(told.tags, i)
            return told.seats.get((who or "").lower(), who)
    return None


def _names_a_blind(tags: list[Tag], j: int) -> bool:
    """'posted the 10 big blind', 'his 200 BB': a blind's size, not a player acting."""
    return j >= 2 and tags[j - 1].kind == "amount" and tags[j - 2].text in vocab.words("actors", "determiners")


def _street_of(tags: list[Tag], i: int) -> str | None:
    """The street an amount was on: named right after it ("put in 300 preflop and 600 on the flop"), else in its
    own clause, else earlier in its sentence, else the last street named before it. Over the told stories' labels
    (``bench/actors.py``) the street named right after an amount took streets from 89.0% to 91.2% right."""
    j, others = i + 1, 0
    while j < len(tags) and others < 3:
        if tags[j].kind == "street":
            return str(tags[j].value)
        if tags[j].kind == "other":
            others += 1
        elif not (tags[j].kind == "chips" or (tags[j].kind in ("joiner", "comma") and j + 1 < len(tags)
                                                and tags[j + 1].kind == "chips")):
            break  # past the amount (and the rest of its heap: "three blacks, a green and two reds on the turn")
        j += 1
    for j in range(i - 1, -1, -1):
        if tags[j].kind in CLAUSE_ENDS or tags[j].kind == "joiner":
            break
        if tags[j].kind == "street":
            return str(tags[j].value)
    for j in range(i + 1, len(tags)):
        if tags[j].kind in CLAUSE_ENDS:
            break
        if tags[j].kind == "street":
            return str(tags[j].value)
    for j in range(i - 1, -1, -1):
        if tags[j].kind == "break":
            break
        if tags[j].kind == "street":
            return str(tags[j].value)
    return next((str(t.value) for t in reversed(tags[:i]) if t.kind == "street"), None)


def _place(told: Told, r: Reading, tags: list[Tag], actor: str | None, street: str | None, floor_p: float) -> None:
    """Add one reading to the told round (a sure enough one that names something: not "other" or a seat)."""
    if r.p < floor_p or r.role in ("other", "seat"):
        return
    m = r.mention
    tg = tags[m.index]
    if r.role in ("small_blind", "big_blind"):
        r = _blind_of_its_poster(r, tags)  # "SB posted 10, BB posted 20": each blind is its poster's
    if r.role == "stakes" and told.big_blind is None:
        told.small_blind, told.big_blind = m.small, m.value
    elif r.role == "small_blind" and told.small_blind is None:
        told.small_blind = m.value
    elif r.role == "big_blind" and told.big_blind is None:
        told.big_blind = m.value
    chips = (getattr(tg.value, "count", 1) if tg.kind == "chips" else 1) if m.kind == "chips" else None
    last = told.placed[-1] if told.placed else None
    if last is not None and m.index and tags[m.index - 1].text == "(" and last.value == m.value:
        return  # "two black chips (200)": the same chips' value restated in brackets
    if last is not None and _same_heap(last, r.role, chips, actor, tags, m.index):
        # "2 purples, 3 blacks and 4 greens", "eight 100s and one 500": one heap of chips told piece by piece
        last.value += m.value
        last.chips = last.chips + chips if last.chips is not None and chips is not None else None
        last.p = min(last.p, r.p)
        return
    players = _shared_by(tags, m.index, actor) if r.role in ("all_in_to", "call", "stack") else ()
    if r.role == "call" and not players:
        players = _listed_callers(tags, m.index)  # "utg, hj, btn limp 3": each of them calls 3
    told.placed.append(Placed(r.role, m.value, r.p, actor, street, tg.start, chips, m.index, players=players))


def _listed_callers(tags: list[Tag], i: int) -> tuple[str, ...]:
    """The players listed as the subject of the verb just before the amount at ``i`` ("UTG and the hijack limp 5",
    "utg, hj, btn limp 3"), when there are several."""
    v = next((j for j in range(i - 1, max(-1, i - 3), -1) if tags[j].kind == "verb"), None)
    return subjects_of(tags, v) if v is not None else ()


def _blind_of_its_poster(r: Reading, tags: list[Tag]) -> Reading:
    """A blind told with the blind's seat right before it ("SB posted 10", "the big blind posts 20") is that
    seat's blind, whichever of the two the amount's words alone suggested."""
    i = r.mention.index
    lo, _hi = _clause_bounds(tags, i)
    after = tags[i + 1] if i + 1 < len(tags) and tags[i + 1].kind == "actor" else None  # "100 sb 200 bb"
    seat = str(after.value) if after is not None else \
        next((str(tags[j].value) for j in range(i - 1, max(lo, i - 3) - 1, -1) if tags[j].kind == "actor"), None)
    role = {"SB": "small_blind", "BB": "big_blind"}.get(seat or "")
    return replace(r, role=role) if role else r


def _same_heap(last: Placed, role: str, chips: int | None, actor: str | None, tags: list[Tag], i: int) -> bool:
    """Whether an amount adds to the chips read just before it: chips of the same player, in the same sentence,
    with no action, speech or other player between them (a value restated in brackets is read as no role)."""
    heaped = ("chips_out", "all_in_to", "stack", "wager_to", "call", "top_up", "added", "pot")
    if last.role != role or role not in heaped or (actor is not None and last.actor != actor):
        return False  # (a piece told with no player of its own goes on the heap before it: "got two yellows, three
        # purples ...")
    if role in ("all_in_to", "wager_to", "call", "stack", "top_up", "added", "pot") \
            and (last.chips is None or chips is None):
        return False  # "all in for 800" then "all in for 1,300" are two all-ins, not one heap; chip pieces are one
    between = tags[last.index + 1:i]
    if _second_trip(tags, last.index, i):
        return False  # "then reaches back to his stack and tosses a black": a second trip, not the same heap
    if role in ("wager_to", "call") or last.chips is None or chips is None:
        # a bet told as pieces of chips, or a figure added to chips ("a black and 50 more"): only the words joining
        # them between ("called 300, now it turns out it was 650" is a correction, not a heap)
        joining = (*vocab.words("amounts", "heap_joiners"), *vocab.words("amounts", "one_chip"))
        return all(t.text in joining or t.kind in ("comma", "chips", "amount") for t in between)  # (the heap's
        # pieces so far, and "one 500" read "1 500")
    return not any(t.kind in ("verb", "break", "actor", "stakes", "say") for t in between)


def extract(doc: Doc) -> None:
    """State the facts the amounts carry, before the older readers: the first reader to state a fact wins
    (``Doc.set``), so a confident learned reading outranks a pattern and an unsure one leaves the gap to them."""
    from engine.policy import policy

    told = read_told(doc, policy()["reader"]["role_floor"])
    doc.told = told
    _counted_all_in(doc, told)
    named = _seats_named(told.tags)
    posted = {**_blinds_by_role(told), **named, **_blinds_posted(told.tags)}
    if posted:
        doc.set("blinds_posted_by", posted)
    for p in told.placed:  # one player, one name: "S7 (SB) ... the small blind folds" is Seat 7 folding
        p.actor = named.get(p.actor or "", p.actor)
        p.players = tuple(named.get(w, w) for w in p.players)
    asker = _named_in_question(told, named) or _action_comes_to(told)
    if asker:
        doc.set("call_for", named.get(asker, asker))
    if told.big_blind:
        doc.set("big_blind", told.big_blind)
    if told.small_blind:
        doc.set("small_blind", told.small_blind)  # "the small blind posted 20 and folded": told alone
    for role, name in _FACT_OF_ROLE.items():
        found = [p for p in told.of(role) if role != "said" or not _staff_says(told.tags, p.index)]
        if role == "stack" and found and _in_clause(told.tags, found[-1].index, "amounts", "after_blind"):
            doc.set("stack_after_blind", True)
        if role == "stack" and found and _in_clause(told.tags, found[-1].index, "amounts", "whole_stack"):
            doc.set("stack_total", found[-1].value)  # the whole stack; what is left behind is the rules' sum
            continue
        if found:
            doc.set(name, found[-1].value)
    pots, acts = told.of("pot"), [p for p in told.placed if p.role in amount_roles.ACTION_ROLES]
    if pots and acts:
        doc.set("pot_told_first", pots[-1].start < acts[0].start)  # "pot's 42. I bet 40, he calls 15"
    _stacks(doc, told)
    _stack_left_asked(doc, told)
    closing = actionlog.asks(_closing(doc))
    if "more" in closing:
        doc.set("asks_more", True)  # "how many more chips do i actually put in": on top of his chips already in
    if "min_raise" in closing:
        doc.set("min_raise_closing", True)  # the question asked last is the minimum raise (it leads the citations)
    _stack_results(doc, told)
    _hand_lost(doc, told)
    folded = list(dict.fromkeys(p.actor for p in told.of("folded") if p.actor))
    if folded:
        doc.set("folded_in_hand", folded)  # "...then folded the river": he put in what he put in, and won nothing
    _pot_asked(doc, told)
    _stack_before_chips(doc, told)
    _dead_money(doc, told)
    _antes(doc, told)
    if told.street():
        doc.set("street", told.street())
    hand = told.hand_actions()
    if hand:
        doc.set("hand_actions", hand)
    if told.placed:  # a number can be asked of a told action, disputed chips or any amount told
        _asked(doc, told, policy()["reader"]["ask_floor"])
    put = told.of("chips_out")
    if len(put) >= 2 and _second_trip(told.tags, put[-2].index, put[-1].index):
        doc.set("chips_added", put[-1].value)  # "slides two greens over, then reaches back ... a black and a green"
        put = put[:-1]
    if put:
        last = put[-1]
        doc.set("chips_put_out", last.value)
        if last.chips is not None:
            doc.set("chip_count", last.chips)
        if last.actor:
            doc.set("put_by", last.actor)
    _valuation(doc, told)
    skipped = skipped_players(told)
    if skipped:
        doc.set("skipped_players", skipped)
    said = [p for p in told.of("said") if not _staff_says(told.tags, p.index)]
    if said and _said_after_silent_chips(told, said[-1], put):
        doc.set("declared", False)  # chips out without a word, words after them: no declaration (the rules
        # conclude the words came after the chips: ``conclusions.verbal_timing``)
    elif said:
        doc.set("declared", True)


def _second_trip(tags: list[Tag], first: int, then: int) -> bool:
    """Whether the chips at ``then`` went out on a second trip to the stack after those at ``first`` ("then reaches
    back to his stack and tosses a black and a green out after them")."""
    between = " ".join(t.text for t in tags[first + 1:then])
    return bool(_list_rx("motions", "second_motion").search(between))


def _said_after_silent_chips(told: Told, said: Placed, put: list[Placed]) -> bool:
    """Whether words of an amount came after chips the story says went out without a word ("silently pushed a
    single 5,000 chip across the line. He now says he meant to bet 1,000")."""
    if not put or put[0].index > said.index:
        return False
    return any(t.kind == "silent" for t in told.tags[max(0, put[0].index - 8):said.index])


def skipped_players(told: Told) -> list[str]:
    """Who an out-of-turn action skipped: the players named as still to act in its sentence ("before Seat 2 had
    acted", "while the cutoff was still to act"), else those told acting between it and words that it stood
    ("Seat 3 checks, Seat 4 checks, bet stands"). Empty when the story does not say."""
    oot = next((p for p in told.placed if p.out_of_turn and p.role in _KIND), None)
    if oot is None:
        return []
    tags = told.tags
    lo = max((j for j in range(oot.index) if tags[j].kind == "break"), default=-1) + 1
    hi = next((j for j in range(oot.index, len(tags)) if tags[j].kind == "break"), len(tags))
    waiting = [name_of(tags, j) for j in range(lo, hi) if tags[j].kind == "actor" and _named_as_waiting(tags, j, lo, hi)]
    named = [told.seats.get(w.lower(), w) for w in waiting]
    named = [w for w in dict.fromkeys(named) if w != oot.actor]
    if named:
        return named
    stood = vocab.words("timing", "stood")
    at = next((j for j in range(oot.index + 1, len(tags)) if tags[j].text in stood and not _asked_about(tags, j)), None)
    if at is None:
        return []
    between = [p.actor for p in told.placed if oot.index < p.index < at and p.role in _KIND and p.actor]
    return [w for w in dict.fromkeys(between) if w != oot.actor]


def _named_as_waiting(tags: list[Tag], j: int, lo: int, hi: int) -> bool:
    """Whether the player at ``j`` is named as not having acted yet: just after "before" ("before Seat 2 had
    acted"), or in a clause saying someone was still to act ("while the cutoff was still to act")."""
    if j and tags[j - 1].text in vocab.words("speech", "before"):
        return True
    c_lo, c_hi = _clause_bounds(tags, j)
    words = " ".join(t.text for t in tags[max(c_lo, lo):min(c_hi, hi)])
    return bool(_list_rx("timing", "yet_to_act").search(words)) and not any(t.kind == "verb" for t in tags[max(c_lo, lo):j])


def _dead_money(doc: Doc, told: Told) -> None:
    """"300 dead from S4 who folded", "SB 50 dead in pot": amounts told dead are in the pot, no player's stake."""
    dead = [r.mention.value for r in told.readings if r.mention.kind in ("amount", "chips")
            and _told_dead(told.tags, r.mention.index)]
    if dead:
        doc.set("dead_money", sum(dead))


def _antes(doc: Doc, told: Told) -> None:
    """"100/200 with a 25 ante, eight players", "a 400 bb ante": the ante, who posts it (the seat named just before
    the word, else every player dealt in) and how many were dealt in. The rules count antes into the pot and the
    refunds; the reader only reports them."""
    antes = told.of("ante")
    if not antes:
        return
    tags, i = told.tags, antes[0].index
    doc.set("ante", antes[0].value)
    word = _ante_word(tags, i)
    if word is not None:
        seat = vocab.table("amounts", "ante_of_one").get(tags[word].text)
        before = tags[word - 1] if word and not seat else None
        seat = seat or (str(before.value) if before is not None and before.kind == "actor" else None)
        doc.set("ante_by", vocab.table("amounts", "ante_seats").get(seat or "", "each"))
    dealt = _players_dealt(tags, word if word is not None else i)
    if dealt:
        doc.set("players_dealt", dealt)


def _ante_word(tags: list[Tag], i: int) -> int | None:
    """The word "ante" nearest the ante's amount in its sentence ("a 400 bb ante", "ante 25", "the big blind ante,
    10000")."""
    lo = next((j + 1 for j in range(i - 1, max(-1, i - 4), -1) if tags[j].kind == "break"), max(0, i - 3))
    hi = next((j for j in range(i + 1, min(len(tags), i + 4)) if tags[j].kind == "break"), min(len(tags), i + 4))
    near = [j for j in range(lo, hi) if tags[j].text in vocab.words("amounts", "ante")]
    return min(near, key=lambda j: abs(j - i)) if near else None


def _players_dealt(tags: list[Tag], near: int) -> int | None:
    """How many were dealt in: "eight players", "9-handed", or "x8" right after the ante ("5 ante x8")."""
    units = vocab.words("amounts", "dealt_in")
    for j, tg in enumerate(tags):
        glued = re.fullmatch(r"(\w+?)-?(\w+)", tg.text) if tg.kind == "other" else None
        count = vocab.table("amounts", "counts").get(glued.group(1)) if glued else None
        if glued and glued.group(2) in units and (glued.group(1).isdigit() or count):
            return int(glued.group(1)) if glued.group(1).isdigit() else count  # "9-handed", "eight-handed"
        if tg.kind != "amount" or not isinstance(tg.value, int):
            continue
        for width in (1, 2):  # "eight players", "8 of us at the table"
            unit = " ".join(t.text for t in tags[j + 1:j + 1 + width])
            k = j + 1 + width
            if unit in units and not (k < len(tags) and tags[k].text in vocab.words("amounts", "not_dealt_in")):
                return tg.value
    after = tags[near + 1:near + 3]
    if after and after[0].text[:1] in vocab.words("amounts", "times"):
        figure = after[0].text[1:] or (after[1].text if len(after) > 1 else "")
        return int(figure) if figure.isdigit() else None
    return None


def _told_dead(tags: list[Tag], i: int) -> bool:
    """Whether the amount at ``i`` is told dead: "dead" right after it, or after a linking word ("50 is dead")."""
    j = i + 1
    if j < len(tags) and tags[j].text in vocab.words("amounts", "dead_link"):
        j += 1
    return j < len(tags) and tags[j].text in vocab.words("amounts", "dead")


def _closing(doc: Doc) -> str:
    """The question's last sentence, normalised: where what is asked is said."""
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", doc.low.strip()) if s.strip()]
    return sentences[-1] if sentences else ""


def _stack_left_asked(doc: Doc, told: Told) -> None:
    """"Seat 4 had 3,850 behind going to the turn ... what's he got left?": the closing question asks for the
    chips left after the action, and the street the stack was told for (its chips as that street began; a stack
    told before any street, the whole hand)."""
    closing = _closing(doc)
    if "stack_left" not in actionlog.asks(closing) \
            and closing.strip(" ?.!") not in vocab.words("asks", "stack_left_alone"):
        return
    doc.set("asks_stack_left", True)
    stacks = told.of("stack")
    if stacks:
        doc.set("stack_street", stacks[-1].street or "preflop")


def _pot_asked(doc: Doc, told: Told) -> None:
    """"What's the turn pot?", "how much does the cutoff drag?": the closing question asks the pot's size (as the
    street it names began, when it names one after the last told action's street)."""
    closing = _closing(doc)
    asked = actionlog.asks(closing)
    terse = len(closing.split()) <= 4  # "top side pot?": the pot's size asked by naming it
    if "side_pot" in asked and ("how_much" in asked or terse):
        doc.set("asks_side_pot", True)  # "how big is the side pot?" (not "walk me through building the side pot")
    elif "pot_size" not in asked and not ("pot_taken" in asked and "how_much" in asked):
        return  # "who drags it?": who wins, not how much
    doc.set("asks_pot", True)
    if "main_pot" in asked:
        doc.set("asks_main_pot", True)
    named = [t.value for t in actionlog.tags_of(closing, closing) if t.kind == "street"]
    if named and isinstance(named[-1], str):
        doc.set("pot_street", named[-1])


def _stack_before_chips(doc: Doc, told: Told) -> None:
    """A stack told before the chips put out is the stack they came out of ("has 310 behind going to the turn ...
    puts out three blacks"), with the street it was told for."""
    stacks, put = told.of("stack"), told.of("chips_out")
    if not stacks or not put:
        return
    doc.set("stack_told_first", stacks[0].index < put[-1].index)
    doc.set("stack_street", stacks[-1].street or "preflop")


# The asks (asked.py) that name a fact the rules compute from the told hand.
_ASK_FACT = {"min_raise": "asks_min_raise", "call_amount": "asks_call", "yes_no": "asks_yes_no",
             "refund": "asks_refund"}


def _asked(doc: Doc, told: Told, floor_p: float) -> None:
    """Which number the question asks for, learned from the told stories: the minimum raise or the call."""
    from engine.understanding import asked

    ask, p, probs = asked.read(told.tags)
    if p >= floor_p and ask in _ASK_FACT:
        doc.set(_ASK_FACT[ask], True)
    if probs.get("refund", 0.0) + probs.get("change_back", 0.0) >= floor_p:
        doc.set("asks_chips_back", True)  # "how much of his bet goes back?": a refund or change, either way back


def _in_clause(tags: list[Tag], i: int, section: str, key: str) -> bool:
    """Whether a word or phrase of a vocabulary list stands in the clause of the tag at ``i``."""
    lo, hi = _clause_bounds(tags, i)
    return _list_rx(section, key).search(" ".join(t.text for t in tags[lo:hi])) is not None


@cache
def _list_rx(section: str, key: str) -> re.Pattern[str]:
    """A vocabulary list as one pattern of whole words (kept: each list is compiled once)."""
    return re.compile(r"\b" + vocab.alternation(vocab.words(section, key)) + r"\b")


def _clause_bounds(tags: list[Tag], i: int) -> tuple[int, int]:
    """Where the clause of the tag at ``i`` begins and ends (clauses end at a full stop or a comma)."""
    lo = next((j for j in range(i - 1, -1, -1) if tags[j].kind in CLAUSE_ENDS), -1) + 1
    hi = next((j for j in range(i + 1, len(tags)) if tags[j].kind in CLAUSE_ENDS), len(tags))
    return lo, hi


def _staff_says(tags: list[Tag], i: int) -> bool:
    """Whether the words at ``i`` are staff's (the dealer's count) rather than a player's: staff named in its
    clause before it, or the teller himself when a player asked him ("Seat 9 asked me the bet, I said 400")."""
    lo, _hi = _clause_bounds(tags, i)
    staff = vocab.words("actors", "staff")
    if any(tags[j].text in staff for j in range(lo, i)):
        return True
    if _staff_then_pronoun(tags, lo, i):
        return True
    me = vocab.words("actors", "first_person")
    return _teller_is_staff(tags) and any(tags[j].text in me for j in range(lo, i))


def _staff_then_pronoun(tags: list[Tag], lo: int, i: int) -> bool:
    """"I asked the dealer, he said 'six hundred'": a pronoun speaking in the clause right after one that named
    staff stands for staff."""
    speaker = next((tags[j].text for j in range(lo, i) if tags[j].kind == "actor"), None)
    if speaker not in vocab.words("actors", "third_person") or lo == 0 or tags[lo - 1].kind != "comma":
        return False
    before, _ = _clause_bounds(tags, lo - 2) if lo >= 2 else (0, 0)
    return any(tags[j].text in vocab.words("actors", "staff") for j in range(before, lo - 1))


def _teller_is_staff(tags: list[Tag]) -> bool:
    """The teller speaks as staff: a player asked him ("Seat 9 asked me the bet"), or he tells what he dealt
    ("dealing 2/5 ... i said 85")."""
    return _teller_was_asked(tags) or any(t.text in vocab.words("speech", "teller_deals") for t in tags[:3])


def _said_before(tags: list[Tag], i: int) -> bool:
    """Whether words of saying, or of staff's counting, stand in the clause before the tag at ``i`` ("the dealer
    said it was 300", "the dealer counts it as 340")."""
    lo, _hi = _clause_bounds(tags, i)
    counting = vocab.words("speech", "counting")
    return any(tags[j].kind == "say" or tags[j].text in counting for j in range(lo, i))


def _teller_was_asked(tags: list[Tag]) -> bool:
    """Whether a player asked the teller ("asked me", "asks me"): the teller is the staff he asked."""
    texts = [t.text for t in tags]
    asking, me = vocab.words("speech", "asking"), vocab.words("actors", "first_person")
    return any(a in asking and b in me for a, b in pairwise(texts))


# Roles an amount in a correction ("it's actually 250") cannot have been: whatever else the learned reading was
# unsure between, a figure corrected right after staff's is the bet's.
_NOT_A_BET = ("stakes", "small_blind", "big_blind", "ante", "seat", "pot", "stack", "limit", "top_up")


def _valuation(doc: Doc, told: Told) -> None:
    """3.19: a figure staff gave for a bet ("the dealer said 1,700": read as words said, or as an amount only
    claimed), and the bet's real size when the story tells a wager of another figure."""
    from engine.policy import policy

    figures = [r.mention.value for r in told.readings if r.role in ("said", "other", "chips_out")
               and r.mention.kind == "amount" and _staff_says(told.tags, r.mention.index)
               and (r.role == "said" or _said_before(told.tags, r.mention.index))]  # not "the dealer at table 1"
    # (staff put no chips out: "the dealer counts it as 440" read as chips is his figure all the same)
    if not figures:
        return
    figure = figures[-1]
    floor_p = policy()["reader"]["role_floor"]
    real = [p.value for p in told.placed if p.role in ("wager_to", "all_in_to") and p.value != figure] or \
        _wagers_either_kind(told, figure, floor_p)
    # (a wager placed first: "bets three blues and a red" is one bet of 35, not its last chip's 5)
    corrected = [p.value for p in told.placed if p.chips is not None and p.value != figure
                 and _in_clause(told.tags, p.index, "speech", "correction")]  # "it was actually 3 greens and a black"
    corrected = corrected or [r.mention.value for r in told.readings if r.mention.value != figure
                              and r.mention.kind == "amount" and r.role not in _NOT_A_BET
                              and _in_clause(told.tags, r.mention.index, "speech", "correction")
                              and not _staff_says(told.tags, r.mention.index)]  # "It's actually 250", "really 4200"
    real = corrected or real
    if real:
        doc.set("dealer_said_amount", figure)
        doc.set("dealer_misvalued", True)
        doc.set("bet_faced", real[-1])


def _wagers_either_kind(told: Told, figure: int, floor_p: float) -> list[int]:
    """The amounts read as a wager of either kind (a bet or raise, or an all-in) other than ``figure``, a heap told
    piece by piece added up ("the bet is really five blacks and two greens" is one wager of 550)."""
    out: list[tuple[int, int, bool]] = []  # (index, value, told as chips)
    for r in told.readings:
        m = r.mention
        if m.value == figure or r.probs.get("wager_to", 0.0) + r.probs.get("all_in_to", 0.0) < floor_p:
            continue
        if out and out[-1][2] and m.kind == "chips" and _heap_gap(told.tags, out[-1][0], m.index):
            out[-1] = (m.index, out[-1][1] + m.value, True)
        else:
            out.append((m.index, m.value, m.kind == "chips"))
    return [value for _i, value, _chips in out]


def _stacks(doc: Doc, told: Told) -> None:
    """Each player's chips behind, as told ("Player C has 650 remaining"), and the stacks told before a player
    first acted."""
    stacks = {who: p.value for p in told.of("stack") for who in (p.players or (p.actor,)) if who
              and not is_unnamed(who) and not _in_clause(told.tags, p.index, "amounts", "whole_stack")}
    if stacks:
        doc.set("stacks", stacks)
    _starting_stacks(doc, told)


def _starting_stacks(doc: Doc, told: Told) -> None:
    """Each player's stack told before he first acted ("Seat 10 started the hand with 1,480. He limped ..."): what
    an all-in or a short call of his told later without its size is out of (the rules work out what was left)."""
    first: dict[str, int] = {}
    for p in told.placed:
        if p.role in _KIND and p.actor:
            first.setdefault(p.actor, p.index)
    starts = {p.actor: p.value for p in told.of("stack") if p.actor and not p.players
              and (p.index < first.get(p.actor, -1) or _in_clause(told.tags, p.index, "amounts", "whole_stack"))}
    for p in told.of("stack"):  # "UTG and the big blind both started the hand with 800": each of them
        if len(p.players) > 1 and _in_clause(told.tags, p.index, "amounts", "hand_start"):
            starts.update((who, p.value) for who in p.players if who and not is_unnamed(who))
    if starts:
        doc.set("starting_stacks", starts)


def _counted_all_in(doc: Doc, told: Told) -> None:
    """An all-in told as the chips counted ("he's got 2 yellows, 6 blacks and 11 greens"): its total."""
    heaps = [p for p in told.of("all_in_to") if p.chips is not None]
    if not heaps and any(t.kind == "verb" and t.value == "all_in" for t in told.tags):
        heaps = [p for p in [*told.of("chips_out"), *told.of("stack")]
                 if (p.chips or 0) > 1]  # a story of a shove, its chips (or the shover's stack) counted
    if heaps:
        doc.set("all_in_total", heaps[-1].value)


def _named_in_question(told: Told, aliases: dict[str, str]) -> str | None:
    """The one player the closing question names who also acted in the told round ("S1 needs how much to
    call?"): whose call or raise is asked about, under the name ``aliases`` gives a position told with its seat. A
    question told first ("whats the damage to call? 1/2, i opened 8 ...") ends at its question mark."""
    marks = [i for i, t in enumerate(told.tags) if t.text == "?"]
    tags = told.tags[:marks[-1] + 1] if marks else told.tags
    last = max((i for i, t in enumerate(tags[:-1]) if t.kind == "break"), default=-1)
    asking = vocab.words("asks", "question_words")
    if not tags or (tags[-1].text != "?" and not any(t.text in asking for t in tags[last + 1:])):
        return None
    clause = max((i for i, t in enumerate(tags[:-1]) if t.kind in CLAUSE_ENDS), default=-1)
    speaker = [t for t in tags[clause + 1:] if t.text in vocab.words("actors", "first_person")]
    if speaker and speaker[0].text in told.seats:
        return told.seats[speaker[0].text]  # "im in the bb ..., how much do i gotta put in": the speaker's call
    first = vocab.words("actors", "first_person")
    asked = tags[clause + 1:]
    if any(t.text in asking for t in asked):  # "..., everybody else folds to me, what is my call?": that clause
        teller = _teller_in_hand(told)
        if teller and any(t.text in vocab.words("actors", "first_person_own") for t in asked):
            return teller
        if any(t.kind == "actor" for t in asked):
            last = clause
    said = (told.seats.get(name_of(tags, j).lower(), _teller(name_of(tags, j), first))
            for j in range(last + 1, len(tags)) if _names_player(tags, j))
    named = {aliases.get(w, w) for w in (told.acted_as.get(v, v) for v in said)}  # "the opener": who opened
    named |= {told.seats[t.text] for t in tags[last + 1:] if t.text in told.seats}  # "how much do i need"
    acted = {p.actor for p in told.placed if p.role in _KIND} | {"SB", "BB"}  # a blind is in by his post
    both = named & acted
    if not both:  # "Cutoff and button both just call 2 ... how much does the cutoff need?": named in the story
        both = named & {told.seats.get(name_of(tags, j).lower(), name_of(tags, j)) for j in range(last + 1)
                        if tags[j].kind == "actor"}
    if not named and not both:
        return _teller_in_hand(told) or _named_just_before(told, tags, last)
    return next(iter(both)) if len(both) == 1 else None


def _action_comes_to(told: Told) -> str | None:
    """"..., Seat 7 calls, back to Seat 2. How much is it to him?", "folds round to the BB, who asks ...", "S2 to
    call?": the player the action last came to, when he has not acted since; his is the call asked about."""
    tags = told.tags
    hand_to, after = vocab.words("actors", "action_to"), vocab.words("actors", "to_act")
    for j in range(len(tags) - 1, 0, -1):
        if tags[j].kind != "actor" or tags[j].text in vocab.words("actors", "pronouns"):
            continue
        k = j - 1 - (tags[j - 1].text in vocab.words("actors", "determiners"))  # "to the BB"
        passed = k > 0 and tags[k].text == "to" and tags[k - 1].text in hand_to
        turn = j + 2 < len(tags) and f"{tags[j + 1].text} {tags[j + 2].text}" in after
        if passed or turn:
            who = name_of(tags, j)
            acted = any(p.actor == who and p.index > j and p.role in _KIND for p in told.placed)
            return None if acted else who
    return None


def _names_player(tags: list[Tag], j: int) -> bool:
    """Whether the tag at ``j`` names a player of its own: not the "guy" of "the UTG guy", which is the UTG's."""
    if tags[j].kind != "actor":
        return False
    positions = set(vocab.table("actors", "positions").values())
    return not (j and tags[j].text in vocab.words("actors", "roles") and tags[j - 1].kind == "actor"
                and str(tags[j - 1].value) in positions)


def _named_just_before(told: Told, tags: list[Tag], last: int) -> str | None:
    """A question naming nobody after a sentence that only names a player ("BTN opens 60. SB (10 in). Amount to
    call?"): the player that sentence is about, when it tells no action of his."""
    start = max((i for i, t in enumerate(tags[:max(last, 0)]) if t.kind == "break"), default=-1)
    who = {told.seats.get(name_of(tags, j).lower(), name_of(tags, j)) for j in range(start + 1, max(last, 0))
           if tags[j].kind == "actor"}
    acted = any(start < p.index < last and p.role in _KIND for p in told.placed)
    return next(iter(who)) if len(who) == 1 and not acted else None


def _teller(name: str, first: list[str]) -> str:
    """The teller under the one name his own actions go by ("what's it cost me" asks about "i led for 16000")."""
    return first[0] if name.lower() in first else name


def _teller_in_hand(told: Told) -> str | None:
    """A question naming nobody ("how much more to call?") told by a player in the hand ("im the bb", "i opened
    8"): the teller's own call, under the name his chips go by."""
    first = set(vocab.words("actors", "first_person"))
    seat = next((told.seats[w] for w in first if w in told.seats), None)
    if seat:
        return seat
    mine = [p.actor for p in told.placed if p.role in _KIND and (p.actor or "").lower() in first]
    return mine[0] if mine else None


# The amount of one role, as the fact it states (the last told, when a story tells it twice).
_FACT_OF_ROLE = {"pot": "pot", "limit": "table_limit", "stack": "stack_behind", "said": "verbal_amount",
                 "added": "chips_added", "top_up": "add_amount", "straddle": "straddle"}


def older_patterns(kind: str) -> bool:
    """Whether the older hand-written readers of ``kind`` ("actions": the told betting; "amounts": stakes, pot,
    limit, stack, chips put out, an amount said) may still fill what the learned reading left unread (policy
    settings, so measuring can tell what they still add)."""
    from engine.policy import policy

    return bool(policy()["reader"][f"older_{kind}"])
