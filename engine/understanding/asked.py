"""Which number a told hand's question asks for, learned from the told stories instead of read from phrases.

"What's the least he can make it?", "how much more do i need to throw in?", "what does he get back?": people ask
for the minimum raise, the call, the change, a refund or a share in endless words, and a list of phrases
(``vocabulary.toml`` [asks]) only knows the ones written into it. Every told story in the corpus
(``corpus/told_*.jsonl``) carries the kind of number its question asks (key ``ask``), so a classifier learns it:
a multinomial logistic regression over the words and vocabulary tags of the closing question (and, more
weakly, of the whole story), kept as plain weights like the amount roles (``amount_roles.RoleModel``). It
reports the ask and its probability; the rules decide what to compute.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from typing import Any

from engine.understanding.actionlog import Tag
from engine.understanding.amount_roles import RoleModel, cached_weights, tagged, weights_key
from engine.understanding.corpus import Row, load_corpus
from engine.understanding.doc import Doc
from engine.understanding.topic_model import settings

FORMAT = 6  # bump when the features or the kept weights change what a cached model means
# The asks a question's told hand may be about, as the told stories label them.
ASKS = ("min_raise", "call_amount", "bet_amount", "change_back", "refund", "pot_share", "top_up", "other_number",
        "yes_no")


def _word(tg: Tag) -> str:
    """A tag as a word feature: amounts and chips as their kind (their size says nothing of what is asked)."""
    if tg.kind in ("amount", "chips", "stakes"):
        return "#"
    if tg.kind == "actor":
        return "A"
    return tg.text


def _question(tags: list[Tag]) -> list[Tag]:
    """The closing sentence: where a story asks its question."""
    ends = [i for i, t in enumerate(tags[:-1]) if t.kind == "break"]
    return tags[ends[-1] + 1:] if ends else tags


def features(tags: list[Tag]) -> dict[str, float]:
    """Words and word pairs of the closing question, the vocabulary's tags in it, and the story's words (weaker)."""
    q = [_word(t) for t in _question(tags)]
    f: dict[str, float] = {}
    for w in q:
        f["q:" + w] = 1.0
    for a, b in pairwise(q):
        f[f"q2:{a}_{b}"] = 1.0
    for t in _question(tags):
        if t.kind in ("verb", "to", "by", "say", "silent", "timing"):
            f[f"qt:{t.kind}:{t.value}"] = 1.0
    for t in tags:
        f["t:" + _word(t)] = 0.3
    return f


def training_rows(rows: list[Row]) -> list[tuple[dict[str, float], str]]:
    """(features, ask) for every told story whose ask is one of ``ASKS``."""
    return [(features(tagged(r.text)), str(r.ask)) for r in rows if getattr(r, "ask", None) in ASKS]


def model_key(rows: list[Row]) -> str:
    """The cache key: the labelled asks, the vocabulary, the settings and the code's format."""
    labelled = [Row(r.text + "\x1f" + str(r.ask), "told") for r in rows if getattr(r, "ask", None) in ASKS]
    return weights_key(f"a{FORMAT}", labelled, settings()["asks"]["C"])


def load_or_train(rows: list[Row] | None = None) -> RoleModel:
    """The ask model for these rows (the corpus by default): from the cache, or trained and cached."""
    c = settings()["asks"]["C"]
    key = weights_key(f"a{FORMAT}", None, c) if rows is None else model_key(rows)
    return cached_weights("asks", key, lambda: training_rows(load_corpus() if rows is None else rows), c)


@cache
def ask_model() -> RoleModel:
    """The model reading uses: the corpus's, trained or cached on first use."""
    return load_or_train()


def read(text: str | Doc | list[Tag]) -> tuple[str, float, dict[str, Any]]:
    """The most likely ask of a question, its probability, and every ask's."""
    tags = text if isinstance(text, list) else tagged(text)
    probs = ask_model().proba(features(tags))
    best = max(probs, key=probs.__getitem__)
    return best, probs[best], probs
