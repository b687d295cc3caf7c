"""The house rulebook as a clause tree: lookup by number or title, search by meaning."""

from rules_index.index import NotFound, RulesIndex, clause_ids_in, get_index, parse_clause_id
from rules_index.rulebook import Clause, Rulebook, load_rulebook, parse_rulebook

__all__ = [
    "Clause", "NotFound", "Rulebook", "RulesIndex", "clause_ids_in", "get_index",
    "load_rulebook", "parse_clause_id", "parse_rulebook",
]
