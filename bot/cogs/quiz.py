"""Dealer training on Discord: ``/quiz ask|stats|round`` and ``/leaderboard``.

Discord will not let a bare ``/quiz`` live beside ``/quiz stats`` (a command
with subcommands cannot be invoked itself), so a question is ``/quiz ask``.

* ``/quiz ask [section]``: one question, privately, with a numbered button
  per option that only the asker may press.  The answer is committed to the
  store (``bot.quiz_core.save_answer`` in a worker thread) *before* the verdict
  replaces the question, so whatever a trainee saw marked is saved.  The next
  question comes from ``engine.training`` on the trainee's saved Leitner
  progress: a clause got wrong is due again in a minute, one got right waits
  longer.  **Next question** asks again in the same section.
* ``/quiz stats``: the asker's record by section and weakest clauses, privately.
* ``/quiz round`` (staff): a timed round in the channel.  Everyone but the
  member running it may answer each question once (she sees the answers
  come in, so she cannot score); answers are locked in privately and
  revealed, with who got it right, when time is up; the round ends with its
  own leaderboard (every answer carries the round's id).  Staff may end it
  early.
* ``/leaderboard [days]``: privately, with **Post in channel** -- standings are
  for sharing, but a lookup should not fill the channel every time someone is
  curious.

Training records are per server (``Quiz.store_for``): progress, stats and
boards in one server never include another's.  In a DM, ``/quiz ask`` and
``/quiz stats`` work on the member's own DM record (which also holds answers
saved before records were per server); rounds and the leaderboard need a
server and say so.

The round's clock is ``bot.wait_for`` with a timeout rather than a bare sleep:
the same timer in production, one that **End round** can cut short, and a
wait SimCord recognises, so tests move it with ``advance_time``.
"""

from __future__ import annotations

import asyncio
import logging
import random
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.app import FloorBot, staff_only
from bot.embeds import NO_MENTIONS, reply_messages
from bot.quiz_core import (
    comes_back,
    discord_user_id,
    in_words,
    leaderboard_reply,
    pick_for,
    question_bank,
    question_reply,
    reveal_reply,
    round_reveal_reply,
    save_answer,
    stats_reply,
    where,
)
from bot.reply import Reply, error
from bot.views import BoundView, answer_interaction
from engine.training import QuizQuestion, next_question
from rules_index import get_index

if TYPE_CHECKING:
    from bot.store import GuildStore, Store

log = logging.getLogger(__name__)

ROUND_END_EVENT = "floor_quiz_round_end"  # bot.dispatch(ROUND_END_EVENT, round_id) ends a round's current question
MAX_ROUND_QUESTIONS = 20
MIN_ROUND_SECONDS, MAX_ROUND_SECONDS = 10, 120
RECENT = 5  # question ids a trainee just saw, kept out of the next pick when anything else is left


def _section_choices() -> list[app_commands.Choice[str]]:
    """The rulebook's top-level sections, so the choices follow the book (1, 2 and 3 today)."""
    try:
        book = get_index().book
        found = [app_commands.Choice(name=limits.shorten(f"{c.id}. {c.title}", limits.CHOICE_NAME), value=c.id)
                 for c in book.clauses.values() if c.kind == "section" and c.id[:1].isdigit()]
    except Exception:  # the commands must register even if the book cannot be read here
        log.exception("could not read the rulebook's sections for /quiz")
        found = []
    return found[: limits.COMMAND_CHOICES] or [app_commands.Choice(name=f"Section {s}", value=s) for s in "123"]


SECTIONS = _section_choices()


class _QuizView(BoundView):
    """A quiz message's view: the shared plumbing of Floor's views, logged as a quiz's."""

    error_label = "quiz button"


# -- one trainee's question -------------------------------------------------------------------------------
class QuestionView(_QuizView):
    """Answer buttons for one trainee's question; only they may press, and only once."""

    def __init__(self, cog: Quiz, q: QuizQuestion, *, asker_id: int, asker_name: str, section: str | None,
                 guild_id: int | None = None):
        super().__init__(timeout=cog.bot.settings.discord.view_timeout_seconds)
        self.cog = cog
        self.q = q
        self.asker_id = asker_id
        self.asker_name = asker_name
        self.section = section
        self.guild_id = guild_id  # whose record the answer goes into: the server asked in (None: a DM)
        self.answered = False
        self.key = f"ask:{uuid.uuid4().hex}"  # the store records this answer once, whatever retries
        for i in range(len(q.options)):
            self.add_item(AnswerButton(i))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.asker_id:
            return True
        await interaction.response.send_message(
            "Only the member who asked for this question can answer it. Start your own with /quiz ask.",
            ephemeral=True, allowed_mentions=NO_MENTIONS)
        return False

    async def answer(self, interaction: discord.Interaction, choice: int) -> None:
        if self.answered:  # a second press while the first is being saved
            await interaction.response.send_message("You've answered this question already.", ephemeral=True,
                                                    allowed_mentions=NO_MENTIONS)
            return
        self.answered = True
        await interaction.response.defer()
        footer = await self.cog.save(self.q, choice, user_id=self.asker_id, user_name=self.asker_name,
                                     answer_key=self.key, guild_id=self.guild_id)
        # Only now, with the answer committed, is the verdict shown.
        reply = reveal_reply(self.q, choice, footer=footer)
        self.stop()
        await self.cog.show_reveal(interaction, reply, NextView(self.cog, asker_id=self.asker_id,
                                                                 asker_name=self.asker_name, section=self.section))

    async def on_timeout(self) -> None:
        if self.answered:
            return
        self.disable()
        await self._apply(content="Time's up: this question was not answered, and nothing was saved. "
                                  "/quiz ask for another.", view=self, allowed_mentions=NO_MENTIONS)


class AnswerButton(discord.ui.Button["QuestionView"]):
    """Numbered like the options in the embed: options are often too long for a button label."""

    def __init__(self, index: int):
        super().__init__(label=str(index + 1), style=discord.ButtonStyle.primary, row=0)
        self.index = index

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await self.view.answer(interaction, self.index)


class NextView(_QuizView):
    """**Next question** under a verdict: another question in the same section, for the same trainee."""

    def __init__(self, cog: Quiz, *, asker_id: int, asker_name: str, section: str | None):
        super().__init__(timeout=cog.bot.settings.discord.view_timeout_seconds)
        self.cog = cog
        self.asker_id = asker_id
        self.asker_name = asker_name
        self.section = section

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.asker_id:
            return True
        await interaction.response.send_message("Start your own quiz with /quiz ask.", ephemeral=True,
                                                allowed_mentions=NO_MENTIONS)
        return False

    @discord.ui.button(label="Next question", style=discord.ButtonStyle.success, emoji="➡️")
    async def next_button(self, interaction: discord.Interaction, button: discord.ui.Button[NextView]) -> None:
        await interaction.response.defer()
        self.stop()
        await interaction.edit_original_response(view=None)  # the verdict stays; its button goes
        await self.cog.send_question(interaction, self.section, followup=True)

    async def on_timeout(self) -> None:
        self.disable()
        await self._apply(view=self)


# -- a round in the channel -------------------------------------------------------------------------------
@dataclass
class Round:
    """One timed round in one channel; its id is on every answer given in it."""

    id: str
    channel_id: int
    guild_id: int
    host_id: int  # runs the round, so cannot score in it
    total: int
    seconds: int
    section: str | None
    asked: int = 0
    stopped: bool = False
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class RoundQuestionView(_QuizView):
    """A round question: anyone may answer once; staff may end the round.  Closed by the round's clock."""

    def __init__(self, cog: Quiz, rnd: Round, q: QuizQuestion, number: int):
        super().__init__(timeout=None)  # the round's clock closes it; a press must not extend the time
        self.cog = cog
        self.rnd = rnd
        self.q = q
        self.number = number
        self.closed = False
        self.choices: dict[int, int] = {}  # user id -> option, set before the save so a double press is refused
        self.names: dict[int, str] = {}
        self._saving: set[asyncio.Task[Any]] = set()
        for i in range(len(q.options)):
            self.add_item(RoundAnswerButton(i))
        self.add_item(EndRoundButton())

    async def answer(self, interaction: discord.Interaction, choice: int) -> None:
        uid = interaction.user.id
        if uid == self.rnd.host_id:
            await interaction.response.send_message(
                "You're running this round, so you can't score in it. Everyone else's answers count.",
                ephemeral=True, allowed_mentions=NO_MENTIONS)
            return
        if self.closed:
            await interaction.response.send_message("Time's up for this question.", ephemeral=True,
                                                    allowed_mentions=NO_MENTIONS)
            return
        if uid in self.choices:
            await interaction.response.send_message(
                f"You've already answered this question (you chose {self.choices[uid] + 1}). "
                "The answer comes when time is up.", ephemeral=True, allowed_mentions=NO_MENTIONS)
            return
        self.choices[uid] = choice
        self.names[uid] = getattr(interaction.user, "display_name", interaction.user.name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        store = self.cog.store_for(self.rnd.guild_id)
        assert store is not None  # a round only starts with a store
        saving = asyncio.ensure_future(asyncio.to_thread(
            save_answer, store, user_id=discord_user_id(uid), user_name=self.names[uid], q=self.q, choice=choice,
            now=self.cog.now(), round_id=self.rnd.id, answer_key=f"round:{self.rnd.id}:{self.number}:{uid}"))
        self._saving.add(saving)
        try:
            await saving
        except Exception:
            log.exception("saving a round answer failed (round %s, user %s)", self.rnd.id, uid)
            self.choices.pop(uid, None)
            self.names.pop(uid, None)
            await interaction.followup.send("Your answer could not be saved; press again to retry.",
                                            ephemeral=True, allowed_mentions=NO_MENTIONS)
            return
        finally:
            self._saving.discard(saving)
        await interaction.followup.send(f"Locked in: {choice + 1}. The answer comes when time is up.",
                                        ephemeral=True, allowed_mentions=NO_MENTIONS)

    async def close(self) -> None:
        """No more answers; wait for the ones being saved, so the reveal and the leaderboard count them."""
        self.closed = True
        if self._saving:
            await asyncio.gather(*self._saving, return_exceptions=True)
        self.stop()
        self.disable()
        await self._apply(view=self)

    def right_names(self) -> list[str]:
        return [self.names[u] for u, c in self.choices.items() if self.q.is_correct(c) and u in self.names]


class RoundAnswerButton(discord.ui.Button["RoundQuestionView"]):
    def __init__(self, index: int):
        super().__init__(label=str(index + 1), style=discord.ButtonStyle.primary, row=0)
        self.index = index

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await self.view.answer(interaction, self.index)


class EndRoundButton(discord.ui.Button["RoundQuestionView"]):
    def __init__(self) -> None:
        super().__init__(label="End round", style=discord.ButtonStyle.danger, row=1)

    async def callback(self, interaction: discord.Interaction) -> None:
        view = self.view
        assert view is not None
        if not await view.cog.bot.is_staff_in(interaction.user, interaction.guild):
            await interaction.response.send_message("Only Floor staff can end a round.", ephemeral=True,
                                                    allowed_mentions=NO_MENTIONS)
            return
        view.cog.end_round(view.rnd)
        await interaction.response.send_message("Ending the round after this question.", ephemeral=True,
                                                allowed_mentions=NO_MENTIONS)


# -- the cog ------------------------------------------------------------------------------------------------
class Quiz(commands.Cog):
    """The quiz commands.  ``rng``, ``clock`` and ``questions`` may be replaced (tests seed them)."""

    quiz = app_commands.Group(name="quiz", description="Dealer training: questions from the rulebook and real "
                                                       "rulings, with spaced repetition.")

    def __init__(self, bot: FloorBot):
        self.bot = bot
        self.rng = random.Random()
        # discord.utils.utcnow, read at call time: the same clock the views' timeouts run on.
        self.clock: Callable[[], datetime] = discord.utils.utcnow
        self.questions: Sequence[QuizQuestion] | None = None  # None: every generated question
        self._bank: list[QuizQuestion] | None = None
        self._bank_lock = asyncio.Lock()
        self._recent: dict[str, list[str]] = {}
        self.rounds: dict[int, Round] = {}  # channel id -> the round running there

    async def cog_unload(self) -> None:
        for rnd in list(self.rounds.values()):
            if rnd.task is not None:
                rnd.task.cancel()

    # -- plumbing ------------------------------------------------------------------------------------
    def now(self) -> datetime:
        return self.clock()

    @property
    def store(self) -> Store | None:
        """The store behind the ruling log; None when it could not be opened."""
        return getattr(self.bot.ruling_log, "store", None)

    def store_for(self, guild_id: int | None) -> GuildStore | None:
        """The store limited to one server's training records (None: a DM's); None when there is no store.

        Every quiz read and write goes through this, so a member's progress,
        stats and the leaderboards are kept per server.
        """
        store = self.store
        return store.for_guild(None if guild_id is None else str(guild_id)) if store is not None else None

    def no_store(self) -> str:
        rlog = self.bot.ruling_log
        return getattr(rlog, "why_unavailable", "") or "no store is configured"

    def _unavailable(self) -> Reply:
        return error(f"Quiz records are unavailable: {self.no_store()}.", title="No training records",
                     tone="warning")

    async def bank(self, section: str | None) -> list[QuizQuestion]:
        """The questions for a section; every generated question is built once, off the event loop."""
        if self.questions is not None:
            return question_bank(self.rng, section, self.questions)
        async with self._bank_lock:
            if self._bank is None:
                self._bank = await asyncio.to_thread(question_bank, self.rng)
        return question_bank(self.rng, section, self._bank)

    async def pick(self, user_id: str, section: str | None, guild_id: int | None = None) -> QuizQuestion | None:
        """Next for this trainee, on their saved progress in this server (read in a worker thread)."""
        questions = await self.bank(section)
        key = f"{guild_id or ''}:{user_id}"
        recent = self._recent.get(key, [])
        q = await asyncio.to_thread(pick_for, self.store_for(guild_id), user_id, questions, self.now(), self.rng,
                                    recent, get_index().book)
        if q is not None:
            self._recent[key] = [q.id, *recent][:RECENT]
            if len(self._recent) > 10_000:  # forget the oldest trainees' recent questions
                self._recent = dict(list(self._recent.items())[-5_000:])
        return q

    async def save(self, q: QuizQuestion, choice: int, *, user_id: int, user_name: str, answer_key: str,
                   guild_id: int | None = None) -> str:
        """Commit one answer to this server's record; the footer for its verdict (when the clause comes back, or
        why it wasn't saved)."""
        store = self.store_for(guild_id)
        if store is None:
            return f"Not saved: {self.no_store()}"
        try:
            recorded = await asyncio.to_thread(save_answer, store, user_id=discord_user_id(user_id),
                                               user_name=user_name, q=q, choice=choice, now=self.now(),
                                               answer_key=answer_key)
        except Exception:
            log.exception("saving a quiz answer failed (user %s)", user_id)
            return "Not saved: the training store failed (the error is logged)"
        return " · ".join(p for p in ("Saved", comes_back(recorded)) if p)

    async def send_question(self, interaction: discord.Interaction, section: str | None, *,
                            followup: bool = False) -> None:
        """A question for whoever is interacting, privately: filling the deferred reply, or as a follow-up."""
        user = interaction.user
        q = await self.pick(discord_user_id(user.id), section, interaction.guild_id)
        if q is None:
            reply = error(f"There are no questions for section {section}.", tone="warning")
            if followup:
                await interaction.followup.send(embeds=reply_messages(reply)[0], ephemeral=True,
                                                allowed_mentions=NO_MENTIONS)
            else:
                await answer_interaction(interaction, reply, ephemeral=True)
            return
        view = QuestionView(self, q, asker_id=user.id, asker_name=getattr(user, "display_name", user.name),
                            section=section, guild_id=interaction.guild_id)
        timeout = timedelta(seconds=view.timeout or 0)
        reply = question_reply(q, title=f"Training question · {where(q)}",
                               footer=f"Only you can answer · {in_words(timeout)} to answer")
        embeds = reply_messages(reply)[0]  # a prompt and five options fit one message
        if followup:
            sent = await interaction.followup.send(embeds=embeds, view=view, ephemeral=True, wait=True,
                                                   allowed_mentions=NO_MENTIONS)
            view.bind(sent.edit)
        else:
            await interaction.edit_original_response(embeds=embeds, view=view, allowed_mentions=NO_MENTIONS)
            view.bind(interaction.edit_original_response)

    async def show_reveal(self, interaction: discord.Interaction, reply: Reply, nxt: NextView) -> None:
        """The verdict in place of the question; a long clause continues in follow-ups, **Next** on the last."""
        messages = reply_messages(reply)
        if len(messages) == 1:
            await interaction.edit_original_response(content=None, embeds=messages[0], view=nxt,
                                                     allowed_mentions=NO_MENTIONS)
            nxt.bind(interaction.edit_original_response)
            return
        await interaction.edit_original_response(content=None, embeds=messages[0], view=None,
                                                 allowed_mentions=NO_MENTIONS)
        for i, more in enumerate(messages[1:], start=2):
            extra: dict[str, Any] = {"view": nxt} if i == len(messages) else {}
            sent = await interaction.followup.send(embeds=more, ephemeral=True, wait=True,
                                                   allowed_mentions=NO_MENTIONS, **extra)
        nxt.bind(sent.edit)

    # -- /quiz ask, /quiz stats ------------------------------------------------------------------------------
    @quiz.command(name="ask", description="A training question, just for you; missed clauses come back sooner.")
    @app_commands.describe(section="Drill one section of the rulebook (all sections if not given)")
    @app_commands.choices(section=SECTIONS)
    async def ask(self, interaction: discord.Interaction, section: app_commands.Choice[str] | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.send_question(interaction, section.value if section else None)

    @quiz.command(name="stats", description="Your quiz record: accuracy by section and the clauses to work on.")
    async def stats(self, interaction: discord.Interaction) -> None:
        store = self.store_for(interaction.guild_id)
        if store is None:
            await answer_interaction(interaction, self._unavailable(), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        st = await asyncio.to_thread(store.stats_for, discord_user_id(interaction.user.id))
        server = interaction.guild.name if interaction.guild is not None else "this server"
        where_ = (f"Your record in {server}; each server keeps its own" if interaction.guild_id is not None
                  else "Your record in DMs with Floor; each server keeps its own")
        await answer_interaction(interaction, stats_reply(st).with_footer(where_), ephemeral=True)

    # -- /quiz round --------------------------------------------------------------------------------------
    @quiz.command(name="round", description="Staff: a timed quiz round for the whole channel, with a leaderboard.")
    @app_commands.describe(questions=f"How many questions (1-{MAX_ROUND_QUESTIONS})",
                           seconds=f"Seconds to answer each ({MIN_ROUND_SECONDS}-{MAX_ROUND_SECONDS})",
                           section="Only questions from one section")
    @app_commands.choices(section=SECTIONS)
    @staff_only()
    async def round_(self, interaction: discord.Interaction,
                    questions: app_commands.Range[int, 1, MAX_ROUND_QUESTIONS] = 5,
                    seconds: app_commands.Range[int, MIN_ROUND_SECONDS, MAX_ROUND_SECONDS] = 30,
                    section: app_commands.Choice[str] | None = None) -> None:
        channel = interaction.channel
        if interaction.guild is None:  # staff_only refuses a DM first; kept in case the checks change
            raise app_commands.NoPrivateMessage()
        if channel is None or not isinstance(channel, discord.abc.Messageable):
            await answer_interaction(interaction, error("A round runs in a server channel.", tone="warning"),
                                     ephemeral=True)
            return
        if self.store is None:
            await answer_interaction(interaction, self._unavailable(), ephemeral=True)
            return
        if channel.id in self.rounds:
            await answer_interaction(interaction, error(
                "A round is already running in this channel; wait for its results, or end it with End round.",
                title="Round in progress", tone="warning"), ephemeral=True)
            return
        rnd = Round(id=uuid.uuid4().hex, channel_id=channel.id, guild_id=interaction.guild.id,
                    host_id=interaction.user.id, total=questions,
                    seconds=seconds, section=section.value if section else None)
        self.rounds[channel.id] = rnd  # claimed before any await: two starts cannot both pass
        host = getattr(interaction.user, "display_name", interaction.user.name)
        which = f" from section {section.name}" if section else ""
        announce = Reply(
            title="Quiz round", tone="info", kind="quiz-round",
            body=f"{host} starts a round: {questions} question{'s' if questions != 1 else ''}{which}, "
                 f"{seconds} seconds each. Press a number to answer; one answer per question. Each answer is "
                 f"revealed when its time is up, and the round ends with its leaderboard. {host} runs it, so "
                 "does not score in it.")
        try:
            await interaction.response.send_message(embeds=reply_messages(announce)[0], allowed_mentions=NO_MENTIONS)
        except BaseException:
            self.rounds.pop(channel.id, None)
            raise
        rnd.task = asyncio.create_task(self._run_round(rnd, channel), name=f"floor-quiz-round-{rnd.id}")

    def end_round(self, rnd: Round) -> None:
        """Stop after the current question (its answers are revealed, then the results)."""
        rnd.stopped = True
        self.bot.dispatch(ROUND_END_EVENT, rnd.id)

    async def _question_clock(self, rnd: Round) -> None:
        try:
            await self.bot.wait_for(ROUND_END_EVENT, check=lambda rid: rid == rnd.id, timeout=rnd.seconds)
        except TimeoutError:
            pass

    async def _post(self, channel: discord.abc.Messageable, reply: Reply,
                    view: discord.ui.View | None = None) -> discord.Message:
        """A public message (and its continuations); the view goes on the first part."""
        messages = reply_messages(reply)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        first = await channel.send(embeds=messages[0], allowed_mentions=NO_MENTIONS, **extra)
        for more in messages[1:]:
            await channel.send(embeds=more, allowed_mentions=NO_MENTIONS)
        return first

    async def _run_round(self, rnd: Round, channel: discord.abc.Messageable) -> None:
        try:
            questions = await self.bank(rnd.section)
            book = get_index().book
            asked: list[str] = []
            for number in range(1, rnd.total + 1):
                # Everyone gets the same question, so no one's progress decides it: unseen clauses first, at random.
                q = await asyncio.to_thread(next_question, {}, questions, self.now(), self.rng, asked, book)
                if q is None:
                    break
                asked.append(q.id)
                view = RoundQuestionView(self, rnd, q, number)
                reply = question_reply(q, title=f"Round question {number}/{rnd.total} · {where(q)}",
                                       footer=f"Everyone may answer once · {rnd.seconds} seconds")
                message = await self._post(channel, reply, view)
                view.bind(message.edit)
                rnd.asked = number
                await self._question_clock(rnd)
                await view.close()
                await self._post(channel, round_reveal_reply(q, number=number, total=rnd.total,
                                                             answered=len(view.choices),
                                                             right_names=view.right_names()))
                if rnd.stopped:
                    break
            store = self.store_for(rnd.guild_id)
            entries = await asyncio.to_thread(store.leaderboard, 10, None, rnd.id) if store is not None else []
            ended = " (ended early)" if rnd.stopped and rnd.asked < rnd.total else ""
            await self._post(channel, leaderboard_reply(
                entries, title=f"Round results{ended}", empty="Nobody answered in this round.",
                footer=f"{rnd.asked} question{'s' if rnd.asked != 1 else ''} · round {rnd.id[:8]}"))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("quiz round %s failed", rnd.id)
            try:
                await self._post(channel, error("The round stopped: something went wrong on my side. "
                                                "The error has been logged."))
            except discord.HTTPException:
                log.exception("could not report the failed round")
        finally:
            self.rounds.pop(rnd.channel_id, None)

    # -- /leaderboard ---------------------------------------------------------------------------------------
    @app_commands.command(name="leaderboard", description="The quiz's top players, overall or over recent days.")
    @app_commands.describe(days="Only answers from the last this many days (1-365); all time if not given")
    async def leaderboard(self, interaction: discord.Interaction,
                          days: app_commands.Range[int, 1, 365] | None = None) -> None:
        if interaction.guild_id is None:  # a board is a server's: there is none to show in a DM
            raise app_commands.NoPrivateMessage()
        store = self.store_for(interaction.guild_id)
        if store is None:
            await answer_interaction(interaction, self._unavailable(), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        since = self.now() - timedelta(days=days) if days else None
        entries = await asyncio.to_thread(store.leaderboard, 10, since)
        span = f": the last {days} day{'s' if days != 1 else ''}" if days else ""
        reply = leaderboard_reply(entries, title=f"Quiz leaderboard{span}", empty="No quiz answers yet.",
                                  footer="Most right answers first; equal counts, fewer attempts first")
        await answer_interaction(interaction, reply, ephemeral=True, publish=True)


async def setup(bot: FloorBot) -> None:
    await bot.add_cog(Quiz(bot))
