"""Every reply fits Discord: every clause, every scenario's ruling, and absurdly long text."""

from __future__ import annotations

import re

import discord
import pytest

from bot import handlers, limits
from bot.embeds import embed_size, esc, limit_problems, reply_messages
from bot.limits import shorten, split_text
from bot.reply import Choice, Question, Reply, Section
from engine.decide import decide
from engine.facts import Facts
from rules_index import get_index
from scenarios import load_scenarios

IX = get_index()
SCENARIOS = load_scenarios()


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("limit", [1, 7, 50, 1024])
def test_split_never_loses_a_character(limit: int) -> None:
    text = IX.book.full_text("1") + "\n\n" + "unbroken" * 300
    pieces = split_text(text, limit)
    assert all(1 <= len(p) <= limit for p in pieces)
    assert _squash("".join(pieces)) == _squash(text)


def test_split_prefers_lines_then_sentences_then_words() -> None:
    text = "First line is here.\nSecond line. Has two sentences.\nThird"
    assert split_text(text, 40) == ["First line is here.", "Second line. Has two sentences.\nThird"]
    assert split_text(text, 32) == ["First line is here.", "Second line. Has two sentences.", "Third"]
    assert split_text("One sentence here. Another one there.", 25) == ["One sentence here.", "Another one there."]
    assert split_text("alpha beta gamma delta", 11) == ["alpha beta", "gamma delta"]


def test_split_with_dressing_fits_after_dressing() -> None:
    def quote(s: str) -> str:
        return "\n".join("> " + line for line in s.splitlines())

    text = "\n".join(f"line {i} " + "word " * 10 for i in range(40))
    pieces = split_text(text, 200, dress=quote)
    assert all(len(p) <= 200 and p.startswith("> ") for p in pieces)
    assert _squash("".join(pieces).replace(">", "")) == _squash(text)


def test_shorten_is_for_labels_and_marks_the_cut() -> None:
    assert shorten("short", 80) == "short"
    cut = shorten("word " * 40, 30)
    assert len(cut) <= 30 and cut.endswith("…")


def _all_text(messages: list[list[discord.Embed]]) -> str:
    parts = []
    for embeds in messages:
        for e in embeds:
            parts += [e.description or ""] + [f.value for f in e.fields]
    return "".join(parts)


def _check(messages: list[list[discord.Embed]]) -> None:
    assert messages
    for embeds in messages:
        assert limit_problems(embeds) == []
        assert 1 <= len(embeds) <= limits.EMBEDS_PER_MESSAGE
        assert embed_size(embeds) <= limits.EMBED_TOTAL


@pytest.mark.parametrize("clause_id", list(IX.book.clauses))
def test_every_clause_renders_within_limits_and_whole(clause_id: str) -> None:
    reply = handlers.rule_reply(clause_id)
    assert reply.ok
    messages = reply_messages(reply)
    _check(messages)
    c = IX.book.clauses[clause_id]
    if c.kind != "section":  # the clause's own wording is all there, quoted
        shown = _squash(_all_text(messages).replace("> ", "").replace("\\", ""))
        assert _squash(esc(c.text).replace("\\", "")) in shown


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_every_scenario_ruling_renders_within_limits(sc) -> None:  # type: ignore[no-untyped-def]
    ruling = decide(Facts(**sc.facts), topic=sc.topic)
    reply = handlers.from_ruling(ruling, echo=sc.description)
    messages = reply_messages(reply)
    _check(messages)
    assert messages[0][0].title == reply.title
    assert _squash(esc(ruling.outcome)) in _squash(_all_text(messages))
    for cid in ruling.citations:
        if cid in IX.book.clauses:
            assert any(f.name.startswith(esc(IX.book.clauses[cid].heading())) for e in messages[0] for f in e.fields)
    footer = messages[-1][-1].footer.text
    assert footer and IX.version in footer


def test_whole_sections_as_a_lookup_ruling_split_cleanly() -> None:
    from engine.result import Ruling

    text = "\n\n".join(IX.book.full_text(s) for s in ("1", "2", "3"))
    ruling = Ruling(kind="lookup", outcome=text, citations=["1", "2", "3"], rulebook_version=IX.version)
    messages = reply_messages(handlers.from_ruling(ruling))
    _check(messages)
    assert len(messages) >= 2  # ~12,000 characters cannot be one message
    assert messages[-1][-1].footer.text.endswith(f"part {len(messages)}/{len(messages)}")
    shown = _squash(_all_text(messages).replace("> ", "").replace(">", "").replace("\\", ""))
    assert _squash(text.replace("\\", "")) == shown.replace(_squash("The house rules say:"), "", 1)


def test_absurd_reply_still_fits() -> None:
    reply = Reply(
        title="T" * 400,
        body="Sentence one is here. " * 500,
        sections=tuple(Section("N" * 300, ("word " * 300 + "\n") * 3, quote=i % 2 == 0) for i in range(40)),
        question=Question("f", "Q" * 2000, tuple(Choice(f"opt {i}", i) for i in range(30))),
        footer="F" * 3000,
        echo="E" * 5000,
    )
    messages = reply_messages(reply)
    _check(messages)
    assert messages[0][0].title.endswith("…")


def test_markdown_and_mentions_are_shown_literally() -> None:
    body = "<@123456789012345678> <@&223456789012345678> @here __under__ `code` [x](http://e.x)"
    reply = Reply(title="**bold** @everyone", body=body, sections=(Section("@here", "*x*"),))
    (embeds,) = reply_messages(reply)
    e = embeds[0]
    assert "@everyone" not in e.title and "@here" not in e.description
    assert "\\*\\*bold\\*\\*" in e.title
    assert "<@123456789012345678>" not in e.description and "<@&223456789012345678>" not in e.description
    assert e.fields[0].value == "\\*x\\*"
