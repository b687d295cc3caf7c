"""Run every section's extractor over a description and build the Facts."""

from __future__ import annotations

from engine.facts import Facts
from engine.understanding import boards, common, conduct, misdeals, told, totals, wagering
from engine.understanding.doc import Doc

EXTRACTORS = (told.extract, totals.extract, common.extract, wagering.extract, boards.extract, misdeals.extract, conduct.extract)


def extract_facts(text: str) -> tuple[Facts, Doc]:
    doc = Doc(text)
    for ex in EXTRACTORS:
        ex(doc)
    known = {k: v for k, v in doc.found.items() if k in Facts.model_fields}
    return Facts(**known), doc
