"""``floor rulebook check``: what a new rulebook adds, removes and rewords, and what it would break."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules_index import get_index, parse_rulebook
from rules_index.check import check_book, report_text, word_diff

ROOT = Path(__file__).resolve().parents[2]
BOOK = get_index().book
SOURCE = BOOK.source



CHANGED = SOURCE.replace("• 1.4.2 A single chip of greater value", "• 1.4.2 A single chip of higher value")
ADDED = SOURCE.rstrip("\n") + "\n\n3.20 Phones stay off the table while a player is in a hand.\n"
REMOVED = "\n".join(line for line in SOURCE.splitlines() if not line.startswith("• 1.4.1 ")) + "\n"


def test_a_changed_clause_is_shown_with_a_word_diff() -> None:
    report = check_book(BOOK, parse_rulebook(CHANGED, "new.txt"))
    assert not report.added and not report.removed and list(report.changed) == ["1.4.2"]
    assert "[-greater-] {+higher+}" in report.changed["1.4.2"]
    assert not report.broken and report_text(report).startswith("OK")


def test_an_added_clause_is_listed_and_breaks_nothing() -> None:
    report = check_book(BOOK, parse_rulebook(ADDED, "new.txt"))
    assert report.added == ["3.20"] and not report.removed and not report.changed and not report.broken


def test_a_removed_clause_that_is_cited_is_refused() -> None:
    report = check_book(BOOK, parse_rulebook(REMOVED, "new.txt"))
    assert report.removed == ["1.4.1"] and report.broken
    sources = {c.source for c in report.dangling}
    assert {"rule", "scenario", "example", "quiz"} <= sources, sources
    assert all(c.clause_id == "1.4.1" for c in report.dangling)
    text = report_text(report)
    assert text.startswith("REFUSED") and "Removed: 1.4.1" in text


def test_word_diff_keeps_context_short() -> None:
    old = " ".join(f"w{i}" for i in range(40))
    diff = word_diff(old, old.replace("w20", "X"))
    assert "[-w20-] {+X+}" in diff and "…" in diff and len(diff.split()) < 20


@pytest.mark.parametrize(("text", "code", "words"), [(CHANGED, 0, "Changed:"), (ADDED, 0, "Added: 3.20"),
                                                     (REMOVED, 1, "REFUSED")])
def test_the_command(text: str, code: int, words: str, tmp_path: Path) -> None:
    new = tmp_path / "new.txt"
    new.write_text(text, encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "bot.cli", "rulebook", "check", str(new)], capture_output=True,
                       text=True, cwd=ROOT, timeout=120)
    assert p.returncode == code and words in p.stdout, p.stdout + p.stderr


def test_a_new_file_without_clauses_is_a_configuration_error(tmp_path: Path) -> None:
    new = tmp_path / "new.txt"
    new.write_text("nothing numbered here\n", encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "bot.cli", "rulebook", "check", str(new)], capture_output=True,
                       text=True, cwd=ROOT, timeout=120)
    assert p.returncode == 2 and "numbered clauses" in p.stderr and "Traceback" not in p.stderr
