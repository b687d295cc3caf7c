"""What each amount in a told hand is, learned from labelled stories instead of written as patterns.

"600" in "UTG opens to 600" is the total of a wager, in "sitting on 600" a stack, in "says six hundred"
words spoken, in "a 600 pot" the pot. Which one it is depends on the words around it, and people put
those words in endless orders; every earlier set of questions phrased them differently again. So the
role of each amount is read by a classifier trained on stories where every amount is labelled
(``corpus/told_*.jsonl``, key ``amounts``), over the vocabulary tags around it (``actionlog.tag``:
actors, action verbs, "to"/"by", speech, streets, chips) and the amount's own shape.

A multinomial logistic regression (scikit-learn) is fitted deterministically and kept as plain weights
in the same cache as the topic model, so reading a question imports no learning library. Each mention
gets a probability per role; the reader reports them, and ``engine.understanding.told`` turns the
confident ones into the told round. It never decides what the amounts mean for a ruling.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.understanding import actionlog, vocab
from engine.understanding.actionlog import Tag
from engine.understanding.corpus import Row, corpus_hash, files_digest, load_corpus
from engine.understanding.doc import Doc
from engine.understanding.topic_model import cache_dir, load_cached, save_cached, settings

ROLES = ("stakes", "small_blind", "big_blind", "ante", "straddle", "wager_to", "raise_by", "all_in_to", "call",
         "chips_out", "said", "added", "top_up", "stack", "pot", "limit", "seat", "other")
ACTION_ROLES = ("wager_to", "raise_by", "all_in_to", "call")
FORMAT = 19  # bump when the features or the kept weights change what a cached model means


@dataclass(frozen=True)
class Mention:
    """One amount in a description: where it stands among the tags, its value, how it was written."""

    index: int
    value: int
    kind: str  # amount, chips, stakes
    small: int | None = None  # a blinds pair's small blind


def tagged(text: str | Doc) -> list[Tag]:
    """The vocabulary tags of a description (number words already digits), as the action log reads them."""
    doc = text if isinstance(text, Doc) else Doc(text)
    return actionlog.tags_of(doc.nums, doc.text)


def mentions(tags: list[Tag]) -> list[Mention]:
    """Every amount, chip phrase and blinds pair, in order."""
    out: list[Mention] = []
    for i, tg in enumerate(tags):
        if tg.kind == "amount" and isinstance(tg.value, int):
            out.append(Mention(i, tg.value, "amount"))
        elif tg.kind == "chips" and isinstance(tg.value, actionlog.Chips):
            out.append(Mention(i, tg.value.value, "chips"))
        elif tg.kind == "stakes" and isinstance(tg.value, tuple):
            out.append(Mention(i, int(tg.value[1]), "stakes", int(tg.value[0])))
    return out


def _rep(tg: Tag) -> str:
    """A tag as a feature: its kind, and its value or word where that says more."""
    if tg.kind == "verb":
        return "V:" + str(tg.value)
    if tg.kind in ("other", "joiner"):
        return "w:" + tg.text
    if tg.kind == "street":
        return "S:" + str(tg.value)
    if tg.kind == "actor":
        return "A"
    return {"amount": "#", "chips": "#c", "stakes": "#s", "break": ".", "comma": ","}.get(tg.kind, tg.kind)


def _window(tags: list[Tag], i: int, step: int, width: int) -> list[str]:
    """The representations of up to ``width`` tags from ``i`` in direction ``step``, stopping at a sentence end."""
    out: list[str] = []
    j = i + step
    while 0 <= j < len(tags) and len(out) < width:
        out.append(_rep(tags[j]))
        if tags[j].kind == "break":
            break
        j += step
    return out


def _shape(m: Mention, ms: list[Mention], n: int, big_blind: int | None) -> dict[str, float]:
    """The amount's own shape and its place among the others."""
    f: dict[str, float] = {"kind=" + m.kind: 1.0, "mag=" + str(min(len(str(m.value)), 7)): 1.0}
    if m.value < 10:
        f["small"] = 1.0
    if m.value % 100 == 0:
        f["round100"] = 1.0
    f["first"] = float(n == 0)
    f["last"] = float(n == len(ms) - 1)
    prev = [p.value for p in ms[:n]]
    if prev:
        f["gt_prev"] = float(m.value > prev[-1])
        f["lt_prev"] = float(m.value < prev[-1])
        f["seen_before"] = float(m.value in prev)
        f["gt_all_prev"] = float(m.value > max(prev))
    if big_blind and m.kind != "stakes":
        r = m.value / big_blind
        bucket = "lt1" if r < 1 else "1" if r == 1 else "2-3" if r <= 3 else "3-10" if r <= 10 else "10-50" if r <= 50 \
            else "50+"
        f["xbb=" + bucket] = 1.0
    return f


def features(tags: list[Tag], ms: list[Mention], n: int) -> dict[str, float]:
    """The features of the ``n``-th mention: its neighbours, the nearest verbs and words, its shape."""
    m = ms[n]
    i = m.index
    left, right = _window(tags, i, -1, 6), _window(tags, i, 1, 5)
    f: dict[str, float] = {}
    for k, r in enumerate(left[:4], 1):
        f[f"L{k}={r}"] = 1.0
    for k, r in enumerate(right[:3], 1):
        f[f"R{k}={r}"] = 1.0
    if len(left) >= 2:
        f[f"L21={left[1]}|{left[0]}"] = 1.0
    if len(left) >= 3:
        f[f"L32={left[2]}|{left[1]}"] = 1.0
    if len(right) >= 2:
        f[f"R12={right[0]}|{right[1]}"] = 1.0
    if left and right:
        f[f"L1R1={left[0]}|{right[0]}"] = 1.0
    for r in left:
        f["lb=" + r] = 1.0
    for r in right:
        f["rb=" + r] = 1.0
    for direction, window in (("lv", left), ("rv", right)):
        verb = next((r for r in window if r.startswith("V:")), None)
        if verb:
            f[f"{direction}={verb}"] = 1.0
    bb = next((x.value for x in ms if x.kind == "stakes"), None)
    f.update(_shape(m, ms, n, bb))
    f["sentence_from_end=" + str(min(_sentences_after(tags, i), 3))] = 1.0
    who = _who_before(tags, i)
    if who:
        f["who=" + who] = 1.0
    noun = _noun_before(tags, i)
    if noun:
        f["noun=" + noun] = 1.0
    return f


def _who_before(tags: list[Tag], i: int) -> str | None:
    """Whose words or chips the amount's sentence is about, when the nearest player word before it says so: staff
    (a valuation, not a player's action) or the teller himself."""
    j = i - 1
    while j >= 0 and tags[j].kind != "break":
        if tags[j].kind == "actor":
            low = tags[j].text.lower()
            return "staff" if low in _staff() else "teller" if low in _first_person() else None
        j -= 1
    return None


def _noun_before(tags: list[Tag], i: int) -> str | None:
    """The last word before the amount, in its sentence, that names what an amount can be the size of."""
    nouns = _nouns()
    j = i - 1
    while j >= 0 and tags[j].kind != "break":
        if tags[j].text.lower() in nouns:
            return tags[j].text.lower()
        j -= 1
    return None


@cache
def _staff() -> frozenset[str]:
    return frozenset(vocab.words("actors", "staff"))


@cache
def _first_person() -> frozenset[str]:
    return frozenset(vocab.words("actors", "first_person"))


@cache
def _nouns() -> frozenset[str]:
    return frozenset(vocab.words("amounts", "nouns"))


def _sentences_after(tags: list[Tag], i: int) -> int:
    """How many sentences follow the amount's: the question is usually the last."""
    return sum(1 for t in tags[i + 1:] if t.kind == "break" and t.text in ".!?")


# -- training data ------------------------------------------------------------------------------------------


def aligned(text: str, labelled: list[dict[str, Any]]) -> list[tuple[dict[str, float], str]]:
    """(features, role) for each mention of a labelled story whose value matches the next labelled amount.

    The labels name amounts as written ("three blacks", "1.5k"); a mention is matched by value, in order,
    looking a few labels ahead, since seat numbers and card ranks are labelled but are not mentions.
    """
    tags = tagged(text)
    ms = mentions(tags)
    out: list[tuple[dict[str, float], str]] = []
    pos, n = 0, 0
    while n < len(ms):
        heap = _heap_of(tags, ms, n)
        for k in range(pos, min(pos + 4, len(labelled))):
            role = labelled[k].get("role")
            if role not in ROLES:
                continue
            if labelled[k].get("value") == ms[n].value:
                out.append((features(tags, ms, n), str(role)))
                pos, heap = k + 1, [n]
                break
            if len(heap) > 1 and labelled[k].get("value") == sum(ms[j].value for j in heap):
                # "3 yellows and 4 blacks" labelled as one heap of 1,900: each piece carries the heap's role
                out.extend((features(tags, ms, j), str(role)) for j in heap)
                pos = k + 1
                break
        else:
            heap = [n]
        n = heap[-1] + 1
    return out


def unbracketed(tags: list[Tag]) -> list[Tag]:
    """The tags outside brackets: "2 yellows (1k each), 6 blacks" is a list of chips with a value said on the way."""
    out, depth = [], 0
    for t in tags:
        depth += (t.text == "(") - (t.text == ")")
        if depth <= 0 and t.text != ")":
            out.append(t)
        depth = max(depth, 0)
    return out


def _heap_of(tags: list[Tag], ms: list[Mention], n: int) -> list[int]:
    """The mentions (by position) of the heap of chips told piece by piece that starts at ``n`` ("2 purples, 3
    blacks and 4 greens"): chip phrases with only listing words, or a value in brackets, between them."""
    if ms[n].kind != "chips":
        return [n]
    out, j = [n], n + 1
    while j < len(ms):
        between = tags[ms[out[-1]].index + 1:ms[j].index]
        outside = unbracketed(between)
        if ms[j].kind == "amount" and sum((t.text == "(") - (t.text == ")") for t in between) > 0:
            j += 1  # "3 yellows (500 ea)": a value said inside the brackets
            continue
        if ms[j].kind != "chips" or len(outside) > 3 or any(t.kind not in ("joiner", "comma") for t in outside):
            break
        out.append(j)
        j += 1
    return out


def training_rows(rows: Iterable[Any]) -> list[tuple[dict[str, float], str]]:
    """Every aligned mention of every corpus row that carries labelled amounts."""
    out: list[tuple[dict[str, float], str]] = []
    for r in rows:
        if r.amounts:
            out.extend(aligned(r.text, list(r.amounts)))
    return out


@dataclass
class RoleModel:
    """The fitted role classifier as plain weights: a row of weights (one per role) for each feature."""

    columns: dict[str, int]
    weights: Any  # features x roles
    intercept: Any
    roles: tuple[str, ...]
    key: str = ""

    @classmethod
    def train(cls, data: list[tuple[dict[str, float], str]], c: float, key: str = "") -> RoleModel:
        """Fit the classifier (deterministic: lbfgs, fixed seed) and keep only its weights."""
        import numpy as np
        from sklearn.feature_extraction import DictVectorizer
        from sklearn.linear_model import LogisticRegression

        y = [r for _f, r in data]
        if len(set(y)) < 2:  # nothing labelled to learn from: every amount stays unread ("other")
            return cls({}, np.zeros((0, 1)), np.zeros(1), ("other",), key)
        vec = DictVectorizer()
        x = vec.fit_transform([f for f, _r in data])
        lr = LogisticRegression(C=c, max_iter=3000, random_state=0).fit(x, y)
        coef, intercept = lr.coef_, lr.intercept_
        if len(lr.classes_) == 2:  # one score for the second role: softmax over (0, score) is the same probability
            coef, intercept = np.vstack([np.zeros_like(coef), coef]), np.concatenate([[0.0], intercept])
        columns = {str(name): int(j) for name, j in vec.vocabulary_.items()}
        return cls(columns, np.ascontiguousarray(coef.T), intercept.copy(), tuple(str(r) for r in lr.classes_), key)

    def proba(self, f: dict[str, float]) -> dict[str, float]:
        """The probability of each role for one mention's features (a softmax of the summed weight rows)."""
        import numpy as np

        cols = [(self.columns[k], v) for k, v in f.items() if k in self.columns]
        z = self.intercept.copy()
        if cols:
            idx = np.fromiter((c for c, _v in cols), dtype=np.int64, count=len(cols))
            vals = np.fromiter((v for _c, v in cols), dtype=float, count=len(cols))
            z = z + vals @ self.weights[idx]
        e = np.exp(z - z.max())
        p = e / e.sum()
        return {r: float(x) for r, x in zip(self.roles, p, strict=True)}


@dataclass(frozen=True)
class Reading:
    """One mention read: its value, its most likely role and that role's probability, the others' too."""

    mention: Mention
    role: str
    p: float
    probs: dict[str, float]


def read(text: str | Doc, model: RoleModel | None = None) -> tuple[list[Tag], list[Reading]]:
    """The tags of a description and the role of each amount in it."""
    model = model or role_model()
    tags = tagged(text)
    ms = mentions(tags)
    out = []
    for n, m in enumerate(ms):
        probs = model.proba(features(tags, ms, n))
        role = max(probs, key=probs.__getitem__)
        out.append(Reading(m, role, probs[role], probs))
    return tags, out


@cache
def role_model() -> RoleModel:
    """The model reading uses: the corpus's, trained or cached on first use."""
    return load_or_train()


def model_key(rows: list[Row]) -> str:
    """The cache key: the labelled amounts, the vocabulary the tags come from, the settings and the code's format
    (a word added to the vocabulary changes the tags, so the features, so the model)."""
    labelled = [Row(r.text + repr(r.amounts), "told") for r in rows if r.amounts]
    return weights_key(f"r{FORMAT}", labelled, settings()["roles"]["C"])


def weights_key(tag: str, labelled: list[Row] | None, c: float) -> str:
    """A kept-weights model's cache key: its kind and format, its labelled rows (None: the corpus files as they
    are, read as bytes), the vocabulary, its setting and the learning library's version."""
    from importlib.metadata import version

    data = "f" + files_digest() if labelled is None else corpus_hash(labelled)
    words = corpus_hash([Row(repr(vocab.data()), "vocabulary")])[:8]
    return f"{tag}-{data}-{words}-{c}-{version('scikit-learn')}"


def cached_weights(name: str, key: str, data: Callable[[], list[tuple[dict[str, float], str]]],
                   c: float) -> RoleModel:
    """A kept-weights model from the cache under ``name``, or trained from ``data()`` and cached."""
    path = cache_dir() / f"{name}-{key}.pickle"
    model = load_cached(path, RoleModel, key)
    if model is None:
        model = RoleModel.train(data(), c, key)
        save_cached(model, path, f"{name}-")
    return model


def load_or_train(rows: list[Row] | None = None) -> RoleModel:
    """The role model for these rows (the corpus by default): from the cache, or trained and cached."""
    c = settings()["roles"]["C"]
    key = weights_key(f"r{FORMAT}", None, c) if rows is None else model_key(rows)
    return cached_weights("roles", key, lambda: training_rows(load_corpus() if rows is None else rows), c)
