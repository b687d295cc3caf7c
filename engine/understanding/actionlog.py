"""The action log: what happened at the table, in order, read from a description.

Three small stages instead of one pattern per phrasing:

1. ``tokens`` splits the normalised text (number words already digits, see
   ``Doc.nums``) into words, amounts, stakes ("50/100") and punctuation;
2. ``tag`` labels them from the vocabulary (``vocabulary.toml``): actors,
   action verbs, amounts, chips by count and colour, "to"/"by", speech,
   clause breaks -- the longest vocabulary phrase wins;
3. ``parse`` is the grammar: a clause names an actor, then a verb, then
   optionally an amount or chips; an actor carries to the next verb in the
   same clause ("he calls and then folds").

Plain Python over tagged tokens was chosen over spaCy's Matcher or lark: the
grammar is a handful of rules, the vocabulary is data already, and neither tool
would make the few lines below plainer while both would add start-up time to
every ruling.  The reader reports what was said and done; what it means
(whether the action changed, who was last to raise) is for ``engine/rules``.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache, lru_cache

from engine.facts import unnamed_player
from engine.understanding import vocab
from engine.understanding.doc import Doc
from engine.understanding.numbers import exact_amount

_FIG = r"\d+(?:,\d{3})*(?:\.\d+)?(?:k\d{0,3})?"
# An amount is not the start of a plural denomination ("four 1,000s"): that is one word, read by _denomination.
# A figure of two digits or more joined to a word by a hyphen ("a 1,000-cap table", "a $500-chip") is an amount
# and a word; "3-bet" and "2-5" stay one word.
_TOKEN = re.compile(r"\$?(" + _FIG + r")\s*/\s*\$?(" + _FIG + r")|\$?(" + _FIG + r")(?!\w)(?!-(?![a-z])|(?<!\d\d)-)(?!,\d{3}s\b)|"
                    r"(\d{1,3}(?:,\d{3})+s\b|[a-z0-9']+(?:-[a-z0-9]+)*|=)|([.,;:!?()])")
_BREAK_WORDS = {"then", "and", "but", "while", "after", "before"}
_MAX_PHRASE = 5


@dataclass(frozen=True)
class Token:
    kind: str  # word, amount, stakes, punct
    text: str
    value: int | tuple[int, int] | None = None
    start: int = 0  # where it begins in the text read


@dataclass(frozen=True)
class Tag:
    kind: str  # actor, verb, amount, chips, to, by, say, silent, timing, break, stakes, other
    text: str
    value: object = None
    start: int = 0  # where its first token begins in the text read


@dataclass(frozen=True)
class Chips:
    """Chips described by count and colour or denomination ("three blacks", "a 500 chip")."""

    count: int
    denomination: int

    @property
    def value(self) -> int:
        return self.count * self.denomination


@dataclass
class Event:
    """One action: who did what, to (or by) how much, with which chips and what was said."""

    actor: str
    action: str  # bet, raise, all-in, call, check, fold
    to: int | None = None
    by: int | None = None
    chips: Chips | None = None
    said: str | None = None
    silent: bool = False
    out_of_turn: bool = False


@dataclass
class ActionLog:
    events: list[Event] = field(default_factory=list)
    small_blind: int | None = None
    big_blind: int | None = None
    asks: set[str] = field(default_factory=set)
    street: str = "preflop"  # the street the events are on (the last one named before them)


@cache
def _glued() -> re.Pattern[str]:
    """A one-letter verb of floor shorthand written against its amount ("b200", "r1.1k")."""
    letters = sorted(w for w in vocab.table("actions", "shorthand") if len(w) == 1)
    return re.compile(r"\b(" + "|".join(letters) + r")(?=\d)") if letters else re.compile(r"(?!)")


@cache
def _counted_positions() -> re.Pattern[str]:
    """"utg+1", "utg + 2": a seat counted from a position, glued into one word ("utg1") the vocabulary names."""
    return re.compile(r"\b(" + "|".join(vocab.words("actors", "counted_from")) + r")\s*\+\s*(\d)\b", re.IGNORECASE)


# "100bb", "3bbs": a count of big blinds written against its unit.
_BB_GLUED = re.compile(r"(\d)(bbs?)\b")


def tokens(text: str) -> list[Token]:
    """Words, amounts (exact integers), stakes and punctuation, in order."""
    return list(_tokens(text))


@lru_cache(maxsize=256)
def _tokens(text: str) -> tuple[Token, ...]:
    """``tokens``, kept for the few texts of the question being read: three readers tokenise the same text."""
    out: list[Token] = []
    text = _counted_positions().sub(r"\1\2", _BB_GLUED.sub(r"\1 \2", _glued().sub(r"\1 ", text)))
    for m in _TOKEN.finditer(text):
        if m.group(1):
            a, b = exact_amount(m.group(1)), exact_amount(m.group(2))
            out.append(Token("stakes", m.group(0), (a, b) if a and b else None, m.start()))
        elif m.group(3):
            out.append(Token("amount", m.group(3), exact_amount(m.group(3)), m.start(3)))
        elif m.group(4):
            out.extend(_words(m.group(4), m.start()))
        else:
            out.append(Token("punct", m.group(5), None, m.start()))
    return tuple(out)


def _words(word: str, start: int) -> list[Token]:
    """A word, with a clitic apart from its stem ("cap's 2k", "bet's 60", "i've got 640"), so the stem is read as
    itself; a vocabulary phrase written with a clitic still joins the two back (phrases are looked up squashed)."""
    word = vocab.table("speech", "apostrophe_dropped").get(word, word)  # "ive" -> "i've"
    for clitic in _CLITICS:
        if word.endswith(clitic) and len(word) > len(clitic):
            stem = word[:-len(clitic)]
            return [Token("word", stem, None, start), Token("word", clitic, None, start + len(stem))]
    head, _, last = word.rpartition("-")
    lex = _lexicon()
    if head and vocab.squash(word) not in lex and lex.get(vocab.squash(last), ("",))[0] == "verb":
        return [Token("word", head, None, start), Token("word", last, None, start + len(head) + 1)]  # "snap-called"
    return [Token("word", word, None, start)]


# "cap's", "i've", "i'd", "he'll", "they're", "i'm": a clitic apart from its stem ("n't" stays: "can't" is a word).
_CLITICS = ("'s", "'ve", "'d", "'ll", "'re", "'m")


@cache
def _lexicon() -> dict[str, tuple[str, object]]:
    """Squashed vocabulary phrase -> (tag kind, value)."""
    lex: dict[str, tuple[str, object]] = {}
    for phrase in vocab.data()["actors"]["roles"] + vocab.data()["actors"]["pronouns"]:
        lex[vocab.squash(phrase)] = ("actor", phrase)
    for phrase, name in vocab.table("actors", "positions").items():
        lex[vocab.squash(phrase)] = ("actor", name)
    for phrase, name in vocab.table("actors", "acted_as").items():
        lex[vocab.squash(phrase)] = ("actor", name)  # "the original raiser": whoever opened, found by the reader
    for kind in vocab.KINDS:
        for phrase in vocab.words("actions", kind):
            lex[vocab.squash(phrase)] = ("verb", kind)
    for form, kind in vocab.table("actions", "shorthand").items():
        lex.setdefault(vocab.squash(form), ("verb", str(kind)))
    for key in ("to", "by"):
        for phrase in vocab.words("amounts", key):
            lex.setdefault(vocab.squash(phrase), (key, phrase))
    for phrase in vocab.words("speech", "say"):
        lex.setdefault(vocab.squash(phrase), ("say", phrase))
    for phrase in vocab.words("streets", "names"):
        lex[vocab.squash(phrase)] = ("street", phrase)
    for phrase in vocab.words("streets", "preflop"):
        lex[vocab.squash(phrase)] = ("street", "preflop")
    for phrase in vocab.words("speech", "silent"):
        lex[vocab.squash(phrase)] = ("silent", phrase)
    for phrase in vocab.words("timing", "out_of_turn") + vocab.words("timing", "in_turn"):
        lex[vocab.squash(phrase)] = ("timing", phrase)  # "out of turn", "in turn": no turn card
    for phrase in vocab.words("speech", "not_a_call"):
        lex[vocab.squash(phrase)] = ("other", phrase)  # "I call a misdeal": nobody called a bet
    return lex


def _colour(word: str) -> int | None:
    """A chip colour's value: the one the story gives it ("yellows are 500 here"), else the room's."""
    colours = {**vocab.chip_colours(), **(_STATED.get() or {})}
    short = _short_colours()
    word = short.get(word) or (short[word[:-1]] + "s" if word.endswith("s") and word[:-1] in short else word)
    return colours.get(word) or (colours.get(word[:-1]) if word.endswith("s") else None)


@cache
def _short_colours() -> dict[str, str]:
    return vocab.table("amounts", "colour_short")


def _plain_figure(t: Token) -> int | None:
    """A token's whole figure: an amount, or one written with a plural "s" ("purples are 500s")."""
    if t.kind == "amount" and isinstance(t.value, int):
        return t.value
    return exact_amount(t.text[:-1]) if t.kind == "word" and re.fullmatch(r"\d+s", t.text) else None


# The chip values the story being tagged gives itself (set by ``tag`` while it reads that story).
_STATED: ContextVar[dict[str, int] | None] = ContextVar("stated_chip_values", default=None)


def stated_values(toks: list[Token]) -> dict[str, int]:
    """Chip values a story states: "yellows are 500 here", "oranges = 5000", "3 yellows (500 ea)", "7 blacks
    (100)". A figure in brackets is each chip's when "each" says so, or after a count of chips unless it is the
    count at the room's value ("4 blacks (400)" is their total); after one chip it may be a heap's total."""
    room = vocab.chip_colours()
    out, listed = _bracketed_list(toks, room)
    for i, t in enumerate(toks):
        colour = _colour_word(t.text, room)
        if colour is None or t.kind != "word" or i in listed:
            continue
        j, bracket = i + 1, i + 1 < len(toks) and toks[i + 1].text == "("
        j += bracket
        while j < len(toks) and toks[j].text in vocab.words("amounts", "chip_value_words"):
            j += 1
        value = _plain_figure(toks[j]) if j < len(toks) and j > i + 1 else None
        if value is None:
            continue
        each = j + 1 < len(toks) and toks[j + 1].text in vocab.words("amounts", "each_chip")
        count = toks[i - 1].value if i and toks[i - 1].kind == "amount" else None
        if bracket and not each and not (isinstance(count, int) and count > 1 and value != count * room[colour]
                                         and value != _heap_at_room(toks, i, room)):
            continue  # "4 blacks (400)": their total at the room's value; "a yellow and a black (1,100)": the heap's
        out[colour] = value
    return out


def _bracketed_list(toks: list[Token], room: dict[str, int]) -> tuple[dict[str, int], set[int]]:
    """"three blacks and three greens (100s and 25s)": one value in brackets for each colour of the list before
    it, in order. Returns the values and the places of the colours they were given to."""
    out: dict[str, int] = {}
    listed: set[int] = set()
    for k, t in enumerate(toks):
        if t.text != "(":
            continue
        end = next((j for j in range(k + 1, min(len(toks), k + 12)) if toks[j].text == ")"), None)
        figures = [v for j in range(k + 1, end or k) if (v := _plain_figure(toks[j])) is not None]
        if end is None or len(figures) < 2:
            continue
        colours: list[tuple[int, str]] = []
        i = k - 1
        while i >= 0 and (toks[i].kind == "amount" or toks[i].text in {*vocab.words("amounts", "heap_joiners"), ","}
                          or _colour_word(toks[i].text, room)):
            if (c := _colour_word(toks[i].text, room)) is not None:
                colours.insert(0, (i, c))
            i -= 1
        if len(colours) == len(figures):
            out.update((c, v) for (_i, c), v in zip(colours, figures, strict=True))
            listed.update(i for i, _c in colours)
    return out, listed


def _colour_word(word: str, room: dict[str, int]) -> str | None:
    """The room colour a word names ("greens", "blk"), else None."""
    word = _short_colours().get(word, word)
    return word if word in room else word[:-1] if word.endswith("s") and word[:-1] in room else None


def _heap_at_room(toks: list[Token], i: int, room: dict[str, int]) -> int:
    """The room's value of the list of chips that ends with the colour at ``i`` ("3 blacks n 2 greens": 350), read
    back over counts, colours and the words that join them."""
    joins = {*vocab.words("amounts", "heap_joiners"), ","}
    total = 0
    while i >= 1:
        colour, count = _colour_word(toks[i].text, room), toks[i - 1]
        n = count.value if count.kind == "amount" else (1 if count.text in vocab.words("amounts", "one_chip") else None)
        if colour is None or not isinstance(n, int):
            break
        total += n * room[colour]
        i -= 2
        while i >= 0 and toks[i].text in joins:
            i -= 1
    return total


def tags_of(nums: str, text: str) -> list[Tag]:
    """The tags of a description whose number words are already digits (``nums``), its players named from ``text``;
    the learned readers and the action log tag the same question, so the tagging is kept for the last few texts."""
    return list(_tags_of(nums, text))


@lru_cache(maxsize=256)
def _tags_of(nums: str, text: str) -> tuple[Tag, ...]:
    """``tags_of``, kept: tuples of frozen tags, so no reader can change another's."""
    return tuple(tag(tokens(nums), names_in(text)))


def tag(toks: list[Token], names: frozenset[str] = frozenset()) -> list[Tag]:
    """Label the tokens from the vocabulary, longest phrase first; then the players named by name (``names_in``)."""
    out: list[Tag] = []
    i = 0
    token = _STATED.set(stated_values(toks))
    try:
        while i < len(toks):
            taken = _tag_at(toks, i, out)
            i += taken
    finally:
        _STATED.reset(token)
    every = vocab.words("streets", "not_one")
    out = [Tag("other", tg.text, None, tg.start) if tg.kind == "street" and n and out[n - 1].text in every else tg
           for n, tg in enumerate(out)]  # "who's been hitting every river": no street of this hand
    return _sided(_named(out, names) if names else out)


def _sided(tags: list[Tag]) -> list[Tag]:
    """"the guy on my left", "the lady to my right": a player word with where he sits is one player, named with
    it, so two such players are not read as one."""
    sides = {tuple(p.split()) for p in vocab.words("actors", "sides")}
    out: list[Tag] = []
    i = 0
    while i < len(tags):
        tg = tags[i]
        side = 0 if tg.kind != "actor" else \
            next((n for n in (3, 2) if tuple(t.text for t in tags[i + 1:i + 1 + n]) in sides), 0)
        if side and tg.text not in vocab.words("actors", "pronouns"):
            words = " ".join(t.text for t in tags[i + 1:i + 1 + side])
            out.append(Tag("actor", f"{tg.text} {words}", f"{tg.value} {words}", tg.start))
            i += 1 + side
            continue
        out.append(tg)
        i += 1
    return out


_TITLE = re.compile(r"(?<![\w'])([A-Z][a-z]+)\b")


@cache
def _lettered() -> re.Pattern[str]:
    """"Player B", "seat C": a player named by a letter (the vocabulary's words before it)."""
    words = vocab.words("actors", "lettered")
    return re.compile(r"\b(?i:" + "|".join(map(re.escape, words)) + r") ([A-Z])\b")


def names_in(text: str) -> frozenset[str]:
    """Players named by a name as the original text writes it: a capitalised word that is not the first of its
    sentence ("then Dana raises"), or is so again elsewhere, a letter after "player" ("Player B"), and a letter
    standing alone for such a player ("B 3-bets": ``_letters``). Lower case, as the tags are; a word the
    vocabulary knows keeps its own tag."""
    found: dict[str, bool] = {}
    places: set[str] = set()
    for m in _TITLE.finditer(text):
        before = text[:m.start()].rstrip(" \"'(")
        first = not before or before[-1] in ".!?:\n"
        word = m.group(1).lower()
        if before.rsplit(" ", 1)[-1].lower() in vocab.words("actors", "place_words"):
            places.add(word)  # "visiting from Perth": a place, wherever else it is named
        found[word] = found.get(word, False) or not first
    out = {w for w, inside in found.items() if inside and len(w) > 2}
    out -= set(vocab.words("actors", "not_names")) | set(vocab.words("actors", "lettered")) | places
    lettered = {f"{m.group(0)[:-2].lower()} {m.group(1).lower()}" for m in _lettered().finditer(text)}
    return frozenset(out | lettered | _letters(text, lettered))


# A capital letter standing alone ("B calls", "folds to C."), not an initial ("J.R.") or part of a word.
_LETTER = re.compile(r"(?<![\w'.-])([A-Z])(?![\w'-]|\.\w)")


def _letters(text: str, lettered: set[str]) -> set[str]:
    """Players told by a bare letter: "Player A opens, B 3-bets" (a letter once named with "player"), or two or
    more letters standing alone ("A opens 300, B calls"). "I" is the teller; "A" counts only where it cannot be
    the article: inside a sentence, or once "Player A" was said."""
    bare: set[str] = set()
    for m in _LETTER.finditer(text):
        letter = m.group(1).lower()
        before = text[:m.start()].rstrip(" \"'(")
        opens = not before or before[-1] in ".!?:\n"
        if letter == "i" or (letter == "a" and opens and not _verb_follows(text, m.end())):
            continue
        bare.add(letter)
    if any(n.endswith(" a") for n in lettered):
        bare |= {"a"} if _LETTER.search(text.replace("Player A", "")) else set()
    return bare if lettered or len(bare) >= 2 else set()


def _verb_follows(text: str, end: int) -> bool:
    """Whether the next word is an action verb ("A opens to 300": a player; "A guy opens": the article)."""
    word = re.match(r"\s+([\w'-]+)", text[end:])
    return bool(word) and _lexicon().get(vocab.squash(word.group(1).lower()), ("",))[0] == "verb"


def _letter_name(letter: str, names: frozenset[str]) -> str:
    """How a bare letter's player is written: as the story named him with it ("Seat C"), else "Player C"."""
    named = next((n for n in sorted(names) if n.endswith(f" {letter}") and n.count(" ") == 1), f"player {letter}")
    return f"{named[:-2].title()} {letter.upper()}"


def _named(tags: list[Tag], names: frozenset[str]) -> list[Tag]:
    """Untagged words that name a player ("Dana", "Player B") as actors, under their written name."""
    out: list[Tag] = []
    for n, tg in enumerate(tags):
        glued = tg.kind == "verb" and n + 1 < len(tags) and tags[n + 1].kind == "amount"  # "b600": a bet
        if glued:
            out.append(tg)
            continue
        if tg.kind == "other" and out and out[-1].kind == "other" and f"{out[-1].text} {tg.text}" in names:
            prev = out.pop()
            out.append(Tag("actor", f"{prev.text} {tg.text}", f"{prev.text.title()} {tg.text.upper()}", prev.start))
        elif tg.kind == "other" and tg.text in names and len(tg.text) > 1:
            out.append(Tag("actor", tg.text, tg.text.title(), tg.start))
        elif tg.kind in ("other", "verb") and len(tg.text) == 1 and tg.text in names and _letter_at(out, tg):
            out.append(Tag("actor", tg.text, _letter_name(tg.text, names), tg.start))
        else:
            out.append(tg)
    return out


def _letter_at(before: list[Tag], tg: Tag) -> bool:
    """Whether a lone letter stands for its player here: any letter but "a", which only where the article cannot
    be (at a clause's start or after "to": "folds to A", "A and B")."""
    if tg.text != "a":
        return True
    prev = before[-1] if before else None
    return prev is None or prev.kind in ("break", "comma", "to")


def _ends_chip_phrase(toks: list[Token], j: int) -> bool:
    """Whether the phrase ends before token ``j`` (the end, a comma or stop, or a word of ``after_lone_colour``)."""
    if j >= len(toks):
        return True
    nxt = toks[j]
    return nxt.kind == "punct" or nxt.text in vocab.words("amounts", "after_lone_colour")


def _tag_at(toks: list[Token], i: int, out: list[Tag]) -> int:
    """Tag the token(s) at ``i``; return how many were consumed."""
    t = toks[i]
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    if t.kind == "stakes":
        out.append(Tag("stakes", t.text, t.value, t.start))
        return 1
    if t.kind == "punct":
        out.append(Tag("break" if t.text in ".;!?" else "comma", t.text, None, t.start))
        return 1
    if t.kind == "amount":
        return _tag_amount(t, nxt, toks, i, out)
    seat = _SEAT_SHORT.fullmatch(t.text)
    if seat or (t.text == "seat" and nxt is not None and nxt.kind == "amount"):
        out.append(Tag("actor", t.text, f"Seat {int(seat.group(1)) if seat else nxt.value}", t.start))
        return 1 if seat else 2
    if t.text in vocab.words("actors", "seats_words") and nxt is not None and nxt.kind == "amount":
        return _seats(toks, i, out)
    count = vocab.table("amounts", "counts").get(t.text)
    if count and nxt is not None and nxt.kind == "word" and _colour(nxt.text) and not _card_colour(toks, i + 2):
        return _coloured(count, toks, i, out)
    if count and _more_coloured(toks, i):
        return _coloured(count, toks, i, out, more=1)
    if t.text in vocab.words("amounts", "owned_chip") and nxt is not None and nxt.text in vocab.chip_colours() \
            and i + 2 < len(toks) and toks[i + 2].text in vocab.words("amounts", "chip_words") \
            and not toks[i + 2].text.endswith("s"):
        return _coloured(1, toks, i, out)  # "my black chip", "his yellow chip": one chip of that colour
    if t.text in vocab.words("amounts", "owned_chip") and nxt is not None and nxt.text in vocab.chip_colours() \
            and _ends_chip_phrase(toks, i + 2):
        return _coloured(1, toks, i, out)  # "puts the black out": one chip of that colour
    if t.text in vocab.words("amounts", "owned_chip") and nxt is not None and nxt.text in vocab.chip_colours() \
            and i + 2 < len(toks) and toks[i + 2].kind == "amount" and toks[i + 2].value == _colour(nxt.text):
        return _coloured(1, toks, i, out)  # "the black hundred is still in his hand": one chip, its value said
    if count and (taken := _counted_chips(count, toks, i + 1, t, out)):
        return 1 + taken
    if i + 2 < len(toks) and toks[i + 2].kind == "amount" \
            and f"{t.text} {toks[i + 1].text}" in vocab.words("actions", "raise_before_amount"):
        out.append(Tag("verb", f"{t.text} {toks[i + 1].text}", "raise", t.start))  # "goes to 1,400": a raise to it
        return 2
    if _bare_chip(toks, i, out):  # "550 (purple and 2 greens)": a colour alone in a list of chips is one chip
        out.append(Tag("chips", t.text, Chips(1, _colour(t.text) or 0), t.start))
        return 1
    n, hit = _longest_phrase(toks, i)
    if hit:
        out.append(Tag(hit[0], " ".join(s.text for s in toks[i:i + n]), hit[1], t.start))
        return n
    out.append(Tag("joiner" if t.text in _BREAK_WORDS else "other", t.text, None, t.start))
    return 1


def _seats(toks: list[Token], i: int, out: list[Tag]) -> int:
    """"seats 1 and 8", "seats 2, 5 & 7": each seat named is a player, with the joining words kept between them."""
    j = i + 1
    while j < len(toks) and toks[j].kind == "amount":
        out.append(Tag("actor", toks[j].text, f"Seat {toks[j].value}", toks[j].start))
        nxt = toks[j + 1] if j + 1 < len(toks) else None
        if nxt is not None and nxt.kind == "amount" and _seat_number(nxt) and _seat_number(toks[j]):
            out.append(Tag("comma", ",", None, nxt.start))  # "seats 3 4 and 5": listed without a comma
            j += 1
            continue
        if nxt is None or (nxt.text != "," and nxt.text not in vocab.words("amounts", "heap_joiners")) \
                or j + 2 >= len(toks) or toks[j + 2].kind != "amount":
            return j + 1 - i
        out.append(Tag("comma" if nxt.text == "," else "joiner", nxt.text, None, nxt.start))
        j += 2
    return j - i


def _seat_number(t: Token) -> bool:
    """Whether an amount could be a seat's number (a whole number from 1 to the most seats a table has)."""
    return isinstance(t.value, int) and 1 <= t.value <= vocab.table("actors", "table")["most_seats"]


def _longest_phrase(toks: list[Token], i: int) -> tuple[int, tuple[str, object] | None]:
    """The longest vocabulary phrase starting at ``i`` that no longer phrase overlaps: "calls out of turn" is a
    call told out of turn, not "calls out" (said aloud) before "of turn"."""
    n, hit = _phrase_at(toks, i, _MAX_PHRASE)
    for j in range(i + 1, i + n):
        m, _ = _phrase_at(toks, j, _MAX_PHRASE)
        if m > n and j + m > i + n:
            return _phrase_at(toks, i, j - i)
    return n, hit


def _phrase_at(toks: list[Token], i: int, most: int) -> tuple[int, tuple[str, object] | None]:
    """The longest vocabulary phrase of at most ``most`` words starting at ``i``, and its tag.

    Words are added one at a time while they still begin some phrase, so a word no phrase starts with costs
    one lookup, not one per phrase length."""
    lex, starts = _lexicon(), _phrase_starts()
    joined, best = "", (0, None)
    for n in range(1, min(most, len(toks) - i) + 1):
        s = toks[i + n - 1]
        if s.kind not in ("word", "amount"):
            break
        joined += vocab.squash(s.text)
        if joined not in starts:
            break
        if joined in lex:
            best = (n, lex[joined])
    return best


@cache
def _phrase_starts() -> frozenset[str]:
    """Every leading part of every squashed vocabulary phrase: where a longer phrase may still follow."""
    return frozenset(key[:k] for key in _lexicon() for k in range(1, len(key) + 1))


def _tag_amount(t: Token, nxt: Token | None, toks: list[Token], i: int, out: list[Tag]) -> int:
    """An amount, or a chip count when a colour or "chips" follows ("3 blacks", "2 500 chips")."""
    if i >= 2 and toks[i - 1].text in vocab.words("amounts", "chip_value_words") and _colour(toks[i - 2].text):
        out.append(Tag("other", t.text, t.value, t.start))  # "black=100 green=25": a value the story gives a colour
        return 1
    if _colour_value_pair(toks, i):
        out.append(Tag("other", t.text, t.value, t.start))  # "(blk 100 grn 25)": each colour's value, in brackets
        return 1
    last = next((tg for tg in reversed(out) if tg.kind != "comma" and tg.text not in vocab.words("amounts", "counts")),
                None)
    if nxt is not None and nxt.text in vocab.words("amounts", "each_chip") and last is not None \
            and last.kind == "chips":
        out.append(Tag("other", t.text, t.value, t.start))  # "two black chips, a hundred each": their value again
        return 1
    if isinstance(t.value, int) and 0 < t.value <= vocab.table("amounts", "chip_count")["most"] and _more_coloured(toks, i):
        return _coloured(t.value, toks, i, out, more=1)
    if nxt is not None and nxt.kind == "word" and _colour(nxt.text) and isinstance(t.value, int):
        plural = nxt.text.endswith("s") or (i + 2 < len(toks) and toks[i + 2].text == "chips")
        if t.value == _colour(nxt.text) and t.value > 1 and t.text[:1].isdigit() and not plural:
            return _coloured(1, toks, i, out)  # "a single 1,000 yellow", "a 500 purple": one chip, its value said
        return _coloured(t.value, toks, i, out)
    if isinstance(t.value, int) and (taken := _counted_chips(t.value, toks, i + 1, t, out)):
        return 1 + taken
    if _bare_seat(toks, i):
        out.append(Tag("actor", t.text, f"Seat {t.value}", t.start))  # "4 checks, 5 checks": seats told by number
        return 1
    out.append(Tag("amount", t.text, t.value, t.start))
    return 1


# A seat in floor shorthand ("s3").
_SEAT_SHORT = re.compile(r"s(\d+)")


def _bare_seat(toks: list[Token], i: int) -> bool:
    """A seat told by its number alone, in a story that names seats ("seat 6 bets 50 before 4 and 5 acted ... 4
    checks", "back to 5, who bets 15"): a small whole number that a player's verb follows, directly, after a
    relative word, or after more such numbers in a list."""
    if not (toks[i].text.isdigit() and _seat_number(toks[i]) and _names_seats(toks)):
        return False
    j = i + 1
    while j + 1 < len(toks) and toks[j].text in (",", *vocab.words("amounts", "heap_joiners")) \
            and toks[j + 1].text.isdigit() and _seat_number(toks[j + 1]):
        j += 2  # "4 and 5 acted": a list of seats
    if j + 1 < len(toks) and toks[j].text == "," and toks[j + 1].text in vocab.words("actors", "relative"):
        j += 2  # "5, who bets 15"
    if j >= len(toks):
        return False
    if toks[j].text in vocab.words("actors", "seat_acting"):
        return True
    _n, hit = _longest_phrase(toks, j)
    return hit is not None and hit[0] == "verb"


def _names_seats(toks: list[Token]) -> bool:
    """Whether the story names a player by seat ("seat 6", "S3")."""
    words = vocab.words("actors", "seat_words")
    return any((t.text in words and n + 1 < len(toks) and toks[n + 1].kind == "amount")
               or _SEAT_SHORT.fullmatch(t.text) for n, t in enumerate(toks))


def _colour_value_pair(toks: list[Token], i: int) -> bool:
    """Whether the amount at ``i`` is the value of the colour just before it in a bracketed list of values
    ("(blk 100 grn 25)", "(black 100, green 25)")."""
    if i < 2 or not _colour(toks[i - 1].text) or toks[i - 1].kind != "word":
        return False
    before = toks[i - 2]
    return before.text == "(" or (before.text == "," and i >= 4 and toks[i - 3].kind == "amount"
                                  and bool(_colour(toks[i - 4].text))) \
        or (before.kind == "amount" and i >= 3 and bool(_colour(toks[i - 3].text)) and _colour_value_pair(toks, i - 2)) \
        or (before.kind == "amount" and i >= 4 and toks[i - 3].text in vocab.words("amounts", "chip_value_words")
            and bool(_colour(toks[i - 4].text)))  # "blacks are 100 greens 25 reds 5": the list goes on


def _card_colour(toks: list[Token], j: int) -> bool:
    """'a red back', 'a blue deck': the colour is a card's, not a chip's."""
    return j < len(toks) and toks[j].text in vocab.words("cards", "back_words")


def _coloured(count: int, toks: list[Token], i: int, out: list[Tag], more: int = 0) -> int:
    """Chips told by count and colour ("two greens", "a black"), with the denomination when it is named straight
    after ("three red 5s", "one black 100 chip", "a green 25"): the named value is the chip's, and is not read
    again as an amount of its own. ``more`` words stand between the count and the colour ("four more blacks").
    Returns the tokens used."""
    used = 2 + more
    value = _colour(toks[i + used - 1].text) or 0
    if i + used < len(toks) and toks[i + used].text in vocab.words("amounts", "chip_words"):
        used += 1  # "two black chips"
    named = _denomination(toks, i + used)
    nxt = toks[i + used] if i + used < len(toks) and used == 2 + more else None
    alone = nxt is not None and nxt.kind == "amount" and isinstance(nxt.value, int) \
        and not (i + used + 1 < len(toks) and _colour(toks[i + used + 1].text))
    if named is None and alone and count == 1:
        named = (int(nxt.value), 1)  # "a green 25": one chip and its value
    if named is None and alone and value and nxt.value == value:
        named = (value, 1)  # "five black hundreds": the colour's value said again
    if named is None and value:
        named = _bracketed_value(toks, i + used, value)
    if named is not None:
        value, used = named[0], used + named[1]
    out.append(Tag("chips", " ".join(x.text for x in toks[i:i + used]), Chips(count, value), toks[i].start))
    if more:
        out.append(Tag("by", toks[i + 1].text, toks[i + 1].text, toks[i + 1].start))  # "four more blacks": added
    return used


def _more_coloured(toks: list[Token], i: int) -> bool:
    """"four more blacks", "two more green chips": a count, a word of adding, then a colour."""
    return i + 2 < len(toks) and toks[i + 1].text in vocab.words("amounts", "more_chips") \
        and toks[i + 2].kind == "word" and _colour(toks[i + 2].text) is not None and not _card_colour(toks, i + 3)


def _bare_chip(toks: list[Token], i: int, out: list[Tag]) -> bool:
    """A chip colour with no count, listed with counted chips ("purple and 2 greens", "3 blacks and purple")."""
    if toks[i].text not in vocab.chip_colours() or _colour(toks[i].text) is None:
        return False
    joined = {",", *vocab.words("amounts", "heap_joiners")}
    ahead = i + 3 < len(toks) and toks[i + 1].text in joined and _colour(toks[i + 3].text) is not None \
        and (toks[i + 2].kind == "amount" or toks[i + 2].text in vocab.table("amounts", "counts"))
    behind = len(out) >= 2 and out[-1].text in joined and out[-2].kind == "chips"
    return ahead or behind


def _bracketed_value(toks: list[Token], j: int, colour_value: int) -> tuple[int, int] | None:
    """(value, tokens used) of the colour's own value in brackets right after it ("12 reds ($5)", "2 blacks
    (100s)"): said again, not an amount of its own. A heap's total in brackets ("2 greens (50)") is left to be
    read as the wager's size said again."""
    if j + 2 >= len(toks) or toks[j].text != "(" or toks[j + 2].text != ")":
        return None
    inner = toks[j + 1]
    named = (inner.value, 1) if inner.kind == "amount" else _denomination(toks, j + 1)
    return (colour_value, 3) if named and named == (colour_value, 1) else None


def _denomination(toks: list[Token], j: int) -> tuple[int, int] | None:
    """(value, tokens used) of a denomination at ``j``: "500 chips", "1,000 chip", or "500s"."""
    if j >= len(toks):
        return None
    t = toks[j]
    if t.kind == "amount" and isinstance(t.value, int) and j + 1 < len(toks) \
            and toks[j + 1].text in vocab.words("amounts", "chip_words"):
        return t.value, 2
    plural = re.fullmatch(r"(\d[\d,]*)s", t.text) if t.kind == "word" else None
    value = exact_amount(plural.group(1)) if plural else None
    return (value, 1) if value else None


def _counted_chips(count: int, toks: list[Token], j: int, first: Token, out: list[Tag]) -> int:
    """Chips told as a count of a denomination ("four 500 chips", "eight 100s"): tag them; return the tokens used
    after the count (0 when none follow)."""
    found = _denomination(toks, j)
    if found is None or count > 50:
        return 0
    value, used = found
    out.append(Tag("chips", " ".join(x.text for x in toks[j - 1:j + used]), Chips(count, value), first.start))
    return used


def parse(text: str) -> ActionLog:
    """The action log of a description: events in order, the stakes, what is asked."""
    doc = Doc(text)
    tags = tags_of(doc.nums, doc.text)
    log = ActionLog()
    for tg in tags:
        if tg.kind == "stakes" and tg.value and log.big_blind is None:
            log.small_blind, log.big_blind = tg.value  # type: ignore[misc]
    _events(tags, log)
    _resolve_by(log)
    log.asks = asks(doc.low)
    return log


def _resolve_by(log: ActionLog) -> None:
    """A raise told by its increase ("raises 600 more") gets its total too, from the bet it raised.

    This is reading, not ruling: the total is what the words mean (the bet faced plus the increase).
    """
    current = (log.big_blind or 0) if log.street == "preflop" else 0
    for e in log.events:
        if e.by is not None and e.to is None and e.action in ("bet", "raise", "all-in"):
            e.to = current + e.by
        if e.to is not None and e.action in ("bet", "raise", "all-in"):
            current = max(current, e.to)


def _events(tags: list[Tag], log: ActionLog) -> None:
    """The grammar: actor ... verb [to|by] [amount|chips], clause by clause."""
    actor: str | None = None
    speaking = False  # after "says", a verb is words said ("says raise", "says he meant to bet"), not a deed
    for i, tg in enumerate(tags):
        if tg.kind == "street" and not log.events:
            log.street = str(tg.value)
        elif tg.kind in ("break", "comma", "joiner"):
            actor = None if tg.kind == "break" else actor
            speaking = False
        elif tg.kind == "say" and actor is not None and _amount_follows(tags, i + 1):
            # "seat 7 goes to 1400": "goes" before a total is a raise, not words said
            log.events.append(_event(actor, "raise" if log.events else "open", tags[i + 1:], log))
        elif tg.kind == "say":
            speaking = True
        elif tg.kind == "to" and actor is not None and not speaking and _amount_follows(tags, i):
            _verbless(tags, i, actor, log)
        elif tg.kind == "actor" and not speaking:
            actor = str(tg.value)
        elif tg.kind == "verb" and speaking and log.events and log.events[-1].actor == actor:
            log.events[-1].said = _action_kind(str(tg.value), log)
        elif tg.kind == "verb" and actor is not None and not speaking and not (i and tags[i - 1].kind == "to"):
            log.events.append(_event(actor, str(tg.value), tags[i + 1:], log))
        elif tg.kind == "verb" and actor is None and not speaking and _unnamed_action(tags, i):
            # Floor shorthand names no one: "5/10: open 35, 3-bet to 100".
            log.events.append(_event(unnamed_player(len(log.events) + 1), str(tg.value), tags[i + 1:], log))


def _amount_follows(tags: list[Tag], i: int) -> bool:
    """Whether the tag at ``i`` is a "to" word ("to", "all-in for") straight before an amount."""
    return i + 1 < len(tags) and tags[i].kind == "to" and tags[i + 1].kind == "amount"


def _verbless(tags: list[Tag], i: int, actor: str, log: ActionLog) -> None:
    """A total told with no verb: "UTG to 1000", "next seat all-in for 500", or the amount of an all-in told a
    clause later ("seat 5 shoves, counts out to 450 total")."""
    last = log.events[-1] if log.events else None
    if last is not None and last.actor == actor and last.to is None and last.action in ("bet", "raise", "all-in"):
        last.to = _amount_of(tags[i + 1])
        return
    if i and tags[i - 1].kind != "actor":
        return  # "to" inside some other phrase ("went to the river 500 ..."): not an action
    kind = "all_in" if "all" in tags[i].text else ("raise" if log.events else "open")
    log.events.append(_event(actor, kind, tags[i:], log))


def _unnamed_action(tags: list[Tag], i: int) -> bool:
    """A verb that opens its clause and is followed straight away by its amount ("open 35", "3-bet to 100")."""
    if i and tags[i - 1].kind not in ("break", "comma", "joiner", "stakes", "street"):
        return False
    nxt = tags[i + 1:i + 3]
    if nxt and nxt[0].kind in ("to", "by"):
        nxt = nxt[1:]
    return bool(nxt) and nxt[0].kind == "amount"


def _event(actor: str, kind: str, rest: list[Tag], log: ActionLog) -> Event:
    """One event from its verb and what follows it up to the next clause."""
    ev = Event(actor=actor, action=_action_kind(kind, log))
    mode = "to"
    for j, tg in enumerate(rest):
        if tg.kind in ("break", "comma", "joiner", "verb", "actor"):
            break
        value = _amount_of(tg)
        if tg.kind == "by":
            mode = "by"
        elif value is not None and ev.to is None and ev.by is None:
            # "raises by 200" and "raises 200 more" are an increase; otherwise the amount is the total.
            after_by = j + 1 < len(rest) and rest[j + 1].kind == "by"
            if mode == "by" or after_by:
                ev.by = value
            else:
                ev.to = value
        elif tg.kind == "chips" and isinstance(tg.value, Chips):
            ev.chips = tg.value
        elif tg.kind == "silent":
            ev.silent = True
    if ev.action in ("check", "fold"):
        ev.to = ev.by = None
    return ev


def _amount_of(tg: Tag) -> int | None:
    """An amount tag's value, or a small number left as a word ("bets two": text2num keeps words under ten)."""
    if tg.kind == "amount" and isinstance(tg.value, int):
        return tg.value
    return _small_number(tg.text) if tg.kind == "other" else None


def _small_number(word: str) -> int | None:
    """A count word as a number ("two" -> 2), but not the article "a" or "single"."""
    if word in ("a", "an", "single"):
        return None
    return vocab.table("amounts", "counts").get(word)


def _action_kind(kind: str, log: ActionLog) -> str:
    """The vocabulary's kind as an event's action: "open" is a raise over the blind, "all_in" is "all-in"."""
    if kind == "open":
        return "raise" if log.street == "preflop" else "bet"
    return {"all_in": "all-in"}.get(kind, kind)


@cache
def _ask_patterns() -> dict[str, re.Pattern[str]]:
    return {key: re.compile(r"\b" + vocab.alternation(vocab.words("asks", key)) + r"\b")
            for key in vocab.data()["asks"]}


def asks(low: str) -> set[str]:
    """What the question asks for: "min_raise", "change", "call"."""
    return set(_asks(low))


@lru_cache(maxsize=256)
def _asks(low: str) -> frozenset[str]:
    """``asks``, kept: several readers ask it of the same question."""
    return frozenset(key for key, pat in _ask_patterns().items() if pat.search(low))
