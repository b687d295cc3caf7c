"""Each player's total in the hand, when the story tells totals rather than the betting.

"Seat 3 has put 600 in so far, Seat 8 has matched him", "they each had 1,150 in when I burned", "the woman
opposite had put in the same": a misdeal's refund or a pot is then the sum of these totals. The reading is a
small grammar over the tagged words (``[amounts]`` put_in_before / put_in_after / same_total / group in the
vocabulary): an amount between a word of having or putting and "in", the player of its clause, or the players
of the sentence before when the total is each of a group's. A total told for one street ("had 600 in pre and
400 on the flop") is the action log's to add up, not a total.
"""

from __future__ import annotations

from engine.facts import unnamed_player
from engine.understanding import vocab
from engine.understanding.actionlog import Tag, tags_of
from engine.understanding.doc import Doc

_ENDS = ("break", "comma")


def extract(doc: Doc) -> None:
    """Set ``contributions`` from the totals told, when the story tells at least one player's and none of them
    acted again after his total was told ("had 300 in by the time it got heads up, then he bet 500": the total
    was the hand so far, and the action log adds up the rest)."""
    tags = tags_of(doc.nums, doc.text)
    per, at = _read(tags)
    told = getattr(doc, "told", None)
    if per and told is not None:
        acted = [(p.actor, p.index) for p in told.placed if p.role in ("wager_to", "raise_by", "all_in_to", "call")]
        if any(who in per and i > at for who, i in acted):
            return
    if per:
        doc.set("contributions", per)


def read(tags: list[Tag]) -> dict[str, int]:
    """Each player's told total, in the order told."""
    return _read(tags)[0]


def _read(tags: list[Tag]) -> tuple[dict[str, int], int]:
    """Each player's told total, and where the last of them was told (the index of its clause's first tag)."""
    per: dict[str, int] = {}
    at = -1
    last: int | None = None
    for lo, hi in _clauses(tags):
        clause = tags[lo:hi]
        total = _by_street(clause) or _total_in(clause)
        if total is None and last is not None and _says(clause, "same_total"):
            total = last  # "Seat 8 has matched him", "had put in the same"
        if total is None:
            continue
        for who in _owners(tags, lo, clause):
            per[who] = total
        last, at = total, hi
    return per, at


def _clauses(tags: list[Tag]) -> list[tuple[int, int]]:
    out, lo = [], 0
    for i, t in enumerate(tags):
        if t.kind in _ENDS:
            out.append((lo, i))
            lo = i + 1
    out.append((lo, len(tags)))
    return [(a, b) for a, b in out if b > a]


def _by_street(clause: list[Tag]) -> int | None:
    """A total told street by street in one clause ("i'd put 600 in pre and 1.5k on the flop"): the sum, when a
    word of putting opens it and two or more amounts each name their street."""
    before = vocab.words("amounts", "put_in_before")
    if not any(t.text.lower() in before for t in clause):
        return None
    sized = []
    for i, t in enumerate(clause):
        if t.kind == "amount" and isinstance(t.value, int) \
                and any(x.kind == "street" for x in clause[i + 1:i + 4]):
            sized.append(t.value)
    return sum(sized) if len(sized) >= 2 else None


def _total_in(clause: list[Tag]) -> int | None:
    """The amount told as a total in: a word of having or putting before it and "in" after it ("has put 600 in"),
    or both before it ("put in 1,150"); not a street's bet ("had 600 in pre")."""
    before, after = vocab.words("amounts", "put_in_before"), vocab.words("amounts", "put_in_after")
    for i, t in enumerate(clause):
        if t.kind != "amount" or not isinstance(t.value, int) or i == 0:
            continue
        nxt = clause[i + 1] if i + 1 < len(clause) else None
        then = clause[i + 2] if i + 2 < len(clause) else None
        if clause[i - 1].text.lower() in before and nxt is not None and nxt.text.lower() in after \
                and (then is None or not _something_else(then)):
            return t.value
        if i >= 2 and clause[i - 1].text.lower() in after and clause[i - 2].text.lower() in before \
                and (nxt is None or nxt.kind != "street"):
            return t.value  # "each put in 1,150"
    return None


def _something_else(t: Tag) -> bool:
    """A word after "in" that makes the amount a street's bet or a stack's make-up, not a total in the hand."""
    word = t.text.lower()
    colours = vocab.chip_colours()
    return t.kind == "street" or word in vocab.words("amounts", "not_put_in") or word in colours \
        or word.rstrip("s") in colours


def _owners(tags: list[Tag], lo: int, clause: list[Tag]) -> list[str]:
    """Whose total it is: the clause's player, or each player of the sentence before for a group's total."""
    named = [t.value for t in clause if t.kind == "actor" and isinstance(t.value, str)]
    grouped = _says(clause, "group")
    own = [n for n in named if n.lower() not in vocab.words("actors", "pronouns")]
    if len(own) > 1 or (own and not grouped):
        return own
    if grouped:
        earlier = _players_before(tags, lo)
        if len(earlier) > 1:
            return earlier
        if not named and any(t.text.lower() in vocab.words("amounts", "two_of_them") for t in clause):
            return [unnamed_player(1), unnamed_player(2)]  # "both players had put in 40 preflop and 120 on the flop"
    return named[:1]


def _players_before(tags: list[Tag], lo: int) -> list[str]:
    """The players named in the stretch of the story just before a clause (back to the previous full stop)."""
    out: list[str] = []
    j = lo - 1
    while j >= 0 and tags[j].text not in (".", "!", "?"):
        t = tags[j]
        if t.kind == "actor" and isinstance(t.value, str) and t.value.lower() not in vocab.words("actors", "pronouns"):
            out.insert(0, t.value)
        j -= 1
    return list(dict.fromkeys(out))


def _says(clause: list[Tag], key: str) -> bool:
    text = " " + " ".join(t.text.lower() for t in clause) + " "
    return any(f" {w} " in text for w in vocab.words("amounts", key))
