"""The floor command line: text, --json and --jsonl contracts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rules_index import get_index

ROOT = Path(__file__).resolve().parents[2]
FLOOR = [sys.executable, "-m", "bot.cli"]
RULE_KEYS = {"kind", "id", "title", "text", "parent", "children", "section", "rulebook_version", "error",
             "suggestions"}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*FLOOR, *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_rule_text() -> None:
    p = run("rule", "1.4.2")
    assert p.returncode == 0
    assert "1.4 All raises" in p.stdout and "1.4.2 A single chip" in p.stdout


def test_rule_json_shape() -> None:
    obj = json.loads(run("rule", "--json", "1.1.2").stdout)
    assert set(obj) == RULE_KEYS and obj["kind"] == "clause" and obj["error"] is None
    assert obj["children"] == ["1.1.2.1", "1.1.2.2"] and obj["title"] == "Bet" and obj["parent"] == "1.1"


def test_rule_not_found_json() -> None:
    p = run("rule", "--json", "1.4.9")
    obj = json.loads(p.stdout)
    assert p.returncode == 1
    assert set(obj) == RULE_KEYS and obj["kind"] == "not_found" and "1.4.2" in obj["suggestions"]


def test_rule_jsonl_resolves_every_id_in_order() -> None:
    ids = get_index().book.ids()
    lines = [*ids, "", "4.1", "x" * 5000, "@everyone", "**1.4**"]
    p = run("rule", "--jsonl", stdin="\n".join(lines) + "\n")
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert len(out) == len(lines)
    for cid, obj in zip(ids, out, strict=False):
        assert obj["id"] == cid
    assert "error" in out[len(ids)] and "error" in out[len(ids) + 1] and "error" in out[len(ids) + 2]
    assert "Traceback" not in p.stderr


def test_search_json_and_k() -> None:
    obj = json.loads(run("search", "--json", "-k", "2", "string bet").stdout)
    assert obj["query"] == "string bet" and len(obj["results"]) == 2
    assert obj["results"][0]["id"] == "1.6" and set(obj["results"][0]) == {"id", "score", "text"}


def test_search_jsonl_hostile_lines() -> None:
    lines = ["muck", "", "🃏🃏 ünïcödé", "<@&123> @here"]
    p = run("search", "--jsonl", stdin="\n".join(lines) + "\n")
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert next(o["query"] for o in out) == "muck" and len(out) == 4
    assert "error" in out[1]


def test_cli_does_not_import_discord() -> None:
    code = "import sys; from bot.cli import main; main(['rule', '1.1']); assert 'discord' not in sys.modules"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 0, p.stderr


def test_rule_and_search_build_only_what_they_need() -> None:
    """A lookup loads no search stack and no engine; a search loads no engine (no reader, no example index)."""
    code = ("import sys; from bot.cli import main; main([{args}]); "
            "print('LOADED:' + ','.join(sorted({{m.split('.')[0] for m in sys.modules}} & {{{banned}}})))")
    rule = subprocess.run([sys.executable, "-c", code.format(args="'rule', '1.4.2'", banned=(
        "'engine', 'bm25s', 'numpy', 'snowballstemmer', 'discord', 'sqlalchemy'"))],
        capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert rule.returncode == 0 and rule.stdout.splitlines()[-1] == "LOADED:", rule.stdout[-200:] + rule.stderr
    search = subprocess.run([sys.executable, "-c", code.format(args="'search', 'string bet'", banned=(
        "'engine', 'discord', 'sqlalchemy'"))], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert search.returncode == 0 and search.stdout.splitlines()[-1] == "LOADED:", search.stdout[-300:]


def test_rule_builds_no_pydantic_model() -> None:
    """Defining one pydantic model costs as much as starting Python; a lookup checks its config without one."""
    code = ("import sys; from bot.cli import main; main(['rule', '1.4.2']); "
            "print('MODELS:' + ','.join(sorted(m for m in sys.modules if m in {'pydantic.main', 'engine.result'})))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 0 and p.stdout.splitlines()[-1] == "MODELS:", p.stdout[-200:] + p.stderr
