"""Fixtures for driving the real bot offline through SimCord.

``simcord_bot`` (SimCord's pytest hook) builds Floor exactly as production does,
with a throwaway SQLite ruling log, so a ruling asked in a test is logged and
overturned by the real store.  ``table`` is a guild with a staff member and a
player in a channel.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app import FloorBot, create_bot
from bot.ruling_log import NoLog
from rules_index.config import Settings, StoreSettings, load_settings


def make_settings(tmp_path: Path, **discord_overrides: Any) -> Settings:
    base = load_settings()
    disc = base.discord.model_copy(update={"dev_guild_id": "", "sync_on_start": True, **discord_overrides})
    return base.model_copy(update={"discord": disc, "store": StoreSettings(sqlite_path=tmp_path / "floor.sqlite3")})


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def simcord_bot(settings: Settings, request: pytest.FixtureRequest) -> FloorBot:
    """The production bot; parametrize with ``"no-log"`` for one whose store could not be opened."""
    if getattr(request, "param", None) == "no-log":
        return create_bot(settings, ruling_log=NoLog("the database is down"))
    return create_bot(settings)


@dataclass
class Table:
    env: Any
    guild: Any
    channel: Any
    staff_role: Any
    dana: Any  # floor staff
    pat: Any  # a player


@pytest.fixture
def table(simcord_env: Any, settings: Settings) -> Table:
    guild = simcord_env.create_guild("Poker Ape")
    channel = guild.create_text_channel("floor")
    staff_role = guild.create_role(settings.discord.staff_role, permissions=discord.Permissions.none())
    dana = guild.add_member(simcord_env.create_user("dana"), roles=[staff_role])
    pat = guild.add_member(simcord_env.create_user("pat"))
    return Table(simcord_env, guild, channel, staff_role, dana, pat)
