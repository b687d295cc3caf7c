"""``floor discord`` (and ``floor run`` with a token): connect the bot and keep it up.

The token comes only from ``DISCORD_TOKEN``; it is never read from the config
and never logged (discord.py does not log it, and nothing here prints it).
SIGTERM and SIGINT close the bot cleanly: the gateway is closed, the ruling
log's database connections are released, and the exit code is 0.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from typing import Any

log = logging.getLogger("bot.launcher")
CLOSE_GRACE_SECONDS = 10.0


def _token() -> str | None:
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    return token or None


async def serve(bot: Any, token: str, stop: asyncio.Event) -> int:
    """Run ``bot`` until it ends by itself or ``stop`` is set; 0 on a clean stop."""
    import discord

    async with bot:
        runner = asyncio.create_task(bot.start(token), name="floor-bot")
        stopper = asyncio.create_task(stop.wait(), name="floor-stop")
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("shutting down")
            await bot.close()
            # start() returns once the gateway is closed; never hang the exit if it does not.
            _, pending = await asyncio.wait({runner}, timeout=CLOSE_GRACE_SECONDS)
            for task in pending:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
                return 0
        else:
            stopper.cancel()
        try:
            await runner
        except discord.LoginFailure:
            log.error("Discord refused the token in DISCORD_TOKEN (check it in the developer portal)")
            return 1
        except discord.PrivilegedIntentsRequired:
            log.error("Discord refused a privileged intent; Floor needs none, so check the bot's settings")
            return 1
        except (discord.HTTPException, discord.GatewayNotFound, OSError) as exc:
            log.error("could not reach Discord: %s", type(exc).__name__)
            return 1
    return 0


def run_discord() -> int:
    """Start the Discord bot; returns the process exit code."""
    from rules_index import get_index
    from rules_index.check import require_rule_citations
    from rules_index.config import ConfigError, load_settings

    token = _token()
    if token is None:
        print("DISCORD_TOKEN is not set. Create a bot in the Discord developer portal, then run:\n"
              "  DISCORD_TOKEN=... floor discord\n(or `floor console` for the local chat)", file=sys.stderr)
        return 2
    try:
        settings = load_settings()
        # Parse the rulebook and check the rules' citations before connecting: a bad book must stop the
        # start with one line, not crash inside a slash command.
        get_index()
        require_rule_citations(get_index().book)
    except ConfigError as exc:
        # The message names the key, never its value: a token pasted into the config must not end up in
        # a terminal scrollback or a log.
        print(f"floor: configuration error: {exc}", file=sys.stderr)
        return 2

    import discord

    from bot.app import create_bot

    discord.utils.setup_logging(level=getattr(logging, settings.discord.log_level), root=True)
    bot = create_bot(settings)

    async def main() -> int:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):  # Windows, or not the main thread
                pass
        return await serve(bot, token, stop)

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 0
