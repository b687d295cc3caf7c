"""Staff: rulings asked by staff are logged; the log, overturns and feedback; the staff gate."""

from __future__ import annotations

from typing import Any
from unittest import mock

import discord
import pytest

from bot.app import FloorBot, NotStaff, describe_error, is_staff
from bot.store import Store
from rules_index.config import Settings

SILENT_CHIP = "Facing a bet of 25, Seat 6 drops a single 100 chip over the line without a word."
TIMING_TEXT = "Seat 2 tossed a single 500 chip facing a 100 bet and said raise"


def store(settings: Settings) -> Store:
    return Store.open(settings)


def not_staff_errors(env: Any) -> list[BaseException]:
    return [e for e in env.errors if isinstance(e, NotStaff)]


async def test_staff_ruling_is_logged_and_says_so(table: Any, settings: Settings) -> None:
    result = await table.dana.slash(table.channel, "ruling", description=SILENT_CHIP)
    footer = result.response.embeds[0].footer.text
    assert "Logged as ruling #1" in footer and "Staff Authority" in footer
    with store(settings) as s:
        (logged,) = s.recent_rulings(5, guild_id=str(table.guild.id))
    assert logged.id == 1 and logged.asker_name == "dana" and logged.asker_id == str(table.dana.id)
    assert logged.question == SILENT_CHIP and logged.citations == ("1.4.2",)
    assert logged.guild_id == str(table.guild.id)


async def test_player_rulings_are_not_logged(table: Any, settings: Settings) -> None:
    result = await table.pat.slash(table.channel, "ruling", description=SILENT_CHIP)
    assert "Logged" not in result.response.embeds[0].footer.text
    with store(settings) as s:
        assert s.recent_rulings(5, guild_id=str(table.guild.id)) == []


async def test_staff_follow_up_logs_the_final_ruling_not_the_question(table: Any, settings: Settings) -> None:
    result = await table.dana.slash(table.channel, "ruling", description=TIMING_TEXT)
    assert "Logged" not in result.response.embeds[0].footer.text
    with store(settings) as s:
        assert s.recent_rulings(5, guild_id=str(table.guild.id)) == []
    await table.dana.click(result.response, label="Before the chips touched the table")
    assert "Logged as ruling #1" in result.response.embeds[0].footer.text
    with store(settings) as s:
        (logged,) = s.recent_rulings(5, guild_id=str(table.guild.id))
    assert logged.kind == "ruling" and "raise" in logged.outcome.lower()


async def test_staff_commands_refused_to_players(table: Any) -> None:
    for name, options in (("rulings recent", {}), ("rulings search", {"query": "chip"}),
                          ("rulings overturn", {"id": 1, "reason": "because"})):
        result = await table.pat.slash(table.channel, name, **options)
        assert result.ephemeral, name
        embed = result.response.embeds[0]
        assert embed.title == "Staff only" and "staff only" in embed.description
    assert len(not_staff_errors(table.env)) == 3


async def test_log_recent_search_and_overturn(table: Any, settings: Settings) -> None:
    await table.dana.slash(table.channel, "ruling", description=SILENT_CHIP)
    await table.env.advance_time(settings.discord.cooldown_seconds)
    await table.dana.slash(table.channel, "oversized-chip", bet_faced=1400, chip_value=5000, declared="after")

    recent = await table.dana.slash(table.channel, "rulings recent")
    assert recent.ephemeral
    embed = recent.response.embeds[0]
    assert embed.description == "2 ruling(s)."
    assert [f.name.split(" · ")[0] for f in embed.fields] == ["Ruling #2", "Ruling #1"]

    found = await table.dana.slash(table.channel, "rulings search", query="too late")
    assert [f.name.split(" · ")[0] for f in found.response.embeds[0].fields] == ["Ruling #2"]

    done = await table.dana.slash(table.channel, "rulings overturn", id=1, reason="Seat 6 had said raise first")
    assert done.ephemeral
    assert done.response.embeds[0].title == "Ruling #1 overturned"
    assert "Staff Authority" in done.response.embeds[0].description

    again = await table.dana.slash(table.channel, "rulings overturn", id=1, reason="twice")
    assert "no logged ruling #1 in this server's log (or it was already overturned)" in \
        again.response.embeds[0].description

    recent = await table.dana.slash(table.channel, "rulings recent")
    embed = recent.response.embeds[0]
    assert embed.description == "2 ruling(s), 1 overturned."
    first = next(f for f in embed.fields if f.name.startswith("Ruling #1"))
    assert first.value.startswith("OVERTURNED by dana: Seat 6 had said raise first")
    with store(settings) as s:
        row = s.get_ruling(1, guild_id=str(table.guild.id))
    assert row is not None and row.overturned and row.overturned_by == str(table.dana.id)


async def test_feedback_buttons_record_votes(table: Any, settings: Settings) -> None:
    result = await table.dana.slash(table.channel, "ruling", description=SILENT_CHIP)
    vote = await table.pat.click(result.response, label=None, custom_id=_custom_id(result.response, "👎"))
    assert vote.ephemeral and "staff will review" in vote.response.content
    up = await table.dana.click(result.response, custom_id=_custom_id(result.response, "👍"))
    assert "helpful" in up.response.content
    with store(settings) as s:
        (summary,) = s.feedback_summary(guild_id=str(table.guild.id))
    assert summary.ruling_number == 1 and summary.helpful == 1 and summary.unhelpful == 1
    assert summary.question == SILENT_CHIP


async def test_feedback_on_a_players_ruling_keeps_the_question(table: Any, settings: Settings) -> None:
    result = await table.pat.slash(table.channel, "ruling", description=SILENT_CHIP)
    await table.pat.click(result.response, custom_id=_custom_id(result.response, "👍"))
    with store(settings) as s:
        (summary,) = s.feedback_summary(guild_id=str(table.guild.id))
    assert summary.ruling_number is None and summary.question == SILENT_CHIP and summary.helpful == 1


def _custom_id(message: Any, emoji: str) -> str:
    for row in message.components:
        for c in row["components"]:
            if c.get("emoji", {}).get("name") == emoji:
                return c["custom_id"]
    raise AssertionError(f"no {emoji} button")


async def test_staff_role_by_id(table: Any) -> None:
    bot: FloorBot = table.env.bot
    other = table.guild.create_role("Pit Boss")
    boss = table.guild.add_member(table.env.create_user("boss"), roles=[other])
    bot.settings = bot.settings.model_copy(update={"discord": bot.settings.discord.model_copy(
        update={"staff_role": str(other.id)})})
    ok = await boss.slash(table.channel, "rulings recent")
    assert ok.response.embeds[0].title == "Recent staff rulings"
    refused = await table.dana.slash(table.channel, "rulings recent")  # the role *named* Floor Staff no longer counts
    assert refused.response.embeds[0].title == "Staff only"
    assert len(not_staff_errors(table.env)) == 1


@pytest.mark.parametrize("simcord_bot", ["no-log"], indirect=True)
async def test_without_a_store_rulings_still_work(simcord_env: Any, settings: Settings) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("floor")
    role = guild.create_role(settings.discord.staff_role)
    dana = guild.add_member(simcord_env.create_user("dana"), roles=[role])
    result = await dana.slash(channel, "ruling", description=SILENT_CHIP)
    assert result.response.embeds[0].title == "Ruling"
    assert "not logged: the database is down" in result.response.embeds[0].footer.text
    listing = await dana.slash(channel, "rulings recent")
    assert listing.response.embeds[0].title == "No ruling log"
    vote = await dana.click(result.response, custom_id=_custom_id(result.response, "👍"))
    assert "can't be recorded" in vote.response.content


# -- spec'd mocks, where a whole Discord is more than the question needs ----------------------------------------
def _member(*roles: tuple[int, str]) -> Any:
    member = mock.create_autospec(discord.Member, instance=True, spec_set=True)
    role_mocks = []
    for rid, name in roles:
        role = mock.create_autospec(discord.Role, instance=True, spec_set=True)
        role.id, role.name = rid, name
        role_mocks.append(role)
    member.roles = role_mocks
    return member


def test_is_staff_by_name_any_case_or_by_id(settings: Settings) -> None:
    assert is_staff(_member((1, "@everyone"), (2, "floor staff")), settings)
    assert not is_staff(_member((1, "@everyone"), (2, "Dealers")), settings)
    by_id = settings.model_copy(update={"discord": settings.discord.model_copy(update={"staff_role": "2"})})
    assert is_staff(_member((2, "Dealers")), by_id)
    user = mock.create_autospec(discord.User, instance=True, spec_set=True)  # a DM: no roles at all
    assert not is_staff(user, settings)


def test_a_servers_own_staff_role_is_matched_by_id_alone(settings: Settings) -> None:
    named = _member((1, "@everyone"), (2, "Floor Staff"))
    assert is_staff(named, settings) and not is_staff(named, settings, server_role_id=3)
    assert is_staff(_member((3, "Pit Boss")), settings, server_role_id=3)


def test_errors_are_described_for_people() -> None:
    from discord import app_commands

    from bot.app import OnCooldown

    reply, ours = describe_error(NotStaff("x"))
    assert reply.title == "Staff only" and not ours
    reply, ours = describe_error(OnCooldown(2.25))
    assert "2.2 s" in reply.body and not ours
    reply, ours = describe_error(app_commands.NoPrivateMessage())
    assert "server channel" in reply.body and "/quiz ask" in reply.body and not ours
    reply, ours = describe_error(KeyError("boom"))
    assert ours and "logged" in reply.body and "boom" not in reply.body
