"""Reading the rulebook: ``/rule``, ``/search`` and ``/help``.

Answers are ephemeral (a player looking something up should not fill the
channel) with a **Post in channel** button for when the table should see it.
"""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot import handlers
from bot.app import FloorBot
from bot.views import answer_interaction


def _description(name: str) -> str:
    return next(c.description for c in handlers.COMMANDS if c.name == name)


class Rules(commands.Cog):
    def __init__(self, bot: FloorBot):
        self.bot = bot

    @app_commands.command(name="rule", description=_description("rule"))
    @app_commands.describe(clause="A clause number (1.4.2) or title (shuffling procedure)")
    async def rule(self, interaction: discord.Interaction,
                   clause: app_commands.Range[str, 1, handlers.MAX_QUERY]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await asyncio.to_thread(handlers.rule_reply, clause)
        await answer_interaction(interaction, reply, ephemeral=True, publish=True)

    @rule.autocomplete("clause")
    async def clause_autocomplete(self, interaction: discord.Interaction,
                                  current: str) -> list[app_commands.Choice[str]]:
        pairs = await asyncio.to_thread(handlers.clause_choices, current[: handlers.MAX_QUERY])
        return [app_commands.Choice(name=name, value=value) for name, value in pairs]

    @app_commands.command(name="search", description=_description("search"))
    @app_commands.describe(query="A few words, in card-room language (oversized chip, string bet)")
    async def search(self, interaction: discord.Interaction,
                     query: app_commands.Range[str, 1, handlers.MAX_QUERY]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        k = self.bot.settings.search.default_k
        reply = await asyncio.to_thread(handlers.search_reply, query, k)
        await answer_interaction(interaction, reply, ephemeral=True, publish=True)

    @app_commands.command(name="help", description=_description("help"))
    async def help(self, interaction: discord.Interaction) -> None:
        await answer_interaction(interaction, handlers.help_reply("discord"), ephemeral=True)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Rules(bot))
