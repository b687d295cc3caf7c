"""The rulebook as staff use it: look a clause up, or search it by meaning.

``RulesIndex`` is what every shell calls: the CLI, the console and the
Discord bot all go through ``lookup`` and ``search`` here, so an answer is the
same wherever it is asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules_index.rulebook import Clause, Rulebook, load_rulebook
from rules_index.search import ClauseSearch, Hit, Lexicon, fold_digits, words

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
    def __init__(self, book: Rulebook, lexicon: Lexicon):
        self.book = book
        self.lexicon = lexicon
        self._searcher: ClauseSearch | None = None

    @property
    def searcher(self) -> ClauseSearch:
        """Built on first use: a lookup by number should not pay for the search index."""
        if self._searcher is None:
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
            wanted = ids_mentioned[0]
            return NotFound(wanted, self.suggest(wanted))
        return NotFound(q[:80], [h.id for h in hits])

    def by_title(self, phrase: str) -> Clause | None:
        """A clause whose title or wording contains the phrase, shallowest first."""
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


@lru_cache(maxsize=4)
def _load(rulebook_path: str, lexicon_path: str, terms_path: str | None, mtime: float) -> RulesIndex:
    return RulesIndex(load_rulebook(rulebook_path),
                      Lexicon.load(Path(lexicon_path), Path(terms_path) if terms_path else None))


_checked: dict[str, tuple[float, RulesIndex]] = {}
RECHECK_SECONDS = 2.0


def get_index(rulebook_path: Path | None = None, lexicon_path: Path | None = None) -> RulesIndex:
    """The index for the configured rulebook, built once per process.

    The files' modification times are looked at again every couple of seconds, so a room that drops in an
    updated rulebook sees it without a restart, and a burst of questions does not stat the disk each time.
    """
    import time

    from rules_index.config import default_settings

    key = f"{rulebook_path}|{lexicon_path}"
    now = time.monotonic()
    hit = _checked.get(key)
    if hit and now - hit[0] < RECHECK_SECONDS:
        return hit[1]
    s = default_settings()
    rulebook_path = rulebook_path or s.rulebook_path
    lexicon_path = lexicon_path or s.lexicon_path
    terms_path = s.clause_terms_path if s.clause_terms_path.is_file() else None
    mtime = sum(Path(p).stat().st_mtime for p in (rulebook_path, lexicon_path, terms_path) if p)
    ix = _load(str(rulebook_path), str(lexicon_path), str(terms_path) if terms_path else None, mtime)
    _checked[key] = (now, ix)
    return ix
