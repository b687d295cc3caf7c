"""Fact extraction for section 1 (wagering and order of play)."""

from __future__ import annotations

from engine.understanding.doc import Doc


def extract(doc: Doc) -> None:
    """Placeholder until the wagering extractor lands."""
