"""Facts every section reads: amounts, stakes, street, limits, stacks and pots."""

from __future__ import annotations

from engine.understanding.doc import Doc


def extract(doc: Doc) -> None:
    """Placeholder until the common extractor lands."""
