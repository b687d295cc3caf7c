"""The ``floor`` command line.

Every shell and every check goes through here, so the ``--json`` and
``--jsonl`` shapes are a contract: add keys if needed, never rename them.
discord.py is imported only by the subcommands that start the bot.

Exit codes, the same for ``rule``, ``search`` and ``ruling``:

* 0: answered;
* 1: not found, or not answerable (no such clause, no search result, a
  question the book does not cover);
* 2: usage or configuration (an empty or over-long query, a bad option, a
  broken ``config.toml`` or rulebook).

``--jsonl`` exits 0 once every line is answered: each line's object says how
it went.  Bytes that are not UTF-8, in arguments or on stdin, are read with
the replacement character under any locale, and output is always UTF-8.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

MAX_INPUT = 2000
K_RANGE = (1, 25)
EXIT_OK, EXIT_NOT_FOUND, EXIT_USAGE = 0, 1, 2
# Ruling kinds that are not an answer; every other kind (new ones included) counts as answered.
NOT_ANSWERED = frozenset({"error", "uncovered", "unclear"})


class UsageError(Exception):
    """A command line that cannot be run as given (exit code 2)."""


def clean(text: str) -> str:
    """``text`` as valid Unicode: bytes that were not UTF-8 become U+FFFD.

    Python hands undecodable argv bytes over as lone surrogates, which would crash the first
    ``print`` and, echoed into JSON, make the output line itself invalid UTF-8.
    """
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace").encode(
            "utf-8", "replace").decode("utf-8")


def stdin_lines() -> Iterable[str]:
    """stdin one line at a time, decoded as UTF-8 with replacement whatever the locale says."""
    buf = getattr(sys.stdin, "buffer", None)
    if buf is None:  # already text (tests pass a StringIO)
        yield from (clean(line) for line in sys.stdin)
        return
    for raw in buf:
        yield raw.decode("utf-8", "replace")


def _utf8_streams() -> None:
    """Write UTF-8 whatever the locale: a strict-ASCII stdout must not turn a ruling into a crash."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            try:
                stream.reconfigure(encoding="utf-8", errors="replace")
            except (ValueError, io.UnsupportedOperation):
                pass


def _emit(obj: dict[str, Any], out: TextIO) -> None:
    import json  # only the --json and --jsonl paths pay for it

    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _input_error(text: str) -> str | None:
    """Why a line of input cannot be answered, or None when it can."""
    if not text.strip():
        return "empty input: give a clause number, a title or a question"
    if len(text) > MAX_INPUT:
        return f"input too long ({len(text)} characters; at most {MAX_INPUT})"
    return None


def _batch(answer: Callable[[str], dict[str, Any]], failed: Callable[[str], dict[str, Any]],
           out: TextIO) -> int:
    """One JSON object per input line, in order; a bad line gets ``failed``'s error object, same keys."""
    for raw in stdin_lines():
        _emit(_answered(answer, failed, raw.rstrip("\r\n")), out)
        out.flush()
    return EXIT_OK


def _answered(answer: Callable[[str], dict[str, Any]], failed: Callable[[str], dict[str, Any]],
              line: str) -> dict[str, Any]:
    """One line's object: its answer, or the error object when answering it failed (a broken config still stops
    the batch: every other line would fail the same way)."""
    try:
        return answer(line)
    except Exception as exc:  # one bad line must not end the batch
        from rules_index.config import ConfigError

        if isinstance(exc, ConfigError):
            raise
        return failed(f"internal error: {type(exc).__name__}")


def _ruling_line(line: str) -> str:
    """``_answered`` for a ruling as its JSON line, as a top-level function a worker process can run (the worker
    encodes it, so the process writing the lines only writes them)."""
    import json

    return json.dumps(_answered(ruling_obj, ruling_error, line), ensure_ascii=False) + "\n"


_CHUNK = 8  # lines handed to a worker at a time: one at a time spent a fifth of the time passing them around


def _load_readers() -> None:
    """Load the rulebook and the three models once, before the workers fork, so they share them. Patterns are
    compiled by each worker as its questions need them: answering warm-up questions first would compile them
    one after another here while the second core waits."""
    from engine.understanding.amount_roles import role_model
    from engine.understanding.asked import ask_model
    from engine.understanding.topic_model import topic_model
    from rules_index import get_index

    get_index()
    topic_model()
    role_model()
    ask_model()


def _batch_rulings(out: TextIO) -> int:
    """``--jsonl`` rulings answered by ``[batch] workers`` processes side by side, out in input order. The models
    are loaded once before the workers start, so each begins warm; with one worker, or where a process cannot be
    forked, one after another."""
    import multiprocessing as mp

    from rules_index.config import default_settings

    workers = default_settings().batch.workers
    if workers < 2 or "fork" not in mp.get_all_start_methods() or getattr(sys.stdin, "buffer", None) is None:
        return _batch(ruling_obj, ruling_error, out)
    _load_readers()
    lines = (raw.rstrip("\r\n") for raw in stdin_lines())
    with mp.get_context("fork").Pool(workers) as pool:
        for text in pool.imap(_ruling_line, lines, chunksize=_CHUNK):
            out.write(text)
            out.flush()
    return EXIT_OK


def _no_args_with_jsonl(args: argparse.Namespace, words: list[str]) -> None:
    if args.jsonl and words:
        raise UsageError("--jsonl reads one query a line from stdin; give no query on the command line")


# -- rule ----------------------------------------------------------------------
def rule_error(message: str, suggestions: list[str] | None = None, kind: str = "error") -> dict[str, Any]:
    """A rule answer that is not a clause: every key of a clause object, plus ``error`` and ``suggestions``."""
    from rules_index import get_index

    return {"kind": kind, "id": None, "title": None, "text": None, "parent": None, "children": [],
            "section": None, "rulebook_version": get_index().version, "error": message,
            "suggestions": list(suggestions or [])}


def rule_obj(query: str) -> dict[str, Any]:
    from bot.render import clause_json
    from rules_index import NotFound, get_index

    err = _input_error(query)
    if err:
        return rule_error(err)
    ix = get_index()
    found = ix.lookup(query)
    if isinstance(found, NotFound):
        return rule_error(found.error, found.suggestions, kind="not_found")
    return {"kind": "clause", **clause_json(ix, found), "error": None, "suggestions": []}


def rule_queries(words: list[str]) -> list[str]:
    """``1.4.2 3.1`` is two clauses; ``shuffling procedure`` or ``rule 1.4.2`` is one query."""
    from rules_index import parse_clause_id

    ids = [w for w in words if parse_clause_id(w) is not None]
    if len(ids) < 2:
        return [" ".join(words)]
    if len(ids) != len(words):
        raise UsageError("give several clause numbers (floor rule 1.4.2 3.1) or one title, not both")
    return ids


def cmd_rule(args: argparse.Namespace) -> int:
    from bot.render import clause_text, not_found_text
    from rules_index import NotFound, get_index

    words = [clean(w) for w in args.id]
    _no_args_with_jsonl(args, words)
    if args.jsonl:
        return _batch(rule_obj, rule_error, sys.stdout)
    status = EXIT_OK
    for query in rule_queries(words):
        err = _input_error(query)
        if args.json:
            obj = rule_obj(query)
            _emit(obj, sys.stdout)
            status = max(status, EXIT_USAGE if err else EXIT_OK if obj["error"] is None else EXIT_NOT_FOUND)
            continue
        if err:
            raise UsageError(err)
        ix = get_index()
        found = ix.lookup(query)
        if isinstance(found, NotFound):
            print(not_found_text(found))
            status = EXIT_NOT_FOUND
        else:
            print(clause_text(ix, found))
    return status


# -- search --------------------------------------------------------------------
def search_error(message: str, query: str = "") -> dict[str, Any]:
    from rules_index import get_index

    return {"kind": "error", "query": query[:200], "results": [], "rulebook_version": get_index().version,
            "error": message}


def search_obj(query: str, k: int = 5) -> dict[str, Any]:
    from bot.render import search_json
    from rules_index import get_index

    err = _input_error(query)
    if err:
        return search_error(err, query)
    ix = get_index()
    return {"kind": "search", **search_json(ix, query, ix.search(query, k=k)), "rulebook_version": ix.version,
            "error": None}


def k_option(text: str) -> int:
    """``-k``: how many results, 1 to 25; anything else is a usage error, not a silent clamp."""
    try:
        k = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number from {K_RANGE[0]} to {K_RANGE[1]}") from None
    if not K_RANGE[0] <= k <= K_RANGE[1]:
        raise argparse.ArgumentTypeError(f"must be from {K_RANGE[0]} to {K_RANGE[1]}")
    return k


def cmd_search(args: argparse.Namespace) -> int:
    from bot.render import search_text
    from rules_index import get_index

    k = args.k
    if k is None:
        from rules_index.config import default_settings

        k = default_settings().search.default_k
    words = [clean(w) for w in args.text]
    _no_args_with_jsonl(args, words)
    if args.jsonl:
        return _batch(lambda q: search_obj(q, k), search_error, sys.stdout)
    query = " ".join(words)
    err = _input_error(query)
    if args.json:
        obj = search_obj(query, k)
        _emit(obj, sys.stdout)
        return EXIT_USAGE if err else EXIT_OK if obj["results"] else EXIT_NOT_FOUND
    if err:
        raise UsageError(err)
    ix = get_index()
    hits = ix.search(query, k=k)
    print(search_text(ix, query, hits))
    return EXIT_OK if hits else EXIT_NOT_FOUND


# -- ruling --------------------------------------------------------------------
def ruling_error(message: str) -> dict[str, Any]:
    """An error with exactly the keys of a ruling: built by the engine's own model, so new keys follow."""
    from engine.result import Ruling
    from rules_index import get_index

    return Ruling(kind="error", outcome=message, rulebook_version=get_index().version).to_json()


def ruling_obj(text: str) -> dict[str, Any]:
    from engine import answer

    err = _input_error(text)
    if err:
        return ruling_error(err)
    return answer(text).to_json()


def cmd_ruling(args: argparse.Namespace) -> int:
    _check_rule_citations()
    words = [clean(w) for w in args.text]
    _no_args_with_jsonl(args, words)
    if args.jsonl:
        return _batch_rulings(sys.stdout)
    text = " ".join(words)
    err = _input_error(text)
    if err and args.json:
        _emit(ruling_error(err), sys.stdout)
        return EXIT_USAGE
    if err:
        raise UsageError(err)
    from engine import answer

    ruling = answer(text)
    if args.json:
        _emit(ruling.to_json(), sys.stdout)
    else:
        from bot.render import ruling_text

        print(ruling_text(ruling))
    return EXIT_NOT_FOUND if ruling.kind in NOT_ANSWERED else EXIT_OK


def _check_rule_citations() -> None:
    """Refuse to rule from a rulebook that lost clauses the rules cite (``ConfigError``)."""
    from rules_index import get_index
    from rules_index.check import require_rule_citations

    require_rule_citations(get_index().book)


# -- rulebook ------------------------------------------------------------------
def cmd_rulebook_check(args: argparse.Namespace) -> int:
    from rules_index.check import check_file, report_text

    report = check_file(args.file)
    print(report_text(report, words=not args.brief))
    return EXIT_NOT_FOUND if report.broken else EXIT_OK


# -- shells --------------------------------------------------------------------
def cmd_console(args: argparse.Namespace) -> int:
    from bot.console import run_console

    _check_rule_citations()
    buf = getattr(sys.stdin, "buffer", None)
    stdin = io.TextIOWrapper(buf, encoding="utf-8", errors="replace") if buf is not None else sys.stdin
    return run_console(stdin=stdin, stdout=sys.stdout)


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

    _check_rule_citations()
    return run_quiz_console(section=args.section, user=args.user)


def cmd_train(args: argparse.Namespace) -> int:
    """Train the reader's models from the corpus into their cache (also done on first use): the topic model, and
    the models of the amounts' roles and of what the question asks (learned from the labelled told stories)."""
    import time
    from collections import Counter

    from engine.understanding import amount_roles, asked
    from engine.understanding.corpus import load_corpus
    from engine.understanding.topic_model import cache_dir, load_or_train, model_key, settings

    rows = load_corpus()
    taught = [r for r in rows if settings()["classifier"]["learn_from_told"] or not r.amounts]
    kinds = Counter("lookup" if r.is_lookup else r.label if r.label in ("uncovered", "chat") else "ruling"
                    for r in taught)
    t = time.perf_counter()
    model = load_or_train(rows)
    print(f"corpus: {len(taught)} rows teach the clause ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}), "
          f"{len(model.topics.classes_)} labels")
    print(f"model {model_key(rows)} ready in {time.perf_counter() - t:.1f} s, cached in {cache_dir()}")
    t = time.perf_counter()
    roles = amount_roles.load_or_train(rows)
    stories = sum(1 for r in rows if r.amounts)
    print(f"amount roles: {stories} told stories, {len(roles.roles)} roles, model {roles.key} ready in "
          f"{time.perf_counter() - t:.1f} s")
    t = time.perf_counter()
    asks = asked.load_or_train(rows)
    print(f"asks: {len(asks.roles)} kinds of number asked, model {asks.key} ready in {time.perf_counter() - t:.1f} s")
    print("measure them: python bench/loso.py (leave-one-set-out over bench/, with the reliability table) and "
          "python bench/roles.py [--asks] (cross-validated roles and asks)")
    return 0


def _query_command(sub: Any, name: str, helptext: str, arg: str, arghelp: str | None = None) -> Any:
    sp = sub.add_parser(name, help=helptext)
    sp.add_argument(arg, nargs="*", help=arghelp)
    g = sp.add_mutually_exclusive_group()
    g.add_argument("--json", action="store_true", help="print one JSON object")
    g.add_argument("--jsonl", action="store_true", help="read one query a line from stdin")
    return sp


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="floor", description="Floor: the Poker Ape rules assistant.",
                                epilog="Exit codes: 0 answered, 1 not found or not answerable, "
                                       "2 usage or configuration error.")
    sub = p.add_subparsers(dest="command", required=True)

    sp = _query_command(sub, "rule", "show clauses by number, or one by title", "id",
                        "clause numbers (1.4.2 3.1) or a title (shuffling procedure)")
    sp.set_defaults(func=cmd_rule)
    sp = _query_command(sub, "search", "rank clauses for a question in card-room language", "text")
    sp.add_argument("-k", type=k_option, default=None, help="how many results (1-25; default from config.toml)")
    sp.set_defaults(func=cmd_search)
    sp = _query_command(sub, "ruling", "a ruling, with citations, for a described situation", "text")
    sp.set_defaults(func=cmd_ruling)

    rb = sub.add_parser("rulebook", help="work with an updated rulebook").add_subparsers(dest="action", required=True)
    sp = rb.add_parser("check", help="compare a new rulebook with the current one and check every citation")
    sp.add_argument("file", help="the new rulebook text")
    sp.add_argument("--brief", action="store_true", help="list changed clauses without the word diff")
    sp.set_defaults(func=cmd_rulebook_check)

    sub.add_parser("console", help="the local chat (same commands as Discord)").set_defaults(func=cmd_console)
    sub.add_parser("discord", help="start the Discord bot (needs DISCORD_TOKEN)").set_defaults(func=cmd_discord)
    sub.add_parser("run", help="Discord if DISCORD_TOKEN is set, else the console").set_defaults(func=cmd_run)

    sub.add_parser("train", help="train the reader's model from the corpus (cached)").set_defaults(func=cmd_train)

    sp = sub.add_parser("quiz", help="a training quiz in the terminal")
    sp.add_argument("--section", default=None, help="drill one section: 1, 2 or 3")
    sp.add_argument("--user", default=None, help="whose progress to use (default: your login)")
    sp.add_argument("--export", action="store_true", help="print the question bank as JSON Lines, one a line")
    sp.set_defaults(func=cmd_quiz)
    return p


def main(argv: list[str] | None = None) -> int:
    from rules_index.config import ConfigError

    _utf8_streams()
    argv = [clean(a) for a in (sys.argv[1:] if argv is None else argv)]
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except UsageError as exc:
        print(f"floor {args.command}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ConfigError as exc:
        print(f"floor: configuration error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
