"""The console chat: Floor in a terminal, no Discord token needed."""

from __future__ import annotations

import sys
from typing import TextIO

HELP = """Commands:
  /rule ID       show a clause (1.4.2, "shuffling procedure")
  /search TEXT   rank clauses for a question
  /quit          leave"""


def handle_line(line: str) -> str | None:
    """One console input to one reply; None means leave."""
    from bot.cli import _input_error
    from bot.render import clause_text, not_found_text, search_text
    from rules_index import NotFound, get_index

    text = line.strip()
    if text in ("/quit", "/exit", "quit", "exit"):
        return None
    if not text:
        return ""
    if text in ("/help", "help", "?"):
        return HELP
    ix = get_index()
    cmd, _, rest = text.partition(" ")
    err = _input_error(rest if cmd.startswith("/") else text)
    if cmd == "/rule":
        if err:
            return err
        found = ix.lookup(rest)
        return not_found_text(found) if isinstance(found, NotFound) else clause_text(ix, found)
    if cmd == "/search":
        return err or search_text(ix, rest, ix.search(rest, k=5))
    if cmd.startswith("/"):
        return f"Unknown command {cmd}.\n{HELP}"
    return err or search_text(ix, text, ix.search(text, k=5))


def run_console(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    interactive = stdin.isatty()
    if interactive:
        stdout.write("Floor console. Type /help for commands, /quit to leave.\n")
    while True:
        if interactive:
            stdout.write("floor> ")
            stdout.flush()
        line = stdin.readline()
        if not line:
            return 0
        reply = handle_line(line)
        if reply is None:
            return 0
        if reply:
            stdout.write(reply + "\n")
            stdout.flush()


def run_quiz_console(section: str | None = None, user: str | None = None) -> int:
    print("The quiz is not built yet.", file=sys.stderr)
    return 2
