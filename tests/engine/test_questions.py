"""Questions in staff, player and trainee voices (tests/data/questions.jsonl), answered end to end.

Each line gives the kind of answer, the clause that must come first and words any correct outcome
contains (numbers written either way). These were written from the rulebook, apart from the code.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine import answer

DATA = Path(__file__).resolve().parents[1] / "data" / "questions.jsonl"
QUESTIONS = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]


def _norm(text: str) -> str:
    return re.sub(r"(?<=\d),(?=\d{3})", "", (text or "").lower())


@pytest.mark.parametrize("q", QUESTIONS, ids=[q["id"] for q in QUESTIONS])
def test_question(q: dict[str, Any]) -> None:
    r = answer(q["text"])
    if q["kind"] == "uncovered":
        assert r.kind == "uncovered", r.outcome
        assert r.citations == []
        return
    assert r.kind != "uncovered", r.outcome
    assert r.citations and r.citations[0] in q["cite"], (r.citations, r.outcome)
    if q["kind"] == "lookup":
        assert r.kind == "lookup"
        return
    out = _norm(r.outcome)
    wanted = [_norm(k) for k in q.get("outcome_any", [])]
    assert not wanted or any(k in out for k in wanted), r.outcome
    assert not any(_norm(k) in out for k in q.get("outcome_none", [])), r.outcome


def test_every_voice_is_present() -> None:
    assert {q["voice"] for q in QUESTIONS} >= {"floor", "dealer", "regular"}
