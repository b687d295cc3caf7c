"""Rulings: ``/ruling`` in free text, the structured commands, and mentions.

Rulings are posted in the channel (the table should see the same answer the
floor does); a question back appears as buttons only the asker may press, and
the answer updates the ruling in place.  Every ruling command shares one
per-user cooldown, mentions included, and defers before the engine runs so
Discord's three-second deadline is always met.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import handlers
from bot.app import FloorBot, ruling_cooldown, send_reply_error
from bot.embeds import NO_MENTIONS, reply_messages
from bot.reply import Reply, error
from bot.views import ReplyView, answer_interaction

log = logging.getLogger(__name__)

MAX_CHIPS = 100_000_000  # far above any table; stops absurd numbers before the engine sees them


def _description(name: str) -> str:
    return next(c.description for c in handlers.COMMANDS if c.name == name)


def _text_problem(text: str, what: str, limit: int) -> Reply | None:
    problem = handlers.input_problem(handlers.clean(text), what, limit)
    return error(problem, tone="warning") if problem else None


class Rulings(commands.Cog):
    def __init__(self, bot: FloorBot):
        self.bot = bot

    async def _rule(self, interaction: discord.Interaction, compute: Callable[[], Reply],
                    precheck: Reply | None = None) -> None:
        """Refuse bad input at once (ephemeral); otherwise defer, rule off the loop, log, post."""
        if precheck is not None:
            await answer_interaction(interaction, precheck, ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        reply = await asyncio.to_thread(compute)
        if reply.kind in ("error", "unclear"):  # refused, or not a rules question: privately, never a public ruling
            await send_reply_error(interaction, reply)
            return
        reply, log_id = await self.bot.record_ruling(reply, interaction.user, interaction.guild)
        await answer_interaction(interaction, reply, ephemeral=False, feedback=reply.ruling is not None,
                                 log_id=log_id)

    @app_commands.command(name="ruling", description=_description("ruling"))
    @app_commands.describe(description="What happened at the table, e.g. facing 25, seat 6 drops a 100 chip silently")
    @ruling_cooldown()
    async def ruling(self, interaction: discord.Interaction,
                     description: app_commands.Range[str, 1, handlers.MAX_QUESTION]) -> None:
        await self._rule(interaction, lambda: handlers.ruling_reply(description),
                         _text_problem(description, "question", handlers.MAX_QUESTION))

    @app_commands.command(name="oversized-chip", description=_description("oversized-chip"))
    @app_commands.describe(bet_faced="The bet the player faced (total to call)",
                           chip_value="The value of the single chip put out",
                           declared="When 'raise' was said, if at all")
    @app_commands.choices(declared=[
        app_commands.Choice(name="'Raise' said before the chip touched the table", value="before"),
        app_commands.Choice(name="'Raise' said after the chip touched the table", value="after"),
        app_commands.Choice(name="Nothing said", value="none"),
    ])
    @ruling_cooldown()
    async def oversized_chip(self, interaction: discord.Interaction,
                             bet_faced: app_commands.Range[int, 1, MAX_CHIPS],
                             chip_value: app_commands.Range[int, 1, MAX_CHIPS],
                             declared: app_commands.Choice[str]) -> None:
        await self._rule(interaction, lambda: handlers.oversized_chip_reply(bet_faced, chip_value, declared.value))

    @app_commands.command(name="min-raise", description=_description("min-raise"))
    @app_commands.describe(big_blind="The big blind",
                           action="The action so far, raise-to amounts: 'bet 400, raise 1000' or '400 1000'",
                           street="The betting round (preflop if not given)")
    @app_commands.choices(street=[app_commands.Choice(name=s.capitalize(), value=s)
                                  for s in ("preflop", "flop", "turn", "river")])
    @ruling_cooldown()
    async def min_raise(self, interaction: discord.Interaction,
                        big_blind: app_commands.Range[int, 1, MAX_CHIPS],
                        action: app_commands.Range[str, 1, 300],
                        street: app_commands.Choice[str] | None = None) -> None:
        _, problem = handlers.parse_actions(action)
        pre = error(problem, tone="warning") if problem else None
        street_value = street.value if street else None
        await self._rule(interaction, lambda: handlers.min_raise_reply(big_blind, action, street_value), pre)

    @app_commands.command(name="run-it-twice", description=_description("run-it-twice"))
    @app_commands.describe(pot="The whole pot", first_board="Who won the first board (a name or seat; 'split' "
                           "for a chop)", second_board="Who won the second board")
    @ruling_cooldown()
    async def run_it_twice(self, interaction: discord.Interaction,
                           pot: app_commands.Range[int, 1, MAX_CHIPS],
                           first_board: app_commands.Range[str, 1, 100],
                           second_board: app_commands.Range[str, 1, 100]) -> None:
        pre = _text_problem(first_board, "first board's winner", 100) or _text_problem(
            second_board, "second board's winner", 100)
        await self._rule(interaction, lambda: handlers.run_it_twice_reply(pot, first_board, second_board), pre)

    @app_commands.command(name="showdown", description=_description("showdown"))
    @app_commands.describe(board="The community cards, e.g. Ah Kd 7c 2s 9h",
                           hands="Each player's hole cards, e.g. Seat 1: As Ad; Seat 4: Kh Qh",
                           last_aggressor="Who made the last bet or raise (as named in hands); empty if nobody")
    @ruling_cooldown()
    async def showdown(self, interaction: discord.Interaction, board: app_commands.Range[str, 1, 100],
                       hands: app_commands.Range[str, 1, 300],
                       last_aggressor: app_commands.Range[str, 1, 50] | None = None) -> None:
        pre = _text_problem(board, "board", 100) or _text_problem(hands, "hands", 300)
        if pre is None:
            _, problem = handlers.parse_hands(hands)
            pre = error(problem, tone="warning") if problem else None
        await self._rule(interaction, lambda: handlers.showdown_reply(board, hands, last_aggressor), pre)

    # -- "@Floor facing 25, he drops a 100 chip…", or the same in a direct message ----------------------------------
    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        me = self.bot.user
        if me is None or message.author.bot or message.webhook_id is not None:
            return
        own_role = message.guild.self_role if message.guild else None
        in_dm = message.guild is None  # a direct message is a question to Floor, mention or not
        if not in_dm and me not in message.mentions and (own_role is None or own_role not in message.role_mentions):
            return
        try:
            await self._answer_mention(message, me, own_role)
        except Exception:
            log.exception("answering a mention failed (message %s)", message.id)
            try:
                await message.reply(embeds=reply_messages(error(
                    "Something went wrong on my side, and nothing was ruled. The error has been logged."))[0],
                    mention_author=False, allowed_mentions=NO_MENTIONS)
            except discord.HTTPException:
                log.exception("could not report the failure")

    async def _answer_mention(self, message: discord.Message, me: discord.ClientUser, own_role: Any) -> None:
        pattern = rf"<@!?{me.id}>" + (rf"|<@&{own_role.id}>" if own_role is not None else "")
        text = re.sub(pattern, " ", message.content).strip()
        if not text:
            reply = error("Ask me after the mention, e.g. “@Floor facing 25, seat 6 drops a 100 chip without a "
                          "word”. /help lists everything I can do.", title="What's the question?", tone="info")
            await self._send(message, reply, None)
            return
        wait = self.bot.cooldown.retry_after(message.author.id)
        if wait > 0:
            await self._send(message, error(f"One ruling at a time: ask again in {wait:.1f} s.",
                                            title="Slow down", tone="warning"), None)
            return
        reply = await asyncio.to_thread(handlers.ruling_reply, text)
        reply, log_id = await self.bot.record_ruling(reply, message.author, message.guild)
        await self._send(message, reply, log_id)

    async def _send(self, message: discord.Message, reply: Reply, log_id: int | None) -> None:
        messages = reply_messages(reply)
        view = ReplyView(self.bot, reply, asker_id=message.author.id, ephemeral=False,
                         feedback=reply.ruling is not None, log_id=log_id)
        extra: dict[str, Any] = {"view": view} if view.children else {}
        sent = await message.reply(embeds=messages[0], mention_author=False, allowed_mentions=NO_MENTIONS, **extra)
        if view.children:
            view.bind(sent.edit)
        for more in messages[1:]:
            await message.channel.send(embeds=more, allowed_mentions=NO_MENTIONS)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Rulings(bot))
