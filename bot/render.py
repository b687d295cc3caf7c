"""Plain-text rendering of rulebook answers, shared by the CLI and the console.

Kept free of discord so the command line starts fast; the Discord embeds are
built from the same ``bot.reply.Reply`` in ``bot.embeds``.  The ``*_json``
helpers are the ``--json`` contract of ``bot.cli`` and keep their shapes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # types only: ``floor rule`` should not pay for importing the reply and search modules
    from bot.reply import Reply
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


# -- the neutral reply as terminal text ------------------------------------------------------------
def reply_text(reply: Reply) -> str:
    """A ``Reply`` as the console and ``floor ruling`` print it.

    The same content as the Discord embed: title, body, each section (rulebook
    wording indented with ``│`` so it reads as a quotation), the question back
    with numbered options, and the rulebook version.
    """
    out = [f"== {reply.title} =="]
    if reply.body:
        out.append(reply.body)
    for sec in reply.sections:
        out.append("")
        if sec.quote:
            out.append(f"{sec.name}:")
            out.extend(f"  │ {line}" if line else "  │" for line in sec.body.splitlines())
        elif sec.inline and "\n" not in sec.body:
            out.append(f"{sec.name}: {sec.body}")
        else:
            out.append(f"{sec.name}:")
            out.extend(f"  {line}" for line in sec.body.splitlines())
    q = reply.question
    if q is not None:
        out.append("")
        out.append(q.text)
        for i, ch in enumerate(q.choices, start=1):
            out.append(f"  {i}) {ch.label}")
        if q.choices:
            out.append("Answer with a number.")
        else:
            out.append("Type the answer" + (f" ({q.placeholder})." if q.placeholder else "."))
    if reply.footer:
        out.append("")
        out.append(f"[{reply.footer}]")
    return "\n".join(out)


def ruling_text(ruling: Any) -> str:
    """``floor ruling TEXT``: an engine ``Ruling`` rendered exactly as the console shows it."""
    from bot.handlers import from_ruling

    return reply_text(from_ruling(ruling))
