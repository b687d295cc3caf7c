"""Staff tools: the ruling log (``/rulings recent|search|overturn``).

Gated by the staff role from the config (by name or id), checked on every
command, answered ephemerally.  Rulings asked by staff are logged by the
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
            entries = await self.bot.ruling_log.recent(count)  # type: ignore[union-attr]
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
            entries = await self.bot.ruling_log.search(text, count)  # type: ignore[union-attr]
            reply = handlers.log_reply(entries, f"Logged rulings matching “{text}”",
                                       "No logged ruling matches that.", names=self._names(interaction, entries))
        await answer_interaction(interaction, reply, ephemeral=True)

    @app_commands.command(name="overturn", description="Staff: mark a logged ruling overturned, with the reason.")
    @app_commands.rename(ruling_id="id")
    @app_commands.describe(ruling_id="The ruling's number in the log (see /rulings recent)",
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
                ruling_id, staff_id=interaction.user.id, reason=why)
            name = getattr(interaction.user, "display_name", interaction.user.name)
            reply = handlers.overturn_reply(ruling_id, done, why, name)
        await answer_interaction(interaction, reply, ephemeral=True)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Staff(bot))
