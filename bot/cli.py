"""The ``floor`` command line.

Every shell and every check goes through here, so the ``--json`` and
``--jsonl`` shapes are a contract: add keys if needed, never rename them.
discord.py is imported only by the subcommands that start the bot.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

MAX_INPUT = 2000


def _emit(obj: dict[str, Any], out: TextIO) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _input_error(text: str) -> str | None:
    """Why a line of input cannot be answered, or None when it can."""
    if not text.strip():
        return "empty input: give a clause number, a title or a question"
    if len(text) > MAX_INPUT:
        return f"input too long ({len(text)} characters; at most {MAX_INPUT})"
    return None


def _batch(lines: Iterable[str], answer: Callable[[str], dict[str, Any]], out: TextIO) -> int:
    """One JSON object per input line, in order; a bad line gets an error object."""
    for raw in lines:
        line = raw.rstrip("\r\n")
        try:
            obj = answer(line)
        except Exception as exc:  # one bad line must not end the batch
            obj = {"error": f"internal error: {type(exc).__name__}", "input": line[:200]}
        _emit(obj, out)
        out.flush()
    return 0


# -- rule ----------------------------------------------------------------------
def rule_obj(query: str) -> dict[str, Any]:
    from bot.render import clause_json, not_found_json
    from rules_index import NotFound, get_index

    err = _input_error(query)
    if err:
        return {"error": err, "suggestions": []}
    ix = get_index()
    found = ix.lookup(query)
    return not_found_json(found) if isinstance(found, NotFound) else clause_json(ix, found)


def cmd_rule(args: argparse.Namespace) -> int:
    from bot.render import clause_text, not_found_text
    from rules_index import NotFound, get_index

    if args.jsonl:
        return _batch(sys.stdin, rule_obj, sys.stdout)
    query = " ".join(args.id)
    if args.json:
        obj = rule_obj(query)
        _emit(obj, sys.stdout)
        return 1 if "error" in obj else 0
    err = _input_error(query)
    if err:
        print(err)
        return 1
    ix = get_index()
    found = ix.lookup(query)
    if isinstance(found, NotFound):
        print(not_found_text(found))
        return 1
    print(clause_text(ix, found))
    return 0


# -- search --------------------------------------------------------------------
def search_obj(query: str, k: int = 5) -> dict[str, Any]:
    from bot.render import search_json
    from rules_index import get_index

    err = _input_error(query)
    if err:
        return {"query": query[:200], "error": err, "results": []}
    ix = get_index()
    return search_json(ix, query, ix.search(query, k=k))


def cmd_search(args: argparse.Namespace) -> int:
    from bot.render import search_text
    from rules_index import get_index

    k = max(1, min(args.k, 25))
    if args.jsonl:
        return _batch(sys.stdin, lambda q: search_obj(q, k), sys.stdout)
    query = " ".join(args.text)
    if args.json:
        _emit(search_obj(query, k), sys.stdout)
        return 0
    err = _input_error(query)
    if err:
        print(err)
        return 1
    ix = get_index()
    print(search_text(ix, query, ix.search(query, k=k)))
    return 0


# -- ruling --------------------------------------------------------------------
def ruling_obj(text: str) -> dict[str, Any]:
    from engine import answer

    err = _input_error(text)
    if err:
        return {"kind": "error", "outcome": err, "citations": [], "assumptions": [],
                "alternatives": [], "follow_up": [], "confidence": 0.0, "facts": {}}
    return answer(text).to_json()


def cmd_ruling(args: argparse.Namespace) -> int:
    if args.jsonl:
        return _batch(sys.stdin, ruling_obj, sys.stdout)
    text = " ".join(args.text)
    if args.json:
        _emit(ruling_obj(text), sys.stdout)
        return 0
    from bot.render import ruling_text
    from engine import answer

    err = _input_error(text)
    if err:
        print(err)
        return 1
    print(ruling_text(answer(text)))
    return 0


# -- shells --------------------------------------------------------------------
def cmd_console(args: argparse.Namespace) -> int:
    from bot.console import run_console

    return run_console()


def cmd_discord(args: argparse.Namespace) -> int:
    from bot.launcher import run_discord

    return run_discord()


def cmd_run(args: argparse.Namespace) -> int:
    """Discord when a token is set, the console chat otherwise."""
    if os.environ.get("DISCORD_TOKEN", "").strip():
        return cmd_discord(args)
    print("No DISCORD_TOKEN set: starting the console chat.", file=sys.stderr)
    return cmd_console(args)


def cmd_quiz(args: argparse.Namespace) -> int:
    from bot.console import run_quiz_console

    if args.export:
        from bot.quiz_core import export_lines

        for line in export_lines(section=args.section):
            sys.stdout.write(line + "\n")
        return 0

    return run_quiz_console(section=args.section, user=args.user)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="floor", description="Floor: the Poker Ape rules assistant.")
    sub = p.add_subparsers(dest="command", required=True)

    def fmt(sp: argparse.ArgumentParser) -> None:
        g = sp.add_mutually_exclusive_group()
        g.add_argument("--json", action="store_true", help="print one JSON object")
        g.add_argument("--jsonl", action="store_true", help="read one query a line from stdin")

    sp = sub.add_parser("rule", help="show a clause by number or title")
    sp.add_argument("id", nargs="*", help="clause number (1.4.2) or title (shuffling procedure)")
    fmt(sp)
    sp.set_defaults(func=cmd_rule)

    sp = sub.add_parser("search", help="rank clauses for a question in card-room language")
    sp.add_argument("text", nargs="*")
    sp.add_argument("-k", type=int, default=5, help="how many results (1-25)")
    fmt(sp)
    sp.set_defaults(func=cmd_search)

    sp = sub.add_parser("ruling", help="a ruling, with citations, for a described situation")
    sp.add_argument("text", nargs="*")
    fmt(sp)
    sp.set_defaults(func=cmd_ruling)

    sub.add_parser("console", help="the local chat (same commands as Discord)").set_defaults(func=cmd_console)
    sub.add_parser("discord", help="start the Discord bot (needs DISCORD_TOKEN)").set_defaults(func=cmd_discord)
    sub.add_parser("run", help="Discord if DISCORD_TOKEN is set, else the console").set_defaults(func=cmd_run)

    sp = sub.add_parser("quiz", help="a training quiz in the terminal")
    sp.add_argument("--section", default=None, help="drill one section: 1, 2 or 3")
    sp.add_argument("--user", default=None, help="whose progress to use (default: your login)")
    sp.add_argument("--export", action="store_true", help="print the question bank as JSON Lines, one a line")
    sp.set_defaults(func=cmd_quiz)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
