"""Exact numbers from text: digits of any script, no invisible characters, no floats.

A chip count is money.  ``float("1e309")`` is infinity and ``float`` of a
40-digit amount silently loses its last digits, so amounts are read with
``Decimal`` and kept as ``int``: a figure is read exactly or not at all.
Chat text carries zero-width characters ("2\u200b5" copied from a phone) and
other scripts' digits ("٢٥", full-width "２５"); both are folded here, once,
before any reader sees the text (``rules_index.search.fold_digits``, which search and
``/rule`` share).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import cache

from rules_index.search import fold_digits

# Amounts beyond this many digits are refused rather than guessed (no table plays for 10^40 chips,
# but a typed 40-digit figure is still read exactly).
MAX_DIGITS = 40
_PLAIN = re.compile(r"\d+(?:\.\d+)?")
_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_K = re.compile(r"(\d+(?:\.\d+)?)k(\d{0,3})")


def exact_amount(token: str) -> int | None:
    """A written amount as an exact integer, or None when it is not a whole number of chips.

    '1,500' -> 1500, '1.5k' -> 1500, '1k5' -> 1500, '5k' -> 5000; '1e309', '12.5', 'inf' and figures of
    more than ``MAX_DIGITS`` digits -> None.
    """
    t = fold_digits(token).strip().lower().replace("$", "").replace(" ", "")
    if not t or len(t.replace(",", "").replace(".", "")) > MAX_DIGITS + 1:
        return None
    m = _K.fullmatch(t)
    if m:
        tail = m.group(2)
        value = _decimal(m.group(1)) * 1000 + (int(tail) * 10 ** (3 - len(tail)) if tail else 0)
    elif _GROUPED.fullmatch(t) or _PLAIN.fullmatch(t):
        value = _decimal(t.replace(",", ""))
    else:
        return None
    if value != value.to_integral_value() or len(str(int(value))) > MAX_DIGITS:
        return None
    return int(value)


def _decimal(text: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation:  # pragma: no cover - the patterns above admit only digits
        return Decimal("NaN")


@cache
def _price_words() -> tuple[re.Pattern[str], dict[str, int], dict[str, int], dict[str, int]]:
    """The pattern of an amount said as a price, and its words' values (the units are the hundreds under ten)."""
    from engine.understanding import vocab

    hundreds = {w: int(v) for w, v in vocab.table("amounts", "spoken_hundreds").items()}
    tens = {w: int(v) for w, v in vocab.table("amounts", "spoken_tens").items()}
    units = {w: v for w, v in hundreds.items() if v < 10}
    unit = "|".join(units)
    # The hundreds may be a tens word and a unit ("twenty-five twenty-five" is 2,525, "forty-four seventy-five" 4,475).
    pattern = re.compile(r"\b(?:(" + "|".join(tens) + r")-(" + unit + r")|(" + "|".join(hundreds) + r"))[ -]("
                         + "|".join(tens) + r")(?:[ -](" + unit + r"))?\b(?![ -](?:hundred|thousand|k\b))")
    return pattern, hundreds, tens, units


def spoken_prices(text: str) -> str:
    """Amounts said as prices, as digits: "one twenty-five" -> "125", "two fifty" -> "250",
    "twelve fifty" -> "1250", "says 'two ten'" -> "210", "two and a quarter" -> "225" (the words are the
    vocabulary's, ``[amounts.spoken_*]``, ``[amounts.price_*]``)."""
    pattern, hundreds, tens, units = _price_words()

    def digits(m: re.Match[str]) -> str:
        lead = hundreds[m.group(3)] if m.group(3) else tens[m.group(1)] + units[m.group(2)]
        return str(lead * 100 + tens[m.group(4)] + units.get(m.group(5) or "", 0))

    ten, parts = _price_extras()
    text = ten.sub(lambda m: m.group(1) + str(hundreds[m.group(2)] * 100 + 10), text)
    text = parts.sub(lambda m: str(hundreds[m.group(1)] * 100 + _price_parts()[m.group(2)]), text)
    return pattern.sub(digits, text)


@cache
def _price_parts() -> dict[str, int]:
    from engine.understanding import vocab

    return {w: int(v) for w, v in vocab.table("amounts", "price_parts").items()}


@cache
def _price_extras() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The two price forms read only where they cannot be stakes or a fraction: a "ten" price right after words
    of saying or wagering, and hundreds "and a quarter" or "and a half" not followed by a unit."""
    from engine.understanding import vocab

    _pattern, hundreds, _tens, _units = _price_words()
    lead = "|".join(w for w, v in hundreds.items() if v < 10)
    said = "|".join(re.escape(w) for w in sorted(vocab.table("amounts", "price_said_after")["words"], key=len, reverse=True))
    ten = "|".join(vocab.table("amounts", "spoken_ten"))
    after = "|".join(re.escape(w) for w in vocab.table("amounts", "price_not_before")["words"])
    return (re.compile(r"(\b(?:" + said + r")\s+['\"]?)(" + lead + r")[ -](?:" + ten + r")\b(?![ -]?(?:game|nl|table))"),
            re.compile(r"\b(" + lead + r") and an? (" + "|".join(_price_parts()) + r")\b(?!\s+(?:of\b|" + after + r")\b)"))


@cache
def _slang() -> tuple[re.Pattern[str], dict[str, int]]:
    from engine.understanding import vocab

    units = {w: int(v) for w, v in vocab.table("amounts", "slang").items()}
    counts = {w: int(v) for w, v in vocab.table("amounts", "counts").items()}
    words = "|".join(sorted(units, key=len, reverse=True))
    said = "|".join(sorted(counts, key=len, reverse=True))
    return re.compile(r"\b(" + said + r"|\d+(?:\.\d+)?)\s+(" + words + r")\b"), {**units, **counts}


def slang_amounts(text: str) -> str:
    """Amounts told with a slang unit, as digits: "a grand" -> "1000", "5 bills" -> "500", "1.5 grand" ->
    "1500" (exact, or left as written when not a whole number); the units and the counts are the vocabulary's.
    A spoken decimal before "k" ("one point two k", read as "1.2 k") is thousands too; a whole number before a
    spaced "k" is left alone ("7 k 2" is a board)."""
    pattern, units = _slang()

    def digits(m: re.Match[str]) -> str:
        count = Decimal(units[m.group(1)]) if m.group(1) in units else _decimal(m.group(1))
        value = count * units[m.group(2)]
        return str(int(value)) if value == value.to_integral_value() else m.group(0)

    def thousands(m: re.Match[str]) -> str:
        value = _decimal(m.group(1)) * 1000
        return str(int(value)) if value == value.to_integral_value() else m.group(0)

    return _SPACED_K.sub(thousands, pattern.sub(digits, text))


_SPACED_K = re.compile(r"\b(\d+\.\d+)\s+k\b")
