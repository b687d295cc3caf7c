"""``/rulebook reload``: staff switch the running bot to a checked rulebook; a breaking one is refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import NotStaff
from bot.console import ConsoleSession
from rules_index.config import PROJECT_ROOT
from rules_index.index import activate, get_index

BOOK = PROJECT_ROOT / "rules_index/rulebooks/poker-ape-house-rules.txt"


@pytest.fixture
def new_book(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A config pointing at a copy of the rulebook that the test then edits; the old index comes back after."""
    book = tmp_path / "house-rules-v2.txt"
    book.write_text(BOOK.read_text(encoding="utf-8"), encoding="utf-8")
    cfg = tmp_path / "config.toml"
    cfg.write_text(f'[rulebook]\npath = "{book}"\nlexicon = "{PROJECT_ROOT / "rules_index/lexicon.toml"}"\n'
                   f'clause_terms = "{PROJECT_ROOT / "rules_index/clause_terms.toml"}"\n', encoding="utf-8")
    monkeypatch.setenv("FLOOR_CONFIG", str(cfg))
    before = get_index()
    yield book
    activate(before)


async def test_a_clean_rulebook_is_switched_in_without_a_restart(table: Any, new_book: Path) -> None:
    text = new_book.read_text(encoding="utf-8")
    new_book.write_text(text.replace("A single chip of greater value", "A single chip of higher value"),
                        encoding="utf-8")
    old_version = get_index().version
    result = await table.dana.slash(table.channel, "rulebook reload")
    embed = result.response.embeds[0]
    assert result.ephemeral and embed.title == "Rulebook reloaded", embed.description
    assert "changed 1" in embed.description and "{+higher+}" in embed.description
    assert get_index().version.startswith("house-rules-v2.txt@") and get_index().version != old_version
    rule = await table.pat.slash(table.channel, "rule", clause="1.4.2")
    shown = str(rule.response.embeds[0].to_dict())
    assert "higher value" in shown and "house-rules-v2.txt@" in shown


async def test_a_rulebook_that_loses_cited_clauses_is_refused(table: Any, new_book: Path) -> None:
    lines = new_book.read_text(encoding="utf-8").splitlines()
    new_book.write_text("\n".join(x for x in lines if not x.startswith("• 1.4.1 ")) + "\n", encoding="utf-8")
    old_version = get_index().version
    result = await table.dana.slash(table.channel, "rulebook reload")
    embed = result.response.embeds[0]
    assert embed.title == "Rulebook not reloaded" and "REFUSED" in embed.description and "1.4.1" in embed.description
    assert get_index().version == old_version and old_version in embed.footer.text


async def test_an_unreadable_rulebook_is_refused(table: Any, new_book: Path) -> None:
    new_book.write_text("no numbered clauses here\n", encoding="utf-8")
    old_version = get_index().version
    result = await table.dana.slash(table.channel, "rulebook reload")
    embed = result.response.embeds[0]
    assert embed.title == "Rulebook not reloaded" and "numbered clauses" in embed.description
    assert get_index().version == old_version


def test_the_console_reloads_with_the_same_check(new_book: Path) -> None:
    """The console lists /rulebook reload in its help, and the command does what Discord's does."""
    session = ConsoleSession()
    assert "/rulebook reload" in (session.handle("/help") or "")
    lines = new_book.read_text(encoding="utf-8").splitlines()
    new_book.write_text("\n".join(x for x in lines if not x.startswith("• 1.4.1 ")) + "\n", encoding="utf-8")
    old_version = get_index().version
    refused = session.handle("/rulebook reload") or ""
    assert "Rulebook not reloaded" in refused and "1.4.1" in refused and get_index().version == old_version
    new_book.write_text("\n".join(lines).replace("A single chip of greater value", "A single chip of higher value")
                        + "\n", encoding="utf-8")
    done = session.handle("/rulebook reload") or ""
    assert "Rulebook reloaded" in done and "{+higher+}" in done
    assert get_index().version.startswith("house-rules-v2.txt@")
    assert "higher value" in (session.handle("/rule 1.4.2") or "")
    assert "Use /rulebook reload" in (session.handle("/rulebook swap") or "")


async def test_players_cannot_reload(table: Any, new_book: Path) -> None:
    result = await table.pat.slash(table.channel, "rulebook reload")
    assert result.response.embeds[0].title == "Staff only"
    assert [e for e in table.env.errors if isinstance(e, NotStaff)]
