"""The labelled corpus is data, checked like data; the topic model learns from it and is calibrated."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.understanding.corpus import (
    CHAT,
    CORPUS_DIR,
    LOOKUP,
    UNCOVERED,
    Row,
    corpus_hash,
    files_digest,
    load_corpus,
)
from engine.understanding.topic_model import (
    TopicModel,
    char_wb_ngrams,
    load_or_train,
    model_text,
    topic_model,
    word_ngrams,
)
from rules_index import get_index

VOICES = {"floor", "player", "trainee", "visitor", "story", "dealer", "regular"}


def test_every_row_is_well_formed_and_cites_a_real_clause() -> None:
    book = get_index().book
    for path in CORPUS_DIR.glob("*.jsonl"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            row = json.loads(line)
            keys = {"text", "label", "voice", "set", "clause", "facts", "amounts", "ask", "answer"}
            assert {"text", "label", "voice", "set"} <= set(row) <= keys, (path.name, n)
            assert row["text"].strip() and row["voice"] in VOICES, (path.name, n)
            if row["label"] == LOOKUP:
                assert row["clause"] in book.clauses, (path.name, n)
            else:
                assert row["label"] in book.clauses or row["label"] in (UNCOVERED, CHAT), (path.name, n)


def test_every_clause_without_sub_clauses_is_taught() -> None:
    labels = Counter(r.topic for r in load_corpus())
    book = get_index().book
    missing = [c.id for c in book.clauses.values() if c.kind != "section" and not c.children and not labels[c.id]]
    assert missing == []
    assert labels[UNCOVERED] >= 100 and labels[CHAT] >= 1


def test_the_development_set_is_not_in_the_corpus() -> None:
    from pathlib import Path

    dev = Path(__file__).resolve().parents[3] / "shared" / "eval" / "dev.jsonl"
    if not dev.exists():
        pytest.skip("no development set beside the checkout")
    texts = {" ".join(r.text.split()).lower() for r in load_corpus()}
    dev_texts = {" ".join(json.loads(line)["text"].split()).lower() for line in dev.read_text().splitlines()
                 if line.strip()}
    assert texts & dev_texts == set()


def test_held_out_sets_really_are_left_out() -> None:
    rows = load_corpus(exclude_sets=["final3"])
    assert rows and all(r.set != "final3" for r in rows)
    assert corpus_hash(rows) != corpus_hash(load_corpus())


def test_model_text_folds_widths_and_drops_invisible_characters() -> None:
    assert model_text("Ｒａｉｓｅ 2\u200b5") == "raise 25"


@pytest.fixture(scope="module")
def tiny() -> TopicModel:
    rows = []
    for i in range(6):
        rows += [Row(f"he dropped a single big chip number {i} over the line", "1.4.2"),
                 Row(f"dealer flashed a card while shuffling deck {i}", "2.1.1"),
                 Row(f"what is the rake on table {i}", UNCOVERED),
                 Row(f"hello there friend {i}", CHAT),
                 Row(f"read me rule about single chips {i}", LOOKUP, clause="1.4.2")]
    return TopicModel.train(rows, "tiny")


def test_probabilities_sum_to_one_best_first(tiny: TopicModel) -> None:
    probs, p_lookup = tiny.read("guy drops one big chip over the line")
    assert abs(sum(probs.values()) - 1.0) < 1e-9
    assert next(iter(probs)) == "1.4.2"
    assert list(probs.values()) == sorted(probs.values(), reverse=True)
    assert 0.0 <= p_lookup <= 1.0


def test_a_lookup_is_told_from_a_ruling(tiny: TopicModel) -> None:
    assert tiny.read("read me the rule about single chips")[1] > tiny.read("he dropped a single chip")[1]


def test_training_is_deterministic_and_cached(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FLOOR_CACHE_DIR", str(tmp_path))
    rows = [Row(f"single chip {i}", "1.4.2") for i in range(4)] + [Row(f"rake {i}", UNCOVERED) for i in range(4)]
    a = load_or_train(rows)
    assert list(tmp_path.glob("topics-*.pickle"))
    b = load_or_train(rows)
    assert a.read("one chip") == b.read("one chip")
    assert TopicModel.train(rows).read("one chip") == a.read("one chip")


def test_the_trained_model_separates_chat_and_out_of_book_questions() -> None:
    m = topic_model()
    assert next(iter(m.read("is there a bad beat jackpot on this table and how much is in it")[0])) == UNCOVERED
    assert next(iter(m.read("thanks floor, cheers")[0])) == CHAT


def test_the_plain_reading_equals_the_library_transform() -> None:
    """The kept model reads with its own n-grams and weights; on real corpus texts it gives exactly what the
    fitted library objects give."""
    import numpy as np

    from engine.understanding.topic_model import Calibrated, Features, settings

    rows = load_corpus()[::40]
    texts, labels = [r.text for r in rows], [r.topic for r in rows]
    vec = Features(settings())
    x = vec.fit_transform(texts)
    keep = [lab for lab, n in Counter(labels).items() if n >= 3]
    pick = [i for i, lab in enumerate(labels) if lab in keep]
    clf = Calibrated(settings()).fit(x[pick], [labels[i] for i in pick])
    plain_vec, plain_clf = vec.frozen(), clf.frozen()
    for text in [*texts[:60], "guy drops one big chip over the line", "rake?", "", "zzzz qqqq", "a  b\t c"]:
        word, char = vec.parts
        assert word.build_analyzer()(text) == word_ngrams(text, *plain_vec.word_range)
        assert char.build_analyzer()(text) == char_wb_ngrams(text, *plain_vec.char_range)
        full = clf.predict_proba(vec.transform([text]))[0]
        assert np.allclose(full, plain_clf.proba_one(*plain_vec.one(text)))


def test_the_kept_model_loads_without_the_learning_library() -> None:
    import subprocess
    import sys

    code = ("import sys; from engine.understanding.topic_model import topic_model; topic_model().read('one chip'); "
            "print('sklearn' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_cache_stays_bounded(tmp_path, monkeypatch) -> None:
    from engine.understanding import topic_model as tm

    monkeypatch.setenv("FLOOR_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(tm, "CACHE_KEEP", 2)
    for n in range(3):
        rows = [Row(f"single chip {i} {n}", "1.4.2") for i in range(4)]
        load_or_train(rows + [Row(f"rake {i}", UNCOVERED) for i in range(4)])
    assert len(list(tmp_path.glob("topics-*.pickle"))) == 2


def test_the_default_key_follows_the_files_bytes_and_the_held_out_sets(tmp_path) -> None:
    """A process that finds its model cached reads the corpus files' bytes, not their rows: the key must still
    change with any byte of any file, a new file, or a set held out."""
    (tmp_path / "a.jsonl").write_text('{"text": "string raise ok?", "label": "3.2"}\n', encoding="utf-8")
    base = files_digest(tmp_path)
    assert files_digest(tmp_path) == base
    assert files_digest(tmp_path, ["final9"]) != base
    (tmp_path / "a.jsonl").write_text('{"text": "string raise ok?", "label": "3.4"}\n', encoding="utf-8")
    changed = files_digest(tmp_path)
    assert changed != base
    (tmp_path / "b.jsonl").write_text("", encoding="utf-8")
    assert files_digest(tmp_path) != changed


# The floor for the labelled questions (told stories aside): every numbered clause at least 40 questions in
# at least five voices, twice that for the clauses with close siblings, 300 out of the book and 150 chat lines.
CLOSE_SIBLINGS = ("1.4", "1.4.1", "1.4.2", "1.1.2.1", "1.1.2.2", "1.8.1", "1.8.2", "1.8.3", "2.6", "1.11", "1.12",
                  "3.5", "3.13", "2.4.1", "2.4.2", "2.5.1", "2.5.2", "2.7", "2.1.1", "3.2", "3.2.1", "3.4", "3.17",
                  "3.18")


def test_every_clause_has_enough_labelled_questions_in_enough_voices() -> None:
    rows = [r for r in load_corpus() if r.set != "told"]
    count, voices = Counter(r.label for r in rows), {}
    for r in rows:
        voices.setdefault(r.label, set()).add(r.voice)
    for cid in get_index().book.numbered_ids():
        assert count[cid] >= (80 if cid in CLOSE_SIBLINGS else 40) and len(voices.get(cid, ())) >= 5, cid
    assert count[UNCOVERED] >= 300 and count[CHAT] >= 150
