"""The Discord quiz on SimCord: ``/quiz ask|stats|round`` and ``/leaderboard``.

A member (pat) asks, answers and gets the verdict only after the answer is in
the store; another member (sam) plays a round against pat that staff (dana)
runs; time moves with SimCord's ``advance_time``, never real waiting.  Most
tests give the cog two or three hand-written questions (one per clause, with
a known right option) and a seeded RNG, so which clause is asked and which
button is right can be read off the message.
"""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest
from simcord import SetupError

from bot.app import NotStaff
from bot.embeds import limit_problems
from bot.quiz_core import discord_user_id
from engine.training import QuizQuestion

ASK_TITLE = re.compile(r"^Training question · section \d$")


def _q(clause: str, correct: int = 0) -> QuizQuestion:
    options = [f"{clause} right", f"{clause} wrong"] if correct == 0 else [f"{clause} wrong", f"{clause} right"]
    return QuizQuestion(
        id=f"test:{clause}", template="test", section=clause.split(".")[0], clause_ids=[clause],
        prompt=f"What does {clause} say?", options=options, correct=correct,
        explanation=f"Because {clause} says so.", ruling=f"The ruling under {clause}.",
        clause_text=f"{clause} The text of the clause.",
    )


@pytest.fixture
def cog(simcord_bot: Any, table: Any) -> Any:
    """The quiz cog with a seeded RNG and two questions: 1.4 (right: option 1) and 1.6 (right: option 2)."""
    quiz = simcord_bot.get_cog("Quiz")
    quiz.rng = random.Random(7)
    quiz.questions = [_q("1.4", correct=0), _q("1.6", correct=1)]
    return quiz


@pytest.fixture
def sam(table: Any) -> Any:
    return table.guild.add_member(table.env.create_user("sam"))


def store_of(bot: Any) -> Any:
    return bot.ruling_log.store


def records(bot: Any, guild: Any) -> Any:
    """The training records of one server (each server's are its own)."""
    return bot.ruling_log.store.for_guild(str(guild.id))


def buttons(message: Any) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row["components"] if c["type"] == 2]


def labels(message: Any) -> list[str]:
    return [b.get("label") or b["emoji"]["name"] for b in buttons(message)]


def refreshed(channel: Any, message: Any) -> Any:
    """A channel message as it is now (SimCord hands out snapshots)."""
    return next(m for m in channel.history() if m.id == message.id)


def live_buttons(message: Any) -> list[Any]:
    """The buttons of a channel message (a ``discord.Message``, not an interaction response)."""
    return [c for row in message.components for c in row.children if isinstance(c, discord.Button)]


def field(embed: Any, name: str) -> str:
    return next(f.value for f in embed.fields if f.name == name)


def asked_clause(message: Any) -> str:
    m = re.match(r"What does (\S+) say\?", message.embeds[0].description)
    assert m, message.embeds[0].description
    return m.group(1)


def option_label(message: Any, text: str) -> str:
    """The button (numbered like the options) for the option reading ``text``."""
    lines = message.embeds[0].description.splitlines()
    return next(line.split(".")[0] for line in lines if re.match(rf"^\d+\. {re.escape(text)}$", line))


# -- the command layout -----------------------------------------------------------------------------
async def test_layout_quiz_ask_stats_round_and_leaderboard(table: Any) -> None:
    puts = [r for r in table.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    payload = {c["name"]: c for c in puts[-1].json}
    quiz = payload["quiz"]
    subs = {o["name"]: o for o in quiz["options"]}
    assert set(subs) == {"ask", "stats", "round"}
    assert [o["name"] for o in subs["ask"].get("options", [])] == ["section"]
    assert [c["value"] for c in subs["ask"]["options"][0]["choices"]] == ["1", "2", "3"]
    assert [o["name"] for o in subs["round"]["options"]] == ["questions", "seconds", "section"]
    bounds = {o["name"]: (o.get("min_value"), o.get("max_value")) for o in subs["round"]["options"][:2]}
    assert bounds == {"questions": (1, 20), "seconds": (10, 120)}
    assert not subs["stats"].get("options")
    assert [o["name"] for o in payload["leaderboard"]["options"]] == ["days"]


async def test_help_names_the_quiz_commands(table: Any) -> None:
    result = await table.pat.slash(table.channel, "help")
    text = result.response.embeds[0].description
    for usage in ("/quiz ask", "/quiz stats", "/quiz round", "/leaderboard"):
        assert usage in text


# -- /quiz ask ---------------------------------------------------------------------------------------
async def test_a_member_gets_a_question_and_the_answer_is_saved_before_the_verdict(
        table: Any, cog: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    result = await table.pat.slash(table.channel, "quiz ask")
    question = result.response
    assert result.ephemeral and question.ephemeral
    assert ASK_TITLE.match(question.embeds[0].title)
    assert labels(question) == ["1", "2"]
    clause = asked_clause(question)

    store = store_of(simcord_bot)
    shown_at_commit: list[str] = []
    record = store.record_answer

    def spy(**kwargs: Any) -> Any:
        saved = record(**kwargs)  # committed when it returns
        shown_at_commit.append(result.response.embeds[0].title)
        return saved

    monkeypatch.setattr(store, "record_answer", spy)
    await table.pat.click(question, label=option_label(question, f"{clause} right"))

    assert len(shown_at_commit) == 1 and ASK_TITLE.match(shown_at_commit[0])  # still the question when saved
    reveal = result.response.embeds[0]
    assert reveal.title == "Right" and reveal.description == f"Right: {clause} right"
    assert field(reveal, "Why") == f"Because {clause} says so."
    assert field(reveal, "Clauses") == clause
    assert field(reveal, "The rulebook") == f"> {clause} The text of the clause."
    assert reveal.footer.text == f"Saved · {clause} comes back in 10 minutes"
    assert labels(result.response) == ["Next question"]
    (attempt,) = records(simcord_bot, table.guild).attempts_for(discord_user_id(table.pat.id))
    assert attempt.question_id == f"test:{clause}" and attempt.correct and attempt.round_id is None


async def test_a_wrong_answer_shows_the_right_one(table: Any, cog: Any) -> None:
    result = await table.pat.slash(table.channel, "quiz ask")
    clause = asked_clause(result.response)
    wrong = option_label(result.response, f"{clause} wrong")
    right = option_label(result.response, f"{clause} right")
    await table.pat.click(result.response, label=wrong)
    reveal = result.response.embeds[0]
    assert reveal.title == "Not quite"
    assert reveal.description == f"Not quite. You chose {wrong}; the answer is {right}: {clause} right"
    assert reveal.footer.text.endswith(f"{clause} comes back in 1 minute")


async def test_another_member_cannot_press_the_askers_buttons(table: Any, cog: Any, simcord_bot: Any) -> None:
    result = await table.pat.slash(table.channel, "quiz ask")
    # The question is ephemeral: Discord shows it (and its buttons) to the asker alone.
    with pytest.raises(SetupError):
        await table.dana.click(result.response, label="1")
    assert records(simcord_bot, table.guild).attempts_for(discord_user_id(table.dana.id)) == []
    assert records(simcord_bot, table.guild).attempts_for(discord_user_id(table.pat.id)) == []
    assert not any(b["disabled"] for b in buttons(result.response))


async def test_the_view_refuses_anyone_but_the_asker(table: Any, cog: Any) -> None:
    """Belt and braces behind the ephemeral message: the view itself checks who pressed."""
    from bot.cogs.quiz import QuestionView

    view = QuestionView(cog, _q("1.4"), asker_id=table.pat.id, asker_name="pat", section=None)
    sent: list[tuple[str, dict[str, Any]]] = []

    class Response:
        async def send_message(self, content: str, **kwargs: Any) -> None:
            sent.append((content, kwargs))

    class Interaction:
        def __init__(self, user_id: int) -> None:
            self.user = type("U", (), {"id": user_id})()
            self.response = Response()

    assert await view.interaction_check(Interaction(table.pat.id)) is True  # type: ignore[arg-type]
    assert await view.interaction_check(Interaction(table.dana.id)) is False  # type: ignore[arg-type]
    assert sent and "Only the member who asked" in sent[0][0] and sent[0][1]["ephemeral"] is True


async def test_the_question_times_out_with_its_buttons_disabled(table: Any, cog: Any, simcord_bot: Any,
                                                                 settings: Any) -> None:
    result = await table.pat.slash(table.channel, "quiz ask")
    assert not any(b["disabled"] for b in buttons(result.response))
    await table.env.advance_time(settings.discord.view_timeout_seconds + 1)
    assert buttons(result.response) and all(b["disabled"] for b in buttons(result.response))
    assert result.response.content.startswith("Time's up")
    assert records(simcord_bot, table.guild).attempts_for(discord_user_id(table.pat.id)) == []
    with pytest.raises(SetupError):  # a real user cannot press a disabled button
        await table.pat.click(result.response, label="1")


async def test_next_question_follows_privately_and_moves_on(table: Any, cog: Any) -> None:
    result = await table.pat.slash(table.channel, "quiz ask")
    first = asked_clause(result.response)
    await table.pat.click(result.response, label="1")
    pressed = await table.pat.click(result.response, label="Next question")
    (nxt,) = pressed.followups
    assert nxt.ephemeral and ASK_TITLE.match(nxt.embeds[0].title)
    assert asked_clause(nxt) != first  # the question just asked waits while another is left
    assert labels(result.response) == []  # the verdict stays, its button is gone
    assert result.response.embeds[0].title in ("Right", "Not quite")
    await table.pat.click(nxt, label="1")
    assert nxt.embeds[0].title in ("Right", "Not quite")


async def test_a_section_drills_that_section_only(table: Any, cog: Any) -> None:
    cog.questions = [_q("1.4"), _q("2.8.3"), _q("3.6")]
    for _ in range(3):
        result = await table.pat.slash(table.channel, "quiz ask", section="2")
        assert result.response.embeds[0].title == "Training question · section 2"
        assert asked_clause(result.response) == "2.8.3"
        await table.pat.click(result.response, label="1")


async def test_the_real_question_bank_and_a_reveal_within_embed_limits(table: Any, simcord_bot: Any) -> None:
    simcord_bot.get_cog("Quiz").rng = random.Random(3)
    result = await table.pat.slash(table.channel, "quiz ask", section="1")
    question = result.response
    assert question.embeds[0].title == "Training question · section 1"
    assert 2 <= len(labels(question)) <= 5
    assert not limit_problems(question.embeds)
    await table.pat.click(question, label="2")
    reveal = result.response.embeds
    assert reveal[0].title in ("Right", "Not quite") and not limit_problems(reveal)
    names = [f.name for e in reveal for f in e.fields]
    assert "Why" in names and "Clauses" in names
    (attempt,) = records(simcord_bot, table.guild).attempts_for(discord_user_id(table.pat.id))
    assert attempt.section == "1" and attempt.chosen == 1


async def test_a_clause_answered_wrongly_comes_back_before_one_answered_rightly(table: Any, cog: Any,
                                                                                simcord_bot: Any) -> None:
    first = await table.pat.slash(table.channel, "quiz ask")
    wrong_clause = asked_clause(first.response)
    await table.pat.click(first.response, label=option_label(first.response, f"{wrong_clause} wrong"))
    second = await table.pat.click(first.response, label="Next question")
    (q2,) = second.followups
    right_clause = asked_clause(q2)
    assert right_clause != wrong_clause
    await table.pat.click(q2, label=option_label(q2, f"{right_clause} right"))

    await table.env.advance_time(3600)  # both are due again by now; the wrong one is in the lower box
    again = [asked_clause((await table.pat.slash(table.channel, "quiz ask")).response) for _ in range(3)]
    assert again == [wrong_clause] * 3  # asked, not answered: it stays the most urgent
    progress = records(simcord_bot, table.guild).progress_for(discord_user_id(table.pat.id))
    assert progress[wrong_clause].box == 1 and progress[right_clause].box == 2
    assert progress[wrong_clause].due_at < progress[right_clause].due_at


# -- /quiz stats and /leaderboard ------------------------------------------------------------------------
async def _answer(table: Any, member: Any, *, right: bool) -> str:
    result = await member.slash(table.channel, "quiz ask")
    clause = asked_clause(result.response)
    await member.click(result.response, label=option_label(result.response,
                                                           f"{clause} {'right' if right else 'wrong'}"))
    return clause


async def test_stats_reflect_the_answers(table: Any, cog: Any) -> None:
    cog.questions = [_q("1.4"), _q("3.6")]
    empty = await table.pat.slash(table.channel, "quiz stats")
    assert empty.ephemeral and "No answers saved yet" in empty.response.embeds[0].description
    right = await _answer(table, table.pat, right=True)
    wrong = await _answer(table, table.pat, right=False)
    result = await table.pat.slash(table.channel, "quiz stats")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title == "Your quiz record"
    assert embed.description.startswith("All time: 1/2 right (50%); 2 clauses seen")
    assert field(embed, f"Section {right.split('.')[0]}") == "1/1 right (100%)"
    assert field(embed, f"Section {wrong.split('.')[0]}") == "0/1 right (0%)"
    assert field(embed, "To work on") == f"{wrong} (0/1 right)"


async def test_leaderboard_overall_and_recent_days(table: Any, cog: Any, sam: Any) -> None:
    await _answer(table, table.pat, right=True)
    await _answer(table, sam, right=True)
    await table.env.advance_time(3 * 86_400)
    await _answer(table, sam, right=True)

    board = await table.pat.slash(table.channel, "leaderboard")
    assert board.ephemeral
    embed = board.response.embeds[0]
    assert embed.title == "Quiz leaderboard"
    assert embed.description.splitlines() == ["1. sam · 2/2 right (100%)", "2. pat · 1/1 right (100%)"]
    assert labels(board.response) == ["Post in channel"]
    posted = await table.pat.click(board.response, label="Post in channel")
    assert not posted.response.ephemeral and table.channel.last_message.embeds[0].title == "Quiz leaderboard"

    recent = await table.pat.slash(table.channel, "leaderboard", days=1)
    assert recent.response.embeds[0].title == "Quiz leaderboard: the last 1 day"
    assert recent.response.embeds[0].description.splitlines() == ["1. sam · 1/1 right (100%)"]


# -- /quiz round -----------------------------------------------------------------------------------------
async def test_a_non_staff_member_is_refused_a_round(table: Any, cog: Any) -> None:
    before = len(table.channel.history())
    result = await table.pat.slash(table.channel, "quiz round")
    assert result.ephemeral and result.response.embeds[0].title == "Staff only"
    assert len(table.channel.history()) == before and cog.rounds == {}
    assert [type(e) for e in table.env.errors] == [NotStaff]


async def test_a_round_with_two_members_ends_with_its_leaderboard(table: Any, cog: Any, sam: Any,
                                                                   simcord_bot: Any) -> None:
    start = await table.dana.slash(table.channel, "quiz round", questions=2, seconds=20)
    assert not start.ephemeral and start.response.embeds[0].title == "Quiz round"
    assert "2 questions" in start.response.embeds[0].description

    q1 = table.channel.last_message
    assert q1.embeds[0].title.startswith("Round question 1/2")
    c1 = asked_clause(q1)
    locked = await table.pat.click(q1, label=option_label(q1, f"{c1} right"))
    assert locked.ephemeral and locked.response.content.startswith("Locked in")
    await sam.click(q1, label=option_label(q1, f"{c1} wrong"))
    again = await table.pat.click(q1, label=option_label(q1, f"{c1} wrong"))
    assert again.ephemeral and "already answered" in again.response.content

    await table.env.advance_time(20)
    assert all(b.disabled for b in live_buttons(refreshed(table.channel, q1)))
    history = table.channel.history()
    reveal, q2 = history[-2], history[-1]
    assert reveal.embeds[0].title == "Question 1/2: the answer"
    assert reveal.embeds[0].description == f"The answer is {option_label(q1, f'{c1} right')}: {c1} right"
    assert field(reveal.embeds[0], "The room") == "1 of 2 right: pat."
    assert q2.embeds[0].title.startswith("Round question 2/2")
    c2 = asked_clause(q2)
    assert c2 != c1
    await table.pat.click(q2, label=option_label(q2, f"{c2} right"))
    await sam.click(q2, label=option_label(q2, f"{c2} right"))

    await table.env.advance_time(20)
    results = table.channel.last_message.embeds[0]
    assert results.title == "Round results"
    assert results.description.splitlines() == ["1. pat · 2/2 right (100%)", "2. sam · 1/2 right (50%)"]
    assert cog.rounds == {}

    store = records(simcord_bot, table.guild)
    (round_id,) = {a.round_id for a in store.attempts_for(discord_user_id(table.pat.id))}
    assert round_id and {a.round_id for a in store.attempts_for(discord_user_id(sam.id))} == {round_id}
    board = store.leaderboard(round_id=round_id)
    assert [(e.user_name, e.right, e.answered) for e in board] == [("pat", 2, 2), ("sam", 1, 2)]
    assert store.attempts_for(discord_user_id(table.dana.id)) == []


async def test_staff_may_end_a_round_early_and_one_round_per_channel(table: Any, cog: Any) -> None:
    await table.dana.slash(table.channel, "quiz round", questions=5, seconds=60)
    q1 = table.channel.last_message
    busy = await table.dana.slash(table.channel, "quiz round")
    assert busy.ephemeral and busy.response.embeds[0].title == "Round in progress"
    await table.pat.click(q1, label="1")

    refused = await table.pat.click(q1, label="End round")
    assert refused.ephemeral and "Only Floor staff" in refused.response.content
    assert table.channel.last_message.id == q1.id

    await table.dana.click(q1, label="End round")
    history = table.channel.history()
    assert history[-2].embeds[0].title == "Question 1/5: the answer"
    assert history[-1].embeds[0].title == "Round results (ended early)"
    assert history[-1].embeds[0].footer.text.startswith("1 question · round ")
    assert cog.rounds == {}


# -- without a store ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("simcord_bot", ["no-log"], indirect=True)
async def test_without_a_store_questions_still_come_but_nothing_pretends_to_be_saved(table: Any, cog: Any) -> None:
    result = await table.pat.slash(table.channel, "quiz ask")
    await table.pat.click(result.response, label="1")
    reveal = result.response.embeds[0]
    assert reveal.title in ("Right", "Not quite") and reveal.footer.text == "Not saved: the database is down"
    for command in ("quiz stats", "leaderboard"):
        refused = await table.pat.slash(table.channel, command)
        assert refused.ephemeral and refused.response.embeds[0].title == "No training records"
        assert "the database is down" in refused.response.embeds[0].description
    no_round = await table.dana.slash(table.channel, "quiz round")
    assert no_round.ephemeral and no_round.response.embeds[0].title == "No training records"
    assert cog.rounds == {}


async def test_a_long_clause_continues_in_follow_ups_with_next_on_the_last(table: Any, cog: Any) -> None:
    long_text = "\n\n".join(f"1.4.{i} " + "A very long clause sentence. " * 40 for i in range(1, 10))
    cog.questions = [_q("1.4").model_copy(update={"clause_text": long_text})]
    result = await table.pat.slash(table.channel, "quiz ask")
    pressed = await table.pat.click(result.response, label="1")
    first = result.response
    assert first.embeds[0].title == "Right" and labels(first) == []
    assert pressed.followups and all(m.ephemeral for m in pressed.followups)
    for message in (first, *pressed.followups):
        assert not limit_problems(message.embeds)
    shown = "".join(f.value for m in (first, *pressed.followups) for e in m.embeds for f in e.fields
                    if f.name.startswith("The rulebook"))
    assert shown.count("A very long clause sentence.") == 9 * 40  # nothing cut
    assert labels(pressed.followups[-1]) == ["Next question"]
    nxt = await table.pat.click(pressed.followups[-1], label="Next question")
    assert nxt.followups and asked_clause(nxt.followups[0]) == "1.4"
