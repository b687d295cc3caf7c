"""``/quiz``: a placeholder until dealer training lands.

The training engineer owns the real quiz; this file only keeps the command
(and the extension slot in ``bot.app.EXTENSIONS``) so staff see what is
coming instead of an unknown command.  Replace it wholesale.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import FloorBot
from bot.reply import Reply
from bot.views import answer_interaction


class QuizPlaceholder(commands.Cog):
    def __init__(self, bot: FloorBot):
        self.bot = bot

    @app_commands.command(name="quiz", description="Dealer training quiz (coming soon).")
    async def quiz(self, interaction: discord.Interaction) -> None:
        reply = Reply(title="Dealer training is coming",
                      body="Quizzes built from real rulings are on their way. Meanwhile, /rule and /search "
                           "show any clause, and /ruling explains a situation clause by clause.",
                      kind="help")
        await answer_interaction(interaction, reply, ephemeral=True)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(QuizPlaceholder(bot))
