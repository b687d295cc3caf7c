"""The console chat: Floor in a terminal, no Discord token needed.

It runs the very handlers the Discord cogs run (``bot.handlers``) and prints
their ``Reply`` with ``bot.render.reply_text``, so a ruling reads the same in
both places.  Discord's buttons become numbers here: when Floor asks a
question back, the next line answers it.
"""

from __future__ import annotations

import sys
from typing import TextIO

from bot import handlers
from bot.reply import Reply

QUIT = ("/quit", "/exit", "quit", "exit")


class ConsoleSession:
    """One person at the terminal: remembers the open question so a number can answer it."""

    def __init__(self) -> None:
        self.pending: Reply | None = None

    def handle(self, line: str) -> str | None:
        """One input line to the text to print; None means leave."""
        from bot.render import reply_text

        text = line.strip()
        if text.lower() in QUIT:
            return None
        if not text:
            return ""
        reply = self._reply(text)
        self.pending = reply if reply.question is not None else None
        return reply_text(reply)

    def _reply(self, text: str) -> Reply:
        pending = self.pending
        if pending is not None and pending.question is not None and not text.startswith("/"):
            answered = self._answer(pending, text)
            if answered is not None:
                return answered
        cmd, _, rest = text.partition(" ")
        cmd = cmd.lower()
        if cmd in ("/help", "help", "?"):
            return handlers.help_reply("console")
        if cmd == "/rule":
            return handlers.rule_reply(rest)
        if cmd == "/search":
            return handlers.search_reply(rest)
        if cmd == "/ruling":
            return handlers.ruling_reply(rest)
        if cmd == "/rulebook":
            if rest.strip().lower() == "reload":
                return handlers.reload_reply()
            return handlers.error("Use /rulebook reload: it checks the configured rulebook file and switches to it "
                                  "if clean (floor rulebook check FILE checks a file without switching).",
                                  tone="warning")
        if cmd.startswith("/"):
            return handlers.error(f"Unknown command {cmd}. Type /help for the commands.", tone="warning")
        return handlers.ruling_reply(text)

    @staticmethod
    def _answer(pending: Reply, text: str) -> Reply | None:
        """The line as an answer to the open question, or None if it reads as a new question."""
        q = pending.question
        assert q is not None
        if q.choices:
            if text.isdigit():
                reply = handlers.follow_up_choice(pending, int(text))
                # A number out of range keeps the question open rather than asking the engine.
                return reply if reply.ok or reply.question else _keep_open(reply, pending)
            for ch in q.choices:
                if text.lower() == ch.label.lower():
                    return handlers.follow_up(pending, ch.value)
            return None
        value, problem = handlers.parse_fact_value(q.fact, text)
        if problem:
            return None
        return handlers.follow_up(pending, value)


def _keep_open(refusal: Reply, pending: Reply) -> Reply:
    from dataclasses import replace

    return replace(pending, title=refusal.title, body=refusal.body, sections=(), tone="warning")


def handle_line(line: str) -> str | None:
    """One console input to one reply, with no memory of earlier lines; None means leave."""
    return ConsoleSession().handle(line)


def run_console(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    interactive = stdin.isatty()
    if interactive:
        stdout.write("Floor console. Type /help for commands, /quit to leave.\n")
    session = ConsoleSession()
    while True:
        if interactive:
            stdout.write("floor> ")
            stdout.flush()
        line = stdin.readline()
        if not line:
            return 0
        try:
            reply = session.handle(line)
        except Exception as exc:  # one bad line must not end the chat
            import logging

            logging.getLogger(__name__).exception("console line failed")
            reply = f"== Something went wrong ==\nThat failed ({type(exc).__name__}); nothing was ruled. Try again."
        if reply is None:
            return 0
        if reply:
            stdout.write(reply + "\n")
            stdout.flush()


def run_quiz_console(section: str | None = None, user: str | None = None) -> int:
    """``floor quiz``: the training engineer's quiz when it exists."""
    try:
        from bot import quiz_console
    except ImportError:
        print("The quiz is not built yet.", file=sys.stderr)
        return 2
    return int(quiz_console.run_quiz_console(section=section, user=user))
