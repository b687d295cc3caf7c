"""Small readable units in engine/betting.py: no function over 80 lines, ``read_chips`` included."""

from __future__ import annotations

import ast
from pathlib import Path

MODULE = Path(__file__).resolve().parents[2] / "engine" / "betting.py"
MAX_LINES = 80


def _functions() -> dict[str, int]:
    tree = ast.parse(MODULE.read_text(encoding="utf-8"))
    return {n.name: (n.end_lineno or n.lineno) - n.lineno + 1 for n in ast.walk(tree)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def test_no_long_functions_in_the_betting_model() -> None:
    over = {name: lines for name, lines in _functions().items() if lines > MAX_LINES}
    assert not over, f"functions over {MAX_LINES} lines: {over}"


def test_read_chips_is_split_into_its_cases() -> None:
    sizes = _functions()
    assert sizes["read_chips"] <= 45  # signature, docstring and a dispatch over the cases below
    for case in ("_declared_raise", "_opening_bet", "_short_of_the_call", "_exact_call", "_over_the_call"):
        assert sizes[case] <= 30, case
