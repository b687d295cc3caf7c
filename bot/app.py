"""The Discord bot: one ``commands.Bot`` subclass, one extension per area.

``create_bot`` builds it without connecting (tests drive it offline; the
launcher connects it).  Slash commands live in ``bot/cogs``; the answers come
from ``bot.handlers``, the same functions the console runs.  Only these
intents are asked for: no message-content intent, because Discord still
delivers the text of a message that mentions the bot, and that is all Floor
reads.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.embeds import NO_MENTIONS, reply_messages
from bot.reply import Reply, error
from bot.ruling_log import RulingLog, open_ruling_log
from rules_index.config import Settings, default_settings

log = logging.getLogger(__name__)

EXTENSIONS = ("bot.cogs.rules", "bot.cogs.rulings", "bot.cogs.staff", "bot.cogs.quiz", "bot.cogs.rulebook")


# -- checks ----------------------------------------------------------------------------------------
class NotStaff(app_commands.CheckFailure):
    """A staff-only command used by someone without the staff role."""


class OnCooldown(app_commands.CheckFailure):
    def __init__(self, retry_after: float):
        super().__init__(f"on cooldown for {retry_after:.1f}s")
        self.retry_after = retry_after


# What works in a direct message: everything that needs no server (no log, no staff, no shared board).
DM_COMMANDS = ("/rule, /search, /ruling and the structured rulings (/oversized-chip, /min-raise, /run-it-twice, "
               "/showdown), /quiz ask, /quiz stats and /help")


def is_staff(user: discord.abc.User, settings: Settings, server_role_id: int | None = None) -> bool:
    """Holding this server's staff role.

    ``user`` is the member as the server the command came from sees her, so
    her roles are that server's roles: a role one server named "Floor Staff"
    means nothing in another.  A server that chose a role with ``/floor
    setup`` (``server_role_id``) is matched by that id alone; otherwise the
    configured ``staff_role``, by id or by name (a role name may be shared; an
    id may not).  A DM user has no roles, so is never staff.
    """
    roles = getattr(user, "roles", None)
    if not roles:
        return False
    if server_role_id is not None:
        return any(r.id == server_role_id for r in roles)
    wanted = settings.discord.staff_role.strip()
    return any(str(r.id) == wanted or r.name.casefold() == wanted.casefold() for r in roles)


def staff_only() -> Any:
    """``@staff_only()`` on a command: refused, with an ephemeral explanation, in a DM (staff belong to a
    server) and to anyone who is not staff in the server the command came from."""

    async def predicate(interaction: discord.Interaction) -> bool:
        if interaction.guild is None:
            raise app_commands.NoPrivateMessage()
        bot = interaction.client
        if not isinstance(bot, FloorBot) or not await bot.is_staff_in(interaction.user, interaction.guild):
            raise NotStaff("staff only")
        return True

    return app_commands.check(predicate)


class UserCooldown:
    """Per-user spacing between ruling requests, shared by slash commands and mentions.

    ``time.monotonic`` is read at call time (not bound at import) so a test
    clock can move it; a wall clock would let a system time change lift or
    extend every cooldown.
    """

    def __init__(self, seconds: float):
        self.seconds = seconds
        self._last: dict[int, float] = {}

    def retry_after(self, user_id: int) -> float:
        """0 and the use is recorded; otherwise the seconds to wait (nothing recorded)."""
        if self.seconds <= 0:
            return 0.0
        now = time.monotonic()
        last = self._last.get(user_id)
        if last is not None and now - last < self.seconds:
            return self.seconds - (now - last)
        self._last[user_id] = now
        if len(self._last) > 10_000:  # forget users whose cooldown is long over
            self._last = {u: t for u, t in self._last.items() if now - t < self.seconds}
        return 0.0


def ruling_cooldown() -> Any:
    """``@ruling_cooldown()``: the configured per-user cooldown on ruling commands."""

    async def predicate(interaction: discord.Interaction) -> bool:
        bot = interaction.client
        if isinstance(bot, FloorBot):
            wait = bot.cooldown.retry_after(interaction.user.id)
            if wait > 0:
                raise OnCooldown(wait)
        return True

    return app_commands.check(predicate)


# -- answering safely ----------------------------------------------------------------------------------
async def send_reply_error(interaction: discord.Interaction, reply: Reply) -> None:
    """An ephemeral refusal, whether or not the interaction was already answered (or deferred)."""
    embeds = reply_messages(reply)[0]
    try:
        if interaction.response.is_done():
            placeholder = await _public_placeholder(interaction)
            if placeholder:  # complete it first, or the follow-up would fill it (publicly)
                await interaction.edit_original_response(content="No answer here; the reason went to the asker.",
                                                         embeds=[], view=None, allowed_mentions=NO_MENTIONS)
            await interaction.followup.send(embeds=embeds, ephemeral=True, allowed_mentions=NO_MENTIONS)
            if placeholder:
                await interaction.delete_original_response()
        else:
            await interaction.response.send_message(embeds=embeds, ephemeral=True, allowed_mentions=NO_MENTIONS)
    except discord.HTTPException:
        log.exception("could not send an error reply")


async def _public_placeholder(interaction: discord.Interaction) -> bool:
    """Whether the response is still a public "Floor is thinking…" left by a defer.

    Discord fills such a placeholder with the first follow-up, keeping it
    public whatever the follow-up asks; so an error must first complete it
    and remove it afterwards to reach the asker alone.  A real answer is kept.
    """
    if interaction.type is not discord.InteractionType.application_command:
        return False
    try:
        original = await interaction.original_response()
    except discord.HTTPException:
        return False
    return bool(original.flags.loading and not original.flags.ephemeral)


def describe_error(error_: Exception) -> tuple[Reply, bool]:
    """What to tell the user about a failed command, and whether it is our bug (to log loudly)."""
    if isinstance(error_, NotStaff):
        return error("This command is for this server's Floor staff only: the role set with /floor setup, or, "
                     "if none is set, the staff role in the bot's config.", title="Staff only", tone="warning"), False
    if isinstance(error_, OnCooldown):
        return error(f"One ruling at a time: ask again in {error_.retry_after:.1f} s.",
                     title="Slow down", tone="warning"), False
    if isinstance(error_, app_commands.NoPrivateMessage):
        return error("This command needs a server channel: the ruling log, staff, rounds and leaderboards belong "
                     f"to each server. In a DM you can use {DM_COMMANDS}.", title="Needs a server",
                     tone="warning"), False
    if isinstance(error_, app_commands.CheckFailure):
        return error("You can't use this command here.", tone="warning"), False
    if isinstance(error_, app_commands.TransformerError):
        return error(f"“{error_.value}” is not a valid value for that option.", tone="warning"), False
    return error("Something went wrong on my side, and nothing was ruled. The error has been logged; "
                 "try again, or use /rule to read the clause yourself."), True


class FloorTree(app_commands.CommandTree):
    """Every app-command error becomes an ephemeral answer and a log line, never a crash."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        reply, ours = describe_error(cause)
        name = interaction.command.qualified_name if interaction.command else "?"
        if ours:
            log.error("command /%s failed for user %s", name, interaction.user.id, exc_info=cause)
        else:
            log.info("command /%s refused for user %s: %s", name, interaction.user.id, type(cause).__name__)
        await send_reply_error(interaction, reply)


# -- the bot --------------------------------------------------------------------------------------------
class FloorBot(commands.Bot):
    """Floor on Discord.  Holds the settings, the ruling log and the cooldowns the cogs share."""

    def __init__(self, settings: Settings, ruling_log: RulingLog | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.settings = settings
        self.ruling_log: RulingLog | None = ruling_log
        self._owns_log = ruling_log is None
        self.cooldown = UserCooldown(settings.discord.cooldown_seconds)
        self._server_staff_roles: dict[int, int | None] = {}  # guild id -> its /floor setup role, read once

    async def setup_hook(self) -> None:
        # Build the index and load the rules now, off the event loop, so the first
        # command answers within Discord's three seconds.
        await asyncio.to_thread(_warm_up)
        if self.ruling_log is None:
            self.ruling_log = await open_ruling_log(self.settings)
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        if self.settings.discord.sync_on_start:
            await self.sync_commands()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """To the development guild when one is configured (instant), else globally (may take a while)."""
        guild_id = self.settings.discord.dev_guild
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))
        return synced

    async def on_message(self, message: discord.Message) -> None:
        """No prefix commands: mentions are answered by the rulings cog's listener."""
        return None

    async def close(self) -> None:
        if self.ruling_log is not None and self._owns_log:
            try:
                await self.ruling_log.close()
            except Exception:
                log.exception("closing the ruling log failed")
        await super().close()

    async def server_staff_role(self, guild_id: int) -> int | None:
        """The staff role a server chose with ``/floor setup`` (None: the configured role applies).

        Read from the store once per server and kept: this process is the only
        one that changes it (``set_server_staff_role``), and a staff check runs
        on every staff command and every ruling.
        """
        if guild_id not in self._server_staff_roles:
            rlog = self.ruling_log
            try:
                found = await rlog.staff_role(guild_id) if rlog is not None and rlog.available else None
            except Exception:
                log.exception("reading server %s's staff role failed; the configured role applies", guild_id)
                return None  # not cached: the next check tries again
            self._server_staff_roles[guild_id] = found
        return self._server_staff_roles[guild_id]

    async def set_server_staff_role(self, guild_id: int, role_id: int | None, *, set_by: int) -> bool:
        """Keep a server's staff role (None: back to the configured one); False when there is no store to keep it."""
        rlog = self.ruling_log
        if rlog is None or not rlog.available or not await rlog.set_staff_role(guild_id, role_id, set_by=set_by):
            return False
        self._server_staff_roles[guild_id] = role_id
        return True

    async def is_staff_in(self, user: discord.abc.User, guild: discord.Guild | None) -> bool:
        """Staff of this server (never in a DM, where there is no server to be staff of)."""
        if guild is None:
            return False
        return is_staff(user, self.settings, await self.server_staff_role(guild.id))

    async def record_ruling(self, reply: Reply, user: discord.abc.User,
                            guild: discord.Guild | None) -> tuple[Reply, int | None]:
        """Log a final ruling asked by this server's staff; the footer says it was logged (and its number in this
        server's log, which counts from 1 in each server) or why not.

        A DM belongs to no server, so nothing asked there goes into any
        server's log, and the footer says so rather than leaving staff to
        believe it was kept.
        """
        if not reply.is_final_ruling:
            return reply, None
        if guild is None:
            return reply.with_footer("Asked in a DM: not logged (each server's staff log keeps only rulings "
                                     "asked in that server)"), None
        if not await self.is_staff_in(user, guild):
            return reply, None
        rlog = self.ruling_log
        if rlog is None or not rlog.available:
            why = rlog.why_unavailable if rlog is not None else "no ruling log"
            return reply.with_footer(f"Staff ruling, not logged: {why}"), None
        question = reply.request.question_text if reply.request else reply.echo
        try:
            rid = await rlog.log(asker_id=user.id, asker_name=getattr(user, "display_name", user.name),
                                 guild_id=guild.id if guild else None, question=question, ruling=reply.ruling)
        except Exception:
            log.exception("logging a staff ruling failed")
            return reply.with_footer("Staff ruling, not logged: the ruling log failed"), None
        return reply.with_footer(f"Logged as ruling #{rid}; staff rulings are final (Staff Authority)"), rid


def _warm_up() -> None:
    from engine.decide import load_rules
    from rules_index import get_index

    get_index()
    load_rules()


def create_bot(settings: Settings | None = None, *, ruling_log: RulingLog | None = None) -> FloorBot:
    """The bot, ready to ``start``; nothing connects until then."""
    settings = settings or default_settings()
    intents = discord.Intents.default()
    intents.message_content = False  # mentions carry their text without it
    intents.members = False
    intents.presences = False
    return FloorBot(
        settings,
        ruling_log=ruling_log,
        command_prefix=commands.when_mentioned,
        help_command=None,
        intents=intents,
        allowed_mentions=NO_MENTIONS,
        tree_cls=FloorTree,
    )
