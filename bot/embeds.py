"""A neutral ``Reply`` as Discord embeds, inside every Discord limit.

Limits (``bot.limits``): a title of 256, a description of 4096, 25 fields of
1024 (names 256), a footer of 2048, and 6000 characters across all the embeds
of one message, at most 10 of them.  A long clause is never cut short: it is
split at a paragraph, line, sentence or word into more fields ("(cont.)"),
more embeds, and if need be more messages (each one marked "part i/n").

Everything taken from the reply is escaped here (markdown and mentions), so a
question containing ``**bold**`` or ``@everyone`` is shown literally; the only
markdown in an embed is what this module adds (quotes for rulebook wording).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import discord

from bot import limits
from bot.limits import shorten, split_text
from bot.reply import Reply

COLOURS = {
    "info": 0x3B82F6,
    "ruling": 0x16A34A,
    "question": 0xF59E0B,
    "uncovered": 0x6B7280,
    "warning": 0xF59E0B,
    "error": 0xDC2626,
}
NO_MENTIONS = discord.AllowedMentions.none()
FOOTER_MAX = 500


def esc(text: str) -> str:
    """Shown literally: no markdown from the text, no mention that could ping."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def quote(text: str) -> str:
    return "\n".join(f"> {line}" if line.strip() else ">" for line in text.splitlines())


@dataclass
class _Block:
    kind: str  # "description" | "field"
    value: str
    name: str = ""
    inline: bool = False

    @property
    def size(self) -> int:
        return len(self.name) + len(self.value)


@dataclass
class _Message:
    embeds: list[discord.Embed] = field(default_factory=list)
    total: int = 0


def _blocks(reply: Reply, description_limit: int) -> list[_Block]:
    blocks: list[_Block] = []
    for chunk in split_text(esc(reply.body), description_limit):
        blocks.append(_Block("description", chunk))
    if reply.echo:
        blocks.extend(_field_blocks("Asked", esc(reply.echo)))
    for sec in reply.sections:
        dress = quote if sec.quote else None
        blocks.extend(_field_blocks(esc(sec.name), esc(sec.body) or "—", dress=dress, inline=sec.inline))
    q = reply.question
    if q is not None:
        how = "Pick an answer below." if q.choices else "Press **Answer** to type it."
        blocks.extend(_field_blocks("Question", f"{esc(q.text)}\n{how}"))
    return blocks


def _field_blocks(name: str, value: str, dress: object = None, inline: bool = False) -> list[_Block]:
    pieces = split_text(value, limits.FIELD_VALUE, dress=dress)  # type: ignore[arg-type]
    out = []
    for i, piece in enumerate(pieces):
        label = name if i == 0 else f"{name} (cont.)"
        out.append(_Block("field", piece, shorten(label, limits.FIELD_NAME), inline and len(pieces) == 1))
    return out


def reply_messages(reply: Reply) -> list[list[discord.Embed]]:
    """The reply as one or more messages' worth of embeds, each message within every limit."""
    colour = COLOURS.get(reply.tone, COLOURS["info"])
    title = shorten(esc(reply.title), limits.EMBED_TITLE)
    # The footer is metadata (rulebook version, log id); 500 leaves room for the answer itself.
    footer = shorten(reply.footer, FOOTER_MAX) if reply.footer else ""
    budget = limits.EMBED_TOTAL - len(footer) - 20  # room for the footer and " · part 10/10"
    description_limit = min(limits.EMBED_DESCRIPTION, budget - limits.EMBED_TITLE)
    messages: list[_Message] = [_Message()]

    def open_embed(block: _Block) -> discord.Embed:
        msg = messages[-1]
        first_in_message = not msg.embeds
        heading = title if len(messages) == 1 else shorten(f"{title} (continued)", limits.EMBED_TITLE)
        cost = block.size + (len(heading) if first_in_message else 0)
        if msg.embeds and (msg.total + cost > budget or len(msg.embeds) >= limits.EMBEDS_PER_MESSAGE):
            messages.append(_Message())
            return open_embed(block)
        embed = discord.Embed(colour=colour)
        if first_in_message:
            embed.title = heading
            msg.total += len(heading)
        msg.embeds.append(embed)
        return embed

    current: discord.Embed | None = None
    for block in _blocks(reply, description_limit):
        msg = messages[-1]
        fits = current is not None and msg.total + block.size <= budget
        if block.kind == "description":
            if not fits or current is None or current.description or current.fields:
                current = open_embed(block)
            current.description = block.value
        else:
            if not fits or current is None or len(current.fields) >= limits.EMBED_FIELDS:
                current = open_embed(block)
            current.add_field(name=block.name, value=block.value, inline=block.inline)
        messages[-1].total += block.size
    if not messages[-1].embeds:  # an empty reply still answers
        messages[-1].embeds.append(discord.Embed(title=title, colour=colour))
    n = len(messages)
    for i, msg in enumerate(messages, start=1):
        text = " · ".join(p for p in (footer, f"part {i}/{n}" if n > 1 else "") if p)
        if text:
            msg.embeds[-1].set_footer(text=text)
    return [m.embeds for m in messages]


def embed_size(embeds: list[discord.Embed]) -> int:
    """Characters Discord counts toward the 6000 of one message."""
    total = 0
    for e in embeds:
        total += len(e.title or "") + len(e.description or "")
        total += len(e.footer.text or "") if e.footer else 0
        total += len(e.author.name or "") if e.author else 0
        total += sum(len(f.name or "") + len(f.value or "") for f in e.fields)
    return total


def limit_problems(embeds: list[discord.Embed]) -> list[str]:
    """Every way these embeds (one message) break Discord's limits; empty when they fit."""
    out = []
    if len(embeds) > limits.EMBEDS_PER_MESSAGE:
        out.append(f"{len(embeds)} embeds in one message")
    if embed_size(embeds) > limits.EMBED_TOTAL:
        out.append(f"{embed_size(embeds)} characters in one message")
    for e in embeds:
        if len(e.title or "") > limits.EMBED_TITLE:
            out.append("title too long")
        if len(e.description or "") > limits.EMBED_DESCRIPTION:
            out.append("description too long")
        if len(e.fields) > limits.EMBED_FIELDS:
            out.append(f"{len(e.fields)} fields")
        if e.footer and len(e.footer.text or "") > limits.EMBED_FOOTER:
            out.append("footer too long")
        for f in e.fields:
            if not f.name or len(f.name) > limits.FIELD_NAME:
                out.append(f"field name of {len(f.name or '')}")
            if not f.value or len(f.value) > limits.FIELD_VALUE:
                out.append(f"field value of {len(f.value or '')}")
    return out
