"""Showdown help: read the cards, name each hand as the floor says it, pick the winners, order the showing.

Hand strength comes from ``phevaluator`` (a maintained perfect-hash
evaluator); this module only picks the best five cards with it and puts
names on them.  Names are the ones a floor person calls out ("nines full of
kings", "two pair, kings and nines", "ace-high flush"), with kickers left
out because they never change the name.

Rule 1.11 decides who shows first: the last player to bet or raise, in any
betting round; with no bet or raise, the normal order of play (the first live
player left of the button).  The rule names only the first player; going on
clockwise from there is the usual practice, said so in ``SHOW_ORDER_NOTE``.

Plain synchronous code with no I/O, so the bot, console and CLI share it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from phevaluator import evaluate_cards

from engine.betting import Pot

RANKS = "23456789TJQKA"
SUITS = "cdhs"
_SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
_CARD = re.compile(r"(10|[2-9TJQKA])([CDHS♣♦♥♠])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;/|\-]+")

_WORD = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
_PLURAL = {r: ("sixes" if r == "6" else w + "s") for r, w in _WORD.items()}
# phevaluator's card id is rank * 4 + suit, with ranks 2..A and suits c, d, h, s in this order; passing ids
# skips its string parsing, which otherwise costs more than the evaluation.
_ID = {r + su: 4 * i + j for i, r in enumerate(RANKS) for j, su in enumerate(SUITS)}

# phevaluator ranks run 1 (royal flush) to 7462 (seven-high); each category is a contiguous block.
_CATEGORY_FLOORS = (
    (10, "straight flush"),
    (166, "four of a kind"),
    (322, "full house"),
    (1599, "flush"),
    (1609, "straight"),
    (2467, "three of a kind"),
    (3325, "two pair"),
    (6185, "one pair"),
    (7462, "high card"),
)

SHOW_ORDER_NOTE = (
    "Rule 1.11 says who shows first: the last player to bet or raise in any betting round, or, with no bet or "
    "raise, the normal order of play. It does not order the rest; going on clockwise is the usual practice."
)
SPLIT_ODD_CHIP_NOTE = (
    "The house rulebook does not say who receives an odd chip when a pot is split; it is left over for staff "
    "to assign (Staff Authority)."
)


def parse_cards(cards: str | Iterable[str]) -> tuple[str, ...]:
    """Read cards written the way people type them: "As Kd", "ah kd", "10h", "Th", "AsKd", "A♠ K♦".

    Returns normalised two-character cards ("As", "Th").  Anything that is not
    a card raises a ValueError saying which part was not understood.
    """
    parts = [cards] if isinstance(cards, str) else list(cards)
    out: list[str] = []
    for part in parts:
        if not isinstance(part, str):
            raise ValueError(f"a card must be written as text like 'As' or '10h', not {part!r}")
        text = _SEPARATORS.sub("", part)
        pos = 0
        while pos < len(text):
            m = _CARD.match(text, pos)
            if not m:
                raise ValueError(
                    f"cannot read a card at {text[pos:pos + 3]!r} in {part!r}: a card is a rank (2-9, T or 10, J, "
                    "Q, K, A) followed by a suit (s, h, d, c)")
            rank = "T" if m.group(1) == "10" else m.group(1).upper()
            suit = _SUIT_SYMBOLS.get(m.group(2), m.group(2).lower())
            out.append(rank + suit)
            pos = m.end()
    return tuple(out)


def _category(strength: int) -> str:
    for ceiling, name in _CATEGORY_FLOORS:
        if strength <= ceiling:
            return name
    raise ValueError(f"not a phevaluator rank: {strength}")


def _straight_high(ranks: Iterable[str]) -> str:
    values = sorted({RANKS.index(r) for r in ranks})
    if values == [0, 1, 2, 3, 12]:  # A-2-3-4-5, the wheel: five-high
        return "5"
    return RANKS[values[-1]]


def _by_count(ranks: Iterable[str]) -> list[tuple[str, int]]:
    """Ranks ordered as they are named: most copies first, then highest."""
    counts = Counter(ranks)
    return sorted(counts.items(), key=lambda kv: (kv[1], RANKS.index(kv[0])), reverse=True)


def _name(category: str, five: Sequence[str]) -> str:
    ranks = [c[0] for c in five]
    groups = _by_count(ranks)
    top = groups[0][0]
    if category == "straight flush":
        high = _straight_high(ranks)
        return "royal flush" if high == "A" else f"{_WORD[high]}-high straight flush"
    if category == "four of a kind":
        return f"four of a kind, {_PLURAL[top]}"
    if category == "full house":
        return f"{_PLURAL[top]} full of {_PLURAL[groups[1][0]]}"
    if category == "flush":
        return f"{_WORD[max(ranks, key=RANKS.index)]}-high flush"
    if category == "straight":
        return f"{_WORD[_straight_high(ranks)]}-high straight"
    if category == "three of a kind":
        return f"three of a kind, {_PLURAL[top]}"
    if category == "two pair":
        return f"two pair, {_PLURAL[top]} and {_PLURAL[groups[1][0]]}"
    if category == "one pair":
        return f"pair of {_PLURAL[top]}"
    return f"{_WORD[top]} high"


def _category_by_counts(cards: Sequence[str]) -> str:
    """Category of fewer than five cards (before the flop): only pairs and sets are possible."""
    counts = sorted(Counter(c[0] for c in cards).values(), reverse=True)
    if counts[0] == 4:
        return "four of a kind"
    if counts[0] == 3:
        return "three of a kind"
    if counts[0] == 2:
        return "two pair" if len(counts) > 1 and counts[1] == 2 else "one pair"
    return "high card"


@dataclass(frozen=True)
class HandValue:
    """A player's hand at showdown: the best five cards, their category and name, and the strength.

    ``strength`` is phevaluator's rank: lower is better (1 is a royal flush).
    It is None when fewer than five cards are out, where a hand can be named
    but not ranked.
    """

    player: str
    hole: tuple[str, ...]
    best: tuple[str, ...]
    category: str
    name: str
    strength: int | None


def _check_unique(named: Mapping[str, Sequence[str]]) -> None:
    """Each card exists once in the deck; ``named`` maps where the cards are ("on the board") to them."""
    where: dict[str, str] = {}
    for owner, cards in named.items():
        for c in cards:
            if c in where:
                first = where[c]
                if first == owner:
                    raise ValueError(f"duplicate card: the {c} appears twice {owner}")
                raise ValueError(f"duplicate card: the {c} appears both {first} and {owner}")
            where[c] = owner


def _value(player: str, hole: tuple[str, ...], board: tuple[str, ...]) -> HandValue:
    cards = hole + board
    if len(cards) < 5:
        category = _category_by_counts(cards)
        best = tuple(sorted(cards, key=lambda c: (RANKS.index(c[0]), SUITS.index(c[1])), reverse=True))
        return HandValue(player, hole, best, category, _name(category, best), None)
    # One call ranks the whole hand; then the first five-card subset with that rank is the best five.
    strength = evaluate_cards(*(_ID[c] for c in cards))
    best_five = cards[:5]
    if len(cards) > 5:
        best_five = next(f for f in combinations(cards, 5) if evaluate_cards(*(_ID[c] for c in f)) == strength)
    category = _category(strength)
    order = dict(_by_count(c[0] for c in best_five))
    best = tuple(sorted(best_five, key=lambda c: (order[c[0]], RANKS.index(c[0]), SUITS.index(c[1])), reverse=True))
    return HandValue(player, hole, best, category, _name(category, best), strength)


def _read_table(board: str | Iterable[str], holes: Mapping[str, str | Iterable[str]]
                ) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    b = parse_cards(board)
    if len(b) > 5:
        raise ValueError(f"a hold'em board has at most five cards, not {len(b)}")
    hs = {}
    for player, cards in holes.items():
        h = parse_cards(cards)
        if len(h) != 2:
            raise ValueError(f"{player} must have exactly two hole cards in hold'em, not {len(h)}")
        hs[player] = h
    _check_unique({"on the board": b, **{f"in {p}'s hole cards": h for p, h in hs.items()}})
    return b, hs


def name_hand(cards: str | Iterable[str]) -> str:
    """The floor name of the best hand that can be made from 2 to 7 cards ("nines full of kings")."""
    c = parse_cards(cards)
    if not 2 <= len(c) <= 7:
        raise ValueError(f"name a hand from 2 to 7 cards, not {len(c)}")
    _check_unique({"in the cards given": c})
    return _value("", c, ()).name


def evaluate(board: str | Iterable[str], hole: str | Iterable[str], player: str = "player") -> HandValue:
    """One player's hand against a board of 0 to 5 cards."""
    b, hs = _read_table(board, {player: hole})
    return _value(player, hs[player], b)


def showing_order(order_of_play: Sequence[str], last_aggressor: str | None = None) -> list[str]:
    """Rule 1.11: the last player to bet or raise shows first; otherwise the normal order of play.

    ``order_of_play`` lists the players still in the hand clockwise from the
    first seat left of the button.  The others follow clockwise (practice,
    see ``SHOW_ORDER_NOTE``).
    """
    players = list(order_of_play)
    if not players:
        raise ValueError("nobody is left to show")
    if last_aggressor is None:
        return players
    if last_aggressor not in players:
        raise ValueError(f"{last_aggressor!r} is not among the players still in the hand: {players}")
    k = players.index(last_aggressor)
    return players[k:] + players[:k]


@dataclass(frozen=True)
class Showdown:
    """Everyone's hand, the winner(s) (more than one is a split pot) and the order of showing."""

    hands: dict[str, HandValue]
    winners: tuple[str, ...]
    order: tuple[str, ...]
    note: str = SHOW_ORDER_NOTE

    @property
    def split(self) -> bool:
        return len(self.winners) > 1


def _best(values: Iterable[HandValue]) -> tuple[str, ...]:
    vals = list(values)
    top = min(v.strength for v in vals if v.strength is not None)
    return tuple(v.player for v in vals if v.strength == top)


def showdown(
    board: str | Iterable[str],
    holes: Mapping[str, str | Iterable[str]],
    *,
    order_of_play: Sequence[str] | None = None,
    last_aggressor: str | None = None,
) -> Showdown:
    """Name every hand, pick the winner(s) and give the showing order.

    ``holes`` maps each player still in the hand to two hole cards.
    ``order_of_play`` defaults to the order of ``holes`` and should run
    clockwise from the first seat left of the button.  Picking a winner needs
    at least the flop; at a real showdown all five cards are out.
    """
    b, hs = _read_table(board, holes)
    if len(hs) < 1:
        raise ValueError("no hands to compare")
    if len(b) < 3:
        raise ValueError(f"a winner can only be picked with at least three board cards (there are {len(b)}); "
                         "at showdown all five are dealt")
    order = list(order_of_play) if order_of_play is not None else list(hs)
    if sorted(order) != sorted(hs):
        raise ValueError("order_of_play must list exactly the players whose hands are given")
    values = {p: _value(p, hs[p], b) for p in order}
    return Showdown(values, _best(values.values()), tuple(showing_order(order, last_aggressor)))


def winners(board: str | Iterable[str], holes: Mapping[str, str | Iterable[str]]) -> tuple[str, ...]:
    """The best hand(s); more than one means the pot is split."""
    return showdown(board, holes).winners


@dataclass(frozen=True)
class PotAward:
    """Who wins one pot and how it divides; an odd chip of a split is left for staff (rulebook silent)."""

    pot: Pot
    winners: tuple[str, ...]
    share: int
    odd_chips: int
    note: str = ""


def award_pots(pots: Sequence[Pot], board: str | Iterable[str], holes: Mapping[str, str | Iterable[str]]
               ) -> list[PotAward]:
    """Decide each pot (main, then side pots) among its own eligible players.

    Every eligible player needs hole cards in ``holes``.  Equal shares go to
    tied winners; chips that do not divide evenly are returned as
    ``odd_chips`` with a note, because the rulebook does not place them.
    """
    b, hs = _read_table(board, holes)
    if len(b) < 3:
        raise ValueError("pots can only be decided with at least three board cards")
    out = []
    for pot in pots:
        missing = [p for p in pot.eligible if p not in hs]
        if missing:
            raise ValueError(f"no hole cards given for {', '.join(missing)}, who can win a pot")
        if len(pot.eligible) == 1:
            out.append(PotAward(pot, pot.eligible, pot.amount, 0))
            continue
        best = _best(_value(p, hs[p], b) for p in pot.eligible)
        share, odd = divmod(pot.amount, len(best))
        out.append(PotAward(pot, best, share, odd, SPLIT_ODD_CHIP_NOTE if odd else ""))
    return out
