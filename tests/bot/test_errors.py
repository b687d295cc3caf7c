"""Error replies with spec'd discord.py mocks: the shape of the call is the behaviour under test."""

from __future__ import annotations

import logging
from typing import Any
from unittest import mock

import discord
import pytest
from discord import app_commands

from bot.app import FloorTree, NotStaff, send_reply_error
from bot.reply import error


def interaction(done: bool, kind: discord.InteractionType = discord.InteractionType.component) -> Any:
    i = mock.create_autospec(discord.Interaction, instance=True, spec_set=True)
    i.response = mock.create_autospec(discord.InteractionResponse, instance=True, spec_set=True)
    i.response.is_done.return_value = done
    i.followup = mock.create_autospec(discord.Webhook, instance=True, spec_set=True)
    i.type = kind
    i.command = None
    i.user = mock.create_autospec(discord.Member, instance=True, spec_set=True)
    i.user.id = 42
    return i


async def test_unanswered_interaction_gets_an_ephemeral_reply() -> None:
    i = interaction(done=False)
    await send_reply_error(i, error("nope"))
    i.response.send_message.assert_awaited_once()
    kwargs = i.response.send_message.await_args.kwargs
    assert kwargs["ephemeral"] is True
    assert kwargs["allowed_mentions"].to_dict() == {"parse": []}
    assert kwargs["embeds"][0].description == "nope"
    i.followup.send.assert_not_awaited()


async def test_answered_interaction_gets_an_ephemeral_follow_up() -> None:
    i = interaction(done=True)
    await send_reply_error(i, error("nope"))
    i.followup.send.assert_awaited_once()
    assert i.followup.send.await_args.kwargs["ephemeral"] is True
    i.response.send_message.assert_not_awaited()


async def test_a_failing_error_reply_is_logged_not_raised(caplog: Any) -> None:
    i = interaction(done=False)
    response = mock.Mock(status=500, reason="boom")
    i.response.send_message.side_effect = discord.HTTPException(response, "boom")
    with caplog.at_level(logging.ERROR):
        await send_reply_error(i, error("nope"))
    assert "could not send an error reply" in caplog.text


@pytest.mark.parametrize(("exc", "title", "level"), [
    (NotStaff("staff only"), "Staff only", logging.INFO),
    (app_commands.CommandInvokeError(mock.Mock(), RuntimeError("kaput")), "Can't answer that", logging.ERROR),
])
async def test_tree_errors_become_replies_and_log_lines(exc: Exception, title: str, level: int, caplog: Any) -> None:
    tree = FloorTree(discord.Client(intents=discord.Intents.none()))
    i = interaction(done=False, kind=discord.InteractionType.application_command)
    with caplog.at_level(logging.INFO):
        await tree.on_error(i, exc)  # type: ignore[arg-type]
    assert i.response.send_message.await_args.kwargs["embeds"][0].title == title
    assert any(r.levelno == level for r in caplog.records)
