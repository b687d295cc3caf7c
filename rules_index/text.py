"""Text folding every reader shares, kept light so a clause lookup needs no search stack."""

from __future__ import annotations

import re
import unicodedata

_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]")


def fold_digits(text: str) -> str:
    """Every decimal digit as its ASCII digit ("٣٠٠" -> "300", "３００" -> "300"), invisible characters removed.

    Chat text copied from phones carries zero-width characters inside numbers ("2\u200b5"), and a rule
    number typed in another script is still that rule number.
    """
    text = _INVISIBLE.sub("", text)
    if text.isascii():
        return text
    return "".join(str(unicodedata.digit(ch)) if not ch.isascii() and unicodedata.digit(ch, None) is not None
                   and unicodedata.category(ch) == "Nd" else ch for ch in text)
