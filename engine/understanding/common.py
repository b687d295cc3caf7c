"""Facts every section reads: amounts, stakes, street, limits, stacks and pots.

People write amounts every way there is: 1,500 / 1500 / 1.5k / 1k5 / "three
hundred" / "a black chip" / "two greens" / "three 100s and two 25s".  Chip
colours come from ``config.toml`` so a room with other colours only edits
the file.
"""

from __future__ import annotations

from functools import lru_cache

from engine.understanding import rx as re  # cached compiles: see rx.py
from engine.understanding import vocab
from engine.understanding.doc import Doc
from engine.understanding.numbers import exact_amount
from engine.understanding.told import older_patterns

# An amount as written; "1e309" is no amount at all (not 1), so a digit run followed by an exponent is refused.
NUM = r"(?:\d{1,3}(?:,\d{3})+(?![\d])|\d+(?:\.\d+)?)(?:k\d*(?![a-z])|(?![\d]|e[+-]?\d))"
_AMOUNT = re.compile(r"(?<![\w.,/])\$?(" + NUM + r")")
COUNT_WORDS: dict[str, int] = vocab.table("amounts", "counts")
STREETS: tuple[str, ...] = tuple(vocab.words("streets", "names"))


chip_colours = vocab.chip_colours  # config.toml [chips] is the one source of colours


def parse_amount(token: str) -> int | None:
    """'1,500' -> 1500, '1.5k' -> 1500, '1k5' -> 1500, '5k' -> 5000; exact, never through a float."""
    return exact_amount(token)


def amounts_in(text: str) -> list[tuple[int, int, int]]:
    """(value, start, end) for every amount written in digits."""
    out = []
    for m in _AMOUNT.finditer(text):
        v = parse_amount(m.group(1))
        if v is not None:
            out.append((v, m.start(1), m.end(1)))
    return out


def _count(word: str) -> int | None:
    """A count written as digits or a word ("two", "a couple of"); the words come from the vocabulary."""
    word = word.strip()
    if word.isdigit():
        return int(word)
    return COUNT_WORDS.get(word)


_COUNT_RE = "(" + vocab.alternation(list(COUNT_WORDS)) + r"|\d+)"


def stated_chip_values(text: str) -> dict[str, int]:
    """Chip values the story gives itself ("blacks (100 each)", "yellows are 500"): the action log's reading
    (``actionlog.stated_values``), so the older readers and the learned one value a colour alike."""
    return dict(_stated_chip_values(text))


@lru_cache(maxsize=256)
def _stated_chip_values(text: str) -> tuple[tuple[str, int], ...]:
    """Kept for the last few texts: several older readers ask it of the same question."""
    from engine.understanding.actionlog import stated_values, tokens

    return tuple(stated_values(tokens(text)).items())


def chips_described(text: str) -> tuple[int, int, bool] | None:
    """Value, chip count and whether denominations were named, for phrases like
    "a black chip", "two greens", "three 100s and two 25s", "a 1,000 chip and a 500 chip"."""
    colours = {**chip_colours(), **stated_chip_values(text)}
    total = 0
    count = 0
    found = False
    col = "|".join(sorted(map(re.escape, colours), key=len, reverse=True))
    for m in re.finditer(r"(?<![=:\d])(?<![=:] )" + _COUNT_RE + r"\s+(?:single\s+)?(" + col + r")(?:s)?(?:\s+chips?)?\b", text):
        n = _count(m.group(1))
        if n:
            total += n * colours[m.group(2)]
            count += n
            found = True
    for m in re.finditer(_COUNT_RE + r"\s+(?:single\s+)?(" + NUM + r")(?:'?s\b|\s+chips?\b)", text):
        n = _count(m.group(1))
        v = parse_amount(m.group(2))
        if n and v:
            total += n * v
            count += n
            found = True
    if found:
        # In a list of chips the last item often drops the noun: "eight 100s and one 500".
        for m in re.finditer(r"(?:\band|,)\s+" + _COUNT_RE + r"\s+(" + NUM + r")(?!\w|,\d|'?s\b|\s+(?:chips?|pot|bet|more|behind|to call))",
                             text):
            n = _count(m.group(1))
            v = parse_amount(m.group(2))
            if n and v:
                total += n * v
                count += n
    return (total, count, found) if found else None


# A ruling refused or appealed: "he wants the table to vote on it", "can i appeal to the owner".
_REFUSED = (r"refus\w* to accept", r"won'?t accept", r"doesn'?t accept", r"not accept\w*", r"appeal\w*",
            r"overrul\w*", r"overturn\w*")
_VOTED = (r"vote on (?:it|the ruling)", r"take a vote", r"vote (?:on whether|to (?:accept|overturn|reverse))")
_DENIED = (r"over (?:my|your|his|the floor'?s?) head", r"never agreed", r"didn'?t agree", r"did not agree",
           r"doesn'?t apply to (?:him|me|them)", r"(?:garbage|bad|wrong|unfair|bs) ruling", r"take it (?:higher|up)")
_DISPUTED = r"\b" + re.group(*_REFUSED, *_VOTED, *_DENIED) + r"\b"
_RULING_WORDS = r"\bruling\b|\bdecision\b|\bfloor\b|\bstaff\b|\bmanager\b|\bowner\b|\bhouse rules\b"


def extract(doc: Doc) -> None:
    """Set the facts every section reads (see engine.facts.common), one reader per kind of fact.

    The order is the order the facts were always read in: the first reader to state a fact wins (``Doc.set``),
    so the stakes' big blind outranks a big blind named on its own.
    """
    t = doc.nums
    if older_patterns("amounts"):
        _stakes(doc, t)
    _street(doc, t)
    if older_patterns("amounts"):
        _limits(doc, t)
        _pot(doc, t)
    _players(doc, t)
    _about_the_ruling(doc, t)
    _live_cards(doc, t)


def _stakes(doc: Doc, t: str) -> None:
    """The blinds: "100/200", "2/5", "5-10 game", "blinds of 100 and 200", or the big blind alone ("bb 200")."""
    m = re.search(r"(?<![\d,.])(" + NUM + r")\s*/\s*(" + NUM + r")(?!\s*/)", t) or re.search(
        r"(?<![\d,.])(" + NUM + r")\s*-\s*(" + NUM + r")\s*(?:game|nl|nlh|no.?limit|blinds|table)", t
    ) or re.search(r"blinds?\s+(?:are|of|at|is)?\s*(" + NUM + r")\s*(?:and|&)\s*(" + NUM + r")", t)
    if m:
        sb, bb = parse_amount(m.group(1)), parse_amount(m.group(2))
        if sb and bb and sb <= bb:
            doc.set("small_blind", sb)
            doc.set("big_blind", bb)
    m = re.search(r"\b(?:big blind|bb)\s*(?:of\s+|is\s+|at\s+|=\s*|:\s*|posted\s+|posts\s+)?(" + NUM + r")\b"
                  r"(?!\s*(?:times|x\b|orbits?|players?|hands?|minutes?|mins?|seconds?|chips?\b|%))", t) or re.search(
        r"(" + NUM + r")\s+(?:big blind|bb)\b", t)
    if m:
        doc.set("big_blind", parse_amount(m.group(1)))


def _street(doc: Doc, t: str) -> None:
    """The street: "on the turn", "preflop", "flop betting" -- but "his turn" is whose turn it is, not a street."""
    m = re.search(r"\b(pre-?flop|flop|(?<!of )(?<!his )(?<!her )(?<!my )(?<!your )(?<!their )turn|river)\b", t)
    if m:
        doc.set("street", m.group(1).replace("-", ""))


def _limits(doc: Doc, t: str) -> None:
    """The table limit ("table max is 1k", "capped at 500") and the table minimum, which bound buy-ins and bets."""
    m = re.search(r"(?:table (?:limit|max(?:imum)?|cap)|max(?:imum)? buy.?in|buy.?in (?:cap|limit|max))(?:'s)?"
                  r"\s*(?:is|of|=|:|at)?\s*\$?(" + NUM + r")", t) or re.search(
        r"(?:limit|capped)\s+(?:is|of|at)\s+\$?(" + NUM + r")", t) or re.search(
        r"\btable (?:limit|max(?:imum)?)\b[^.,;]{0,25}?\b(?:is|of)\s+\$?(" + NUM + r")", t)
    if m:
        doc.set("table_limit", parse_amount(m.group(1)))
    m = re.search(r"(?:table minimum|min(?:imum)? bet)\s*(?:is|of)?\s*\$?(" + NUM + r")", t)
    if m:
        doc.set("table_minimum", parse_amount(m.group(1)))


def _pot(doc: Doc, t: str) -> None:
    """The pot: "a 3,200 pot", "pot of 18,450", "the pot is 900", "with 900 in the middle" -- not "pot-sized x3"."""
    m = re.search(r"(" + NUM + r")\s+(?:chip\s+)?pot\b", t) or re.search(r"\bpot\s+(?:of\s+|is\s+|was\s+)?(" + NUM + r")(?!\s*(?:times|x\b|%))", t) or re.search(
        r"\b(?:with|there(?:'s| is| was)|had|has)\s+\$?(" + NUM + r")\s+in the (?:middle|pot)\b", t) or re.search(
        r"\b(?:the )?(?:total(?: in the (?:middle|pot))?|middle)\s+(?:is|was|of|comes to|came to)\s+\$?(" + NUM + r")", t)
    if m and not _placed_as_action(doc, parse_amount(m.group(1))):
        doc.set("pot", parse_amount(m.group(1)))


def _placed_as_action(doc: Doc, value: int | None) -> bool:
    """Whether the learned reading placed the amount as a player's action ("each of us had 3,000 in the pot": each
    player's chips), so the pattern's pot is not the pot."""
    from engine.understanding.amount_roles import ACTION_ROLES

    told = doc.told
    return told is not None and any(p.value == value and p.role in ACTION_ROLES for p in told.placed)


def _players(doc: Doc, t: str) -> None:
    """How many players are in the hand: "heads up", "three-way", "everyone folded except two"."""
    if re.search(r"\bheads.?up\b|\bhu\b|\bonly two (players|of us)\b|\bjust the two of us\b", t):
        doc.set("players_in_hand", 2)
    m = re.search(r"\b(\d|two|three|four|five)[- ]way\b", t) or re.search(
        r"\b(?:everyone|everybody|all the others|the rest|all others)\b[^.]{0,25}\b(?:fold|folds|folded|drop|dropped|out)\b"
        r"[^.]{0,10}\b(?:except|but|apart from|other than)\s+(\d|two|three|four|five)\b", t)
    if m:
        doc.set("players_in_hand", _count(m.group(1)) or int(m.group(1)))


def _about_the_ruling(doc: Doc, t: str) -> None:
    """Questions about rulings rather than play: what the book rests on, a ruling disputed, a penalty asked."""
    # What the book rests on: "which organisation's rules are these based on", "where do we look when they're silent".
    if re.search(r"\b(?:based on|based upon|fidpa|which (?:organi[sz]ation|body|federation)|where (?:should|do|can|to) "
                 r"(?:staff |we |i |you )?(?:look|go|check|refer)\b[^?]{0,40}\b(?:clarification|not (?:cover|say|give)|"
                 r"silent|doesn'?t (?:cover|say)))", t):
        doc.set("asks_basis", True)
    if re.search(_DISPUTED, t) and re.search(_RULING_WORDS, t):
        doc.set("disputes_ruling", True)
    if re.search(r"\b(?:kill(?:ed)? (?:his|her|my|the) hand|hand (?:be |get |gets )?(?:killed|declared dead|dead)|"
                 r"penalt\w*|punish\w*|consequence\w*|what happens to (?:him|her|his hand|her hand))\b", t):
        doc.set("asks_penalty", True)


def _live_cards(doc: Doc, t: str) -> None:
    """Whether the player still holds live cards: "already folded", "between hands" against "still in the hand"."""
    if re.search(r"\b(already folded|has folded|just folded|after (he|she|i) folded|between hands|no live cards|"
                 r"not in (the|a) hand)\b", t):
        doc.set("live_cards", False)
    elif re.search(r"\b(still has live cards|still in the hand|has live cards|mid.?hand|during the hand|in a hand)\b",
                   t):
        doc.set("live_cards", True)
