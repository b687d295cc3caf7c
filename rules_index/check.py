"""Checking an updated rulebook before Floor answers from it.

A house's rules change.  Before a new text replaces the current one, staff need
to see what changed (clauses added, removed, reworded) and whether anything
Floor relies on (the rules as code, the scenarios, the example questions that
vote on a question's clause, the quiz questions) would cite a clause that is
gone.  ``floor rulebook check NEW.txt`` and ``/rulebook reload`` both run
``check_book`` and refuse the new text when it would leave a citation
dangling.
"""

from __future__ import annotations

import difflib
import logging
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from rules_index.config import ConfigError
from rules_index.rulebook import Clause, Rulebook

log = logging.getLogger(__name__)
_CLAUSE_ID = re.compile(r"^\d+(?:\.\d+)+$")


@dataclass(frozen=True)
class Citation:
    """Something in the project that names a clause: where it is, and which clause."""

    source: str  # "rule", "scenario", "example", "quiz"
    where: str
    clause_id: str


@dataclass
class Report:
    """What a new rulebook changes, and what would break."""

    old_version: str
    new_version: str
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: dict[str, str] = field(default_factory=dict)  # id -> word diff
    dangling: list[Citation] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def broken(self) -> bool:
        return bool(self.dangling)


def _wording(c: Clause) -> str:
    return " ".join(f"{c.title or ''} {c.text}".split())


def word_diff(old: str, new: str, context: int = 6) -> str:
    """``[-old words-]{+new words+}`` inline, the way ``git diff --word-diff`` shows it.

    Long unchanged runs are cut to ``context`` words either side, so one changed word in a long clause
    reads as a change, not as the whole clause again.
    """
    a, b = old.split(), new.split()
    out: list[str] = []
    ops = difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    for n, (op, i1, i2, j1, j2) in enumerate(ops):
        if op == "equal":
            same = a[i1:i2]
            head = same[:context] if n > 0 else []
            tail = same[-context:] if n < len(ops) - 1 else []
            out.extend(same if len(same) <= len(head) + len(tail) + 1 else [*head, "…", *tail])
            continue
        if i2 > i1:
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def diff_books(old: Rulebook, new: Rulebook, report: Report) -> None:
    """Fill in the clauses added, removed and reworded (ids compared, sections included)."""
    report.added = [cid for cid in new.clauses if cid not in old.clauses]
    report.removed = [cid for cid in old.clauses if cid not in new.clauses]
    for cid, c in new.clauses.items():
        before = old.clauses.get(cid)
        if before is not None and _wording(before) != _wording(c):
            report.changed[cid] = word_diff(_wording(before), _wording(c))


# -- what cites clauses ---------------------------------------------------------------
def rule_citations() -> Iterator[Citation]:
    """The clauses each rule as code names, and the clauses marked as decided by no rule."""
    from engine.core import NOT_DECIDABLE
    from engine.decide import load_rules

    for name, r in load_rules().items():
        for cid in r.clauses:
            yield Citation("rule", name, cid)
    for cid in NOT_DECIDABLE:
        yield Citation("rule", "not decidable", cid)


def scenario_citations() -> Iterator[Citation]:
    from scenarios import load_scenarios

    for sc in load_scenarios():
        for cid in sc.expect.citations:
            yield Citation("scenario", sc.id, cid)
        if sc.topic and _CLAUSE_ID.match(sc.topic):
            yield Citation("scenario", f"{sc.id} (topic)", sc.topic)


def example_citations() -> Iterator[Citation]:
    """The clause each question of the reader's labelled corpus is labelled with."""
    from engine.understanding.corpus import CORPUS_DIR, NON_CLAUSE, parse_row

    for path in sorted(CORPUS_DIR.glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip():
                topic = parse_row(line).topic
                if topic not in NON_CLAUSE:
                    yield Citation("example", f"{path.name}:{n}", topic)


def quiz_citations(book: Rulebook) -> Iterator[Citation]:
    """The quiz questions the new book would give, with the clauses each one names."""
    from engine.training import all_questions
    from scenarios import load_scenarios

    for q in all_questions(random.Random(0), book=book, scenarios=load_scenarios()):
        for cid in q.clause_ids:
            yield Citation("quiz", q.id, cid)


def dangling(book: Rulebook, citations: Iterator[Citation]) -> list[Citation]:
    return [c for c in citations if c.clause_id not in book.clauses]


def require_rule_citations(book: Rulebook) -> None:
    """``ConfigError`` when the rules cite clauses this rulebook lacks: Floor must not rule from it."""
    gone = sorted({c.clause_id for c in dangling(book, rule_citations())})
    if gone:
        shown = ", ".join(gone[:8]) + (f" and {len(gone) - 8} more" if len(gone) > 8 else "")
        raise ConfigError(f"rulebook.path: the rulebook lacks clauses the rules cite ({shown}); "
                          f"run `floor rulebook check` on it to see what changed")


# -- the check --------------------------------------------------------------------------
def check_book(old: Rulebook, new: Rulebook) -> Report:
    """Compare ``new`` with ``old`` and check every citation against ``new``."""
    report = Report(old_version=old.version, new_version=new.version)
    diff_books(old, new, report)
    for source in (rule_citations(), scenario_citations(), example_citations()):
        report.dangling.extend(dangling(new, source))
    try:
        report.dangling.extend(dangling(new, quiz_citations(new)))
    except Exception as exc:  # a generator failing on the new text is a finding, not a crash
        log.exception("quiz generation failed on the new rulebook")
        report.dangling.append(Citation("quiz", f"quiz generation failed ({type(exc).__name__})", "?"))
    return report


def check_file(path: str | Path) -> Report:
    """``floor rulebook check``: the new file against the configured rulebook."""
    from rules_index import get_index
    from rules_index.index import read_rulebook

    new = read_rulebook(Path(path), "new rulebook")
    return check_book(get_index().book, new)


def report_text(report: Report, *, words: bool = True, limit: int = 40) -> str:
    """The report as staff read it: the verdict first, then what changed, then what would break."""
    verdict = (f"REFUSED: {len(report.dangling)} citation(s) would point at clauses that are gone."
               if report.broken else "OK: every citation is in the new rulebook.")
    lines = [verdict, f"current {report.old_version} -> new {report.new_version}",
             f"added {len(report.added)}, removed {len(report.removed)}, changed {len(report.changed)}"]
    if report.added:
        lines.append("Added: " + ", ".join(report.added))
    if report.removed:
        lines.append("Removed: " + ", ".join(report.removed))
    if report.changed:
        lines.append("Changed:")
        for cid, diff in report.changed.items():
            lines.append(f"  {cid}: {diff}" if words else f"  {cid}")
    if report.dangling:
        lines.append("Would cite a clause that is gone:")
        for c in report.dangling[:limit]:
            lines.append(f"  {c.source} {c.where} -> {c.clause_id}")
        if len(report.dangling) > limit:
            lines.append(f"  ... and {len(report.dangling) - limit} more")
    lines.extend(report.notes)
    return "\n".join(lines)


# -- switching a running Floor ------------------------------------------------------------
def reload_configured() -> tuple[Report, bool]:
    """Check the configured rulebook file against the one in use and, if clean, answer from it from now on.

    The config is read again (the path may have been pointed at a new file).  Returns the report and
    whether the switch happened; ``ConfigError`` when the config or the new file cannot be used at all.
    Caches built from the old book (the example-question vote) are dropped so nothing mixes the two.
    """

    from rules_index.config import load_settings
    from rules_index.index import activate, get_index, load_index

    settings = load_settings()
    terms = settings.clause_terms_path if settings.clause_terms_path.is_file() else None
    fresh = load_index(settings.rulebook_path, settings.lexicon_path, terms)
    report = check_book(get_index().book, fresh.book)
    if report.broken:
        return report, False
    fresh.searcher  # noqa: B018 - build the search index before the switch, not inside the next question
    activate(fresh)  # the reader's model keeps working: its labels are clause ids the check found in the new book
    return report, True
