"""Discord's size limits, and splitting long text at natural boundaries.

The limits live here, free of discord.py, because the neutral reply model, the
text renderer and the tests all need them, and the command line must not pay
for importing discord.  Splitting never drops a character: a long clause is
cut at a paragraph, a line, a sentence or a word (in that order of
preference) into more pieces, and the pieces joined back give the text again.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# https://discord.com/developers/docs/resources/message#embed-object-embed-limits
CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_AUTHOR = 256
EMBED_TOTAL = 6000  # across every embed of one message
EMBEDS_PER_MESSAGE = 10

# https://discord.com/developers/docs/interactions/application-commands
COMMAND_NAME = 32
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25
COMMAND_CHOICES = 25
COMMAND_TOTAL = 4000
CHOICE_NAME = 100
CHOICE_VALUE = 100

# https://discord.com/developers/docs/interactions/message-components
BUTTON_LABEL = 80
SELECT_OPTION_LABEL = 100
SELECT_OPTION_DESCRIPTION = 100
SELECT_OPTIONS = 25
BUTTONS_PER_ROW = 5
ROWS = 5
MODAL_TITLE = 45
TEXT_INPUT_LABEL = 45

# Where a cut may fall, best first: a blank line, a line end, a sentence end, a word end.
_BOUNDARIES = (
    re.compile(r"\n\s*\n"),
    re.compile(r"\n"),
    re.compile(r"(?<=[.!?;:…])[\"”’)]*\s+"),
    re.compile(r"\s+"),
)


def _cut(text: str, limit: int) -> tuple[str, str]:
    """The longest natural head of ``text`` within ``limit``, and the rest."""
    window = text[: limit + 1]
    for pattern in _BOUNDARIES:
        best = None
        for m in pattern.finditer(window):
            if 0 < m.start() <= limit:
                best = m
        if best is not None:
            return text[: best.start()], text[best.end():]
    # One unbroken run longer than the limit (a URL, a wall of symbols): cut it hard.
    return text[:limit], text[limit:]


def split_text(text: str, limit: int, dress: Callable[[str], str] | None = None) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut at natural boundaries.

    ``dress`` (for example quoting every line with ``> ``) is applied to each
    piece, and the pieces are sized so that the dressed piece fits: the caller
    gets pieces ready to send.  The whitespace a cut falls on is the only thing
    not carried into a piece.
    """
    if limit < 1:
        raise ValueError("limit must be positive")
    dress = dress or (lambda s: s)
    text = text.strip()
    if not text:
        return []
    pieces: list[str] = []
    rest = text
    while rest:
        if len(dress(rest)) <= limit:
            pieces.append(dress(rest))
            break
        budget = limit
        while True:
            head, tail = _cut(rest, budget)
            dressed = dress(head.rstrip())
            if len(dressed) <= limit or budget <= 1:
                break
            budget -= max(1, len(dressed) - limit)
        pieces.append(dressed)
        rest = tail.lstrip()
    return pieces


def shorten(text: str, limit: int, marker: str = "…") -> str:
    """For labels only (buttons, choices, titles), where the full text is shown elsewhere."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[: limit - len(marker)]
    if " " in head[limit // 2:]:
        head = head[: head.rindex(" ")]
    return head.rstrip(" ,;:") + marker
