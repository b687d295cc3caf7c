"""Plain-text rendering of rulebook answers, shared by the CLI and the console.

Kept free of discord so the command line starts fast; the Discord embeds are
built from the same pieces in ``bot.embeds``.
"""

from __future__ import annotations

from typing import Any

from rules_index import Clause, NotFound, RulesIndex
from rules_index.search import Hit


def clause_json(ix: RulesIndex, c: Clause) -> dict[str, Any]:
    return {
        "id": c.id,
        "title": c.title,
        "text": c.text,
        "parent": c.parent,
        "children": list(c.children),
        "section": c.section,
        "rulebook_version": ix.version,
    }


def not_found_json(nf: NotFound) -> dict[str, Any]:
    return {"error": nf.error, "suggestions": list(nf.suggestions)}


def search_json(ix: RulesIndex, query: str, hits: list[Hit]) -> dict[str, Any]:
    return {
        "query": query,
        "results": [
            {"id": h.id, "score": round(h.score, 4), "text": ix.book.clauses[h.id].text} for h in hits
        ],
    }


def clause_text(ix: RulesIndex, c: Clause) -> str:
    """The clause under its ancestors' headings, with its children listed."""
    lines = [a.heading() + ("" if a.kind == "section" or a.title else f" {a.text.splitlines()[0]}")
             for a in ix.book.ancestors(c.id)]
    lines = [f"{'  ' * i}{line}" for i, line in enumerate(lines)]
    pad = "  " * len(lines)
    head = c.heading()
    body = c.text
    if c.kind == "clause":
        lines.append(f"{pad}{head}" + (f" {body}" if body and not c.title else ""))
        if c.title and body:
            lines.extend(f"{pad}  {b}" for b in body.splitlines())
    elif c.kind == "section":
        lines.append(head)
    else:
        lines.append(head)
        lines.extend(body.splitlines())
    if c.children:
        lines.append("")
        lines.append("Sub-clauses:")
        for ch in c.children:
            cc = ix.book.clauses[ch]
            lines.append(f"  {cc.heading()}" + (f" {cc.text.splitlines()[0]}" if not cc.title else ""))
    lines.append("")
    lines.append(f"[{ix.version}]")
    return "\n".join(lines)


def not_found_text(nf: NotFound) -> str:
    if nf.suggestions:
        return f"No such clause: {nf.query}. Did you mean {', '.join(nf.suggestions)}?"
    return f"No such clause: {nf.query}."


def search_text(ix: RulesIndex, query: str, hits: list[Hit]) -> str:
    if not hits:
        return f"Nothing in the rulebook matches {query!r}. Try other words, or a clause number."
    out = [f"Top matches for {query!r}:"]
    for h in hits:
        c = ix.book.clauses[h.id]
        first = c.text.splitlines()[0] if c.text else ""
        label = c.heading()
        out.append(f"  {label:<18} {first[:110]}")
    out.append(f"[{ix.version}]")
    return "\n".join(out)


def ruling_text(ruling: Any) -> str:
    """A ruling as plain text: outcome, citations, assumptions, what would flip it, questions back."""
    lines = [f"[{ruling.kind}] {ruling.outcome}"]
    if ruling.citations:
        lines.append("Clauses: " + ", ".join(ruling.citations))
    for a in ruling.assumptions:
        lines.append(f"Assumed: {a}")
    for alt in ruling.alternatives:
        lines.append(f"Would differ if {alt.condition}: {alt.outcome}")
    for i, fu in enumerate(ruling.follow_up, 1):
        opts = " / ".join(f"{n}. {o.label}" for n, o in enumerate(fu.options, 1))
        lines.append(f"Question {i}: {fu.question}" + (f" ({opts})" if opts else ""))
    version = f" [{ruling.rulebook_version}]" if ruling.rulebook_version else ""
    lines.append(f"Confidence {ruling.confidence:.2f}{version}")
    return "\n".join(lines)
