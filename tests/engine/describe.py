"""Render a betting round as people describe it at the table, in several voices.

Written from how staff and players actually tell a hand, on its own, before and
apart from the reader's rules (``engine.understanding.actionlog``): a phrasing
here is not chosen because the reader knows it.  The generated-description test
renders random legal rounds with it and checks the reader gets the round back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

# Six-max positions in preflop order, and the seats they sit in for the "seats" voice.
POSITIONS = ("UTG", "HJ", "CO", "BTN", "SB", "BB")
SEATS = {"UTG": 3, "HJ": 4, "CO": 5, "BTN": 6, "SB": 1, "BB": 2}
CASUAL_NAME = {"UTG": "utg", "HJ": "the hijack", "CO": "the cutoff", "BTN": "the button", "SB": "the small blind",
               "BB": "the big blind"}
FORMAL_NAME = {"UTG": "the player under the gun", "HJ": "the hijack", "CO": "the cut-off", "BTN": "the button",
               "SB": "the small blind", "BB": "the big blind"}
SHORT_NAME = {"UTG": "utg", "HJ": "hj", "CO": "co", "BTN": "btn", "SB": "sb", "BB": "bb"}
COLOURS = {100: "black", 500: "purple", 1000: "yellow", 25: "green", 5: "red"}
NOISE = ("Table was pretty loud.", "Dealer is new tonight.", "This was a 6-max game.",
         "Everyone's been drinking a bit.", "lol", "Long night.", "Pretty standard spot so far.")
STYLES = ("shorthand", "casual", "formal", "seats", "spoken", "colours")


@dataclass(frozen=True)
class Act:
    """One generated action: who, what, and the total for the round on bets and raises."""

    actor: str
    kind: str  # fold, call, check, raise, all-in
    to: int | None = None


_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
         "sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def spoken(n: int, rng: random.Random) -> str:
    """An amount as said aloud: "three hundred", "fifteen hundred", "two thousand five hundred", "1.5k"."""
    if n >= 1000 and n % 100 == 0 and rng.random() < 0.3:
        k = n / 1000
        return f"{k:g}k"
    if 1000 < n < 10000 and n % 100 == 0 and n % 1000 and rng.random() < 0.5:
        return f"{_words(n // 100)} hundred"
    return _words(n)


def _words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    if n < 1000:
        rest = n % 100
        return _ONES[n // 100] + " hundred" + ("" if not rest else " " + _words(rest))
    rest = n % 1000
    return _words(n // 1000) + " thousand" + ("" if not rest else " " + _words(rest))


def _amount(n: int, style: str, rng: random.Random) -> str:
    if style == "spoken":
        return spoken(n, rng)
    if style == "shorthand" and n >= 1000 and n % 100 == 0 and rng.random() < 0.5:
        return f"{n / 1000:g}k"
    return f"{n:,}" if rng.random() < 0.7 else str(n)


def _name(pos: str, style: str, rng: random.Random) -> str:
    if style == "seats":
        return f"Seat {SEATS[pos]}" if rng.random() < 0.6 else f"seat {SEATS[pos]}"
    if style == "shorthand":
        r = rng.random()
        return SHORT_NAME[pos] if r < 0.4 else (pos if r < 0.7 else f"S{SEATS[pos]}")
    if style == "formal":
        return FORMAL_NAME[pos]
    return CASUAL_NAME[pos]


def _aggressive(act: Act, n_raises: int, amount: str, style: str, rng: random.Random, by: str | None = None) -> str:
    """How a raise is said: opens, raises to, 3-bets to, makes it, re-raises to -- or by how much it goes up."""
    if by is not None and act.kind == "raise" and style in ("casual", "shorthand") and rng.random() < 0.25:
        return rng.choice((f"raises by {by}", f"raises {by} more", f"bumps it {by} more"))
    if act.kind == "all-in":
        return rng.choice((f"shoves for {amount}", f"goes all in for {amount}", f"jams {amount}",
                           f"moves all-in for {amount}"))
    if n_raises == 0:
        options = [f"opens to {amount}", f"raises to {amount}", f"makes it {amount}"]
        if style == "shorthand":
            options.append(f"opens {amount}")
        if style == "formal":
            options = [f"raised to {amount}", f"opened for {amount}"]
        return rng.choice(options)
    options = [f"raises to {amount}", f"re-raises to {amount}", f"makes it {amount}"]
    if n_raises == 1:
        options += [f"3-bets to {amount}", f"3bets {amount}" if style == "shorthand" else f"three-bets to {amount}"]
    if n_raises == 2:
        options += [f"4-bets to {amount}"]
    if style == "formal":
        options = [f"re-raised to {amount}", f"raised to {amount}"]
    return rng.choice(options)


def _passive(act: Act, style: str, rng: random.Random) -> str:
    if act.kind == "fold":
        return rng.choice(("folded",) if style == "formal" else ("folds", "folds", "mucks", "gets out of the way"))
    if act.kind == "check":
        return rng.choice(("checked",) if style == "formal" else ("checks", "checks", "taps the table"))
    return rng.choice(("called",) if style == "formal" else ("calls", "calls", "flats", "just calls"))


def _colour_chips(n: int) -> str | None:
    for value, colour in sorted(COLOURS.items(), reverse=True):
        if n % value == 0 and 1 <= n // value <= 9:
            k = n // value
            return f"{_ONES[k]} {colour}{'s' if k > 1 else ''}"
    return None


def render(acts: list[Act], sb: int, bb: int, style: str, rng: random.Random, ask: str = "min_raise",
           street: str = "preflop") -> str:
    """The round as one description, ending with the question; a flop round follows a limped pot."""
    stakes = rng.choice((f"{sb}/{bb}.", f"Blinds {sb}/{bb}.", f"{sb}/{bb} NL,", f"Playing {sb}/{bb}."))
    if style == "formal":
        stakes = f"At {sb}/{bb}:"
    parts = [stakes]
    current = bb if street == "preflop" else 0
    if street == "flop":
        parts.append(rng.choice(("Limped pot, six ways. On the flop:", "Everybody limped in. Flop:",
                                 "Six-way limped pot, flop comes K72.", "All limp preflop. Flop betting:")))
    n_raises = 0
    for act in acts:
        who = _name(act.actor, style, rng)
        if act.kind == "bet" and act.to is not None:
            amount = _amount(act.to, style, rng)
            what = rng.choice((f"bets {amount}", f"leads {amount}", f"leads for {amount}", f"fires {amount}",
                               f"bets {amount} into it") if style != "formal" else (f"bet {amount}",))
            n_raises += 1
        elif act.kind in ("raise", "all-in") and act.to is not None:
            amount = _amount(act.to, style, rng)
            what = _aggressive(act, n_raises, amount, style, rng, by=_amount(act.to - current, style, rng))
            if style == "colours" and act.kind == "raise" and rng.random() < 0.5:
                chips = _colour_chips(act.to)
                if chips and act.actor not in ("SB", "BB"):
                    what = f"raises to {amount} ({chips})"
            n_raises += 1
        else:
            what = _passive(act, style, rng)
        if act.to is not None:
            current = max(current, act.to)
        sentence = f"{who} {what}"
        if style == "formal":
            sentence = sentence[0].upper() + sentence[1:] + "."
        if rng.random() < 0.1:
            parts.append(sentence + ".")
            parts.append(rng.choice(NOISE))  # an aside is its own sentence
        else:
            parts.append(sentence + ("," if style != "formal" else ""))
    text = " ".join(parts).rstrip(",")
    question = {"min_raise": ("What's the min raise?", "what is the minimum raise now?", "min raise?",
                              "How much is the minimum re-raise?"),
                "call": ("what's the call?", "How much to call?")}[ask]
    return f"{text}. {rng.choice(question)}" if not text.endswith(".") else f"{text} {rng.choice(question)}"
