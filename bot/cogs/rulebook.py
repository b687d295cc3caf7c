"""``/rulebook reload`` (staff): switch the running bot to an updated rulebook, after checking it.

The same check as ``floor rulebook check``: what changed, and whether any rule,
scenario, example or quiz question would cite a clause that is gone.  Only a
clean rulebook is switched in; otherwise the bot keeps answering from the one
it has, and says why.  Every answer carries the rulebook version, so a ruling
given before and after the switch can be told apart.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import FloorBot, staff_only
from bot.reply import Reply, error
from bot.views import answer_interaction

log = logging.getLogger(__name__)
MAX_REPORT = 3500  # an embed description holds 4096 characters


def reload_reply() -> Reply:
    """The outcome of a reload, as a reply (runs in a worker thread: parsing and indexing take a moment)."""
    from rules_index.check import reload_configured, report_text
    from rules_index.config import ConfigError

    try:
        report, switched = reload_configured()
    except ConfigError as exc:
        return error(f"The rulebook was not reloaded: {exc}", title="Rulebook not reloaded")
    text = report_text(report, limit=15)
    if len(text) > MAX_REPORT:
        text = text[:MAX_REPORT].rsplit("\n", 1)[0] + "\n… (run `floor rulebook check` for the whole report)"
    if switched:
        log.info("rulebook switched: %s -> %s", report.old_version, report.new_version)
        return Reply(title="Rulebook reloaded", body=text, tone="info", kind="rulebook",
                     footer=f"Now answering from {report.new_version}")
    return Reply(title="Rulebook not reloaded", body=text, tone="warning", kind="rulebook", ok=False,
                 footer=f"Still answering from {report.old_version}")


class Rulebook(commands.GroupCog, group_name="rulebook", group_description="Staff: the house rulebook"):
    def __init__(self, bot: FloorBot):
        self.bot = bot

    @app_commands.command(name="reload", description="Check the configured rulebook file and switch to it if clean")
    @staff_only()
    async def reload(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await asyncio.to_thread(reload_reply)
        await answer_interaction(interaction, reply, ephemeral=True)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Rulebook(bot))
