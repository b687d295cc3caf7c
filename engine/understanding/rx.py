"""Regular-expression calls with a compile cache big enough for all the extractors.

The extractors hold well over a thousand patterns, written inline where they
read best; the standard library keeps only 512 compiled patterns, so every
question recompiled hundreds of them.  These wrappers keep them all.

``either`` and ``group`` build one pattern from a list of alternatives, so a
long alternation is written as short, named parts (none over 300 characters,
see tests/engine/test_code_size.py) and still compiles to the same pattern.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

IGNORECASE = re.IGNORECASE


@lru_cache(maxsize=8192)
def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def search(pattern: str | re.Pattern[str], text: str, flags: int = 0) -> re.Match[str] | None:
    return _p(pattern, flags).search(text)


def match(pattern: str | re.Pattern[str], text: str, flags: int = 0) -> re.Match[str] | None:
    return _p(pattern, flags).match(text)


def fullmatch(pattern: str | re.Pattern[str], text: str, flags: int = 0) -> re.Match[str] | None:
    return _p(pattern, flags).fullmatch(text)


def finditer(pattern: str | re.Pattern[str], text: str, flags: int = 0) -> Iterator[re.Match[str]]:
    return _p(pattern, flags).finditer(text)


def findall(pattern: str | re.Pattern[str], text: str, flags: int = 0) -> list[Any]:
    return _p(pattern, flags).findall(text)


def sub(pattern: str | re.Pattern[str], repl: str | Callable[[re.Match[str]], str], text: str,
        count: int = 0, flags: int = 0) -> str:
    return _p(pattern, flags).sub(repl, text, count=count)


def split(pattern: str | re.Pattern[str], text: str, maxsplit: int = 0, flags: int = 0) -> list[str]:
    return _p(pattern, flags).split(text, maxsplit=maxsplit)


def either(*alternatives: str) -> str:
    """``a|b|c``: alternatives written one per line instead of one long pattern."""
    return "|".join(alternatives)


def group(*alternatives: str) -> str:
    """``(?:a|b|c)``: the alternatives as one non-capturing group, to sit inside a longer pattern."""
    return "(?:" + "|".join(alternatives) + ")"


def escape(text: str) -> str:
    return re.escape(text)


def _p(pattern: str | re.Pattern[str], flags: int) -> re.Pattern[str]:
    return pattern if isinstance(pattern, re.Pattern) else compile(pattern, flags)


Match = re.Match
Pattern = re.Pattern
