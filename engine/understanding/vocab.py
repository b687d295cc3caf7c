"""The poker vocabulary (``vocabulary.toml``) and the patterns built from it.

Why a data file: the same words ("jams", "ships", "the cutoff", "a black") were
written out in many extractors, and each copy drifted.  Every reader now takes
its words from here, chip colours from ``config.toml`` [chips] alone, and
``tests/engine/test_vocabulary.py`` fails when a word list reappears as a
Python literal.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

PATH = Path(__file__).with_name("vocabulary.toml")
KINDS = ("bet", "open", "raise", "all_in", "call", "check", "fold")


@cache
def data() -> dict[str, Any]:
    """The vocabulary file, parsed once."""
    with PATH.open("rb") as fh:
        return tomllib.load(fh)


@cache
def words(section: str, key: str) -> tuple[str, ...]:
    """One list of phrases, e.g. ``words("actions", "all_in")``: a tuple made once, since the tagger asks for
    lists on every word it reads; no reader can change another's."""
    return tuple(data()[section][key])


@cache
def table(section: str, key: str) -> Mapping[str, Any]:
    """One mapping, e.g. ``table("actors", "positions")`` (phrase -> canonical name): made once and read-only,
    for the same reason."""
    return MappingProxyType(dict(data()[section][key]))


@cache
def chip_colours() -> dict[str, int]:
    """Colour -> value, from ``config.toml`` [chips] only (the room's chips, not the code's)."""
    from rules_index.config import default_settings

    return {k.lower(): int(v) for k, v in default_settings().chips.items()}


def phrase_rx(phrase: str) -> str:
    """A phrase as a pattern: words separated by any spacing; a hyphen also matches a space or nothing."""
    parts = [re.escape(w).replace(r"\-", "[-\\s]?") for w in phrase.split()]
    return r"\s+".join(parts)


def alternation(phrases: list[str] | tuple[str, ...]) -> str:
    """A non-capturing group matching any of the phrases, longest first so "goes all-in" beats "goes"."""
    return _alternation(tuple(phrases))


@lru_cache(maxsize=1024)
def _alternation(phrases: tuple[str, ...]) -> str:
    ordered = sorted(set(phrases), key=len, reverse=True)
    return "(?:" + "|".join(phrase_rx(p) for p in ordered) + ")"


@cache
def action_rx(kind: str) -> str:
    """The verb forms of one action kind (see ``KINDS``) as a group."""
    return alternation(words("actions", kind))


@cache
def action_kind_of() -> dict[str, str]:
    """Each verb form, lower-cased with spaces and hyphens removed, -> its action kind."""
    out: dict[str, str] = {}
    for kind in KINDS:
        for w in words("actions", kind):
            out[squash(w)] = kind
    return out


@lru_cache(maxsize=65536)
def squash(text: str) -> str:
    """A phrase reduced for lookup: lower case, no spaces or hyphens ("All in" -> "allin")."""
    return re.sub(r"[\s\-]+", "", text.lower())


def kind_of(verb: str) -> str | None:
    """The action kind of a verb form as written ("jammed" -> "all_in"), or None."""
    return action_kind_of().get(squash(verb))


@cache
def colour_rx() -> str:
    """The room's chip colours as a group (plural forms are up to the caller)."""
    return alternation(list(chip_colours()))


@cache
def position_rx() -> str:
    return alternation(list(table("actors", "positions")))


def canonical_position(text: str) -> str | None:
    """'cut-off' -> 'CO', 'under the gun' -> 'UTG'; None if it is no position."""
    key = re.sub(r"\s+", " ", text.lower().strip())
    for phrase, name in table("actors", "positions").items():
        if re.fullmatch(phrase_rx(phrase), key):
            return str(name)
    return None
