"""Example questions vote for the clause a question is about; they are data, checked like data."""

from __future__ import annotations

import json

from engine.understanding.topics import EXAMPLES_DIR, UNCOVERED, TopicVotes, load_examples, topic_votes
from rules_index import get_index


def test_every_example_cites_a_real_clause() -> None:
    book = get_index().book
    for path in EXAMPLES_DIR.glob("*.jsonl"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            row = json.loads(line)
            assert set(row) == {"text", "cite", "kind"}, (path.name, n)
            for cid in row["cite"]:
                assert cid in book.clauses, (path.name, n, cid)
            assert (row["kind"] == UNCOVERED) == (row["cite"] == []), (path.name, n)


def test_every_decidable_clause_has_examples() -> None:
    labels = {e.label for e in load_examples()}
    book = get_index().book
    missing = [c.id for c in book.clauses.values() if c.kind != "section" and not c.children and c.id not in labels]
    assert missing == []


def test_votes_sum_to_one_and_favour_the_nearest_examples() -> None:
    from engine.understanding.topics import Example

    tv = TopicVotes([Example("he dropped a single big chip over the line", "1.4.2"),
                     Example("the dealer flashed a card while shuffling", "2.1.1"),
                     Example("can i straddle on the button", UNCOVERED)])
    v = tv.votes("guy drops one big chip facing a bet")
    assert abs(sum(v.values()) - 1.0) < 1e-9
    assert next(iter(v)) == "1.4.2"
    assert tv.votes("") == {}


def test_uncovered_examples_are_recognised() -> None:
    v = topic_votes().votes("is there a bad beat jackpot on this table and how much is in it")
    assert max(v, key=lambda k: v[k]) == UNCOVERED
