"""Floor's shells: the ``floor`` command line, the console chat and the Discord bot.

Importing this package does not import discord.py; ``bot.create_bot`` does,
lazily, so the command line stays fast.
"""

from __future__ import annotations

from typing import Any


def create_bot(settings: Any = None) -> Any:
    """Build the Discord bot without connecting (see ``bot.app``)."""
    from bot.app import create_bot as _create

    return _create(settings)
