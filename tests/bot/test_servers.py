"""Two servers on one bot: each server's log, votes, staff and training records are its own.

Poker Ape (``table``: dana is staff, pat a player) and a second server, Rival,
where eve holds a role she also named "Floor Staff" and rob plays.  pat is in
both.  Every staff and training command is run from both sides: nothing one
server's staff can do reaches the other's data, and nobody's progress or name
crosses over.  Last, the same commands in a DM.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from simcord import SetupError

from bot.quiz_core import discord_user_id
from bot.store import Store
from engine.training import QuizQuestion
from rules_index.config import Settings

SILENT_CHIP = "Facing a bet of 25, Seat 6 drops a single 100 chip over the line without a word."


@dataclass
class Rival:
    guild: Any
    channel: Any
    staff_role: Any
    eve: Any  # staff here, by a role of the same name as Poker Ape's
    rob: Any  # a player
    pat: Any  # Poker Ape's player, a member here too


@pytest.fixture
def rival(table: Any, settings: Settings) -> Rival:
    env = table.env
    guild = env.create_guild("Rival")
    channel = guild.create_text_channel("floor")
    role = guild.create_role(settings.discord.staff_role, permissions=discord.Permissions.none())
    eve = guild.add_member(env.create_user("eve"), roles=[role])
    rob = guild.add_member(env.create_user("rob"))
    pat = guild.add_member(table.pat.user, nick="patrick")
    return Rival(guild, channel, role, eve, rob, pat)


def _q(clause: str) -> QuizQuestion:
    return QuizQuestion(
        id=f"test:{clause}", template="test", section=clause.split(".")[0], clause_ids=[clause],
        prompt=f"What does {clause} say?", options=[f"{clause} right", f"{clause} wrong"], correct=0,
        explanation=f"Because {clause} says so.", ruling="", clause_text=f"{clause} The text.")


@pytest.fixture
def quiz(simcord_bot: Any, table: Any) -> Any:
    """Questions whose right answer is always button 1."""
    cog = simcord_bot.get_cog("Quiz")
    cog.rng = random.Random(5)
    cog.questions = [_q("1.4"), _q("1.6")]
    return cog


def records(bot: Any, guild: Any | None) -> Any:
    return bot.ruling_log.store.for_guild(None if guild is None else str(guild.id))


def titles(result: Any) -> list[str]:
    return [f.name.split(" · ")[0] for f in result.response.embeds[0].fields]


async def _rule(member: Any, channel: Any, env: Any, settings: Settings) -> int:
    """A staff ruling, logged; its log number."""
    result = await member.slash(channel, "ruling", description=SILENT_CHIP)
    footer = result.response.embeds[0].footer.text
    assert "Logged as ruling #" in footer, footer
    await env.advance_time(settings.discord.cooldown_seconds)
    return int(footer.split("#")[1].split(";")[0])


# -- the staff log -------------------------------------------------------------------------------------
async def test_each_servers_log_lists_and_searches_only_its_own_rulings(table: Any, rival: Rival,
                                                                        settings: Settings) -> None:
    ours = await _rule(table.dana, table.channel, table.env, settings)
    theirs = await _rule(rival.eve, rival.channel, table.env, settings)
    assert titles(await table.dana.slash(table.channel, "rulings recent")) == [f"Ruling #{ours}"]
    assert titles(await rival.eve.slash(rival.channel, "rulings recent")) == [f"Ruling #{theirs}"]
    assert titles(await rival.eve.slash(rival.channel, "rulings search", query="1.4.2")) == [f"Ruling #{theirs}"]
    found = await table.dana.slash(table.channel, "rulings search", query="chip")
    assert titles(found) == [f"Ruling #{ours}"]
    with Store.open(settings) as s:
        assert s.get_ruling(ours, guild_id=str(table.guild.id)).question == SILENT_CHIP  # type: ignore[union-attr]
        assert s.get_ruling(theirs, guild_id=str(rival.guild.id)).question == SILENT_CHIP  # type: ignore[union-attr]


async def test_staff_of_one_server_cannot_overturn_anothers_ruling(table: Any, rival: Rival,
                                                                   settings: Settings) -> None:
    ours = await _rule(table.dana, table.channel, table.env, settings)
    refused = await rival.eve.slash(rival.channel, "rulings overturn", id=ours, reason="not my server")
    assert f"no logged ruling #{ours}" in refused.response.embeds[0].description
    with Store.open(settings) as s:
        row = s.get_ruling(ours, guild_id=str(table.guild.id))
    assert row is not None and not row.overturned and row.overturned_by is None
    done = await table.dana.slash(table.channel, "rulings overturn", id=ours, reason="Seat 6 said raise")
    assert done.response.embeds[0].title == f"Ruling #{ours} overturned"


async def test_each_server_numbers_its_own_log_from_one(table: Any, rival: Rival, settings: Settings) -> None:
    assert await _rule(table.dana, table.channel, table.env, settings) == 1
    assert await _rule(rival.eve, rival.channel, table.env, settings) == 1  # not #2: Rival's log is its own
    assert await _rule(table.dana, table.channel, table.env, settings) == 2
    assert await _rule(rival.eve, rival.channel, table.env, settings) == 2
    assert await _rule(rival.eve, rival.channel, table.env, settings) == 3
    assert titles(await table.dana.slash(table.channel, "rulings recent")) == ["Ruling #2", "Ruling #1"]
    assert titles(await rival.eve.slash(rival.channel, "rulings recent")) == ["Ruling #3", "Ruling #2", "Ruling #1"]
    assert titles(await rival.eve.slash(rival.channel, "rulings search", query="1.4.2", count=1)) == ["Ruling #3"]


async def test_an_overturn_by_number_touches_only_that_servers_ruling(table: Any, rival: Rival,
                                                                      settings: Settings) -> None:
    """Both servers have a ruling #1; Rival's staff overturning #1 overturns Rival's, and Poker Ape's stands."""
    await _rule(table.dana, table.channel, table.env, settings)
    await _rule(rival.eve, rival.channel, table.env, settings)
    done = await rival.eve.slash(rival.channel, "rulings overturn", id=1, reason="Seat 6 had said raise")
    assert done.response.embeds[0].title == "Ruling #1 overturned"
    theirs = (await rival.eve.slash(rival.channel, "rulings recent")).response.embeds[0]
    ours = (await table.dana.slash(table.channel, "rulings recent")).response.embeds[0]
    assert theirs.fields[0].value.startswith("OVERTURNED by eve: Seat 6 had said raise")
    assert "OVERTURNED" not in ours.fields[0].value and ours.description == "1 ruling(s)."
    with Store.open(settings) as s:
        assert s.get_ruling(1, guild_id=str(rival.guild.id)).overturned_by == str(rival.eve.id)  # type: ignore
        assert not s.get_ruling(1, guild_id=str(table.guild.id)).overturned  # type: ignore[union-attr]
    # Rival has no #2: a number Poker Ape has, or not, never reaches across.
    await _rule(table.dana, table.channel, table.env, settings)
    refused = await rival.eve.slash(rival.channel, "rulings overturn", id=2, reason="not ours to touch")
    assert "no logged ruling #2 in this server's log" in refused.response.embeds[0].description
    with Store.open(settings) as s:
        assert not s.get_ruling(2, guild_id=str(table.guild.id)).overturned  # type: ignore[union-attr]


async def test_a_ruling_by_another_servers_staff_is_logged_only_there(table: Any, rival: Rival,
                                                                      settings: Settings) -> None:
    """pat is a player in Poker Ape; a ruling he asks there is not logged anywhere, whatever Rival calls him."""
    result = await table.pat.slash(table.channel, "ruling", description=SILENT_CHIP)
    assert "Logged" not in (result.response.embeds[0].footer.text or "")
    await _rule(rival.eve, rival.channel, table.env, settings)
    assert titles(await table.dana.slash(table.channel, "rulings recent")) == []


async def test_votes_are_kept_with_the_server_they_were_cast_in(table: Any, rival: Rival,
                                                                settings: Settings) -> None:
    logged = await table.dana.slash(table.channel, "ruling", description=SILENT_CHIP)
    await table.pat.click(logged.response, custom_id=_custom_id(logged.response, "👎"))
    player = await rival.rob.slash(rival.channel, "ruling", description=SILENT_CHIP)
    await rival.rob.click(player.response, custom_id=_custom_id(player.response, "👍"))
    with Store.open(settings) as s:
        ours = s.feedback_summary(guild_id=str(table.guild.id))
        theirs = s.feedback_summary(guild_id=str(rival.guild.id))
    assert [(f.ruling_number, f.helpful, f.unhelpful) for f in ours] == [(1, 0, 1)]
    assert [(f.ruling_number, f.helpful, f.unhelpful) for f in theirs] == [(None, 1, 0)]


def _custom_id(message: Any, emoji: str) -> str:
    return next(c["custom_id"] for row in message.components for c in row["components"]
                if c.get("emoji", {}).get("name") == emoji)


# -- staff per server, and /floor setup ----------------------------------------------------------------------
async def test_floor_setup_sets_one_servers_staff_role_and_no_other(table: Any, rival: Rival,
                                                                    settings: Settings) -> None:
    admin_role = rival.guild.create_role("Owners", permissions=discord.Permissions(manage_guild=True))
    owner = rival.guild.add_member(table.env.create_user("owner"), roles=[admin_role])
    pit = rival.guild.create_role("Pit Boss")
    boss = rival.guild.add_member(table.env.create_user("boss"), roles=[pit])

    shown = await owner.slash(rival.channel, "floor setup")
    assert "the configured role “Floor Staff”" in shown.response.embeds[0].description
    saved = await owner.slash(rival.channel, "floor setup", **{"staff-role": pit})
    assert saved.ephemeral and saved.response.embeds[0].title == "Floor setup saved"
    assert saved.response.embeds[0].description == f"Staff here: members with the role “Pit Boss” (id {pit.id})."

    assert (await boss.slash(rival.channel, "rulings recent")).response.embeds[0].title == "Recent staff rulings"
    # In Rival the role named Floor Staff no longer counts; in Poker Ape it still does.
    assert (await rival.eve.slash(rival.channel, "rulings recent")).response.embeds[0].title == "Staff only"
    assert (await table.dana.slash(table.channel, "rulings recent")).response.embeds[0].title == \
        "Recent staff rulings"
    with Store.open(settings) as s:
        assert s.staff_role_for(str(rival.guild.id)) == str(pit.id)
        assert s.staff_role_for(str(table.guild.id)) is None

    assert [type(e).__name__ for e in table.env.errors] == ["NotStaff"]  # eve's refusal, as expected
    back = await owner.slash(rival.channel, "floor setup", reset=True)
    assert "the configured role" in back.response.embeds[0].description
    assert (await rival.eve.slash(rival.channel, "rulings recent")).response.embeds[0].title == \
        "Recent staff rulings"


async def test_floor_setup_needs_manage_server(table: Any, rival: Rival) -> None:
    # Discord hides it from members without Manage Server (default permissions).
    with pytest.raises(SetupError):
        await rival.eve.slash(rival.channel, "floor setup", **{"staff-role": rival.staff_role})


async def test_floor_setup_checks_manage_server_itself(table: Any, rival: Rival, simcord_bot: Any) -> None:
    """Should a server's owner let everyone see the command, it still refuses those who cannot manage it."""
    cog = simcord_bot.get_cog("Setup")
    sent: list[Any] = []

    class Response:
        def is_done(self) -> bool:
            return False

        async def send_message(self, **kwargs: Any) -> None:
            sent.append(kwargs)

    class Interaction:
        client = simcord_bot
        guild = simcord_bot.get_guild(rival.guild.id)
        user = type("M", (), {"id": rival.eve.id, "guild_permissions": discord.Permissions.none()})()
        response = Response()

    await cog.setup_.callback(cog, Interaction(), staff_role=None, reset=True)  # type: ignore[arg-type]
    assert sent and sent[0]["embeds"][0].title == "Manage Server only"
    assert await simcord_bot.server_staff_role(rival.guild.id) is None


async def test_a_servers_staff_role_survives_a_restart(table: Any, rival: Rival, settings: Settings,
                                                       simcord_bot: Any) -> None:
    admin_role = rival.guild.create_role("Owners", permissions=discord.Permissions(manage_guild=True))
    owner = rival.guild.add_member(table.env.create_user("owner"), roles=[admin_role])
    pit = rival.guild.create_role("Pit Boss")
    await owner.slash(rival.channel, "floor setup", **{"staff-role": pit})
    simcord_bot._server_staff_roles.clear()  # what a new process starts with
    assert await simcord_bot.server_staff_role(rival.guild.id) == pit.id


# -- training ------------------------------------------------------------------------------------------
async def _answer(member: Any, channel: Any, *, right: bool = True) -> None:
    result = await member.slash(channel, "quiz ask")
    await member.click(result.response, label="1" if right else "2")


async def test_quiz_progress_and_stats_are_per_server(table: Any, rival: Rival, quiz: Any,
                                                      simcord_bot: Any) -> None:
    await _answer(table.pat, table.channel, right=True)
    await _answer(table.pat, table.channel, right=False)
    pat = discord_user_id(table.pat.id)
    assert len(records(simcord_bot, table.guild).attempts_for(pat)) == 2
    assert records(simcord_bot, rival.guild).attempts_for(pat) == []
    assert records(simcord_bot, rival.guild).progress_for(pat) == {}

    there = await rival.pat.slash(rival.channel, "quiz stats")
    assert "No answers saved yet" in there.response.embeds[0].description
    assert there.response.embeds[0].footer.text == "Your record in Rival; each server keeps its own"
    here = await table.pat.slash(table.channel, "quiz stats")
    assert here.response.embeds[0].description.startswith("All time: 1/2 right (50%)")
    assert here.response.embeds[0].footer.text == "Your record in Poker Ape; each server keeps its own"

    await _answer(rival.pat, rival.channel, right=True)
    assert [a.guild_id for a in records(simcord_bot, rival.guild).attempts_for(pat)] == [str(rival.guild.id)]
    assert len(records(simcord_bot, table.guild).attempts_for(pat)) == 2


async def test_leaderboards_show_only_the_servers_own_trainees_under_its_names(table: Any, rival: Rival,
                                                                               quiz: Any) -> None:
    await _answer(table.pat, table.channel)
    await _answer(rival.rob, rival.channel)
    await _answer(rival.pat, rival.channel)
    ours = await table.dana.slash(table.channel, "leaderboard")
    assert ours.response.embeds[0].description.splitlines() == ["1. pat · 1/1 right (100%)"]
    theirs = await rival.eve.slash(rival.channel, "leaderboard")
    lines = theirs.response.embeds[0].description.splitlines()  # equal scores: order by id, either way
    assert {line.split(". ", 1)[1] for line in lines} == {"patrick · 1/1 right (100%)", "rob · 1/1 right (100%)"}


async def test_rounds_are_per_server_and_the_host_cannot_score(table: Any, rival: Rival, quiz: Any,
                                                               simcord_bot: Any) -> None:
    await rival.eve.slash(rival.channel, "quiz round", questions=1, seconds=10)
    await table.dana.slash(table.channel, "quiz round", questions=1, seconds=10)  # at once, in the other server
    q_rival, q_ours = rival.channel.last_message, table.channel.last_message

    hosted = await rival.eve.click(q_rival, label="1")
    assert hosted.ephemeral and "running this round" in hosted.response.content
    assert "eve runs it, so does not score in it" in rival.channel.history()[-2].embeds[0].description
    await rival.rob.click(q_rival, label="1")
    await table.pat.click(q_ours, label="1")
    await rival.pat.click(q_rival, label="2")
    # A staff member of another server is nobody here: she may answer, not end the round.
    refused = await rival.pat.click(q_rival, label="End round")
    assert "Only Floor staff" in refused.response.content

    await table.env.advance_time(10)
    rival_results = rival.channel.last_message.embeds[0]
    assert rival_results.title == "Round results"
    assert rival_results.description.splitlines() == ["1. rob · 1/1 right (100%)", "2. patrick · 0/1 right (0%)"]
    assert table.channel.last_message.embeds[0].description.splitlines() == ["1. pat · 1/1 right (100%)"]
    assert records(simcord_bot, rival.guild).attempts_for(discord_user_id(rival.eve.id)) == []
    (ours,) = records(simcord_bot, table.guild).attempts_for(discord_user_id(table.pat.id))
    assert ours.round_id is not None and ours.guild_id == str(table.guild.id)


async def test_staff_in_one_server_is_a_player_in_the_other(table: Any, rival: Rival, quiz: Any,
                                                             settings: Settings) -> None:
    """sid holds Rival's "Floor Staff" role: staff there, still a player in Poker Ape."""
    user = table.env.create_user("sid")
    sid_here = table.guild.add_member(user)
    sid_there = rival.guild.add_member(user, roles=[rival.staff_role])
    await _rule(table.dana, table.channel, table.env, settings)
    assert (await sid_there.slash(rival.channel, "rulings recent")).response.embeds[0].title == \
        "Recent staff rulings"
    for name, options in (("rulings recent", {}), ("rulings overturn", {"id": 1, "reason": "mine now"}),
                          ("quiz round", {})):
        refused = await sid_here.slash(table.channel, name, **options)
        assert refused.response.embeds[0].title == "Staff only", name
    assert [type(e).__name__ for e in table.env.errors] == ["NotStaff"] * 3
    with Store.open(settings) as s:
        assert not s.get_ruling(1, guild_id=str(table.guild.id)).overturned  # type: ignore[union-attr]


# -- direct messages ---------------------------------------------------------------------------------------
async def test_in_a_dm_server_commands_say_they_need_a_server(table: Any, quiz: Any) -> None:
    dana = table.dana.user
    for name in ("quiz round", "leaderboard"):
        result = await dana.slash(name)
        embed = result.response.embeds[0]
        assert result.ephemeral and embed.title == "Needs a server", name
        assert "/quiz ask" in embed.description and "/rule" in embed.description
    refusals = [getattr(e, "original", e) for e in table.env.errors]
    assert [type(e).__name__ for e in refusals] == ["NoPrivateMessage"] * 2
    # The log and setup are server commands: Discord does not offer them in a DM at all.
    for name in ("rulings recent", "floor setup"):
        with pytest.raises(SetupError):
            await dana.slash(name)
    assert "rulings recent" not in dana.available_commands()
    assert "quiz ask" in dana.available_commands()


async def test_a_staff_ruling_in_a_dm_says_it_is_not_logged(table: Any, settings: Settings) -> None:
    result = await table.dana.user.slash("ruling", description=SILENT_CHIP)
    footer = result.response.embeds[0].footer.text
    assert "Asked in a DM: not logged" in footer and "Logged as" not in footer
    await table.env.advance_time(settings.discord.cooldown_seconds)
    mention = await table.dana.user.send_dm(SILENT_CHIP)
    reply = table.dana.user.dm_channel.last_message
    assert reply.id != mention.id and "Asked in a DM: not logged" in reply.embeds[0].footer.text
    with Store.open(settings) as s:
        assert s.recent_rulings(guild_id=str(table.guild.id)) == []
        assert s.recent_rulings(guild_id=None) == []


async def test_the_quiz_in_a_dm_keeps_its_own_record(table: Any, quiz: Any, simcord_bot: Any) -> None:
    pat = table.pat.user
    result = await pat.slash("quiz ask")
    await pat.click(result.response, label="1")
    assert result.response.embeds[0].footer.text.startswith("Saved")
    uid = discord_user_id(table.pat.id)
    assert len(records(simcord_bot, None).attempts_for(uid)) == 1
    assert records(simcord_bot, table.guild).attempts_for(uid) == []
    stats = await pat.slash("quiz stats")
    assert stats.response.embeds[0].footer.text == "Your record in DMs with Floor; each server keeps its own"


async def test_help_says_which_commands_work_in_a_dm(table: Any) -> None:
    result = await table.pat.user.slash("help")
    embed = result.response.embeds[0]
    dm = next(f.value for f in embed.fields if f.name == "In a direct message")
    assert "/quiz ask" in dm and "not logged" in dm and "/rulings" in dm and "need a server" in dm
    assert "/floor setup" in embed.description
