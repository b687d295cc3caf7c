"""The labelled corpus: every question Floor learns from, one JSON object a line.

Each row is ``{"text", "label", "voice", "set"}`` and, for lookups, ``"clause"`` (the clause asked
for); ``"facts"`` where they are known. ``label`` is the decisive clause id, ``uncovered`` (the
book does not answer it), ``lookup`` (the wording of a clause is asked for) or ``chat`` (not a
rules question). ``set`` names where a row came from, so a question set can be held out whole when
measuring (``bench/loso.py``). The development set in ``../shared/eval`` is never part of it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CORPUS_DIR = Path(__file__).resolve().parent / "corpus"
UNCOVERED = "uncovered"
LOOKUP = "lookup"
CHAT = "chat"
NON_CLAUSE = (UNCOVERED, CHAT)


@dataclass(frozen=True)
class Row:
    text: str
    label: str
    voice: str = ""
    set: str = ""
    clause: str | None = None
    facts: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    # Told stories: every amount as written, with its role, value, actor and street (amount_roles.py learns from them).
    amounts: tuple[dict[str, Any], ...] = field(default=(), hash=False, compare=False)
    # Told stories: which number the question asks for (asked.py learns from them).
    ask: str | None = field(default=None, hash=False, compare=False)

    @property
    def topic(self) -> str:
        """What the topic model learns: the clause (a lookup's too), ``uncovered`` or ``chat``."""
        return self.clause if self.label == LOOKUP and self.clause else self.label

    @property
    def is_lookup(self) -> bool:
        return self.label == LOOKUP


def parse_row(line: str) -> Row:
    d = json.loads(line)
    return Row(text=str(d["text"]), label=str(d["label"]), voice=str(d.get("voice", "")),
               set=str(d.get("set", "")), clause=d.get("clause"), facts=d.get("facts") or {},
               amounts=tuple(d.get("amounts") or ()), ask=d.get("ask"))


def load_corpus(directory: Path = CORPUS_DIR, exclude_sets: Iterable[str] = ()) -> list[Row]:
    """Every row of every ``*.jsonl`` file, in a fixed order, less the sets named."""
    skip = set(exclude_sets)
    rows: list[Row] = []
    for path in sorted(directory.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = parse_row(line)
                if row.set not in skip:
                    rows.append(row)
    return rows


def files_digest(directory: Path = CORPUS_DIR, exclude_sets: Iterable[str] = ()) -> str:
    """A digest of the corpus files' bytes and the sets left out: the default model's cache key.

    Reading the files' bytes takes milliseconds where parsing every row takes a quarter of a second, so
    a process that finds its models cached starts without parsing the corpus at all.
    """
    h = hashlib.sha256()
    for path in sorted(directory.glob("*.jsonl")):
        h.update(path.name.encode() + b"\x1f" + path.read_bytes() + b"\x1e")
    h.update("\x1f".join(sorted(set(exclude_sets))).encode())
    return h.hexdigest()[:16]


def corpus_hash(rows: Iterable[Row]) -> str:
    """A digest of the rows a model learns from: the key of its cache."""
    h = hashlib.sha256()
    for r in rows:
        h.update(f"{r.text}\x1f{r.topic}\x1f{r.is_lookup}\n".encode())
    return h.hexdigest()[:16]
