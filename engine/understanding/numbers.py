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


def spoken_prices(text: str) -> str:
    """Amounts said as prices, as digits: "one twenty-five" -> "125", "two fifty" -> "250",
    "twelve fifty" -> "1250" (the words are the vocabulary's, ``[amounts.spoken_*]``)."""
    from engine.understanding import vocab

    hundreds = vocab.table("amounts", "spoken_hundreds")
    tens = vocab.table("amounts", "spoken_tens")
    units = vocab.table("amounts", "spoken_units")
    pattern = (r"\b(" + "|".join(hundreds) + r")[ -](" + "|".join(tens) + r")(?:[ -](" + "|".join(units)
               + r"))?\b(?![ -](?:hundred|thousand|k\b))")

    def digits(m: re.Match[str]) -> str:
        value = int(hundreds[m.group(1)]) * 100 + int(tens[m.group(2)]) + int(units.get(m.group(3) or "", 0))
        return str(value)

    return re.sub(pattern, digits, text)
