"""Ruling speed: in-process latency percentiles and whole-process throughput.

In-process: ``engine.answer`` over a question set (default the dev set's
texts, repeated), after one warm-up call.  Whole process: ``floor ruling
--jsonl`` over N questions (default 1,000) including start-up.

Usage: python bench/ruling_bench.py [QUESTIONS.jsonl] [-n 1000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT = ROOT.parent / "shared" / "eval" / "dev.jsonl"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("questions", nargs="?", default=str(DEFAULT))
    ap.add_argument("-n", type=int, default=1000)
    args = ap.parse_args()
    files = ([Path(args.questions)] if args.questions != str(DEFAULT)
             else [DEFAULT, *sorted((ROOT / "bench").glob("*.jsonl"))])
    texts = list(dict.fromkeys(json.loads(x)["text"] for f in files if f.exists()
                               for x in open(f, encoding="utf-8") if x.strip()))
    print(f"{len(texts)} distinct questions from {len(files)} file(s)")
    batch = (texts * (args.n // len(texts) + 1))[: args.n]

    from engine import answer

    t0 = time.perf_counter()
    answer(texts[0])
    print(f"first call (index build, rule load): {(time.perf_counter() - t0) * 1000:.0f} ms")
    lat = []
    for q in batch:
        t = time.perf_counter()
        answer(q)
        lat.append((time.perf_counter() - t) * 1000)
    lat.sort()
    p = {k: lat[min(len(lat) - 1, int(len(lat) * k / 100))] for k in (50, 90, 99)}
    print(f"in-process over {len(lat)} rulings: p50 {p[50]:.2f} ms, p90 {p[90]:.2f} ms, p99 {p[99]:.2f} ms, "
          f"mean {statistics.mean(lat):.2f} ms")

    floor = ROOT / ".venv" / "bin" / "floor"
    cmd = [str(floor)] if floor.exists() else [sys.executable, "-m", "bot.cli"]
    t = time.perf_counter()
    proc = subprocess.run([*cmd, "ruling", "--jsonl"], input="\n".join(batch) + "\n", capture_output=True,
                          text=True, cwd=ROOT)
    wall = time.perf_counter() - t
    n_out = len(proc.stdout.splitlines())
    print(f"whole process: floor ruling --jsonl, {len(batch)} questions -> {n_out} answers in {wall:.2f} s "
          f"({len(batch) / wall:.0f} questions/s)")
    t = time.perf_counter()
    subprocess.run([*cmd, "rule", "1.4.2"], capture_output=True, text=True, cwd=ROOT)
    print(f"floor rule 1.4.2 start-up and answer: {(time.perf_counter() - t) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
