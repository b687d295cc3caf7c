"""Staff tools: the ruling log (``/rulings recent|search|overturn``) and ``/floor setup``.

Each server's log is its own: every command reads, searches or overturns
only the rulings asked in the server it comes from, and is gated by that
server's staff role (the one it chose with ``/floor setup``, else the
configured role as that server names it), checked on every command,
answered ephemerally.  In a DM there is no server, so no log and no staff.  Rulings asked by staff are logged by the
rulings cog; staff rulings are final under Staff Authority, so an overturn
does not rewrite the log: it marks the entry overturned, with who and why,
and the log shows it that way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import handlers
from bot.app import FloorBot, staff_only
from bot.reply import Reply, error
from bot.views import answer_interaction


def _guild_id(interaction: discord.Interaction) -> int:
    """The server a staff command came from; ``staff_only`` has already refused a DM."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


@app_commands.guild_only()
class Staff(commands.GroupCog, group_name="rulings", group_description="Staff: the ruling log"):
    def __init__(self, bot: FloorBot):
        self.bot = bot
        super().__init__()

    def _unavailable(self) -> Reply | None:
        rlog = self.bot.ruling_log
        if rlog is None or not rlog.available:
            why = rlog.why_unavailable if rlog is not None else "no ruling log configured"
            return error(f"The ruling log is unavailable: {why}.", title="No ruling log", tone="warning")
        return None

    @staticmethod
    def _names(interaction: discord.Interaction, entries: Sequence[Any]) -> dict[str, str]:
        """Display names for the staff ids the log stores: the askers in the log, the members the
        bot has seen, and whoever is asking now (no members intent, so the cache is small)."""
        names = {str(getattr(e, "asker_id", "")): str(getattr(e, "asker_name", "")) for e in entries}
        if interaction.guild is not None:
            names.update({str(m.id): m.display_name for m in interaction.guild.members})
        names[str(interaction.user.id)] = getattr(interaction.user, "display_name", interaction.user.name)
        return names

    @app_commands.command(name="recent", description="Staff: the latest logged rulings, overturned ones marked.")
    @app_commands.describe(count="How many (1-10)")
    @staff_only()
    async def recent(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 10] = 5) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = self._unavailable()
        if reply is None:
            entries = await self.bot.ruling_log.recent(  # type: ignore[union-attr]
                count, guild_id=_guild_id(interaction))
            reply = handlers.log_reply(entries, "Recent staff rulings", "No rulings logged yet.",
                                       names=self._names(interaction, entries))
        await answer_interaction(interaction, reply, ephemeral=True)

    @app_commands.command(name="search", description="Staff: find logged rulings by words or a clause number.")
    @app_commands.describe(query="Words of the question or ruling, a name, or a clause such as 1.4.2",
                           count="How many (1-10)")
    @staff_only()
    async def search(self, interaction: discord.Interaction, query: app_commands.Range[str, 1, 100],
                     count: app_commands.Range[int, 1, 10] = 5) -> None:
        text = handlers.clean(query)
        problem = handlers.input_problem(text, "search", 100)
        if problem:
            await answer_interaction(interaction, error(problem, tone="warning"), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = self._unavailable()
        if reply is None:
            entries = await self.bot.ruling_log.search(  # type: ignore[union-attr]
                text, count, guild_id=_guild_id(interaction))
            reply = handlers.log_reply(entries, f"Logged rulings matching “{text}”",
                                       "No logged ruling matches that.", names=self._names(interaction, entries))
        await answer_interaction(interaction, reply, ephemeral=True)

    @app_commands.command(name="overturn", description="Staff: mark a logged ruling overturned, with the reason.")
    @app_commands.rename(ruling_id="id")
    @app_commands.describe(ruling_id="The ruling's number in this server's log (see /rulings recent)",
                           reason="Why it is overturned (kept in the log)")
    @staff_only()
    async def overturn(self, interaction: discord.Interaction, ruling_id: app_commands.Range[int, 1, 2**53],
                       reason: app_commands.Range[str, 3, 500]) -> None:
        why = handlers.clean(reason)
        problem = handlers.input_problem(why, "reason", 500)
        if problem:
            await answer_interaction(interaction, error(problem, tone="warning"), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = self._unavailable()
        if reply is None:
            done = await self.bot.ruling_log.overturn(  # type: ignore[union-attr]
                ruling_id, guild_id=_guild_id(interaction), staff_id=interaction.user.id, reason=why)
            name = getattr(interaction.user, "display_name", interaction.user.name)
            reply = handlers.overturn_reply(ruling_id, done, why, name)
        await answer_interaction(interaction, reply, ephemeral=True)


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Setup(commands.GroupCog, group_name="floor", group_description="Set Floor up for this server"):
    """``/floor setup``: a server's own staff role, chosen by a member who may manage the server.

    Discord hides the command from members without Manage Server
    (``default_permissions``), but a server's owner can change that, so the
    permission is checked again here, on the member as this server sees her.
    """

    def __init__(self, bot: FloorBot):
        self.bot = bot
        super().__init__()

    def _current(self, role_id: int | None, guild: discord.Guild) -> str:
        if role_id is None:
            return (f"Staff here: members with the configured role “{self.bot.settings.discord.staff_role}” "
                    "(as this server names it, or by id).")
        role = guild.get_role(role_id)
        if role is None:
            return f"Staff here: members with the role {role_id}, which this server no longer has."
        return f"Staff here: members with the role “{role.name}” (id {role.id})."

    @app_commands.command(name="setup", description="Manage Server: choose this server's Floor staff role.")
    @app_commands.rename(staff_role="staff-role")
    @app_commands.describe(staff_role="Members with this role are Floor staff in this server",
                           reset="Go back to the staff role in the bot's config")
    async def setup_(self, interaction: discord.Interaction, staff_role: discord.Role | None = None,
                     reset: bool = False) -> None:
        guild = interaction.guild
        perms = getattr(interaction.user, "guild_permissions", None)
        if guild is None:
            raise app_commands.NoPrivateMessage()
        if perms is None or not perms.manage_guild:
            await answer_interaction(interaction, error(
                "Only a member with Manage Server can choose this server's staff role.", title="Manage Server only",
                tone="warning"), ephemeral=True)
            return
        if staff_role is None and not reset:
            current = await self.bot.server_staff_role(guild.id)
            await answer_interaction(interaction, Reply(title="Floor setup", body=self._current(current, guild),
                                                        kind="setup"), ephemeral=True)
            return
        reply = await self._change(interaction, guild, None if reset else staff_role)
        await answer_interaction(interaction, reply, ephemeral=True)

    async def _change(self, interaction: discord.Interaction, guild: discord.Guild,
                      role: discord.Role | None) -> Reply:
        """Keep the new role (None: back to the configured one) and say who is staff now."""
        if role is not None and (role.is_default() or role.guild.id != guild.id):
            return error("Choose a role of this server other than @everyone.", tone="warning")
        role_id = role.id if role is not None else None
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not await self.bot.set_server_staff_role(guild.id, role_id, set_by=interaction.user.id):
            rlog = self.bot.ruling_log
            why = rlog.why_unavailable if rlog is not None else "no store configured"
            return error(f"The staff role cannot be kept: {why}.", title="Not saved", tone="warning")
        return Reply(title="Floor setup saved", body=self._current(role_id, guild), kind="setup")


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Staff(bot))
    await bot.add_cog(Setup(bot))
