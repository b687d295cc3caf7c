"""The told round, from the learned role of each amount (``amount_roles``): who put in how much, in order.

The classifier says what each amount is (a wager's total, a call, chips pushed out, words spoken, a stack,
the pot ...); this module only places those readings: each amount's player is the nearest one named before
it in its sentence (or the last one named), a street named before it is its street, and a raise told by its
increase is turned into its total by replaying the round so far. Readings below the confidence the policy
sets are left out, so an unsure amount leaves its fact unknown rather than wrong. The reader reports what was
said and done; the rules decide what it means.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.facts import Action
from engine.understanding import amount_roles
from engine.understanding.actionlog import Tag
from engine.understanding.amount_roles import Reading
from engine.understanding.doc import Doc

_KIND = {"wager_to": "raise", "all_in_to": "all-in", "call": "call", "raise_by": "raise"}


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


@dataclass
class Told:
    """What the amounts of a description say happened, each with the probability of its reading."""

    placed: list[Placed] = field(default_factory=list)
    small_blind: int | None = None
    big_blind: int | None = None

    def of(self, role: str) -> list[Placed]:
        return [p for p in self.placed if p.role == role]

    def street(self) -> str | None:
        """The street of the last told action: the round the question is about."""
        acts = [p for p in self.placed if p.role in amount_roles.ACTION_ROLES]
        return acts[-1].street if acts else None

    def actions(self) -> list[Action]:
        """The told actions of the last street with actions, as the rules' actions (totals, in order)."""
        street = self.street()
        acts = [p for p in self.placed if p.role in amount_roles.ACTION_ROLES and p.street == street]
        out: list[Action] = []
        current = (self.big_blind or 0) if street in (None, "preflop") else 0
        for n, p in enumerate(acts):
            actor = p.actor or f"player {n + 1}"
            amount = current + p.value if p.role == "raise_by" else p.value
            kind = _KIND[p.role]
            if kind == "raise" and current == 0:
                kind = "bet"
            out.append(Action(actor=actor, kind=kind, amount=amount))  # type: ignore[arg-type]
            if kind != "call":
                current = max(current, amount)
        return out

    def least_sure(self, roles: tuple[str, ...]) -> float:
        """The lowest probability among the readings of these roles (1.0 when there are none)."""
        return min((p.p for p in self.placed if p.role in roles), default=1.0)


def read_told(text: str, floor_p: float) -> Told:
    """The told round of a description; readings less probable than ``floor_p`` are left out."""
    tags, readings = amount_roles.read(text)
    told = Told()
    for r in readings:
        i = r.mention.index
        _place(told, r, tags[i], _actor_of(tags, i), _street_of(tags, i), floor_p)
    return told


_CLAUSE_ENDS = ("break", "comma")


def _actor_of(tags: list[Tag], i: int) -> str | None:
    """Whose amount it is: the player named before the verb the amount follows, in the same clause ("guy raises
    me to 1200" is the guy's raise, not mine). A clause that names nobody is nobody's known player."""
    start = i
    for j in range(i - 1, -1, -1):
        if tags[j].kind in _CLAUSE_ENDS:
            break
        if tags[j].kind == "verb":
            start = j
            break
    for j in range(start - 1, -1, -1):
        if tags[j].kind in _CLAUSE_ENDS:
            break
        if tags[j].kind == "actor":
            return _name(tags, j)
    return None


def _street_of(tags: list[Tag], i: int) -> str | None:
    """The street an amount was on: named earlier in its sentence, else later in its clause ("i bet 400 on the
    turn"), else the last street named before it."""
    for j in range(i - 1, -1, -1):
        if tags[j].kind == "break":
            break
        if tags[j].kind == "street":
            return str(tags[j].value)
    for j in range(i + 1, len(tags)):
        if tags[j].kind in _CLAUSE_ENDS:
            break
        if tags[j].kind == "street":
            return str(tags[j].value)
    return next((str(t.value) for t in reversed(tags[:i]) if t.kind == "street"), None)


def _place(told: Told, r: Reading, tg: Tag, actor: str | None, street: str | None, floor_p: float) -> None:
    if r.p < floor_p or r.role in ("other", "seat"):
        return
    m = r.mention
    if r.role == "stakes" and told.big_blind is None:
        told.small_blind, told.big_blind = m.small, m.value
    elif r.role == "small_blind" and told.small_blind is None:
        told.small_blind = m.value
    elif r.role == "big_blind" and told.big_blind is None:
        told.big_blind = m.value
    chips = getattr(tg.value, "count", None) if m.kind == "chips" else None
    last = told.placed[-1] if told.placed else None
    if last is not None and last.chips is not None and chips is not None and last.role == r.role \
            and last.actor == actor:
        # "2 purples, 3 blacks and 4 greens": one heap of chips told colour by colour
        last.value += m.value
        last.chips += chips
        last.p = min(last.p, r.p)
        return
    told.placed.append(Placed(r.role, m.value, r.p, actor, street, tg.start, chips))


def _name(tags: list[Tag], j: int) -> str:
    """A player's name as rulings print it; "he" or "she" stands for the last player named before."""
    name = str(tags[j].value)
    if name.lower() in ("he", "she", "him", "her", "they"):
        named = next((str(t.value) for t in reversed(tags[:j]) if t.kind == "actor"
                      and str(t.value).lower() not in ("he", "she", "him", "her", "they", "i", "me")), None)
        return named or name
    return name


def extract(doc: Doc) -> None:
    """State the facts the amounts carry, before the older readers: the first reader to state a fact wins
    (``Doc.set``), so a confident learned reading outranks a pattern and an unsure one leaves the gap to them."""
    from engine.policy import policy

    told = read_told(doc.text, policy()["reader"]["role_floor"])
    doc.told = told
    if told.big_blind:
        doc.set("big_blind", told.big_blind)
        doc.set("small_blind", told.small_blind)
    for role, name in _FACT_OF_ROLE.items():
        found = told.of(role)
        if found:
            doc.set(name, found[-1].value)
    if told.street():
        doc.set("street", told.street())
    put = told.of("chips_out")
    if put:
        last = put[-1]
        doc.set("chips_put_out", last.value)
        if last.chips is not None:
            doc.set("chip_count", last.chips)
        if last.actor:
            doc.set("put_by", last.actor)
    if told.of("said"):
        doc.set("declared", True)


# The amount of one role, as the fact it states (the last told, when a story tells it twice).
_FACT_OF_ROLE = {"pot": "pot", "limit": "table_limit", "stack": "stack_behind", "said": "verbal_amount",
                 "added": "chips_added", "top_up": "add_amount"}
