"""The one seam between the Discord cogs and the ruling store.

The cogs never touch ``bot.store.Store`` directly: they hold a ``RulingLog``,
whose methods are async and run the synchronous store in a worker thread
(``asyncio.to_thread``) so a slow disk or database never blocks the gateway.
When the store cannot be opened (PostgreSQL down, a read-only disk), the bot
still rules: it gets a ``NoLog`` that says plainly the log is unavailable,
rather than failing to start.

Every log call names the server it is for: the store keeps each server's
rulings, votes and staff role apart, and this seam passes the server on so
no cog can ask for "the" log.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class RulingLog:
    """What the bot needs from the store; see ``StoreLog`` and ``NoLog``."""

    available: bool = True
    why_unavailable: str = ""

    async def log(self, *, asker_id: int, asker_name: str, guild_id: int | None, question: str,
                  ruling: Any) -> int | None:
        """Keep a staff ruling; its number in the server's log (None: not kept)."""
        raise NotImplementedError

    async def recent(self, limit: int, *, guild_id: int) -> Sequence[Any]:
        raise NotImplementedError

    async def search(self, text: str, limit: int, *, guild_id: int) -> Sequence[Any]:
        raise NotImplementedError

    async def overturn(self, number: int, *, guild_id: int, staff_id: int, reason: str) -> bool:
        """Overturn ruling ``number`` of this server's log; False when it has none such (or it already was)."""
        raise NotImplementedError

    async def feedback(self, *, guild_id: int | None, ruling_number: int | None, question: str, user_id: int,
                       helpful: bool) -> int | None:
        """A vote on ruling ``ruling_number`` of this server's log, or (None) on an answer that was not logged."""
        raise NotImplementedError

    async def staff_role(self, guild_id: int) -> int | None:
        """The role a server set with ``/floor setup``; None when it set none (or there is no store)."""
        return None

    async def set_staff_role(self, guild_id: int, role_id: int | None, *, set_by: int) -> bool:
        """Keep a server's staff role (None clears it); False when it cannot be kept."""
        return False

    async def close(self) -> None:
        return None


class StoreLog(RulingLog):
    """The real log: ``bot.store.Store`` called through ``asyncio.to_thread``."""

    def __init__(self, store: Any):
        self.store = store

    async def log(self, *, asker_id: int, asker_name: str, guild_id: int | None, question: str,
                  ruling: Any) -> int | None:
        return await asyncio.to_thread(
            self.store.log_ruling,
            asker_id=str(asker_id), asker_name=asker_name, guild_id=None if guild_id is None else str(guild_id),
            question=question, kind=ruling.kind, outcome=ruling.outcome, citations=list(ruling.citations),
            rulebook_version=ruling.rulebook_version, ruling_json=ruling.to_json(),
        )

    async def recent(self, limit: int, *, guild_id: int) -> Sequence[Any]:
        return await asyncio.to_thread(self.store.recent_rulings, limit, guild_id=str(guild_id))

    async def search(self, text: str, limit: int, *, guild_id: int) -> Sequence[Any]:
        return await asyncio.to_thread(self.store.search_rulings, text, limit, guild_id=str(guild_id))

    async def overturn(self, number: int, *, guild_id: int, staff_id: int, reason: str) -> bool:
        return await asyncio.to_thread(self.store.overturn_ruling, number, guild_id=str(guild_id),
                                       staff_id=str(staff_id), reason=reason)

    async def feedback(self, *, guild_id: int | None, ruling_number: int | None, question: str, user_id: int,
                       helpful: bool) -> int | None:
        return await asyncio.to_thread(
            self.store.add_feedback, guild_id=None if guild_id is None else str(guild_id),
            ruling_number=ruling_number, question=question, user_id=str(user_id), helpful=helpful)

    async def staff_role(self, guild_id: int) -> int | None:
        found = await asyncio.to_thread(self.store.staff_role_for, str(guild_id))
        return int(found) if found else None

    async def set_staff_role(self, guild_id: int, role_id: int | None, *, set_by: int) -> bool:
        await asyncio.to_thread(self.store.set_staff_role, str(guild_id), None if role_id is None else str(role_id),
                                set_by=str(set_by))
        return True

    async def close(self) -> None:
        await asyncio.to_thread(self.store.close)


class NoLog(RulingLog):
    """No store: rulings are still given, the log commands say why there is no log."""

    available = False

    def __init__(self, why: str):
        self.why_unavailable = why

    async def log(self, **_: Any) -> int | None:
        return None

    async def recent(self, limit: int, *, guild_id: int) -> Sequence[Any]:
        return []

    async def search(self, text: str, limit: int, *, guild_id: int) -> Sequence[Any]:
        return []

    async def overturn(self, number: int, *, guild_id: int, staff_id: int, reason: str) -> bool:
        return False

    async def feedback(self, **_: Any) -> int | None:
        return None


def store_location(settings: Any) -> str:
    """Where the store is, for a message: the SQLite file, or the database URL with its password hidden."""
    url = (settings.store.database_url or "").strip()
    if not url:
        return str(settings.sqlite_path)
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # an unparsable URL is shown as its scheme only: it may hold a password
        return url.split(":", 1)[0] + "://…"


def _cause(exc: BaseException, where: str) -> str:
    """The reason in words a room can act on (sqlite's own are terse and name no file)."""
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0] if str(exc).strip() else ""
    low = text.lower()
    folder = Path(where).parent if "://" not in where else None
    if "readonly" in low or "read-only" in low or isinstance(exc, PermissionError):
        return "it is read-only (check the file's and its folder's permissions)"
    if "unable to open database file" in low and folder is not None:
        if not folder.exists():
            return f"its folder {folder} does not exist and could not be created"
        if not os.access(folder, os.W_OK):
            return f"its folder {folder} is not writable"
        return "SQLite cannot open it (a folder in the way, or no permission)"
    if "file is not a database" in low:
        return "the file is not an SQLite database (a wrong path, or a damaged file)"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def store_problem(exc: BaseException, settings: Any, still: str) -> str:
    """One line: which store, why it failed, and what still works (``still``)."""
    where = store_location(settings)
    return f"the store {where} could not be opened: {_cause(exc, where)}; {still}"


def read_only_warning(settings: Any) -> str | None:
    """A warning when the SQLite store exists but cannot be written: said at start, not at the first save."""
    if (settings.store.database_url or "").strip():
        return None
    path = Path(settings.sqlite_path)
    if (path.exists() and not os.access(path, os.W_OK)) or (
            not path.exists() and path.parent.exists() and not os.access(path.parent, os.W_OK)):
        return f"the store {path} is read-only: rulings are given but not logged, and quiz progress is not saved"
    return None


async def open_ruling_log(settings: Any) -> RulingLog:
    """The configured store, or a ``NoLog`` saying why it could not be opened."""
    try:
        from bot.store import Store
    except ImportError as exc:  # the store package is optional for the bot to rule
        return NoLog(f"the ruling store is not installed ({exc.name})")
    warning = read_only_warning(settings)
    if warning:
        log.warning("%s", warning)
    try:
        store = await asyncio.to_thread(Store.open, settings)
    except Exception as exc:
        why = store_problem(exc, settings, "rulings are still given but not logged, and quiz progress is not saved")
        log.error("%s", why)
        return NoLog(why)
    return StoreLog(store)
