"""The house rulebook as a clause tree: lookup by number or title, search by meaning.

The names are imported on first use, so ``import rules_index.config`` (every command does) costs only
the settings, and a clause lookup never loads the search stack.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "NotFound": "rules_index.index", "RulesIndex": "rules_index.index", "clause_ids_in": "rules_index.index",
    "get_index": "rules_index.index", "parse_clause_id": "rules_index.index",
    "Clause": "rules_index.rulebook", "Rulebook": "rules_index.rulebook", "load_rulebook": "rules_index.rulebook",
    "parse_rulebook": "rules_index.rulebook",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'rules_index' has no attribute {name!r}")
    value = getattr(import_module(_WHERE[name]), name)
    globals()[name] = value
    return value
