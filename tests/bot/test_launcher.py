"""Starting and stopping the bot: the token only from the environment, never shown; clean shutdown."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app import FloorBot, create_bot
from bot.launcher import run_discord
from tests.bot.conftest import make_settings

ROOT = Path(__file__).resolve().parents[2]
SECRET = "MTIzNDU2Nzg5MDEyMzQ1Njc4.secret-token-value"


@pytest.fixture
def quiet_logging(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """``setup_logging`` would add a handler to the root logger of the test run; record the call instead."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(discord.utils, "setup_logging", lambda **kw: calls.append(kw))
    return calls


def test_without_a_token_it_says_how_to_get_one(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert run_discord() == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err and "floor console" in err


def test_a_refused_token_is_reported_but_never_shown(monkeypatch: pytest.MonkeyPatch, capsys: Any, caplog: Any,
                                                     quiet_logging: list[dict[str, Any]]) -> None:
    seen: list[str] = []

    async def refuse(self: FloorBot, token: str, *, reconnect: bool = True) -> None:
        seen.append(token)
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setenv("DISCORD_TOKEN", f"  {SECRET}\n")
    monkeypatch.setattr(FloorBot, "start", refuse)
    with caplog.at_level(logging.DEBUG):
        assert run_discord() == 1
    assert seen == [SECRET]  # stripped, and passed to discord.py only
    out = capsys.readouterr()
    everything = out.out + out.err + caplog.text
    assert "refused the token" in caplog.text
    assert SECRET not in everything and "secret-token" not in everything
    assert quiet_logging and quiet_logging[0]["level"] == logging.INFO


def test_a_token_in_the_config_is_refused_without_echoing_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: Any) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text(f'[discord]\ntoken = "{SECRET}"\n', encoding="utf-8")
    monkeypatch.setenv("FLOOR_CONFIG", str(cfg))
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    assert run_discord() == 2
    err = capsys.readouterr().err
    assert "discord.token" in err and "DISCORD_TOKEN" in err and len(err.strip().splitlines()) == 1
    assert SECRET not in err


def test_config_values_are_validated(tmp_path: Path) -> None:
    from rules_index.config import ConfigError, load_settings

    for bad in ('dev_guild_id = "my server"', "view_timeout_seconds = 3600", "cooldown_seconds = -1",
                'staff_role = ""'):
        cfg = tmp_path / "config.toml"
        cfg.write_text(f"[discord]\n{bad}\n", encoding="utf-8")
        with pytest.raises(ConfigError):
            load_settings(cfg)
    cfg.write_text("[discord]\ndev_guild_id = 123456789012345678\n", encoding="utf-8")
    assert load_settings(cfg).discord.dev_guild == 123456789012345678


SERVE_SCRIPT = """
import asyncio, sys
import discord.utils
from bot.app import FloorBot

async def start(self, token, *, reconnect=True):   # stands in for the gateway: up until closed
    print("READY", flush=True)
    while not self.is_closed():
        await asyncio.sleep(0.01)

real_close = FloorBot.close
async def close(self):
    print("CLOSED", flush=True)
    await real_close(self)

FloorBot.start, FloorBot.close = start, close
discord.utils.setup_logging = lambda **kw: None
from bot.cli import main
sys.exit(main(["discord"]))
"""


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signals_shut_down_cleanly(sig: signal.Signals) -> None:
    env = {**os.environ, "DISCORD_TOKEN": SECRET}
    proc = subprocess.Popen([sys.executable, "-c", SERVE_SCRIPT], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "READY"
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "CLOSED" in out
    assert SECRET not in out + err


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize("simcord_bot", ["no-log"], indirect=True)
async def test_dev_guild_sync_is_instant_and_local(simcord_env: Any, tmp_path: Path) -> None:
    guild_id = 223456789012345678
    bot: FloorBot = simcord_env.bot
    bot.settings = make_settings(tmp_path, dev_guild_id=str(guild_id))
    guild = simcord_env.create_guild("Dev", id=guild_id)
    synced = await bot.sync_commands()
    assert "ruling" in {c.name for c in synced}
    puts = [r.path for r in simcord_env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert puts[-1].endswith(f"/guilds/{guild_id}/commands")
    channel = guild.create_text_channel("dev")
    member = guild.add_member(simcord_env.create_user("dev"))
    result = await member.slash(channel, "rule", clause="2.8")
    assert result.response.embeds[0].title.startswith("2.8")


def test_create_bot_does_not_connect(tmp_path: Path) -> None:
    bot = create_bot(make_settings(tmp_path))
    assert not bot.is_ready() and bot.user is None
    assert bot.ruling_log is None  # opened in setup_hook, on start
