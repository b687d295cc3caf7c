"""The learned reading of amounts: mentions, alignment with labelled stories, the classifier and its data."""

from __future__ import annotations

import json

import pytest

from engine.understanding import amount_roles as ar
from engine.understanding.corpus import CORPUS_DIR, Row, load_corpus


def _values(text: str) -> list[tuple[str, int]]:
    return [(m.kind, m.value) for m in ar.mentions(ar.tagged(text))]


def test_chips_told_by_count_and_denomination_are_one_mention_each() -> None:
    assert _values("pushes four 500 chips and three 100 chips across") == [("chips", 2000), ("chips", 300)]
    assert _values("eight 100s and a black") == [("chips", 800), ("chips", 100)]
    assert _values("3 blacks, 7 greens and 4 reds") == [("chips", 300), ("chips", 175), ("chips", 20)]


def test_stakes_amounts_and_spoken_numbers_are_mentions_with_exact_values() -> None:
    assert _values("50/100, utg opens to three hundred, hj jams 1.5k") == [("stakes", 100), ("amount", 300),
                                                                          ("amount", 1500)]
    small = ar.mentions(ar.tagged("1/2 game"))[0]
    assert (small.small, small.value) == (1, 2)


def test_labelled_amounts_align_by_value_in_order_and_skip_what_is_not_a_mention() -> None:
    text = "Seat 3 opens to 600, Seat 7 jams 800. What's the min?"
    labels = [{"span": "3", "role": "seat", "value": 3}, {"span": "600", "role": "wager_to", "value": 600},
              {"span": "7", "role": "seat", "value": 7}, {"span": "800", "role": "all_in_to", "value": 800}]
    assert [role for _f, role in ar.aligned(text, labels)] == ["wager_to", "all_in_to"]


def test_a_label_naming_another_value_is_not_aligned() -> None:
    assert ar.aligned("he bets 500", [{"span": "400", "role": "wager_to", "value": 400}]) == []


def test_training_is_deterministic_and_gives_a_probability_for_every_role() -> None:
    rows = [Row("UTG opens to 600, he has 5,000 behind", "1.4",
                amounts=({"role": "wager_to", "value": 600}, {"role": "stack", "value": 5000})),
            Row("Seat 2 bets 300 and has 900 behind", "1.4",
                amounts=({"role": "wager_to", "value": 300}, {"role": "stack", "value": 900}))]
    a = ar.RoleModel.train(ar.training_rows(rows), 1.0)
    b = ar.RoleModel.train(ar.training_rows(rows), 1.0)
    tags = ar.tagged("BB bets 700 with 2,000 behind")
    f = ar.features(tags, ar.mentions(tags), 1)
    pa, pb = a.proba(f), b.proba(f)
    assert pa == pb
    assert set(pa) == {"wager_to", "stack"} and sum(pa.values()) == pytest.approx(1.0)
    assert max(pa, key=pa.__getitem__) == "stack"


def test_nothing_labelled_leaves_every_amount_unread() -> None:
    model = ar.RoleModel.train([], 1.0)
    assert model.proba({"kind=amount": 1.0}) == {"other": 1.0}


def test_the_cache_key_follows_the_labelled_amounts() -> None:
    a = [Row("he bets 500", "1.4", amounts=({"role": "wager_to", "value": 500},))]
    b = [Row("he bets 500", "1.4", amounts=({"role": "chips_out", "value": 500},))]
    assert ar.model_key(a) != ar.model_key(b)


def test_every_labelled_story_is_well_formed_and_mostly_aligned() -> None:
    """The told stories are training data: each span is in its text in order, each role known, and the reader
    finds nearly every labelled amount (seat numbers and card ranks are labelled but are not mentions)."""
    rows = 0
    for path in sorted(CORPUS_DIR.glob("told_*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            pos = 0
            for a in d["amounts"]:
                assert a["role"] in ar.ROLES, (path.name, a)
                assert isinstance(a["value"], int)
                at = d["text"].find(a["span"], pos)
                assert at >= 0, (path.name, d["text"], a["span"])
                pos = at + len(a["span"])
            rows += bool(d["amounts"])
    stories = [r for r in load_corpus() if r.amounts]
    assert rows == len(stories) >= 1000
    labelled = sum(1 for r in stories for a in r.amounts if a["role"] not in ("seat", "other"))
    assert len(ar.training_rows(stories)) >= 0.9 * labelled


def test_the_corpus_model_reads_the_roles_of_a_plain_story() -> None:
    _tags, readings = ar.read("100/200. UTG opens to 600, the button jams for 2,400 and I have 9,000 behind.")
    assert [(r.mention.value, r.role) for r in readings] == [(200, "stakes"), (600, "wager_to"),
                                                              (2400, "all_in_to"), (9000, "stack")]
    assert all(0.0 < r.p <= 1.0 for r in readings)


def test_the_kept_role_model_reads_without_the_learning_library() -> None:
    import subprocess
    import sys

    ar.role_model()  # trained (or loaded) here, so the child process below only loads the cache
    code = ("import sys; from engine.understanding import amount_roles as ar; ar.read('UTG opens to 600'); "
            "print('sklearn' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
