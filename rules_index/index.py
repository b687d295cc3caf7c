"""The rulebook as staff use it: look a clause up, or search it by meaning.

``RulesIndex`` is what every shell calls: the CLI, the console and the
Discord bot all go through ``lookup`` and ``search`` here, so an answer is the
same wherever it is asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rules_index.config import ConfigError
from rules_index.rulebook import Clause, Rulebook, load_rulebook
from rules_index.text import fold_digits

if TYPE_CHECKING:  # the search module (stemmer, fuzzy matching) is imported on first search, not for a lookup
    from rules_index.search import ClauseSearch, Hit, Lexicon

# "rule 1.4.2", "r1.4.2", "§1.4.2", "clause 1.4.2.", "section 3", "1.4.2)"
_ID_QUERY = re.compile(
    r"^\s*(?:(?:rules?|r|§+|sections?|sec\.?|clauses?|para(?:graph)?|art(?:icle)?\.?|#)\s*)?"
    r"(\d+(?:\s*\.\s*\d+)*)\s*[.)]?\s*$",
    re.IGNORECASE,
)
_ID_ANYWHERE = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d{1,2}){1,3})(?![\d])")


@dataclass(frozen=True)
class NotFound:
    """An id or title that matches nothing, with the closest real ids."""

    query: str
    suggestions: list[str]

    @property
    def error(self) -> str:
        return f"no such clause: {self.query}"


def parse_clause_id(text: str) -> str | None:
    """``'rule 1.4.2.'`` -> ``'1.4.2'``; ``None`` when the text is not an id."""
    m = _ID_QUERY.match(text or "")
    if not m:
        return None
    return re.sub(r"\s+", "", m.group(1))


def clause_ids_in(text: str) -> list[str]:
    """Every dotted clause number written in free text, in order."""
    return [m.group(1) for m in _ID_ANYWHERE.finditer(text or "")]


class RulesIndex:
    """A rulebook with its lexicon; the lexicon may be given, or a loader called on first use.

    ``floor rule 1.4.2`` needs neither the lexicon nor the search index, and compiling the lexicon's
    patterns costs more than parsing the book, so both wait until a search asks for them.
    """

    def __init__(self, book: Rulebook, lexicon: Lexicon | Callable[[], Lexicon]):
        self.book = book
        self._lexicon = lexicon
        self._searcher: ClauseSearch | None = None

    @property
    def lexicon(self) -> Lexicon:
        from rules_index.search import Lexicon

        if not isinstance(self._lexicon, Lexicon):
            self._lexicon = self._lexicon()
        return self._lexicon

    @property
    def searcher(self) -> ClauseSearch:
        """Built on first use: a lookup by number should not pay for the search index."""
        if self._searcher is None:
            from rules_index.search import ClauseSearch

            self._searcher = ClauseSearch(self.book, self.lexicon)
        return self._searcher

    @property
    def version(self) -> str:
        return self.book.version

    # -- by id ---------------------------------------------------------------
    def get(self, clause_id: str) -> Clause | None:
        return self.book.get(clause_id)

    def suggest(self, clause_id: str, n: int = 3) -> list[str]:
        """The nearest real ids: same parent first, then the numerically closest."""
        segs = clause_id.split(".")
        scored: list[tuple[int, int, int, int, str]] = []
        for pos, c in enumerate(self.book.clauses.values()):
            if c.kind == "paragraph":
                continue
            other = c.id.split(".")
            common = 0
            for a, b in zip(segs, other, strict=False):
                if a != b:
                    break
                common += 1
            gap = 99
            if common < min(len(segs), len(other)):
                a, b = segs[common], other[common]
                gap = abs(int(a) - int(b)) if a.isdigit() and b.isdigit() else 50
            scored.append((-common, abs(len(other) - len(segs)), gap, pos, c.id))
        scored.sort()
        return [s[4] for s in scored[:n]]

    # -- by id, title or phrase ------------------------------------------------
    def lookup(self, query: str) -> Clause | NotFound:
        """Resolve an id (exact, whole segments), a title, or a phrase."""
        q = fold_digits(query or "").strip()
        if not q:
            return NotFound(query="(empty)", suggestions=[])
        if q.lower() in self.book.clauses:
            return self.book.clauses[q.lower()]
        cid = parse_clause_id(q)
        if cid is not None:
            c = self.book.get(cid)
            return c if c is not None else NotFound(cid, self.suggest(cid))
        named = self.by_title(q)
        if named is not None:
            return named
        hits = self.search(q, k=3)
        ids_mentioned = clause_ids_in(q)
        if ids_mentioned:
            # "what does 1.4.2 say": the clause it names, if there is one (never "no such clause: 1.4.2").
            wanted = ids_mentioned[0]
            named_clause = self.book.get(wanted)
            return named_clause if named_clause is not None else NotFound(wanted, self.suggest(wanted))
        return NotFound(q[:80], [h.id for h in hits])

    def by_title(self, phrase: str) -> Clause | None:
        """A clause whose title or wording contains the phrase, shallowest first."""
        from rules_index.search import words

        key = " ".join(words(phrase))
        key = re.sub(r"^(the|a|an)\s+", "", key)
        key = re.sub(r"\s+(rules?|section|clause|procedure)$", lambda m: m.group(0), key)
        if len(key) < 3:
            return None
        best: tuple[int, int, Clause] | None = None
        for pos, c in enumerate(self.book.clauses.values()):
            title = " ".join(words(c.title or ""))
            body = " ".join(words(c.text))
            if title and title == key:
                rank = 0
            elif title and key in title:
                rank = 1
            elif re.search(r"(?<![a-z0-9])" + re.escape(key) + r"(?![a-z0-9])", body):
                rank = 2 + c.depth
            else:
                continue
            if best is None or (rank, pos) < (best[0], best[1]):
                best = (rank, pos, c)
        return best[2] if best else None

    # -- by meaning -----------------------------------------------------------
    def search(self, query: str, k: int = 5) -> list[Hit]:
        return self.searcher.search(query, k=k)


def load_index(rulebook_path: Path, lexicon_path: Path, terms_path: Path | None = None) -> RulesIndex:
    """Parse the rulebook now (a bad one fails at start, with ``ConfigError``); the lexicon on first search."""
    from rules_index.config import read_toml

    book = read_rulebook(rulebook_path)
    if not lexicon_path.is_file():
        raise ConfigError(f"rulebook.lexicon: file not found: {lexicon_path}")

    def lexicon() -> Lexicon:
        from rules_index.search import Lexicon

        data = read_toml(lexicon_path, "lexicon")
        terms = read_toml(terms_path, "clause terms") if terms_path is not None and terms_path.is_file() else {}
        try:
            return Lexicon.from_data(data, terms)
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigError(f"{lexicon_path}: not a lexicon ({exc})") from None

    return RulesIndex(book, lexicon)


def read_rulebook(path: Path, what: str = "rulebook.path") -> Rulebook:
    """The rulebook at ``path``, or ``ConfigError`` saying why it cannot be used (``what`` names the setting)."""
    try:
        book = load_rulebook(path)
    except FileNotFoundError:
        raise ConfigError(f"{what}: file not found: {path}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: the rulebook is not valid UTF-8 text") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the rulebook: {exc.strerror or type(exc).__name__}") from None
    except ValueError as exc:
        raise ConfigError(f"{path}: the rulebook does not parse: {exc}") from None
    if not book.numbered_ids():
        raise ConfigError(f"{path}: the rulebook has no numbered clauses (expected lines such as "
                          "'1. Section' and '1.1 Clause text'); is this the right file?")
    return book


_active: RulesIndex | None = None


def get_index() -> RulesIndex:
    """The index for the configured rulebook, built once per process.

    It changes only through ``activate`` (``/rulebook reload`` after a clean check): a file edited
    under a running bot is not picked up behind the staff's back, half-checked.
    """
    global _active
    if _active is None:
        from rules_index.config import default_settings

        s = default_settings()
        terms_path = s.clause_terms_path if s.clause_terms_path.is_file() else None
        _active = load_index(s.rulebook_path, s.lexicon_path, terms_path)
    return _active


def activate(ix: RulesIndex | None) -> None:
    """Make ``ix`` the index every shell answers from (``None``: load the configured one again)."""
    global _active
    _active = ix
