"""Search understands card-room language and typos."""

from __future__ import annotations

import pytest

from rules_index import get_index
from rules_index.config import default_settings
from rules_index.search import Lexicon, terms


def top(q: str, k: int = 3) -> list[str]:
    return [h.id for h in get_index().search(q, k=k)]


@pytest.mark.parametrize(
    "query,expected",
    [
        ("guy jammed out of turn", "1.8"),
        ("villain went back to his stack for more chips, string bet?", "1.6"),
        ("can i rathole some chips", "3.11"),
        ("dealer flashed a card during the shuffle", "2.1.1"),
        ("RIT allowed heads up?", "1.9"),
        ("OOT check binding?", "1.8.1"),
        ("min-raise after a 3-bet", "1.4"),
        ("can I top up between hands", "3.12"),
        ("he mucked and wants his hand back", "1.1.5.1"),
        ("single oversized chip no declaration", "1.4.2"),
        ("whats the minimun rasie", "1.4"),  # typos
        ("spectator on the rail giving advice", "3.4"),
    ],
)
def test_slang_finds_clause(query: str, expected: str) -> None:
    assert expected in top(query, 3), top(query, 5)


def test_named_clause_ranks_first() -> None:
    assert top("what does 3.18.2 say")[0] == "3.18.2"


def test_seat_numbers_are_not_topics() -> None:
    # "Seat 3" must not drag in the seating clause 3.7 or orbit counts.
    assert "3.7" not in top("Seat 3 bet 400 and Seat 9 called", 3)


def test_empty_and_stopword_queries() -> None:
    assert top("") == []
    assert top("the and of") == []


def test_lexicon_is_data() -> None:
    lex = Lexicon.load(default_settings().lexicon_path)
    assert len(lex.concepts) > 40
    assert any("all-in" in m for m in lex.expand("he shoved"))
    assert lex.expand("nothing special here") == []


def test_terms_stem_and_drop_numbers() -> None:
    assert terms("Raises 600 riffles") == ["rais", "riffl"]
