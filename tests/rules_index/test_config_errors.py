"""Every broken configuration ends a command with one line on stderr and exit code 2: no traceback, no value."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rules_index.config import PROJECT_ROOT, ConfigError, load_settings

FLOOR = [sys.executable, "-m", "bot.cli"]
SECRET = "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456"
BOOK = PROJECT_ROOT / "rules_index/rulebooks/poker-ape-house-rules.txt"
LEXICON = PROJECT_ROOT / "rules_index/lexicon.toml"
TERMS = PROJECT_ROOT / "rules_index/clause_terms.toml"
COMMANDS = {"rule": ["rule", "1.4.2"], "search": ["search", "string bet"], "ruling": ["ruling", "string bet"],
            "console": ["console"]}


def _rulebook(book: Path | str = BOOK, lexicon: Path | str = LEXICON) -> str:
    return f'[rulebook]\npath = "{book}"\nlexicon = "{lexicon}"\nclause_terms = "{TERMS}"\n'


def floor(args: list[str], cfg: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environ.update({"FLOOR_CONFIG": str(cfg), **(env or {})})
    return subprocess.run([*FLOOR, *args], input="/rule 1.4.2\n/quit\n", capture_output=True, text=True,
                          cwd=PROJECT_ROOT, env=environ, timeout=120)


def assert_clean_failure(p: subprocess.CompletedProcess[str], *expected: str) -> None:
    assert p.returncode == 2, (p.returncode, p.stderr)
    assert "Traceback" not in p.stderr and SECRET not in p.stderr + p.stdout
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("floor: configuration error: "), p.stderr
    for text in expected:
        assert text in lines[0], lines[0]


# name -> (config text, words the one line must contain); every command refuses each of them
CASES = {
    "wrong type": (_rulebook() + '[search]\ndefault_k = "five"\n', ["search.default_k", "integer"]),
    "out of range": (_rulebook() + "[discord]\nview_timeout_seconds = 3600\n", ["discord.view_timeout_seconds"]),
    "toml syntax": (_rulebook() + "[discord\nstaff_role = 1\n", ["TOML syntax error", "line 5"]),
    "missing rulebook": (_rulebook(book="/nonexistent/book.txt"), ["rulebook.path", "not found"]),
    "missing lexicon": (_rulebook(lexicon="/nonexistent/lexicon.toml"), ["rulebook.lexicon", "not found"]),
    "token in discord": (_rulebook() + f'[discord]\ntoken = "{SECRET}"\n', ["discord.token", "DISCORD_TOKEN"]),
    "token as a value": (_rulebook() + f'[discord]\nstaff_role = "{SECRET}"\n', ["discord.staff_role", "token"]),
    "store typo": (_rulebook() + '[store]\nsqlite_pth = "x.sqlite3"\n', ["store.sqlite_pth", "unknown key"]),
    "unknown section": (_rulebook() + "[dicsord]\nstaff_role = 'x'\n", ["dicsord", "unknown section"]),
    "negative chip": (_rulebook() + "[chips]\nblack = -100\n", ["chips.black", "greater than 0"]),
    "zero chip": (_rulebook() + "[chips]\nwhite = 0\n", ["chips.white"]),
    "database password": (_rulebook() + '[store]\ndatabase_url = 5\n', ["store.database_url"]),
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("case", list(CASES))
def test_broken_config_fails_cleanly(case: str, command: str, tmp_path: Path) -> None:
    text, expected = CASES[case]
    cfg = tmp_path / "config.toml"
    cfg.write_text(text, encoding="utf-8")
    assert_clean_failure(floor(COMMANDS[command], cfg), str(cfg) if case not in (
        "missing rulebook", "missing lexicon") else "", *expected)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_missing_config_file_is_named(command: str, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "config.toml"
    assert_clean_failure(floor(COMMANDS[command], missing), f"config not found: {missing}")


@pytest.mark.parametrize("content", ["", "just some words\nand more words\n", "\x00\x01garbage"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_rulebook_without_numbered_clauses_refuses_to_start(content: str, command: str, tmp_path: Path) -> None:
    book = tmp_path / "book.txt"
    book.write_text(content, encoding="utf-8")
    cfg = tmp_path / "config.toml"
    cfg.write_text(_rulebook(book=book), encoding="utf-8")
    p = floor(COMMANDS[command], cfg)
    assert_clean_failure(p, str(book))
    assert "numbered clauses" in p.stderr or "does not parse" in p.stderr


def test_a_rulebook_that_is_not_utf8_refuses_to_start(tmp_path: Path) -> None:
    book = tmp_path / "book.txt"
    book.write_bytes(b"1. Section\n\n1.1 A clause \xff\xfe.\n")
    cfg = tmp_path / "config.toml"
    cfg.write_text(_rulebook(book=book), encoding="utf-8")
    assert_clean_failure(floor(COMMANDS["rule"], cfg), "not valid UTF-8")


@pytest.mark.parametrize("command", ["ruling", "console"])
def test_a_rulebook_losing_cited_clauses_refuses_to_rule(command: str, tmp_path: Path) -> None:
    book = tmp_path / "book.txt"
    book.write_text("\n".join(line for line in BOOK.read_text(encoding="utf-8").splitlines()
                              if not line.startswith("• 1.4.1 ")) + "\n", encoding="utf-8")
    cfg = tmp_path / "config.toml"
    cfg.write_text(_rulebook(book=book), encoding="utf-8")
    assert_clean_failure(floor(COMMANDS[command], cfg), "1.4.1", "floor rulebook check")


def test_a_broken_lexicon_fails_when_search_needs_it(tmp_path: Path) -> None:
    lexicon = tmp_path / "lexicon.toml"
    lexicon.write_text("[[concept]\nsay = [", encoding="utf-8")
    cfg = tmp_path / "config.toml"
    cfg.write_text(_rulebook(lexicon=lexicon), encoding="utf-8")
    assert_clean_failure(floor(COMMANDS["search"], cfg), str(lexicon), "TOML syntax error", "line 1")


def test_the_discord_bot_refuses_a_broken_config(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text(_rulebook() + f'[discord]\ntoken = "{SECRET}"\n', encoding="utf-8")
    assert_clean_failure(floor(["discord"], cfg, {"DISCORD_TOKEN": "x" * 10}), "discord.token")


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_exits_2_on_a_broken_config(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text("[chips]\nblack = -1\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    p = subprocess.run(["make", "-s", "run"], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300,
                       env={**env, "FLOOR_CONFIG": str(cfg)}, stdin=subprocess.DEVNULL)
    assert p.returncode == 2 and "chips.black" in p.stderr and "Traceback" not in p.stderr


def test_errors_name_the_key_never_the_value(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text('[store]\ndatabase_url = ["postgresql://floor:hunter2@db/floor"]\n', encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_settings(cfg)
    assert "store.database_url" in str(err.value) and "hunter2" not in str(err.value)


def test_the_shipped_config_is_valid() -> None:
    s = load_settings(PROJECT_ROOT / "config.toml")
    assert s.rulebook_path.is_file() and all(v > 0 for v in s.chips.values())
