"""The parsed rulebook is complete and faithful to the source."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_index import get_index, load_rulebook, parse_rulebook
from rules_index.config import default_settings

SOURCE = default_settings().rulebook_path
BOOK = load_rulebook(SOURCE)

EXPECTED_NUMBERED = (
    "1.1 1.1.1 1.1.2 1.1.2.1 1.1.2.2 1.1.3 1.1.3.1 1.1.4 1.1.5 1.1.5.1 1.2 1.3 1.4 1.4.1 1.4.2 1.5 1.5.1 1.6 1.7 "
    "1.7.1 1.8 1.8.1 1.8.2 1.8.3 1.9 1.9.1 1.9.2 1.9.3 1.10 1.11 1.12 1.13 1.13.1 1.13.2 1.14 1.15 "
    "2.1 2.1.1 2.1.2 2.1.3 2.1.4 2.2 2.3 2.4 2.4.1 2.4.2 2.5 2.5.1 2.5.2 2.6 2.7 2.8 2.8.1 2.8.2 2.8.3 2.8.4 2.8.5 "
    "3.1 3.1.1 3.1.2 3.1.3 3.1.4 3.2 3.2.1 3.3 3.4 3.5 3.6 3.7 3.8 3.9 3.10 3.11 3.12 3.13 3.14 3.14.1 3.14.2 "
    "3.15 3.16 3.16.1 3.16.2 3.17 3.18 3.18.1 3.18.2 3.18.3 3.19"
).split()


def test_complete_id_list() -> None:
    assert len(EXPECTED_NUMBERED) == 88
    assert BOOK.numbered_ids() == EXPECTED_NUMBERED
    assert BOOK.ids() == ["preamble", "staff-authority", "1", *EXPECTED_NUMBERED[:36], "2",
                          *EXPECTED_NUMBERED[36:57], "3", *EXPECTED_NUMBERED[57:]]


def test_sections_have_titles() -> None:
    assert BOOK.get("1").title == "Wagering & Order of Play"
    assert BOOK.get("2").title == "Misdeals"
    assert BOOK.get("3").title == "Player Conduct of Play"
    assert BOOK.get("staff-authority").title == "Staff Authority"
    assert "FIDPA" in BOOK.get("preamble").text


def test_parent_of_every_clause() -> None:
    for cid in EXPECTED_NUMBERED:
        expected = cid.rsplit(".", 1)[0]
        assert BOOK.get(cid).parent == expected, cid
        assert cid in BOOK.get(expected).children
        assert BOOK.get(cid).section == cid.split(".")[0]
    # Indented under 3.18.2 in the source, numbered under 3.18: the number wins.
    assert BOOK.get("3.18.3").parent == "3.18"
    assert BOOK.get("3.18.2").children == []
    assert BOOK.get("preamble").parent is None and BOOK.get("staff-authority").parent is None


def test_no_line_lost() -> None:
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    heading_lines = {n for n, _t in BOOK.headings}
    owners: dict[int, list[str]] = {}
    for c in BOOK.clauses.values():
        for n in c.lines:
            owners.setdefault(n, []).append(c.id)
    for n, line in enumerate(lines, start=1):
        if not line.strip() or n in heading_lines:
            continue
        assert len(owners.get(n, [])) == 1, f"line {n} lands in {owners.get(n)}: {line!r}"


def test_text_kept_verbatim() -> None:
    src = SOURCE.read_text(encoding="utf-8")
    for c in BOOK.clauses.values():
        for piece in c.text.splitlines():
            assert piece in src, (c.id, piece)
    assert BOOK.get("1.1.1").title == "Check"
    assert BOOK.get("1.1.1").text == "• By tapping or knocking on the table."
    assert BOOK.get("2.8.1").text.endswith("followed by.")
    assert "“Run it twice”" in BOOK.get("1.9").text
    assert "player’s" in BOOK.get("1.1.5.1").text


def test_version_is_hash_and_name() -> None:
    assert BOOK.version.startswith("poker-ape-house-rules.txt@")
    other = parse_rulebook(SOURCE.read_text(encoding="utf-8") + "\n3.20 Extra clause text.\n", "x.txt")
    assert other.digest != BOOK.digest


def test_parser_is_general() -> None:
    text = (
        "Club Rules\n\nIntro\n\nThese rules are ours.\n\n1. Chips\n\n1.1 Chips stay on the table.\n\n"
        "• 1.1.1 Except when leaving.\n  • 1.1.1.1 With staff consent.\n• 1.1.2 Colour up at breaks.\n\n"
        "2. Cards\n\n2.1 Cards stay visible.\n"
    )
    book = parse_rulebook(text, "club.txt")
    assert book.numbered_ids() == ["1.1", "1.1.1", "1.1.1.1", "1.1.2", "2.1"]
    assert book.get("1.1.1.1").parent == "1.1.1"
    assert book.get("preamble").text == "These rules are ours."


def test_duplicate_clause_is_an_error() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        parse_rulebook("1. A\n\n1.1 One.\n1.1 Again.\n")


@pytest.mark.parametrize("query", ["1.4.2", "1.4.2.", "rule 1.4.2", "r1.4.2", "§1.4.2", "Rule 1.4.2", "clause 1.4.2"])
def test_lookup_forms(query: str) -> None:
    found = get_index().lookup(query)
    assert getattr(found, "id", None) == "1.4.2"


def test_lookup_is_exact_by_segments() -> None:
    ix = get_index()
    assert ix.lookup("3.1").id == "3.1"  # type: ignore[union-attr]
    assert ix.lookup("1.1").id == "1.1"  # type: ignore[union-attr]


@pytest.mark.parametrize("query,near", [("1.4.9", "1.4.2"), ("4.1", "3.1"), ("2.9", "2.8"), ("1.1.2.7", "1.1.2.1")])
def test_unknown_ids_suggest(query: str, near: str) -> None:
    found = get_index().lookup(query)
    assert not hasattr(found, "title")
    assert near in found.suggestions  # type: ignore[union-attr]
    assert "no such clause" in found.error  # type: ignore[union-attr]


@pytest.mark.parametrize("phrase,cid", [("shuffling procedure", "2.8"), ("staff authority", "staff-authority"),
                                        ("run it twice", "1.9"), ("Dead hand", "1.15"), ("check", "1.1.1")])
def test_lookup_by_title_or_phrase(phrase: str, cid: str) -> None:
    assert getattr(get_index().lookup(phrase), "id", None) == cid


def test_every_clause_text_is_in_index_search() -> None:
    ix = get_index()
    for c in BOOK.clauses.values():
        if c.kind == "section":
            continue
        first = re.sub(r"[•“”]", " ", c.text.splitlines()[0])
        assert c.id in [h.id for h in ix.search(first, k=5)], c.id


def test_rulebook_path_comes_from_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_index.config import load_settings

    book = tmp_path / "book.txt"
    book.write_text("1. Only\n\n1.1 One rule.\n", encoding="utf-8")
    cfg = tmp_path / "config.toml"
    cfg.write_text(f'[rulebook]\npath = "{book.name}"\n', encoding="utf-8")
    s = load_settings(cfg)
    assert s.rulebook_path == book
    assert load_rulebook(s.rulebook_path).numbered_ids() == ["1.1"]
