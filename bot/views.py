"""Buttons, menus and the answer box under Floor's replies.

One view, ``ReplyView``, carries whatever a reply needs:

* the options of a question back (buttons, or a select menu when there are
  many or long ones; an **Answer** button and a text box when the answer is
  typed), usable only by whoever asked, updating the reply in place;
* **Post in channel** under an ephemeral lookup once it is an answer, to share it;
* 👍 / 👎 under a ruling, for anyone, recorded through the ruling log.

Views expire after ``view_timeout_seconds``; their buttons are then disabled
on the message so nobody presses a dead control.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import handlers, limits
from bot.embeds import NO_MENTIONS, reply_messages
from bot.reply import Reply

if TYPE_CHECKING:
    from bot.app import FloorBot

log = logging.getLogger(__name__)
Editor = Callable[..., Awaitable[Any]]


class BoundView(discord.ui.View):
    """Shared plumbing for Floor's views: how to edit the message the view sits on, disabling its controls, and
    errors in a callback answered as an ephemeral reply (logged when they are ours)."""

    _edit: Editor | None = None
    error_label = "button"

    def bind(self, edit: Editor) -> None:
        """How to edit the message this view sits on (the interaction's, or a plain message's)."""
        self._edit = edit

    def disable(self) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button | discord.ui.Select):
                item.disabled = True

    async def _apply(self, **changes: Any) -> None:
        """Edit the bound message; a message that is gone or an expired token is logged, not raised."""
        if self._edit is None:
            return
        try:
            await self._edit(**changes)
        except discord.HTTPException:
            log.info("could not update a %s message (gone, or its token expired)", self.error_label)

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]) -> None:
        from bot.app import describe_error, send_reply_error

        reply, ours = describe_error(error)
        if ours:
            log.error("%s %r failed for user %s", self.error_label, getattr(item, "custom_id", item),
                      interaction.user.id, exc_info=error)
        await send_reply_error(interaction, reply)


class ReplyView(BoundView):
    def __init__(self, bot: FloorBot, reply: Reply, *, asker_id: int, ephemeral: bool,
                 publish: bool = False, feedback: bool = False, log_id: int | None = None):
        super().__init__(timeout=bot.settings.discord.view_timeout_seconds)
        self.bot = bot
        self.reply = reply
        self.asker_id = asker_id
        self.ephemeral = ephemeral
        self.publish = publish
        self.feedback = feedback
        self.log_id = log_id  # the ruling's number in this server's log, when it was logged
        q = reply.question
        if q is not None:
            if q.choices and len(q.choices) <= limits.BUTTONS_PER_ROW * 2 and all(
                    len(c.label) <= limits.BUTTON_LABEL for c in q.choices):
                for i, choice in enumerate(q.choices):
                    self.add_item(ChoiceButton(i, choice.label, row=i // limits.BUTTONS_PER_ROW))
            elif q.choices:
                self.add_item(ChoiceSelect(q))
            else:
                self.add_item(AnswerButton())
        if publish and q is None and reply.ok:  # share an answer, not a question or a refusal
            self.add_item(PublishButton())
        if feedback:
            self.add_item(FeedbackButton(helpful=True))
            self.add_item(FeedbackButton(helpful=False))

    # -- plumbing ------------------------------------------------------------------------------
    async def on_timeout(self) -> None:
        self.disable()
        await self._apply(view=self)

    async def refuse_others(self, interaction: discord.Interaction) -> bool:
        """True (and an explanation sent) when someone other than the asker presses."""
        if interaction.user.id == self.asker_id:
            return False
        await interaction.response.send_message(
            "Only the person who asked can answer this question. Ask your own with /ruling.",
            ephemeral=True, allowed_mentions=NO_MENTIONS,
        )
        return True

    # -- answering the question back ------------------------------------------------------------------
    async def advance(self, interaction: discord.Interaction, compute: Callable[[], Reply],
                      deferred: bool = False) -> None:
        """Work out the next reply off the loop, then show it in place of this one."""
        if not deferred:
            await interaction.response.defer()
        new = await asyncio.to_thread(compute)
        if not new.ok and new.question is None:
            # A typed answer that is not a number, an option out of range: say so, keep the question.
            await interaction.followup.send(embeds=reply_messages(new)[0], ephemeral=True,
                                            allowed_mentions=NO_MENTIONS)
            return
        new, log_id = await self.bot.record_ruling(new, interaction.user, interaction.guild)
        view = ReplyView(self.bot, new, asker_id=self.asker_id, ephemeral=self.ephemeral,
                         publish=self.publish, feedback=self.feedback,
                         log_id=log_id if log_id is not None else self.log_id)
        messages = reply_messages(new)
        self.stop()
        if view.children:
            await interaction.edit_original_response(embeds=messages[0], view=view, allowed_mentions=NO_MENTIONS)
            view.bind(interaction.edit_original_response)
        else:
            await interaction.edit_original_response(embeds=messages[0], view=None, allowed_mentions=NO_MENTIONS)
        for extra in messages[1:]:
            await interaction.followup.send(embeds=extra, ephemeral=self.ephemeral, allowed_mentions=NO_MENTIONS)


class ChoiceButton(discord.ui.Button["ReplyView"]):
    def __init__(self, index: int, label: str, row: int):
        super().__init__(label=label, style=discord.ButtonStyle.primary, row=row)
        self.index = index

    async def callback(self, interaction: discord.Interaction) -> None:
        view = self.view
        assert view is not None
        if await view.refuse_others(interaction):
            return
        reply = view.reply
        await view.advance(interaction, lambda: handlers.follow_up_choice(reply, self.index + 1))


class ChoiceSelect(discord.ui.Select["ReplyView"]):
    """For many options, or labels too long for buttons; past 25 the rest are named, not dropped."""

    def __init__(self, question: Any):
        options = [
            discord.SelectOption(label=limits.shorten(c.label, limits.SELECT_OPTION_LABEL), value=str(i),
                                 description=(limits.shorten(c.label, limits.SELECT_OPTION_DESCRIPTION)
                                              if len(c.label) > limits.SELECT_OPTION_LABEL else None))
            for i, c in enumerate(question.choices[: limits.SELECT_OPTIONS])
        ]
        super().__init__(placeholder=limits.shorten(question.text, 150), options=options, row=0)

    async def callback(self, interaction: discord.Interaction) -> None:
        view = self.view
        assert view is not None
        if await view.refuse_others(interaction):
            return
        index = int(self.values[0])
        reply = view.reply
        await view.advance(interaction, lambda: handlers.follow_up_choice(reply, index + 1))


class AnswerButton(discord.ui.Button["ReplyView"]):
    """The question wants a typed value (an amount, the action so far): open a text box."""

    def __init__(self) -> None:
        super().__init__(label="Answer", style=discord.ButtonStyle.primary, emoji="✏️", row=0)

    async def callback(self, interaction: discord.Interaction) -> None:
        view = self.view
        assert view is not None
        if await view.refuse_others(interaction):
            return
        await interaction.response.send_modal(AnswerModal(view))


class AnswerModal(discord.ui.Modal):
    def __init__(self, view: ReplyView):
        q = view.reply.question
        assert q is not None
        super().__init__(title="Floor needs one more fact", timeout=view.timeout)
        self.view = view
        self.answer: discord.ui.TextInput[Any] = discord.ui.TextInput(
            custom_id="answer", placeholder=limits.shorten(q.placeholder or "Your answer", 100),
            max_length=handlers.MAX_ANSWER, required=True,
        )
        self.add_item(discord.ui.Label(text=limits.shorten(q.text, limits.TEXT_INPUT_LABEL),
                                       description=limits.shorten(q.text, 100), component=self.answer))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        reply, text = self.view.reply, self.answer.value
        await interaction.response.defer()
        await self.view.advance(interaction, lambda: handlers.follow_up_text(reply, text), deferred=True)

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await self.view.on_error(interaction, error, self.answer)


class PublishButton(discord.ui.Button["ReplyView"]):
    def __init__(self) -> None:
        super().__init__(label="Post in channel", style=discord.ButtonStyle.secondary, emoji="📣", row=4)

    async def callback(self, interaction: discord.Interaction) -> None:
        view = self.view
        assert view is not None
        messages = reply_messages(view.reply)
        await interaction.response.send_message(embeds=messages[0], allowed_mentions=NO_MENTIONS)
        for extra in messages[1:]:
            await interaction.followup.send(embeds=extra, allowed_mentions=NO_MENTIONS)
        self.disabled = True
        self.label = "Posted"
        if view._edit is not None:
            try:
                await view._edit(view=view)
            except discord.HTTPException:
                log.info("could not mark the lookup as posted")


class FeedbackButton(discord.ui.Button["ReplyView"]):
    def __init__(self, helpful: bool):
        super().__init__(emoji="👍" if helpful else "👎", style=discord.ButtonStyle.secondary, row=4,
                         custom_id=None)
        self.helpful = helpful

    async def callback(self, interaction: discord.Interaction) -> None:
        view = self.view
        assert view is not None
        reply = view.reply
        question = reply.request.question_text if reply.request else (reply.echo or reply.title)
        rlog = view.bot.ruling_log
        saved = None
        if rlog is not None and rlog.available:
            saved = await rlog.feedback(guild_id=interaction.guild_id, ruling_number=view.log_id,
                                        question=question[:2000], user_id=interaction.user.id, helpful=self.helpful)
        if saved is None:
            text = "Thanks. (Feedback can't be recorded right now: the ruling log is unavailable.)"
        else:
            text = "Thanks, noted as helpful." if self.helpful else "Thanks, noted: staff will review this answer."
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)


async def answer_interaction(interaction: discord.Interaction, reply: Reply, *, ephemeral: bool,
                             publish: bool = False, feedback: bool = False, log_id: int | None = None) -> None:
    """Send (or, after a defer, fill in) the reply with its view; extra parts as follow-ups."""
    bot: FloorBot = interaction.client  # type: ignore[assignment]
    messages = reply_messages(reply)
    view = ReplyView(bot, reply, asker_id=interaction.user.id, ephemeral=ephemeral,
                     publish=publish, feedback=feedback, log_id=log_id)
    extra: dict[str, Any] = {"view": view} if view.children else {}
    if interaction.response.is_done():
        await interaction.edit_original_response(embeds=messages[0], allowed_mentions=NO_MENTIONS, **extra)
    else:
        await interaction.response.send_message(embeds=messages[0], ephemeral=ephemeral,
                                                allowed_mentions=NO_MENTIONS, **extra)
    if view.children:
        view.bind(interaction.edit_original_response)
    for more in messages[1:]:
        await interaction.followup.send(embeds=more, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS)
