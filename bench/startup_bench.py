"""Start-up: ``floor rule 1.4.2`` against importing pydantic and rapidfuzz, in the same venv.

    python bench/startup_bench.py [-n RUNS]

Why this yardstick: a lookup by number needs the config (checked by
pydantic's validator) and the rulebook, nothing more; the floor of any Floor
command is starting Python and importing its two smallest dependencies.  The
target is a ratio of at most 2.  Each command runs in a fresh process,
alternately, so background load hits both alike; the minimum is the figure (it
is the least disturbed run), the median is shown beside it.

Bytecode is written by the warm-up run even where ``PYTHONDONTWRITEBYTECODE``
is set, as it is on an installed Floor: otherwise every run would compile
Floor's own modules from source while the libraries' bytecode was made at
install time (``--no-bytecode`` measures that case).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = [sys.executable, "-c", "import pydantic, rapidfuzz"]
# ``import pydantic`` is lazy: it does not load BaseModel.  This shows what defining any model costs on top.
MODELS = [sys.executable, "-c", "import pydantic, rapidfuzz\nclass M(pydantic.BaseModel):\n    x: int = 0\nM()"]
RULE = [sys.executable, "-m", "bot.cli", "rule", "1.4.2"]
SEARCH = [sys.executable, "-m", "bot.cli", "search", "string bet"]


def once(cmd: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - t


def measure(runs: int, bytecode: bool = True) -> dict[str, list[float]]:
    env = dict(os.environ)
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = {"baseline": BASELINE, "+model": MODELS, "rule": RULE, "search": SEARCH}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for cmd in commands.values():
        once(cmd, env)  # warm the file cache and the bytecode
    for _ in range(runs):
        for name, cmd in commands.items():
            times[name].append(once(cmd, env))
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=15, help="runs of each command (default 15)")
    ap.add_argument("--no-bytecode", action="store_true", help="keep PYTHONDONTWRITEBYTECODE as it is set")
    args = ap.parse_args()
    runs = args.n
    times = measure(runs, bytecode=not args.no_bytecode)
    for name, ts in times.items():
        print(f"{name:9s} min {min(ts) * 1000:6.0f} ms   median {statistics.median(ts) * 1000:6.0f} ms")
    ratio = min(times["rule"]) / min(times["baseline"])
    median = statistics.median(times["rule"]) / statistics.median(times["baseline"])
    print(f"floor rule 1.4.2 / import pydantic, rapidfuzz: {ratio:.2f}x by the minimum, {median:.2f}x by the "
          f"median (target <= 2.0, {runs} runs)")
    return 0 if ratio <= 2.0 else 1


if __name__ == "__main__":
    sys.exit(main())
