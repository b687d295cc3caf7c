"""Meaning search over the clauses, in card-room language.

Three layers, each because a floor question fails without it:

* the lexicon (``lexicon.toml``) turns table talk ("jam", "muck", "OOT",
  "rathole") into the rulebook's own words, since the book never says "shove";
* rapidfuzz corrects typos against the book's vocabulary ("rasie" -> raise);
* BM25 (``bm25s``, sparse and fast) ranks clauses, each indexed with its parent's wording
  too, because a child such as 2.1.1 only makes sense under "There is a
  misdeal if:".
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import snowballstemmer
from rapidfuzz import fuzz, process

from rules_index.rulebook import Clause, Rulebook
from rules_index.text import fold_digits

STOPWORDS = frozenset(
    """a an the and or but if then than so of to in on at by for with from as is are was were be been
    being it its this that these those i me my we our you your he him his she her they them their
    what which who whom whose when where why how do does did doing have has had having can could
    should would will shall may might must not no yes just also very too only own same such any all
    each other some more most few into over under about again further once here there out up down
    off am s t don didn doesn isn wasn aren won hasn haven ll re ve d m o y get got gets go goes going
    guy dude bro villain hero man like want wants wanna gonna gotta please ok okay right now still
    say says said then""".split()
)
_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_stemmer = snowballstemmer.stemmer("english")
# "Seat 6", "seats 4, 6 and 8", "table 5": who and where, not what the question is about.
_SEAT_NUMBERS = re.compile(r"\b(?:seats?|tables?|s)\s*#?\d+(?:\s*(?:,|and|&)\s*\d+)*", re.IGNORECASE)
_CLAUSE_NUMBER = re.compile(r"(?<![\d.,])(\d{1,2}(?:\.\d{1,2}){1,3})(?![\d,])")


# Format characters that render as nothing: zero-width space/joiners, word joiner, BOM, soft hyphen.
@lru_cache(maxsize=8192)
def normalize(text: str) -> str:
    """Lower-case, straighten quotes, fold accents and digits; keep digits and hyphens."""
    text = unicodedata.normalize("NFKD", fold_digits(text))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return text.lower()


def words(text: str) -> list[str]:
    return _WORD.findall(normalize(text))


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Snowball stem, cached: the same few thousand words come back in every question."""
    return _stemmer.stemWord(word.replace("'", ""))


def terms(text: str) -> list[str]:
    """Index terms: stemmed words minus stopwords; hyphenated words also split."""
    out: list[str] = []
    for w in words(text):
        parts = [w] + (w.split("-") if "-" in w else [])
        for p in parts:
            if p and p not in STOPWORDS and not p.isdigit():
                out.append(stem(p))
    return out


@dataclass(frozen=True)
class Concept:
    say: tuple[str, ...]
    means: str


class Lexicon:
    """Slang and synonyms from a data file; matched as whole words."""

    def __init__(self, concepts: list[Concept], respellings: dict[str, str] | None = None,
                 clause_terms: dict[str, list[str]] | None = None):
        self.concepts = concepts
        self.clause_terms = clause_terms or {}
        self._expanded: dict[str, list[str]] = {}
        self.respellings = {normalize(k): v for k, v in (respellings or {}).items()}
        self._respell = (
            re.compile(r"(?<![\w/])(" + "|".join(re.escape(k) for k in sorted(self.respellings, key=len, reverse=True))
                       + r")(?![\w/])")
            if self.respellings else None
        )
        self._compiled: list[tuple[str, re.Pattern[str], int]] | None = None

    @property
    def _patterns(self) -> list[tuple[str, re.Pattern[str], int]]:
        """One pattern per phrase, compiled on first use: hundreds of them, and a clause lookup needs none."""
        if self._compiled is None:
            phrases = [(normalize(s), i) for i, c in enumerate(self.concepts) for s in c.say]
            # Longest phrases first so "all in" wins over "in".
            phrases.sort(key=lambda p: -len(p[0]))
            self._compiled = [
                (p, re.compile(r"(?<![a-z0-9])" + re.escape(p) + r"(?![a-z0-9])"), i) for p, i in phrases
            ]
        return self._compiled

    @classmethod
    def load(cls, path: Path, clause_terms_path: Path | None = None) -> Lexicon:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        terms_data: dict[str, Any] = {}
        if clause_terms_path is not None and clause_terms_path.is_file():
            with clause_terms_path.open("rb") as fh:
                terms_data = tomllib.load(fh)
        return cls.from_data(data, terms_data)

    @classmethod
    def from_data(cls, data: dict[str, Any], terms_data: dict[str, Any] | None = None) -> Lexicon:
        """From parsed ``lexicon.toml`` and ``clause_terms.toml``; ``KeyError``/``TypeError`` when malformed."""
        per_clause = {str(k): [str(x) for x in v] for k, v in (terms_data or {}).get("terms", {}).items()}
        return cls([Concept(tuple(str(x) for x in c["say"]), str(c["means"])) for c in data.get("concept", [])],
                   {str(k): str(v) for k, v in data.get("respell", {}).items()}, per_clause)

    def respell(self, text: str) -> str:
        """Chat spellings ("b4", "w/o", "ur") as plain English, so the patterns see ordinary words."""
        if self._respell is None:
            return text
        return self._respell.sub(lambda m: self.respellings[m.group(1)], text)

    def expand(self, text: str) -> list[str]:
        """The rulebook phrasings for every concept mentioned in ``text`` (remembered per text)."""
        hit = self._expanded.get(text)
        if hit is None:
            hit = self._expand(text)
            if len(self._expanded) > 4096:
                self._expanded.clear()
            self._expanded[text] = hit
        return list(hit)

    def _expand(self, text: str) -> list[str]:
        """The rulebook phrasings for every concept mentioned in ``text``."""
        norm = normalize(text)
        hits: list[int] = []
        for phrase, pat, i in self._patterns:
            # The substring test is cheap and rules out almost every phrase before the regex runs.
            if i not in hits and phrase in norm and pat.search(norm):
                hits.append(i)
        return [self.concepts[i].means for i in hits]


def bm25_index(docs: list[list[str]]) -> BM25:
    """A BM25 index over pre-tokenised documents.

    bm25s keeps the scores in a sparse matrix: a query costs microseconds however many documents there
    are, where a per-document Python loop grows with every example question added.
    """
    import bm25s  # numpy behind it: loaded only when searching

    index = bm25s.BM25(k1=1.5, b=0.5, method="lucene")
    index.index([d or ["_"] for d in docs], show_progress=False)
    return BM25(index)


class BM25:
    """The one call Floor needs: a score for every document, for a list of query terms."""

    def __init__(self, index: Any):
        self._index = index

    def get_scores(self, query: list[str]) -> Any:
        import numpy as np

        if not query:
            return np.zeros(self._index.scores["num_docs"])
        return self._index.get_scores(query)


@dataclass(frozen=True)
class Hit:
    id: str
    score: float


class ClauseSearch:
    """BM25 over clause documents with lexicon expansion and typo repair."""

    def __init__(self, book: Rulebook, lexicon: Lexicon | None = None, use_lexicon: bool = True):
        self.book = book
        self.lexicon = lexicon
        self.use_lexicon = use_lexicon and lexicon is not None
        self.ids = [c.id for c in book.clauses.values() if c.kind != "section"]
        docs = [self._document(book.clauses[i]) for i in self.ids]
        # Clause documents are short and of similar length: less length normalisation (b) and a little more weight
        # on repeated terms (k1) than the defaults ranked better across four question sets (bench/search_bench.py).
        self.bm25 = bm25_index(docs)
        self.vocab: dict[str, str] = {}
        for c in book.clauses.values():
            for w in words(f"{c.title or ''} {c.text}"):
                if w not in STOPWORDS and len(w) > 2:
                    self.vocab.setdefault(w, stem(w))
        self.vocab_stems = set(self.vocab.values())
        self._vocab_words = list(self.vocab)
        self._typo_cache: dict[str, str | None] = {}

    def _document(self, c: Clause) -> list[str]:
        own = terms(f"{c.title or ''} {c.text}")
        doc = own * 2
        if self.lexicon is not None:
            doc += terms(" ".join(self.lexicon.clause_terms.get(c.id, [])))
        if c.parent:
            parent = self.book.clauses[c.parent]
            doc += terms(f"{parent.title or ''} {parent.text}")
        for child in c.children:
            doc += terms(self.book.clauses[child].text)
        return doc

    def _repair(self, query_terms: list[str], raw_words: list[str]) -> list[str]:
        """Swap words the book never uses for the closest book word, if close."""
        out = list(query_terms)
        for w in raw_words:
            if len(w) < 4 or w in STOPWORDS or stem(w) in self.vocab_stems or w.isdigit():
                continue
            fixed = self._closest(w)
            if fixed:
                out.append(fixed)
        return out

    def _closest(self, word: str) -> str | None:
        """The stem of the book word closest to ``word`` (rapidfuzz), remembered per word."""
        if word not in self._typo_cache:
            match = process.extractOne(word, self._vocab_words, scorer=fuzz.ratio, score_cutoff=80)
            if len(self._typo_cache) > 50000:
                self._typo_cache.clear()
            self._typo_cache[word] = self.vocab[match[0]] if match else None
        return self._typo_cache[word]

    def query_terms(self, query: str) -> list[str]:
        """The query as index terms (cached: the clause search and the example vote read the same text)."""
        return list(self._query_terms(query))

    @lru_cache(maxsize=2048)  # noqa: B019 - one searcher per process; the cache lives as long as it does
    def _query_terms(self, query: str) -> tuple[str, ...]:
        if self.lexicon is not None:
            query = self.lexicon.respell(normalize(query))
        q = terms(query)
        if self.use_lexicon and self.lexicon is not None:
            for phrase in self.lexicon.expand(query):
                q += terms(phrase)
        return tuple(self._repair(q, words(query)))

    def search(self, query: str, k: int = 5) -> list[Hit]:
        """Ranked clauses; a clause the query names by number ranks first."""
        named = [i for i in dict.fromkeys(_CLAUSE_NUMBER.findall(query)) if i in self.book.clauses]
        q = self.query_terms(_SEAT_NUMBERS.sub(" ", query))
        scores = self.bm25.get_scores(q) if q else [0.0] * len(self.ids)
        top = max([float(x) for x in scores] + [1.0])
        hits = [Hit(i, top + 10.0 - n) for n, i in enumerate(named)]
        order = sorted(range(len(self.ids)), key=lambda i: (-scores[i], i))
        hits += [
            Hit(self.ids[i], float(scores[i])) for i in order if scores[i] > 0 and self.ids[i] not in named
        ]
        return hits[:k]
