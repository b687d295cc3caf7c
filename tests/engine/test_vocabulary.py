"""The poker vocabulary lives in one place: vocabulary.toml (and chip colours in config.toml).

A word list written out again as a Python literal ("shoves?|jammed|ships", "black|purple|yellow") is a copy
that drifts; these tests find such literals anywhere in the code, and check the single-source readers.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.understanding import vocab
from rules_index.config import default_settings

ROOT = Path(__file__).resolve().parents[2]
CODE = [p for d in ("engine", "bot", "rules_index", "bench") for p in (ROOT / d).rglob("*.py")]
# How many distinct words (not inflections of one word) of a group make a literal a copied list.  Forms of
# one verb ("call|called|calls") in a context pattern are not a copy; synonyms ("jams|shoves") are.
THRESHOLD = {"actions.all_in": 2}
DEFAULT_THRESHOLD = 3


def _lemma(word: str) -> str:
    """A rough stem, enough to tell "shoves"/"shoved" (one word) from "jams" (another)."""
    w = word.replace("-", "")
    for suffix in ("ing", "ed", "es", "s", "e"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    return w.rstrip(w[-1]) + w[-1] if w else w


def _groups() -> dict[str, set[str]]:
    """Distinctive words of each group: single words only, longer than two letters (so "bet" in prose is not one)."""
    groups: dict[str, set[str]] = {}
    for kind in vocab.KINDS:
        groups[f"actions.{kind}"] = {w for w in vocab.words("actions", kind) if " " not in w and len(w) > 3}
    groups["chip colours"] = set(vocab.chip_colours())
    groups["positions"] = {w for w in vocab.table("actors", "positions") if " " not in w and len(w) > 3}
    return groups


def _literals(path: Path) -> list[tuple[int, str]]:
    """String constants in a module, docstrings left out (prose may name actions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def _alternatives(literal: str) -> set[str]:
    """The words of a regex alternation, regex syntax stripped ("shoves?|jammed" -> {"shoves", "jammed"})."""
    out = set()
    for part in re.split(r"[|()]", literal):
        w = re.sub(r"\?:|\\b|\\s[*+?]?|[?*+^$\[\]]|-\?", "", part).strip().lower()
        if w:
            out.add(w)
            out.add(w.rstrip("s"))
    return out


def test_no_vocabulary_list_outside_the_data() -> None:
    found = []
    groups = _groups()
    for path in CODE:
        for line, lit in _literals(path):
            if "|" not in lit:
                continue
            alts = _alternatives(lit)
            for name, group in groups.items():
                hit = {w for w in group if w in alts or w.rstrip("s") in alts}
                if len({_lemma(w) for w in hit}) >= THRESHOLD.get(name, DEFAULT_THRESHOLD):
                    found.append(f"{path.relative_to(ROOT)}:{line}: {name} {sorted(hit)}")
    assert not found, "vocabulary written as Python literals (move it to vocabulary.toml):\n" + "\n".join(found)


def test_chip_colours_come_from_config_only() -> None:
    assert vocab.chip_colours() == {k.lower(): int(v) for k, v in default_settings().chips.items()}
    assert "chips" not in vocab.data(), "chip colours belong to config.toml, not the vocabulary"


@pytest.mark.parametrize(("verb", "kind"), [
    ("jams", "all_in"), ("Shipped", "all_in"), ("all in", "all_in"), ("3bet", "raise"), ("makes it", "raise"),
    ("goes over the top", "raise"), ("flats", "call"), ("limps", "call"), ("completes", "call"), ("taps", "check"),
    ("mucks", "fold"), ("opens", "open"), ("leads", "bet"), ("fires", "bet"), ("pots it", "bet"),
])
def test_action_words_are_read_from_the_vocabulary(verb: str, kind: str) -> None:
    assert vocab.kind_of(verb) == kind


def test_positions_have_one_name() -> None:
    assert vocab.canonical_position("cut-off") == vocab.canonical_position("cutoff") == "CO"
    assert vocab.canonical_position("under the gun") == "UTG"
    assert vocab.canonical_position("dealer's friend") is None
