"""The shell-neutral handlers: what Floor answers, before Discord or the console dresses it."""

from __future__ import annotations

import pytest

from bot import handlers
from bot.reply import RulingRequest
from engine import answer
from engine.decide import decide
from engine.facts import Facts
from rules_index import get_index


def test_rule_shows_clause_with_parent_heading_and_children() -> None:
    reply = handlers.rule_reply("1.4")
    assert reply.ok and reply.kind == "clause"
    assert reply.citations == ("1.4",)
    assert reply.body == "1. Wagering & Order of Play › 1.4"
    names = [s.name for s in reply.sections]
    assert names == ["1.4", "Sub-clauses"]
    kids = reply.sections[1].body
    assert "1.4.1 If a player makes a raise less than" in kids and "1.4.2 A single chip" in kids
    assert reply.footer == f"Rulebook {get_index().version}"


def test_rule_of_a_leaf_shows_the_parent_wording() -> None:
    reply = handlers.rule_reply("rule 1.4.2.")
    assert [s.name for s in reply.sections] == ["1.4.2", "Under 1.4"]
    assert reply.sections[1].body.startswith("All raises must be at least equal")
    assert all(s.quote for s in reply.sections)


def test_rule_by_title() -> None:
    assert handlers.rule_reply("shuffling procedure").citations == ("2.8",)


def test_nonexistent_clause_suggests_neighbours_as_choices() -> None:
    reply = handlers.rule_reply("1.4.9")
    assert not reply.ok and reply.kind == "not_found"
    assert "Did you mean" in reply.body and "1.4.2" in reply.body
    assert reply.question is not None
    values = [c.value for c in reply.question.choices]
    assert "1.4.2" in values
    picked = handlers.follow_up_choice(reply, values.index("1.4.2") + 1)
    assert picked.kind == "clause" and picked.citations == ("1.4.2",)


@pytest.mark.parametrize("bad", ["", "   ", "\u200b\u200b", "x" * 300, "?!?"])
def test_bad_clause_input_is_answered_clearly(bad: str) -> None:
    reply = handlers.rule_reply(bad)
    assert not reply.ok and reply.kind == "error"
    assert reply.body  # a sentence, not an exception


def test_search_quotes_each_hit() -> None:
    reply = handlers.search_reply("oversized chip", k=3)
    assert reply.kind == "search" and len(reply.sections) == 3
    assert "1.4.2" in reply.citations
    assert all(s.quote for s in reply.sections)


def test_ruling_reply_carries_the_whole_ruling() -> None:
    text = "Facing a bet of 25, Seat 6 drops a single 100 chip over the line without a word."
    reply = handlers.ruling_reply(text)
    ruling = answer(text)
    assert reply.kind == ruling.kind == "ruling"
    assert reply.body == ruling.outcome
    assert reply.citations == tuple(ruling.citations)
    names = [s.name for s in reply.sections]
    assert "Amounts" in names and "1.4.2" in names and "Confidence" in names
    amounts = next(s for s in reply.sections if s.name == "Amounts").body
    assert "Call: 25" in amounts
    assert reply.echo == text
    assert reply.is_final_ruling


def test_structured_oversized_chip_matches_decide() -> None:
    reply = handlers.oversized_chip_reply(1400, 5000, "after")
    ruling = decide(Facts(bet_faced=1400, chips_put_out=5000, single_chip=True, verbal="raise",
                          verbal_timing="after"), topic="1.4.2")
    assert reply.body == ruling.outcome
    assert reply.ruling.amounts == {"call": 1400, "change": 3600}


def test_structured_oversized_chip_without_declaration_leaves_verbal_unknown() -> None:
    reply = handlers.oversized_chip_reply(25, 100, "none")
    assert reply.request is not None and "verbal" not in reply.request.facts
    assert "call" in reply.body.lower()


def test_min_raise_from_the_action_so_far() -> None:
    reply = handlers.min_raise_reply(200, "raise 600")
    assert reply.kind == "ruling"
    assert reply.ruling.amounts["min_raise_to"] == 1000


def test_run_it_twice_splits_the_pot() -> None:
    reply = handlers.run_it_twice_reply(1000, "Seat 1", "Seat 2")
    assert reply.ok and "1.10" in reply.citations
    assert "500" in reply.body


def test_follow_up_with_options_reruns_with_the_fact() -> None:
    """A question back, answered by option: the same as calling the engine with that fact."""
    facts = {"bet_faced": 300, "chips_put_out": 1000, "single_chip": True, "verbal": "raise"}
    first = handlers.answer_request(RulingRequest(facts=facts, topic="1.4.2"))
    assert first.kind == "needs_facts" and first.question is not None
    assert first.question.fact == "verbal_timing"
    labels = [c.label for c in first.question.choices]
    after = handlers.follow_up_choice(first, labels.index("After the chips touched the table") + 1)
    expected = decide(Facts(**facts, verbal_timing="after"), topic="1.4.2")
    assert after.body == expected.outcome
    assert after.request is not None and after.request.answers == {"verbal_timing": "after"}


def test_follow_up_typed_answer_is_parsed_to_the_fact_type() -> None:
    facts = {"chips_put_out": 1000, "single_chip": True}
    first = handlers.answer_request(RulingRequest(facts=facts, topic="1.4.2"))
    assert first.question is not None and not first.question.choices, "expected a question typed in"
    fact = first.question.fact
    assert fact == "bet_faced" and first.question.placeholder == "a number, e.g. 300"
    bad = handlers.follow_up_text(first, "lots")
    assert not bad.ok and bad.question is None and "whole number" in bad.body
    good = handlers.follow_up_text(first, "1.5k")
    assert good.request is not None and good.request.answers == {fact: 1500}
    assert good.body == decide(Facts(**facts, bet_faced=1500), topic="1.4.2").outcome


def test_option_number_out_of_range() -> None:
    first = handlers.rule_reply("1.4.9")
    reply = handlers.follow_up_choice(first, 99)
    assert not reply.ok and "Pick a number from 1 to" in reply.body


@pytest.mark.parametrize(("text", "expected"), [
    ("raise 600", [("Player 1", "raise", 600)]),
    ("400 1000", [("Player 1", "bet", 400), ("Player 2", "raise", 1000)]),
    ("bet 400, raise to 1,000, seat 4 all-in 2.5k",
     [("Player 1", "bet", 400), ("Player 2", "raise", 1000), ("Seat 4", "all-in", 2500)]),
    ("Alice raises to 600 then Bob calls", [("Alice", "raise", 600), ("Bob", "call", None)]),
    ("seat 2 goes all in for 800", [("Seat 2", "all-in", 800)]),
])
def test_parse_actions(text: str, expected: list[tuple[str, str, int | None]]) -> None:
    actions, problem = handlers.parse_actions(text)
    assert problem is None
    assert [(a.actor, a.kind, a.amount) for a in actions] == expected


@pytest.mark.parametrize("text", ["", "blah blah", "raise", "raise 600 700"])
def test_parse_actions_refuses_with_a_reason(text: str) -> None:
    actions, problem = handlers.parse_actions(text)
    assert actions == [] and problem


@pytest.mark.parametrize(("text", "value"), [("1500", 1500), ("1,500", 1500), ("1.5k", 1500), ("2k", 2000),
                                             ("abc", None), ("1.5", None)])
def test_parse_number(text: str, value: int | None) -> None:
    assert handlers.parse_number(text) == value


@pytest.mark.parametrize("text", ["", " \n\t ", "**", "@everyone"])
def test_ruling_refuses_empty_or_wordless(text: str) -> None:
    reply = handlers.ruling_reply(text)
    if text == "@everyone":  # has a word: the engine answers it (it just isn't a situation)
        assert reply.ruling is not None
    else:
        assert not reply.ok and ("empty" in reply.body or "no words" in reply.body)


def test_huge_question_refused_with_the_limit() -> None:
    reply = handlers.ruling_reply("raise " * 400)
    assert not reply.ok and "at most 1,000" in reply.body


def test_clean_strips_controls_and_invisibles_but_keeps_unicode() -> None:
    assert handlers.clean("  Se\u200bat 6 — “raise” ♠\x00 ") == "Seat 6 — “raise” ♠"


def test_autocomplete_prefers_id_prefix_and_stays_within_limits() -> None:
    choices = handlers.clause_choices("1.4")
    assert [v for _, v in choices][:3] == ["1.4", "1.4.1", "1.4.2"]
    for text in ("", "1", "shuff", "oversized chip", "zzzz", "§ 2.8", "x" * 200):
        got = handlers.clause_choices(text)
        assert len(got) <= 25
        assert all(1 <= len(name) <= 100 and 1 <= len(value) <= 100 for name, value in got)
    assert "2.8" in [v for _, v in handlers.clause_choices("shuffling")]


def test_help_lists_every_console_command() -> None:
    text = handlers.help_reply("console").body
    for spec in handlers.COMMANDS:
        assert (spec.usage in text) == spec.console
    discord_help = handlers.help_reply("discord").body
    assert all(spec.usage in discord_help for spec in handlers.COMMANDS)
    assert all(1 <= len(spec.description) <= 100 for spec in handlers.COMMANDS)


def test_help_lists_rulebook_reload_as_staff_in_both_shells() -> None:
    discord_lines = handlers.help_reply("discord").body.splitlines()
    console_lines = handlers.help_reply("console").body.splitlines()
    assert "/rulebook reload (staff)" in discord_lines
    assert "/rulebook reload (staff on Discord)" in console_lines
    # Listed with the other commands, before /help, not in a note of its own.
    assert discord_lines.index("/rulebook reload (staff)") < discord_lines.index("/help")
    assert console_lines.index("/rulebook reload (staff on Discord)") < console_lines.index("/help")
    assert "/rulebook reload" in handlers.DM_HELP


def test_log_reply_shows_overturned_entries() -> None:
    from datetime import UTC, datetime

    from bot.store import LoggedRuling

    entries = [
        LoggedRuling(id=7, number=2, created_at=datetime(2026, 1, 2, tzinfo=UTC), asker_id="1", asker_name="Dana",
                     guild_id="9", question="q2", kind="ruling", outcome="a call", citations=("1.4.2",),
                     rulebook_version="v", overturned=True, overturned_by="7", overturn_reason="misheard"),
        LoggedRuling(id=5, number=1, created_at=datetime(2026, 1, 1, tzinfo=UTC), asker_id="1", asker_name="Dana",
                     guild_id="9", question="q1", kind="ruling", outcome="a raise", citations=("1.4.2", "1.2"),
                     rulebook_version="v"),
    ]
    reply = handlers.log_reply(entries, "Recent", "none", names={"7": "Sam"})
    assert reply.body == "2 ruling(s), 1 overturned."
    first, second = reply.sections
    assert first.name == "Ruling #2 · 2026-01-02 00:00 UTC · Dana"
    assert first.body.startswith("OVERTURNED by Sam: misheard")
    assert "OVERTURNED" not in second.body and "Cites: 1.4.2, 1.2" in second.body


def test_other_outcomes_read_as_questions_answered_never_if_did() -> None:
    reply = handlers.ruling_reply("facing 25 he drops a single 100 chip. what is it?")
    other = next((s for s in reply.sections if s.name == "Would be different if"), None)
    assert other is not None
    assert "If Did" not in other.body and "Yes: Yes" not in other.body
    assert "? Yes:" in other.body or "? No:" in other.body
