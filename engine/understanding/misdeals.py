"""Fact extraction for section 2 (misdeals): patterns for how people describe it."""

from __future__ import annotations

from engine.understanding.doc import Doc


def extract(doc: Doc) -> None:
    """Set the section's facts found in the description (see engine.facts.misdeals)."""
