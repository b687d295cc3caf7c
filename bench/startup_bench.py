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

Beside the wall-clock time, the CPU time each process used (user + system) is
shown: on a shared machine it moves far less with the other work running.
"""

from __future__ import annotations

import argparse
import os
import resource
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


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def once(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one run of ``cmd`` in a fresh process."""
    cpu, t = _children_cpu(), time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - t, _children_cpu() - cpu


def measure(runs: int, bytecode: bool = True) -> dict[str, list[tuple[float, float]]]:
    env = dict(os.environ)
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = {"baseline": BASELINE, "+model": MODELS, "rule": RULE, "search": SEARCH}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for cmd in commands.values():
        once(cmd, env)  # warm the file cache and the bytecode
    for _ in range(runs):
        for name, cmd in commands.items():
            times[name].append(once(cmd, env))
    return times


def _ms(values: list[float]) -> str:
    return f"min {min(values) * 1000:5.0f} ms  median {statistics.median(values) * 1000:5.0f} ms"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=15, help="runs of each command (default 15)")
    ap.add_argument("--no-bytecode", action="store_true", help="keep PYTHONDONTWRITEBYTECODE as it is set")
    args = ap.parse_args()
    runs = args.n
    times = measure(runs, bytecode=not args.no_bytecode)
    wall = {name: [w for w, _ in ts] for name, ts in times.items()}
    cpu = {name: [c for _, c in ts] for name, ts in times.items()}
    for name in times:
        print(f"{name:9s} wall {_ms(wall[name])}   cpu {_ms(cpu[name])}")
    ratio = min(wall["rule"]) / min(wall["baseline"])
    median = statistics.median(wall["rule"]) / statistics.median(wall["baseline"])
    cpu_ratio = min(cpu["rule"]) / min(cpu["baseline"])
    print(f"floor rule 1.4.2 / import pydantic, rapidfuzz: {ratio:.2f}x by the minimum, {median:.2f}x by the "
          f"median, {cpu_ratio:.2f}x in CPU time (target <= 2.0, {runs} runs)")
    return 0 if ratio <= 2.0 else 1


if __name__ == "__main__":
    sys.exit(main())
