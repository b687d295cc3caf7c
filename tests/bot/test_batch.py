"""`floor ruling --jsonl` answered by several worker processes: every line, in input order, the same answers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLAUSES = ["1.4.2", "2.2", "1.8.1", "3.12", "1.10", "2.8", "1.4", "3.19", "1.1.3.1", "2.4.2", "1.11", "3.5"]


def _run(workers: int, stdin: str) -> list[dict]:
    config = (ROOT / "config.toml").read_text(encoding="utf-8").replace("workers = 2", f"workers = {workers}")
    cfg = ROOT / f".batch-test-{os.getpid()}-{workers}.toml"  # beside config.toml: its paths are relative to it
    cfg.write_text(config, encoding="utf-8")
    try:
        env = {**os.environ, "FLOOR_CONFIG": str(cfg), "FLOOR_CACHE_DIR": os.environ.get("FLOOR_CACHE_DIR", "")}
        env = {k: v for k, v in env.items() if v}
        p = subprocess.run([sys.executable, "-m", "bot.cli", "ruling", "--jsonl"], input=stdin, text=True,
                           capture_output=True, cwd=ROOT, env=env, timeout=300)
    finally:
        cfg.unlink()
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    return [json.loads(line) for line in p.stdout.splitlines()]


def test_workers_answer_every_line_in_input_order() -> None:
    lines = [f"what does {c} say" for c in CLAUSES]
    lines.insert(5, "")  # a bad line among good ones keeps its place
    out = _run(2, "\n".join(lines) + "\n")
    assert len(out) == len(lines)
    assert out[5]["kind"] == "error"
    looked_up = [o["citations"][0] for n, o in enumerate(out) if n != 5]
    assert looked_up == CLAUSES


def test_one_worker_and_two_give_the_same_answers() -> None:
    text = "1/2, UTG opens to 6, the button makes it 20. Min raise?\nhi floor\nSeat 4 bets 300 out of turn.\n"
    assert _run(1, text) == _run(2, text)
