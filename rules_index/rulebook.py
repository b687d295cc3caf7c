"""Parse a house rulebook written in numbered style into a clause tree.

The room edits its rulebook as plain text: section headings such as
``1. Wagering & Order of Play``, numbered clauses such as ``1.4.2 ...`` (often
behind a bullet and indented), and unnumbered bullet lines that continue the
clause above them.  Nothing here knows this particular book's ids: the tree is
built from the numbering alone, so a drop-in updated rulebook parses the same
way.

Why the parent comes from the number and not from the indentation: the source
sometimes indents a clause under a sibling (3.18.3 sits under 3.18.2), but the
number is what staff quote, so the number wins.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

BULLET_CHARS = "•·*-–"
_NUMBERED = re.compile(r"^\s*(?:[" + BULLET_CHARS + r"]\s*)?(\d+(?:\.\d+)+)\.?\s+(.*\S)\s*$")
_SECTION = re.compile(r"^(\d+)\.\s+(\S.*?)\s*$")
_TERMINAL = (".", ":", "?", "!", ";", ",", "”", '"')


@dataclass
class Clause:
    """One addressable piece of the rulebook.

    ``text`` is the clause's own wording exactly as the source has it (bullets,
    curly quotes and all); a clause's children are separate clauses and their
    text is not repeated here.  ``lines`` are the 1-based source line numbers
    that make up the clause, so tests can prove no line was lost.
    """

    id: str
    title: str | None
    text: str
    parent: str | None
    section: str | None
    kind: str  # "section" | "clause" | "paragraph"
    children: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)

    @property
    def depth(self) -> int:
        return self.id.count(".") + 1 if self.id[0].isdigit() else 0

    def heading(self) -> str:
        """``1.4.2`` or ``1.1.2 Bet`` or ``1. Wagering & Order of Play``."""
        if self.kind == "section":
            return f"{self.id}. {self.title}"
        if self.kind == "paragraph":
            return self.title or self.id
        return f"{self.id} {self.title}" if self.title else self.id


@dataclass
class Rulebook:
    """The parsed book: clauses in source order, addressable by id."""

    name: str
    file_name: str
    digest: str
    clauses: dict[str, Clause]
    headings: list[tuple[int, str]]  # unnumbered headings: (line, text)
    source: str

    @property
    def version(self) -> str:
        """What every answer shows: file name and a short content hash."""
        return f"{self.file_name}@{self.digest[:12]}"

    def get(self, clause_id: str) -> Clause | None:
        return self.clauses.get(clause_id)

    def __contains__(self, clause_id: object) -> bool:
        return clause_id in self.clauses

    def ids(self) -> list[str]:
        return list(self.clauses)

    def numbered_ids(self) -> list[str]:
        return [c.id for c in self.clauses.values() if c.kind == "clause"]

    def ancestors(self, clause_id: str) -> list[Clause]:
        """Outermost first, not including the clause itself."""
        out: list[Clause] = []
        cur = self.clauses[clause_id].parent
        while cur is not None:
            out.append(self.clauses[cur])
            cur = self.clauses[cur].parent
        return list(reversed(out))

    def descendants(self, clause_id: str) -> list[Clause]:
        out: list[Clause] = []
        for child in self.clauses[clause_id].children:
            out.append(self.clauses[child])
            out.extend(self.descendants(child))
        return out

    def full_text(self, clause_id: str) -> str:
        """The clause with everything under it, as a floor person would read it out."""
        c = self.clauses[clause_id]
        parts = [_render_line(c)]
        parts.extend(_render_line(d) for d in self.descendants(clause_id))
        return "\n".join(p for p in parts if p)


def _render_line(c: Clause) -> str:
    if c.kind == "section":
        return c.heading()
    head = c.heading() if c.kind == "clause" else ""
    if c.title and c.text:
        return f"{head}\n{c.text}".strip()
    return f"{head} {c.text}".strip() if head else c.text


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _looks_like_title(rest: str) -> bool:
    """``Check`` or ``Bet`` after a number is a title; a sentence is text."""
    words = rest.split()
    return len(words) <= 5 and not rest.endswith(_TERMINAL)


def _parent_id(clause_id: str, known: dict[str, Clause]) -> str | None:
    parts = clause_id.split(".")
    while len(parts) > 1:
        parts = parts[:-1]
        cand = ".".join(parts)
        if cand in known:
            return cand
    return None


def parse_rulebook(text: str, file_name: str = "rulebook.txt") -> Rulebook:
    """Build the clause tree from rulebook text.

    Lines before the first numbered section are front matter: short lines with
    no closing punctuation are headings, and each paragraph becomes a clause
    (the first one ``preamble``, later ones named after the heading above
    them, e.g. ``staff-authority``).
    """
    lines = text.splitlines()
    clauses: dict[str, Clause] = {}
    headings: list[tuple[int, str]] = []
    book_name = ""
    current: Clause | None = None
    section: str | None = None
    last_heading: str | None = None
    in_body = False

    for idx, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        if not line.strip():
            continue
        stripped = line.strip()
        m_sec = _SECTION.match(stripped) if raw[:1].isdigit() else None
        m_num = _NUMBERED.match(line)
        if m_sec and not m_num:
            in_body = True
            section = m_sec.group(1)
            current = Clause(
                id=section, title=m_sec.group(2), text="", parent=None,
                section=section, kind="section", lines=[],
            )
            clauses[section] = current
            headings.append((idx, stripped))
            continue
        if m_num:
            in_body = True
            cid, rest = m_num.group(1), m_num.group(2)
            if cid in clauses:
                raise ValueError(f"line {idx}: clause {cid} appears twice")
            title, body = (rest, "") if _looks_like_title(rest) else (None, rest)
            parent = _parent_id(cid, clauses)
            current = Clause(
                id=cid, title=title, text=body, parent=parent,
                section=cid.split(".")[0] if cid.split(".")[0] in clauses else section,
                kind="clause", lines=[idx],
            )
            clauses[cid] = current
            if parent is not None:
                clauses[parent].children.append(cid)
            continue
        if not in_body:
            if not book_name:
                book_name = stripped
                headings.append((idx, stripped))
                continue
            if not stripped.endswith(_TERMINAL) and len(stripped.split()) <= 8:
                headings.append((idx, stripped))
                last_heading = stripped
                current = None
                continue
            if current is None:
                has_preamble = "preamble" in clauses
                cid = _slug(last_heading) if has_preamble and last_heading else "preamble"
                if cid in clauses:
                    cid = f"{cid}-{idx}"
                current = Clause(
                    id=cid, title=last_heading, text=stripped, parent=None,
                    section=None, kind="paragraph", lines=[idx],
                )
                clauses[cid] = current
            else:
                current.text = f"{current.text}\n{stripped}"
                current.lines.append(idx)
            continue
        # Unnumbered line inside the body: continues the clause above it.
        if current is None or current.kind == "section":
            raise ValueError(f"line {idx}: text outside any clause: {stripped[:60]!r}")
        current.text = f"{current.text}\n{stripped}" if current.text else stripped
        current.lines.append(idx)

    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return Rulebook(
        name=book_name or file_name, file_name=file_name, digest=digest,
        clauses=clauses, headings=headings, source=text,
    )


def load_rulebook(path: str | Path) -> Rulebook:
    p = Path(path)
    return parse_rulebook(p.read_text(encoding="utf-8"), file_name=p.name)
