"""Bytes that are not UTF-8, in arguments or on stdin, under any locale: never a crash, always valid UTF-8 out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FLOOR = [sys.executable, "-m", "bot.cli"]
# PYTHONUTF8=0 under C.UTF-8 is a strict UTF-8 locale (stdin errors="strict"); LC_ALL=C is coerced to UTF-8 mode.
LOCALES = {
    "strict-utf8": {"LC_ALL": "C.UTF-8", "PYTHONUTF8": "0"},
    "C": {"LC_ALL": "C", "PYTHONUTF8": "0"},
    "ascii-io": {"LC_ALL": "C.UTF-8", "PYTHONUTF8": "0", "PYTHONIOENCODING": "ascii:strict"},
}
BAD_LINES = [b"1.4.2", b"\xff\xfe rule \xc3", b"", b"jam \xed\xa0\x80 oot", b"\xf0\x9f\x83 string bet \x80",
             b"caf\xc3\xa9 1.4"]
KEYS = {
    "rule": {"kind", "id", "title", "text", "parent", "children", "section", "rulebook_version", "error",
             "suggestions"},
    "search": {"kind", "query", "results", "rulebook_version", "error"},
}


def run(args: list[bytes], locale: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_CTYPE", "PYTHONIOENCODING")}
    env.update(LOCALES[locale])
    return subprocess.run([*(a.encode() for a in FLOOR), *args], input=stdin, capture_output=True, cwd=ROOT,
                          env=env, timeout=120)


def lines_of(p: subprocess.CompletedProcess[bytes]) -> list[dict]:
    text = p.stdout.decode("utf-8")  # strict: the output itself must be valid UTF-8
    return [json.loads(line) for line in text.splitlines()]


def ruling_keys() -> set[str]:
    from engine.result import Ruling

    return set(Ruling(kind="error", outcome="x").to_json())


@pytest.mark.parametrize("locale", list(LOCALES))
@pytest.mark.parametrize("command", ["rule", "search", "ruling"])
def test_jsonl_answers_every_line_with_the_full_contract(command: str, locale: str) -> None:
    p = run([command.encode(), b"--jsonl"], locale, b"\n".join(BAD_LINES) + b"\n")
    assert p.returncode == 0 and b"Traceback" not in p.stderr, p.stderr
    out = lines_of(p)
    assert len(out) == len(BAD_LINES)
    keys = KEYS.get(command) or ruling_keys()
    for obj in out:
        assert set(obj) == keys and obj["kind"], obj
    assert out[2]["kind"] == "error"  # the empty line
    assert "\ufffd" in json.dumps(out[1], ensure_ascii=False) or out[1]["kind"] != "error"


@pytest.mark.parametrize("locale", list(LOCALES))
@pytest.mark.parametrize("command", ["rule", "search", "ruling"])
@pytest.mark.parametrize("fmt", [[], [b"--json"]])
def test_bad_bytes_in_arguments(command: str, locale: str, fmt: list[bytes]) -> None:
    p = run([command.encode(), *fmt, b"string \xff\xfe bet \xc3"], locale)
    assert p.returncode in (0, 1) and b"Traceback" not in p.stderr, p.stderr
    text = p.stdout.decode("utf-8")
    assert text.strip()
    if fmt:
        assert json.loads(text)["kind"]


@pytest.mark.parametrize("locale", list(LOCALES))
def test_the_console_reads_bad_bytes(locale: str) -> None:
    p = run([b"console"], locale, b"/rule 1.4.2\n\xff\xfe what \xc3\n/quit\n")
    assert p.returncode == 0 and b"Traceback" not in p.stderr, p.stderr
    assert "1.4.2" in p.stdout.decode("utf-8")


def test_exit_codes_are_the_same_across_commands() -> None:
    def code(*args: str) -> int:
        return subprocess.run([*FLOOR, *args], capture_output=True, cwd=ROOT, timeout=120).returncode

    assert [code("rule", "1.4.2"), code("search", "string bet"), code("ruling", "string bet")] == [0, 0, 0]
    for fmt in ([], ["--json"]):
        assert [code("rule", *fmt, ""), code("search", *fmt, ""), code("ruling", *fmt, "")] == [2, 2, 2]
    assert code("rule", "9.9.9") == 1 and code("rule", "--json", "9.9.9") == 1
    assert code("search", "zzzzqqqq") == 1
    assert code("ruling", "is a straddle allowed here?") == 1  # the book does not cover it


@pytest.mark.parametrize("k", ["0", "-3", str(10**20), "two", "26"])
def test_k_outside_its_range_is_a_usage_error(k: str) -> None:
    p = subprocess.run([*FLOOR, "search", "-k", k, "string bet"], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert p.returncode == 2 and "-k" in p.stderr and "1 to 25" in p.stderr.replace("from 1 to 25", "1 to 25")


def test_several_ids_are_each_answered() -> None:
    p = subprocess.run([*FLOOR, "rule", "--json", "1.4.2", "3.1"], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert p.returncode == 0
    assert [json.loads(line)["id"] for line in p.stdout.splitlines()] == ["1.4.2", "3.1"]
    p = subprocess.run([*FLOOR, "rule", "1.4.2", "9.9"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert p.returncode == 1 and "1.4.2 A single chip" in p.stdout and "No such clause: 9.9" in p.stdout
    assert "No such clause: 1.4.2" not in p.stdout


def test_mixed_ids_and_words_is_a_usage_error() -> None:
    p = subprocess.run([*FLOOR, "rule", "1.4.2", "3.1", "chips"], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert p.returncode == 2 and "several clause numbers" in p.stderr


def test_jsonl_with_an_argument_is_a_usage_error() -> None:
    p = subprocess.run([*FLOOR, "rule", "--jsonl", "1.4.2"], input="3.1\n", capture_output=True, text=True,
                       cwd=ROOT, timeout=120)
    assert p.returncode == 2 and "stdin" in p.stderr and p.stdout == ""
