"""``/rulebook reload`` (staff): switch the running bot to an updated rulebook, after checking it
(``bot.handlers.reload_reply``, which the console runs too).

The same check as ``floor rulebook check``: what changed, and whether any rule,
scenario, example or quiz question would cite a clause that is gone.  Only a
clean rulebook is switched in; otherwise the bot keeps answering from the one
it has, and says why.  Every answer carries the rulebook version, so a ruling
given before and after the switch can be told apart.
"""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot import handlers
from bot.app import FloorBot, staff_only
from bot.views import answer_interaction


class Rulebook(commands.GroupCog, group_name="rulebook", group_description="Staff: the house rulebook"):
    def __init__(self, bot: FloorBot):
        self.bot = bot

    @app_commands.command(name="reload", description=next(
        c.description for c in handlers.COMMANDS if c.name == "rulebook reload"))
    @staff_only()
    async def reload(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await asyncio.to_thread(handlers.reload_reply)
        await answer_interaction(interaction, reply, ephemeral=True)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Rulebook(bot))
