"""A description as the extractors see it: normalised text and the numbers in it."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from engine.understanding import rx as re  # cached compiles: see rx.py
from rules_index.search import normalize


@dataclass
class Doc:
    """One question or description, ready for the fact extractors.

    ``low`` is lower-cased with straight quotes and folded accents; ``found``
    collects facts as extractors set them (names of ``engine.facts.Facts``).
    """

    text: str
    found: dict[str, object] = field(default_factory=dict)
    # Two readings of the betting (the older patterns and the action log) found different sized actions: the
    # answer's confidence takes it into account (engine.policy).
    readings_differ: bool = False
    # The learned reading of the amounts (``told.Told``), set by ``told.extract`` before the other readers.
    told: Any = None

    @cached_property
    def low(self) -> str:
        return _low(self.text)

    @cached_property
    def nums(self) -> str:
        """``low`` with number words as digits ("three hundred" -> "300"), via text2num."""
        return _nums(self.low)

    def has(self, pattern: str) -> bool:
        """Regex search in the normalised text (whole words are up to the pattern)."""
        return re.search(pattern, self.low) is not None

    def find(self, pattern: str) -> re.Match[str] | None:
        return re.search(pattern, self.low)

    def set(self, name: str, value: object, *, overwrite: bool = False) -> None:
        """Record a fact; the first extractor to state it wins unless told otherwise."""
        if value is None:
            return
        if overwrite or name not in self.found:
            self.found[name] = value


@lru_cache(maxsize=256)
def _low(text: str) -> str:
    """A text normalised (kept: several readers make a ``Doc`` of the same question)."""
    from rules_index import get_index

    # Markdown and chat decoration (**bold**, `code`, > quotes, # headings, - bullets) carry no facts.
    t = re.sub(r"[`*_#>~|]+", " ", normalize(text))
    t = re.sub(r"(?m)^\s*[-•]\s+", " ", t)
    t = re.sub(r"\s+", " ", t).strip()
    return get_index().lexicon.respell(t)


@lru_cache(maxsize=256)
def _nums(low: str) -> str:
    """A normalised text with number words as digits."""
    from text_to_num import alpha2digit

    from engine.understanding.numbers import slang_amounts, spoken_prices

    # Quotes hug the words ('three hundred') and hide them from text2num: pad them.
    spaced = re.sub(r"(^|\s)(['\"])", r"\1\2 ", spoken_prices(low))
    spaced = re.sub(r"(['\"])(\s|[.,;:?!]|$)", r" \1\2", spaced)
    return slang_amounts(alpha2digit(spaced, "en"))
