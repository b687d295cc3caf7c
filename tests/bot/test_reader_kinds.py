"""The two answer kinds of the reader in the shells: ``choose`` asks which clause, ``unclear`` is no ruling."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from bot import handlers
from bot.console import ConsoleSession
from engine.policy import choose_ruling

QUESTION = "Seat 4 put out chips and said something, what now?"
PAIR = ["1.4.2", "1.4.1"]


@pytest.fixture
def offers_a_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine offers 1.4.2 or 1.4.1 for QUESTION until one is picked; then it rules as usual."""
    real = engine.answer

    def fake(text: str, extra_facts: Any = None, topic: str | None = None) -> Any:
        if text == QUESTION and topic is None:
            return choose_ruling(PAIR, "test")
        return real(text, extra_facts=extra_facts, topic=topic)

    monkeypatch.setattr(engine, "answer", fake)


def test_unclear_is_no_ruling_and_not_logged() -> None:
    reply = handlers.ruling_reply("good morning everyone")
    assert reply.kind == "unclear" and reply.citations == ()
    assert not reply.is_final_ruling and reply.question is None
    assert "/help" in reply.body


def test_a_choice_is_a_question_whose_pick_rules_under_that_clause(offers_a_choice: None) -> None:
    first = handlers.ruling_reply(QUESTION)
    assert first.kind == "choose" and first.question is not None
    assert [c.value for c in first.question.choices] == PAIR
    assert all(c.label.endswith(f"({c.value})") for c in first.question.choices)
    picked = handlers.follow_up_choice(first, 1)
    assert picked.kind in ("ruling", "needs_facts") and picked.citations[0] == "1.4.2"


def test_the_console_numbers_the_choices(offers_a_choice: None) -> None:
    s = ConsoleSession()
    out = s.handle(QUESTION)
    assert "1) " in out and "2) " in out and "(1.4.1)" in out
    second = s.handle("2")
    assert "1.4.1" in second



async def test_chat_in_discord_is_answered_privately_and_never_as_a_ruling(table: Any) -> None:
    result = await table.pat.slash(table.channel, "ruling", description="good morning everyone")
    (private,) = result.followups
    assert private.ephemeral
    (embed,) = private.embeds
    assert embed.title != "Ruling" and "/help" in (embed.description or "")
    assert table.channel.last_message is None or "/help" not in str(table.channel.last_message.embeds)


async def test_choice_buttons_answer_only_the_asker(table: Any, offers_a_choice: None) -> None:
    result = await table.pat.slash(table.channel, "ruling", description=QUESTION)
    message = result.response
    assert message.embeds[0].title == "Which rule is it?"
    first = handlers.ruling_reply(QUESTION).question.choices[0].label
    other = await table.dana.click(message, label=first)
    assert other.ephemeral and "Only the person who asked" in other.response.content
    await table.pat.click(message, label=first)
    assert message.embeds[0].title != "Which rule is it?"
    assert "1.4.2" in [f.name.split()[0] for f in message.embeds[0].fields]
