"""``floor console``: the same handlers as Discord, driven through stdin."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from bot import handlers
from bot.console import ConsoleSession, run_console
from bot.render import reply_text

ROOT = Path(__file__).resolve().parents[2]
FLOOR = [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())"]


def run_floor(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    return subprocess.run([*FLOOR, *args], input=stdin, capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=300, check=False)


def chat(*lines: str) -> str:
    out = io.StringIO()
    assert run_console(io.StringIO("".join(f"{line}\n" for line in lines)), out) == 0
    return out.getvalue()


def test_floor_console_rule_over_stdin() -> None:
    proc = run_floor("console", stdin="/rule 1.4.2\n/quit\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == reply_text(handlers.rule_reply("1.4.2"))


def test_floor_run_without_token_is_the_console() -> None:
    proc = run_floor("run", stdin="/rule 2.8\n")
    assert proc.returncode == 0
    assert "No DISCORD_TOKEN" in proc.stderr
    assert "2.8.5" in proc.stdout


def test_console_prints_what_the_handlers_return() -> None:
    """Same handler, same content: the console is a rendering of the Discord reply, not a copy."""
    assert chat("/rule 1.4.2").strip() == reply_text(handlers.rule_reply("1.4.2"))
    assert chat("/search oversized chip").strip() == reply_text(handlers.search_reply("oversized chip"))
    q = "Facing a bet of 25, Seat 6 drops a single 100 chip over the line without a word."
    assert chat(f"/ruling {q}").strip() == reply_text(handlers.ruling_reply(q))
    assert chat(q).strip() == reply_text(handlers.ruling_reply(q))  # a plain line is a ruling
    assert chat("/help").strip() == reply_text(handlers.help_reply("console"))


def test_follow_up_answered_by_number() -> None:
    out = chat("/rule 1.4.9", "1")
    first = handlers.rule_reply("1.4.9")
    assert first.question is not None
    assert "1) " + first.question.choices[0].label in out
    assert "Answer with a number." in out
    picked = first.question.choices[0].value
    assert out.strip().endswith(reply_text(handlers.rule_reply(picked)))


def test_ruling_follow_up_answered_by_number() -> None:
    s = ConsoleSession()
    text = "Seat 2 tossed a single 500 chip facing a 100 bet and said raise"
    first = s.handle(text)
    assert s.pending is not None and s.pending.question is not None, first
    q = s.pending.question
    assert q.choices, "expected options for this question"
    lines = first.splitlines()
    for i, choice in enumerate(q.choices, start=1):
        assert f"  {i}) {choice.label}" in lines
    second = s.handle("2")
    from engine import answer

    expected = answer(text, extra_facts={q.fact: q.choices[1].value})
    assert expected.outcome in second


def test_typed_answer_when_there_are_no_options() -> None:
    s = ConsoleSession()
    text = "a player put out a single 1000 chip without saying anything"
    first = s.handle(f"/ruling {text}")
    assert s.pending is not None and s.pending.question is not None and not s.pending.question.choices, first
    assert "Type the answer (a number, e.g. 300)." in first
    fact = s.pending.question.fact
    out = s.handle("300")
    from engine import answer

    assert answer(text, extra_facts={fact: 300}).outcome in out


def test_out_of_range_number_keeps_the_question_open() -> None:
    s = ConsoleSession()
    s.handle("/rule 1.4.9")
    out = s.handle("9")
    assert "Pick a number from 1 to" in out
    assert s.pending is not None  # still answerable
    assert "== 1.4" in s.handle("1")


def test_bad_input_gets_clear_answers() -> None:
    out = chat("/rule", "/rule 9.9.9", "/search", "/nonsense", "x" * 5000, "**@everyone**")
    assert "The clause is empty" in out
    assert "There is no clause 9.9.9" in out
    assert "The search is empty" in out
    assert "Unknown command /nonsense" in out
    assert "too long (5,000 characters; at most 1,000)" in out


def test_quit_and_eof_end_cleanly() -> None:
    assert chat("/quit", "/rule 1.4.2") == ""
    assert run_console(io.StringIO(""), io.StringIO()) == 0


def test_cli_shells_do_not_import_discord() -> None:
    code = ("import sys, io; import bot.cli, bot.render, bot.handlers, bot.console, bot.reply, bot.limits; "
            "from bot.console import run_console; run_console(io.StringIO('/rule 1.4.2\\n/ruling facing 25 a 100 "
            "chip\\n'), io.StringIO()); "
            "print('discord' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300,
                          check=True)
    assert proc.stdout.strip() == "False"


def test_floor_ruling_json_shape_is_unchanged() -> None:
    import json

    proc = run_floor("ruling", "--json", "facing 25 seat 6 drops a single 100 chip")
    obj = json.loads(proc.stdout)
    assert {"kind", "outcome", "citations", "assumptions", "alternatives", "follow_up", "confidence",
            "facts"} <= set(obj)
    text = run_floor("ruling", "facing 25 seat 6 drops a single 100 chip")
    assert text.returncode == 0 and text.stdout.startswith("== Ruling ==")
