"""Which clause a question is about, learned from the labelled corpus.

A linear classifier over word and character n-grams (TF-IDF, LinearSVC), calibrated so that a
probability of 0.9 is right about nine times in ten. A second, binary model of the same kind says
whether the wording of a clause is asked for (a lookup) rather than a ruling. Both are trained
deterministically from ``corpus/`` and cached on disk under a key made of the corpus digest, the
settings and the library version, so a changed corpus retrains on first use (or ``floor train``).

It only reports probabilities; which rule applies is decided in ``engine.decide``.
"""

from __future__ import annotations

import os
import pickle
import re
import tempfile
import tomllib
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from engine.understanding.corpus import Row, corpus_hash, files_digest, load_corpus
from rules_index.text import fold_digits

SETTINGS_PATH = Path(__file__).resolve().parent / "reader.toml"
HOLDOUT_ENV = "FLOOR_HOLDOUT"  # comma-separated corpus sets to leave out (leave-one-set-out measuring)
CACHE_ENV = "FLOOR_CACHE_DIR"
CACHE_KEEP = 14  # models kept in the cache: the corpus and each held-out bench set
FORMAT = 7  # bump when the model's code changes what is cached


def model_text(text: str) -> str:
    """The text as the features see it: compatibility forms folded, invisible characters gone."""
    return unicodedata.normalize("NFKC", fold_digits(text)).lower()


@cache
def settings() -> dict[str, Any]:
    return tomllib.loads(SETTINGS_PATH.read_text(encoding="utf-8"))


class Features:
    """Word and character n-gram TF-IDF, side by side (one sparse row per text)."""

    def __init__(self, cfg: dict[str, Any]):
        from sklearn.feature_extraction.text import TfidfVectorizer

        f = cfg["features"]
        self.parts = [
            TfidfVectorizer(ngram_range=tuple(f["word_ngrams"]), sublinear_tf=True, preprocessor=model_text),
            TfidfVectorizer(analyzer="char_wb", ngram_range=tuple(f["char_ngrams"]), sublinear_tf=True,
                            min_df=f["char_min_df"], preprocessor=model_text),
        ]

    def fit_transform(self, texts: list[str]) -> Any:
        from scipy.sparse import hstack

        x = hstack([p.fit_transform(texts) for p in self.parts]).tocsr()
        for p in self.parts:
            p.stop_words_ = None  # the pruned n-grams, kept only for inspection: most of the cache's size
        return x

    def transform(self, texts: list[str]) -> Any:
        from scipy.sparse import hstack

        return hstack([p.transform(texts) for p in self.parts]).tocsr()

    def frozen(self) -> FrozenFeatures:
        """The fitted features as plain data: reading a question then needs no machine-learning library."""
        word, char = self.parts
        return FrozenFeatures(tuple(word.ngram_range), dict(word.vocabulary_), word.idf_.copy(),
                              tuple(char.ngram_range), dict(char.vocabulary_), char.idf_.copy())


_TOKEN_RX = re.compile(r"(?u)\b\w\w+\b")  # the library's default token pattern, which the model was fitted with
_SPACES_RX = re.compile(r"\s\s+")


def word_ngrams(text: str, low: int, high: int) -> list[str]:
    """Word n-grams of the model text, in the library's order (unigrams, then each longer size)."""
    words = _TOKEN_RX.findall(model_text(text))
    grams = list(words) if low == 1 else []
    for n in range(max(low, 2), min(high, len(words)) + 1):
        grams.extend(" ".join(words[i:i + n]) for i in range(len(words) - n + 1))
    return grams


def char_wb_ngrams(text: str, low: int, high: int) -> list[str]:
    """Character n-grams inside word boundaries, each word padded with a space (as the library does)."""
    grams: list[str] = []
    for w in _SPACES_RX.sub(" ", model_text(text)).split():
        grams.extend(_word_grams(w, low, high))
    return grams


@lru_cache(maxsize=65536)
def _word_grams(word: str, low: int, high: int) -> tuple[str, ...]:
    """One word's character n-grams: kept, since the same words come back question after question."""
    w = " " + word + " "
    grams: list[str] = []
    for n in range(low, high + 1):
        grams.extend([w[i:i + n] for i in range(max(1, len(w) - n + 1))])
        if len(w) <= n:
            break
    return tuple(grams)


@dataclass
class FrozenFeatures:
    """The same TF-IDF features as ``Features``, as vocabularies and idf weights only."""

    word_range: tuple[int, int]
    word_vocab: dict[str, int]
    word_idf: Any
    char_range: tuple[int, int]
    char_vocab: dict[str, int]
    char_idf: Any

    def one(self, text: str) -> tuple[Any, Any]:
        """One text's sparse row as (column indices, values): sublinear counts, idf, l2 per part."""
        import numpy as np

        word_cols = [j for j in map(self.word_vocab.get, word_ngrams(text, *self.word_range)) if j is not None]
        parts = ((word_cols, self.word_idf), (self._char_columns(text), self.char_idf))
        cols: list[Any] = []
        vals: list[Any] = []
        offset = 0
        for columns, idf in parts:
            counts = Counter(columns)  # each n-gram's column, counted in the order first seen
            if counts:
                idx = np.fromiter(counts, dtype=np.int64, count=len(counts))
                v = (1.0 + np.log(np.fromiter(counts.values(), dtype=float, count=len(counts)))) * idf[idx]
                cols.append(idx + offset)
                vals.append(v / np.sqrt(v @ v))
            offset += len(idf)
        if not cols:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        return np.concatenate(cols), np.concatenate(vals)

    def _char_columns(self, text: str) -> list[int]:
        """The columns of the text's character n-grams that the model knows, word by word; a word's columns are
        kept, since the same words come back question after question."""
        known: dict[str, tuple[int, ...]] = self.__dict__.setdefault("_columns_of_word", {})
        out: list[int] = []
        for w in _SPACES_RX.sub(" ", model_text(text)).split():
            cols = known.get(w)
            if cols is None:
                if len(known) >= _WORDS_KEPT:
                    known.clear()
                vocab = self.char_vocab
                cols = known[w] = tuple(j for j in map(vocab.get, _word_grams(w, *self.char_range)) if j is not None)
            out.extend(cols)
        return out

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the words' kept columns: they are rebuilt as questions are read."""
        return {k: v for k, v in self.__dict__.items() if k != "_columns_of_word"}


_WORDS_KEPT = 65536  # distinct words whose columns are kept (a few megabytes at most)


class Calibrated:
    """A LinearSVC whose scores become probabilities through one fitted temperature (softmax).

    The temperature is fitted on cross-validated scores (``calibration_folds``), so the probabilities
    mean what they say on questions the classifier did not see; one matrix product at prediction
    time keeps a reading well under a millisecond.
    """

    def __init__(self, cfg: dict[str, Any]):
        self.cfg = cfg["classifier"]
        self.svm: Any = None
        self.temperature = 1.0
        self.classes_: Any = None

    def fit(self, x: Any, labels: list[str]) -> Calibrated:
        import numpy as np
        from sklearn.model_selection import StratifiedKFold, cross_val_predict
        from sklearn.svm import LinearSVC

        c = self.cfg
        folds = StratifiedKFold(n_splits=c["calibration_folds"], shuffle=True, random_state=c["seed"])
        svm = LinearSVC(C=c["C"], random_state=c["seed"])
        held = cross_val_predict(svm, x, labels, cv=folds, method="decision_function")
        self.svm = svm.fit(x, labels)
        self.classes_ = self.svm.classes_
        y = np.searchsorted(self.classes_, labels)
        if held.ndim == 1:  # two classes: one score, the second class's
            held = np.stack([-held, held], axis=1)
        self.temperature = _fit_temperature(held, y)
        return self

    def predict_proba(self, x: Any) -> Any:
        return self._softmax(self.svm.decision_function(x))

    def frozen(self) -> FrozenLinear:
        import numpy as np

        # Kept one row per feature: a question's few columns are then a fast gather of whole rows.
        return FrozenLinear(np.ascontiguousarray(self.svm.coef_.T), self.svm.intercept_.copy(), self.temperature,
                            self.classes_.copy())

    def _softmax(self, s: Any) -> Any:
        return _softmax(s, self.temperature)


@dataclass
class FrozenLinear:
    """A fitted ``Calibrated`` as its weights, intercepts, temperature and labels."""

    weights: Any  # features x labels
    intercept: Any
    temperature: float
    classes_: Any

    def proba_one(self, cols: Any, vals: Any) -> Any:
        """The probability of each label for one row given as (columns, values)."""
        return _softmax((vals @ self.weights[cols] + self.intercept)[None, :], self.temperature)[0]


def _softmax(s: Any, temperature: float) -> Any:
    """Scores to probabilities at the fitted temperature (one score: a binary model's second class)."""
    import numpy as np

    if s.ndim == 1 or s.shape[1] == 1:
        s = s.reshape(-1, 1)
        s = np.hstack([-s, s])
    z = s / temperature
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def _fit_temperature(scores: Any, y: Any) -> float:
    """The temperature that minimises the log loss of softmax(scores / T): a one-dimensional search."""
    import numpy as np

    def loss(t: float) -> float:
        z = scores / t
        z = z - z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        return float(-logp[np.arange(len(y)), y].mean())

    lo, hi = 0.01, 5.0
    for _ in range(60):  # golden-section search; the loss is convex in 1/T near its minimum
        a, b = lo + 0.382 * (hi - lo), lo + 0.618 * (hi - lo)
        lo, hi = (lo, b) if loss(a) < loss(b) else (a, hi)
    return (lo + hi) / 2


def _padded(texts: list[str], labels: list[str], least: int) -> tuple[list[str], list[str]]:
    """Repeat the rows of a label seen fewer than ``least`` times, so calibration can fold every label."""
    counts = Counter(labels)
    out_t, out_l = list(texts), list(labels)
    for t, lab in zip(texts, labels, strict=True):
        out_t.extend([t] * max(0, least - counts[lab]))
        out_l.extend([lab] * max(0, least - counts[lab]))
    return out_t, out_l


@dataclass
class TopicModel:
    """The trained models and the labels they know."""

    vectorizer: Any
    topics: Any
    lookup: Any
    key: str
    rows: int

    @classmethod
    def train(cls, rows: list[Row], key: str = "") -> TopicModel:
        cfg = settings()
        if not cfg["classifier"]["learn_from_told"]:
            rows = [r for r in rows if not r.amounts]
        least = cfg["classifier"]["min_rows_per_label"]
        texts, labels = _padded([r.text for r in rows], [r.topic for r in rows], least)
        vec = Features(cfg)
        x = vec.fit_transform(texts)
        topics = Calibrated(cfg).fit(x, labels)
        asked = [r for r in rows if r.topic not in ("uncovered", "chat")]
        kinds = ["lookup" if r.is_lookup else "ruling" for r in asked]
        lookup = None  # a corpus with no lookups (or only lookups) has nothing to tell apart
        if len(set(kinds)) == 2:
            lookup = Calibrated(cfg).fit(vec.transform([r.text for r in asked]), kinds).frozen()
        # Kept and cached as plain weights: loading and reading then import no machine-learning library.
        return cls(vec.frozen(), topics.frozen(), lookup, key, len(rows))

    def read(self, text: str) -> tuple[dict[str, float], float]:
        """The probability of every label, best first, and the probability that a clause's wording is asked for."""
        cols, vals = self.vectorizer.one(text)
        probs = self.topics.proba_one(cols, vals)
        order = probs.argsort()[::-1]
        topics = dict(zip(self.topics.classes_[order].tolist(), probs[order].tolist(), strict=True))
        if self.lookup is None:
            return topics, 0.0
        lk = self.lookup.proba_one(cols, vals)
        return topics, float(lk[list(self.lookup.classes_).index("lookup")])


def cache_dir() -> Path:
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "floor"


def model_key(rows: list[Row]) -> str:
    return _key(corpus_hash(rows))


def default_key() -> str:
    """The key of the corpus's own model (less any held-out sets), from the files' bytes: no row is parsed."""
    return _key("f" + files_digest(exclude_sets=holdout_sets()))


def _key(data: str) -> str:
    from importlib.metadata import version

    learner = version("scikit-learn")  # read from the installed metadata: importing the library costs a second
    return f"v{FORMAT}-{data}-{corpus_hash([Row(str(settings()), 'settings')])[:8]}-{learner}"


def holdout_sets() -> tuple[str, ...]:
    return tuple(s for s in os.environ.get(HOLDOUT_ENV, "").split(",") if s.strip())


def load_or_train(rows: list[Row] | None = None) -> TopicModel:
    """The model for these rows (by default the corpus less any held-out sets): from the cache, or trained and
    cached."""
    key = default_key() if rows is None else model_key(rows)
    path = cache_dir() / f"topics-{key}.pickle"
    model = load_cached(path, TopicModel, key)
    if model is None:
        rows = load_corpus(exclude_sets=holdout_sets()) if rows is None else rows
        model = TopicModel.train(rows, key)
        save_cached(model, path, "topics-")
    return model


def load_cached(path: Path, kind: type, key: str) -> Any:
    """A cached model of this kind and key, or None (no cache yet, or one from another version: train)."""
    try:
        with path.open("rb") as f:
            model = pickle.load(f)
        if isinstance(model, kind) and getattr(model, "key", None) == key:
            return model
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass
    return None


def save_cached(model: Any, path: Path, prefix: str) -> None:
    """Write the cache atomically; a cache that cannot be written only costs a retrain next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(model, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        kept = sorted(path.parent.glob(f"{prefix}*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in kept[CACHE_KEEP:]:  # measuring leaves one model per held-out set; keep the cache bounded
            old.unlink(missing_ok=True)
    except OSError:
        pass


_MODEL: TopicModel | None = None


def topic_model() -> TopicModel:
    """The process's model, loaded lazily on first use."""
    global _MODEL
    if _MODEL is None:
        _MODEL = load_or_train()
    return _MODEL


def use_model(model: TopicModel | None) -> None:
    """Swap the process's model (measuring with a set held out; tests)."""
    global _MODEL
    _MODEL = model
