"""Floor on a simulated Discord (SimCord): real discord.py, real command tree, real views.

Each test arranges a guild with a staff member (dana) and a player (pat),
then acts as they would in the client: slash commands, autocomplete, button
clicks, select menus, the answer box, mentions.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot import handlers
from bot.embeds import limit_problems
from engine import answer

TIMING_TEXT = "Seat 2 tossed a single 500 chip facing a 100 bet and said raise"
SILENT_CHIP = "Facing a bet of 25, Seat 6 drops a single 100 chip over the line without a word."


def synced_payload(env: Any) -> list[dict[str, Any]]:
    puts = [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert puts, "the bot never synced its command tree"
    return puts[-1].json


def buttons(message: Any) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row["components"] if c["type"] == 2]


def labels(message: Any) -> list[str]:
    return [b.get("label") or b["emoji"]["name"] for b in buttons(message)]


def field(embed: discord.Embed, name: str) -> str:
    return next(f.value for f in embed.fields if f.name == name)


# -- the command tree -------------------------------------------------------------------------------
NAME = re.compile(r"^[-_\w]{1,32}$")


def _payload_chars(obj: dict[str, Any]) -> int:
    """What Discord counts toward a command's 4000: names, descriptions, choice names and values."""
    total = len(obj.get("name", "")) + len(obj.get("description", ""))
    for choice in obj.get("choices") or []:
        total += len(choice["name"]) + len(str(choice["value"]))
    for opt in obj.get("options") or []:
        total += _payload_chars(opt)
    return total


def _check_option(opt: dict[str, Any], where: str) -> None:
    assert NAME.match(opt["name"]) and opt["name"] == opt["name"].lower(), where
    assert 1 <= len(opt["description"]) <= 100, (where, opt["description"])
    assert len(opt.get("options") or []) <= 25, where
    choices = opt.get("choices") or []
    assert len(choices) <= 25, where
    for ch in choices:
        assert 1 <= len(ch["name"]) <= 100 and len(str(ch["value"])) <= 100, (where, ch)
    subs = opt.get("options") or []
    required = [o.get("required", False) for o in subs if o["type"] not in (1, 2)]
    assert required == sorted(required, reverse=True), f"{where}: required options must come first"
    for sub in subs:
        _check_option(sub, f"{where} {sub['name']}")


async def test_synced_commands_fit_discords_limits(table: Any) -> None:
    payload = synced_payload(table.env)
    assert {c["name"] for c in payload} == {
        "rule", "search", "ruling", "oversized-chip", "min-raise", "run-it-twice", "showdown", "help",
        "rulings", "quiz", "leaderboard", "floor", "rulebook",
    }
    for cmd in payload:
        _check_option(cmd, cmd["name"])
        assert _payload_chars(cmd) <= 4000, cmd["name"]
    opts = {c["name"]: [o["name"] for o in c.get("options", [])] for c in payload}
    assert opts["rule"] == ["clause"] and opts["search"] == ["query"] and opts["ruling"] == ["description"]
    assert opts["oversized-chip"] == ["bet_faced", "chip_value", "declared"]
    assert opts["min-raise"][:2] == ["big_blind", "action"]
    assert opts["run-it-twice"] == ["pot", "first_board", "second_board"]
    assert opts["showdown"][:2] == ["board", "hands"]
    staff = next(c for c in payload if c["name"] == "rulings")
    subs = {o["name"]: [x["name"] for x in o.get("options", [])] for o in staff["options"]}
    assert subs == {"recent": ["count"], "search": ["query", "count"], "overturn": ["id", "reason"]}
    rule = next(c for c in payload if c["name"] == "rule")
    assert rule["options"][0]["autocomplete"] is True


def test_one_extension_per_area(simcord_bot: Any) -> None:
    from bot.app import EXTENSIONS

    assert EXTENSIONS == ("bot.cogs.rules", "bot.cogs.rulings", "bot.cogs.staff", "bot.cogs.quiz",
                          "bot.cogs.rulebook")
    assert simcord_bot.allowed_mentions.to_dict() == {"parse": []}
    assert not simcord_bot.intents.message_content and not simcord_bot.intents.members


async def test_every_message_the_bot_sends_disallows_mentions(table: Any) -> None:
    await table.pat.slash(table.channel, "rule", clause="1.4.2")
    await table.dana.slash(table.channel, "ruling", description=SILENT_CHIP)
    await table.pat.send(table.channel, f"{table.env.guild.me.mention} @everyone {SILENT_CHIP}")
    sent = [r for r in table.env.http_requests
            if r.method in ("POST", "PATCH") and isinstance(r.json, dict) and ("embeds" in r.json
                                                                              or "content" in r.json)]
    assert sent
    for r in sent:
        body = r.json.get("data", r.json)
        policy = body.get("allowed_mentions")
        assert policy is not None and policy["parse"] == [], r.path
        assert not policy.get("users") and not policy.get("roles") and not policy.get("replied_user"), r.path


# -- /rule, /search, /help -------------------------------------------------------------------------------
async def test_rule_is_ephemeral_and_can_be_posted(table: Any) -> None:
    result = await table.pat.slash(table.channel, "rule", clause="1.4.2")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title == "1.4.2"
    assert embed.description == "1. Wagering & Order of Play › 1.4 › 1.4.2"
    assert [f.name for f in embed.fields] == ["1.4.2", "Under 1.4"]
    assert field(embed, "1.4.2").startswith("> A single chip of greater value")
    assert handlers.rule_reply("1.4.2").footer in embed.footer.text
    assert labels(result.response) == ["Post in channel"]

    posted = await table.pat.click(result.response, label="Post in channel")
    public = posted.response
    assert not public.ephemeral and public.embeds[0].to_dict() == embed.to_dict()
    assert table.channel.last_message.id == public.id
    assert buttons(result.response)[0]["disabled"] is True


async def test_rule_autocomplete_offers_ids_and_titles(table: Any) -> None:
    choices = await table.pat.autocomplete(table.channel, "rule", "clause", "1.4")
    assert [c["value"] for c in choices][:3] == ["1.4", "1.4.1", "1.4.2"]
    assert all(len(c["name"]) <= 100 for c in choices)
    empty = await table.pat.autocomplete(table.channel, "rule", "clause", "")
    assert 1 <= len(empty) <= 25
    words = await table.pat.autocomplete(table.channel, "rule", "clause", "shuffling")
    assert "2.8" in [c["value"] for c in words]


async def test_nonexistent_clause_says_did_you_mean_and_offers_them(table: Any) -> None:
    result = await table.pat.slash(table.channel, "rule", clause="1.4.9")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title == "No such clause" and "Did you mean 1.4.2" in embed.description
    menu = result.response.components[0]["components"][0]
    assert menu["type"] == 3
    values = {o["label"].split()[0]: o["value"] for o in menu["options"]}
    await table.pat.select(result.response, [values["1.4.2"]])
    assert result.response.embeds[0].title == "1.4.2"
    assert labels(result.response) == ["Post in channel"]


async def test_search_lists_the_best_clauses(table: Any) -> None:
    result = await table.pat.slash(table.channel, "search", query="oversized chip")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert embed.description == "Top matches for “oversized chip”:"
    assert "1.4.2" in [f.name for f in embed.fields]


async def test_help_lists_commands(table: Any) -> None:
    result = await table.pat.slash(table.channel, "help")
    assert result.ephemeral
    text = result.response.embeds[0].description
    for name in ("/rule", "/search", "/ruling", "/oversized-chip", "/min-raise", "/run-it-twice", "/showdown",
                 "/rulings", "/rulebook reload"):
        assert name in text
    assert "/rulebook reload (staff)\n    Staff: check the configured rulebook file" in text


# -- /ruling and follow-ups ----------------------------------------------------------------------------------
async def test_ruling_embed_has_outcome_clauses_assumptions_and_version(table: Any) -> None:
    result = await table.pat.slash(table.channel, "ruling", description=SILENT_CHIP)
    ruling = answer(SILENT_CHIP)
    assert result.deferred or result.acknowledged
    assert not result.ephemeral  # the table sees the ruling
    (embed,) = result.response.embeds
    assert embed.title == "Ruling" and embed.description == ruling.outcome
    assert "Call: 25" in field(embed, "Amounts")
    assert field(embed, "1.4.2").startswith("> A single chip")
    assert field(embed, "Confidence") == f"{round(ruling.confidence * 100)}%"
    if ruling.assumptions:
        assert ruling.assumptions[0] in field(embed, "Assumed")
    assert ruling.rulebook_version in embed.footer.text
    assert labels(result.response) == ["👍", "👎"]
    assert "Logged" not in embed.footer.text  # players' rulings are not logged


async def test_follow_up_buttons_only_for_the_asker_and_update_in_place(table: Any) -> None:
    first = answer(TIMING_TEXT)
    assert first.kind == "needs_facts" and first.follow_up, "the engine should ask when 'raise' was said"
    fu = first.follow_up[0]
    result = await table.pat.slash(table.channel, "ruling", description=TIMING_TEXT)
    message = result.response
    assert message.embeds[0].title == "One more fact needed"
    assert labels(message)[: len(fu.options)] == [o.label for o in fu.options]

    other = await table.dana.click(message, label=fu.options[0].label)
    assert other.ephemeral and "Only the person who asked" in other.response.content
    assert message.embeds[0].title == "One more fact needed"  # unchanged

    await table.pat.click(message, label=fu.options[0].label)
    expected = answer(TIMING_TEXT, extra_facts={fu.fact: fu.options[0].value})
    assert message.id == table.channel.last_message.id  # updated in place, nothing new posted
    assert message.embeds[0].description == expected.outcome
    assert labels(message) == ["👍", "👎"]


async def test_many_options_use_buttons_in_rows_and_long_ones_a_menu(simcord_bot: Any) -> None:
    from bot.reply import Choice, Question, Reply
    from bot.views import ChoiceButton, ChoiceSelect, ReplyView

    short = Reply(title="t", question=Question("oot_action", "q", tuple(Choice(x, x) for x in "abcdef")))
    view = ReplyView(simcord_bot, short, asker_id=1, ephemeral=False)
    rows = sorted({i.row for i in view.children if isinstance(i, ChoiceButton)})
    assert rows == [0, 1]
    long = Reply(title="t", question=Question("f", "q", tuple(Choice("x" * 90 + str(i), i) for i in range(30))))
    view = ReplyView(simcord_bot, long, asker_id=1, ephemeral=False)
    (menu,) = [i for i in view.children if isinstance(i, ChoiceSelect)]
    assert len(menu.options) == 25 and all(len(o.label) <= 100 for o in menu.options)


async def test_typed_follow_up_through_the_answer_box(table: Any) -> None:
    text = "a player put out a single 1000 chip without saying anything"
    first = answer(text)
    assert first.follow_up and not first.follow_up[0].options, "the engine should ask the bet faced, typed in"
    fact = first.follow_up[0].fact
    result = await table.pat.slash(table.channel, "ruling", description=text)
    shown = await table.pat.click(result.response, label="Answer")
    assert shown.modal is not None
    bad = await table.pat.submit_modal(shown, {"answer": "lots"})
    assert bad.followups and bad.followups[0].ephemeral
    assert "whole number" in bad.followups[0].embeds[0].description
    shown = await table.pat.click(result.response, label="Answer")
    await table.pat.submit_modal(shown, {"answer": "1,500"})
    assert result.response.embeds[0].description == answer(text, extra_facts={fact: 1500}).outcome


async def test_follow_up_buttons_expire(table: Any, settings: Any) -> None:
    result = await table.pat.slash(table.channel, "ruling", description=TIMING_TEXT)
    assert not any(b["disabled"] for b in buttons(result.response))
    await table.env.advance_time(settings.discord.view_timeout_seconds + 1)
    assert buttons(result.response) and all(b["disabled"] for b in buttons(result.response))


# -- structured rulings --------------------------------------------------------------------------------------
async def test_oversized_chip_command(table: Any) -> None:
    result = await table.pat.slash(table.channel, "oversized-chip", bet_faced=1400, chip_value=5000,
                                   declared="after")
    embed = result.response.embeds[0]
    assert embed.title == "Ruling" and "too late" in embed.description
    assert "Call: 1,400" in field(embed, "Amounts") and "Change: 3,600" in field(embed, "Amounts")


async def test_structured_options_are_validated_by_discord(table: Any) -> None:
    from simcord import OptionError

    with pytest.raises(OptionError):
        await table.pat.slash(table.channel, "oversized-chip", bet_faced=100, chip_value=500, declared="maybe")
    with pytest.raises(OptionError):
        await table.pat.slash(table.channel, "min-raise", big_blind=-5, action="raise 600")
    with pytest.raises(OptionError):
        await table.pat.slash(table.channel, "ruling", description="x" * (handlers.MAX_QUESTION + 1))
    with pytest.raises(OptionError):
        await table.pat.slash(table.channel, "rule", clause="")


async def test_min_raise_command(table: Any) -> None:
    result = await table.pat.slash(table.channel, "min-raise", big_blind=200, action="raise 600")
    assert "1,000" in result.response.embeds[0].description
    await table.env.advance_time(5)
    bad = await table.pat.slash(table.channel, "min-raise", big_blind=200, action="raise lots and lots")
    assert bad.ephemeral and "can't read the action" in bad.response.embeds[0].description


async def test_run_it_twice_command(table: Any) -> None:
    result = await table.pat.slash(table.channel, "run-it-twice", pot=1000, first_board="Seat 1",
                                   second_board="Seat 2")
    embed = result.response.embeds[0]
    assert "1.10" in [f.name for f in embed.fields]
    assert "500" in embed.description


async def test_showdown_command(table: Any) -> None:
    result = await table.pat.slash(table.channel, "showdown", board="Ah Kd 7c 2s 9h",
                                   hands="Seat 1: As Ad; Seat 4: Kh Qh", last_aggressor="seat 4")
    embed = result.response.embeds[0]
    assert not limit_problems(result.response.embeds)
    assert embed.description.startswith("Seat 1 wins with three of a kind, aces. Seat 4 shows first")
    assert field(embed, "Order of showing") == "1. Seat 4\n2. Seat 1"
    assert "1.11" in [f.name for f in embed.fields] and "1.12" in [f.name for f in embed.fields]
    await table.env.advance_time(5)
    bad = await table.pat.slash(table.channel, "showdown", board="Ah Kd 7c 2s 9h", hands="Seat 1: As Ah")
    (notice,) = bad.followups
    assert notice.ephemeral and "Ah appears both on the board" in notice.embeds[0].description
    assert bad.response is None  # the public "thinking…" placeholder is gone
    assert table.channel.last_message.embeds[0].title == "Ruling"  # the channel shows only the good one


# -- mentions, safety, errors ------------------------------------------------------------------------------------
async def test_mention_is_answered_like_ruling(table: Any) -> None:
    me = table.env.guild.me
    sent = await table.pat.send(table.channel, f"{me.mention} {SILENT_CHIP}")
    reply = table.channel.last_message
    assert reply.reference is not None and reply.reference.message_id == sent.id
    assert reply.embeds[0].description == answer(SILENT_CHIP).outcome
    assert not reply.mentions  # replying did not ping the asker


@pytest.mark.simcord(approved_intents=discord.Intents.default())
async def test_mention_needs_no_message_content_intent(table: Any) -> None:
    me = table.env.guild.me
    await table.pat.send(table.channel, f"{me.mention} {SILENT_CHIP}")
    assert table.channel.last_message.embeds[0].title == "Ruling"
    before = len(table.channel.history())
    await table.pat.send(table.channel, "just chatting, no mention")
    assert len(table.channel.history()) == before + 1  # only the chat line; Floor stayed quiet


async def test_direct_message_is_a_question(table: Any) -> None:
    await table.pat.send_dm(SILENT_CHIP)
    reply = table.pat.user.dm_channel.last_message
    assert reply.author.bot and reply.embeds[0].description == answer(SILENT_CHIP).outcome


async def test_mention_without_a_question(table: Any) -> None:
    await table.pat.send(table.channel, table.env.guild.me.mention)
    assert table.channel.last_message.embeds[0].title == "What's the question?"


async def test_at_everyone_in_a_question_never_pings(table: Any) -> None:
    text = f"@everyone @here <@&{table.staff_role.id}> is a 100 chip facing 25 a call?"
    result = await table.pat.slash(table.channel, "ruling", description=text)
    msg = table.channel.last_message
    assert msg.id == result.response.id
    assert not msg.mention_everyone and not msg.role_mentions and not msg.mentions
    asked = field(msg.embeds[0], "Asked")
    assert "@everyone" not in asked and "@\u200beveryone" in asked
    await table.env.advance_time(5)
    await table.pat.send(table.channel, f"{table.env.guild.me.mention} @everyone what about a string bet?")
    answer_msg = table.channel.last_message
    assert answer_msg.author.bot and not answer_msg.mention_everyone and not answer_msg.mentions


async def test_cooldown_per_user_then_lifted(table: Any, settings: Any) -> None:
    await table.pat.slash(table.channel, "ruling", description=SILENT_CHIP)
    again = await table.pat.slash(table.channel, "ruling", description=SILENT_CHIP)
    assert again.ephemeral and again.response.embeds[0].title == "Slow down"
    other = await table.dana.slash(table.channel, "ruling", description=SILENT_CHIP)  # per user
    assert not other.ephemeral
    sent = await table.pat.send(table.channel, f"{table.env.guild.me.mention} {SILENT_CHIP}")  # shared with mentions
    assert table.channel.last_message.embeds[0].title == "Slow down"
    assert table.channel.last_message.reference.message_id == sent.id
    await table.env.advance_time(settings.discord.cooldown_seconds)
    ok = await table.pat.slash(table.channel, "ruling", description=SILENT_CHIP)
    assert ok.response.embeds[0].title == "Ruling"
    from bot.app import OnCooldown

    assert [type(e) for e in table.env.errors] == [OnCooldown]


@pytest.mark.parametrize("text", ["   ", "?!?"])
async def test_bad_ruling_input_answered_ephemerally(table: Any, text: str) -> None:
    result = await table.pat.slash(table.channel, "ruling", description=text)
    assert result.ephemeral
    assert result.response.embeds[0].title == "Can't answer that"


async def test_unicode_and_markdown_questions(table: Any) -> None:
    text = "**Facing 25** — Seat 6 drops a single 100 chip ♠ without a word __silently__"
    result = await table.pat.slash(table.channel, "ruling", description=text)
    embed = result.response.embeds[0]
    assert field(embed, "Asked").startswith("\\*\\*Facing 25\\*\\* — Seat 6")
    assert embed.title == "Ruling"


async def test_an_engine_failure_is_answered_and_logged_not_fatal(table: Any, monkeypatch: Any,
                                                                   caplog: Any) -> None:
    def boom(text: str) -> Any:
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(handlers, "ruling_reply", boom)
    result = await table.pat.slash(table.channel, "ruling", description="anything at all")
    errors = table.env.errors
    assert [str(getattr(e, "original", e)) for e in errors] == ["engine exploded"]
    (notice,) = result.followups
    assert notice.ephemeral and "Something went wrong" in notice.embeds[0].description
    assert result.response is None  # no public trace of the failure
    assert any("command /ruling failed" in r.getMessage() for r in caplog.records)
    monkeypatch.undo()
    after = await table.pat.slash(table.channel, "rule", clause="2.8")  # still up
    assert after.response.embeds[0].title.startswith("2.8")


async def test_a_failed_mention_is_answered(table: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(handlers, "ruling_reply", lambda text: 1 / 0)
    await table.pat.send(table.channel, f"{table.env.guild.me.mention} {SILENT_CHIP}")
    assert "Something went wrong" in table.channel.last_message.embeds[0].description
