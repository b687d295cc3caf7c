"""Leave-one-set-out: train on the corpus less one bench set, score that set, rotate.

    python bench/loso.py            # each set and the mean, and the reliability table
    python bench/loso.py --cli      # the same through `floor ruling --jsonl` and ../shared/eval/score.py
    python bench/loso.py --fit      # also fit the confidence mapping on the held-out answers (policy.toml)
    python bench/loso.py --set combine.trigger_weight=1.0   # the figure another value gives

Every held-out answer is scored by ../shared/eval/score.py's own ``score_one``. The reliability
table (confidence band -> share right) is over held-out answers only, so it says what a
confidence means on questions the model never saw.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SCORE = ROOT.parent / "shared" / "eval" / "score.py"
MISSES = None  # a file to write each held-out miss to (--misses)
BANDS = [(0.0, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 1.01)]


def scorer():
    spec = importlib.util.spec_from_file_location("score", SCORE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def bench_sets() -> list[Path]:
    return sorted((ROOT / "bench").glob("*.jsonl"))


def run_set(path: Path, score_one, record: list) -> tuple[int, int, int, int]:
    """Score one held-out set in-process; append (confidence, right, inputs) for each answer to ``record``."""
    import engine.policy as policy
    from engine.ask import answer
    from engine.understanding.corpus import load_corpus
    from engine.understanding.topic_model import load_or_train, use_model

    use_model(load_or_train(load_corpus(exclude_sets=[path.stem])))
    seen: list = []
    real = policy.confidence

    def spy(top, **kw):
        seen.append({"top": top, **kw})
        return real(top, **kw)

    policy.confidence = spy
    right = c1 = n_c = 0
    qs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    try:
        for q in qs:
            seen.clear()
            a = answer(q["text"].replace("\n", " ")).to_json()
            r = score_one(q, a)
            right += bool(r["correct"])
            if q["kind"] != "uncovered":
                n_c += 1
                c1 += bool(r["cite1"])
            record.append((a.get("confidence") or 0.0, bool(r["correct"]), seen[-1] if seen else None, a["kind"],
                           path.stem, q["kind"], q["kind"] == "ruling" and q.get("amount") not in (None, "", 0)))
            if MISSES is not None and not r["correct"]:
                MISSES.write(json.dumps({"set": path.stem, "id": q["id"], "kind": q["kind"], "cite": q.get("cite"),
                                         "got": a["kind"], "citations": a["citations"][:3],
                                         "confidence": a["confidence"], "cite1": r["cite1"],
                                         "outcome": a["outcome"][:200], "text": q["text"][:200]}) + "\n")
    finally:
        policy.confidence = real
        use_model(None)
    return right, len(qs), c1, n_c


def reliability(record: list) -> str:
    lines = ["| confidence | answers | right |", "| --- | --- | --- |"]
    for lo, hi in BANDS:
        band = [ok for c, ok, *_ in record if lo <= c < hi]
        if band:
            lines.append(f"| {lo:.2f}–{min(hi, 1.0):.2f} | {len(band)} | {sum(band) / len(band):.0%} |")
    hi = [ok for c, ok, *_ in record if c >= 0.8]
    lines.append(f"\nanswers at ≥ 0.8: {len(hi)}/{len(record)} ({len(hi) / len(record):.0%}), "
                 f"right {sum(hi)}/{len(hi)} ({sum(hi) / max(len(hi), 1):.1%})")
    return "\n".join(lines)


def fit_confidence(record: list) -> dict[str, float]:
    """Logistic regression of right/wrong on the inputs ``policy.confidence`` takes, over held-out answers."""
    from sklearn.linear_model import LogisticRegression

    from engine.policy import CONFIDENCE_INPUTS

    rows = [(inp, ok) for _c, ok, inp, *_rest in record if inp is not None]
    x = [[float(inp.get(k, 0.0)) for k in CONFIDENCE_INPUTS] for inp, _ok in rows]
    y = [int(ok) for _inp, ok in rows]
    m = LogisticRegression(C=10.0, max_iter=1000).fit(x, y)
    out = {"bias": round(float(m.intercept_[0]), 3)}
    out.update({k: round(float(v), 3) for k, v in zip(CONFIDENCE_INPUTS, m.coef_[0], strict=True)})
    return out


def cross_fitted(record: list) -> list:
    """Each answer's confidence under a mapping fitted on the held-out answers of the other sets only."""
    import math

    from engine.policy import CONFIDENCE_INPUTS

    out = []
    for name in sorted({r[4] for r in record}):
        w = fit_confidence([r for r in record if r[4] != name])
        for c, ok, inp, kind, s, *rest in record:
            if s != name:
                continue
            if inp is not None:
                z = w["bias"] + sum(w[k] * float(inp.get(k, 0.0)) for k in CONFIDENCE_INPUTS)
                c = 1 / (1 + math.exp(-z))
            out.append((c, ok, inp, kind, s, *rest))
    return out


def cli_run(path: Path) -> str:
    env = {**os.environ, "FLOOR_HOLDOUT": path.stem}
    cmd = [sys.executable, str(SCORE), str(path), "--name", path.stem,
           "--cmd", f"{ROOT / '.venv/bin/floor'} ruling --jsonl"]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT).stdout.strip().splitlines()[-1]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", action="store_true", help="score each held-out set through the command line")
    ap.add_argument("--fit", action="store_true", help="fit the confidence mapping on the held-out answers")
    ap.add_argument("--set", action="append", default=[], metavar="SECTION.KEY=VALUE",
                    help="try another value of a policy.toml figure (to choose it)")
    ap.add_argument("--misses", metavar="FILE", help="write each held-out miss to FILE (JSON Lines)")
    ap.add_argument("--records", metavar="FILE", help="write each held-out answer's confidence inputs (JSON Lines)")
    ap.add_argument("--only", action="append", default=[], metavar="SET", help="hold out only these sets")
    ap.add_argument("--reader", action="append", default=[], metavar="SECTION.KEY=VALUE",
                    help="try another value of a reader.toml setting (to choose it)")
    args = ap.parse_args()
    global MISSES
    MISSES = open(args.misses, "w", encoding="utf-8") if args.misses else None
    from engine.policy import policy

    for item in args.set:
        key, value = item.split("=", 1)
        section, name = key.split(".", 1)
        policy()[section][name] = float(value)
    from engine.understanding.topic_model import settings

    for item in args.reader:
        key, value = item.split("=", 1)
        section, name = key.split(".", 1)
        settings()[section][name] = {"true": True, "false": False}.get(value.lower(), value)
        if isinstance(settings()[section][name], str):
            settings()[section][name] = float(value)
    if args.cli:
        for path in bench_sets():
            print(cli_run(path), flush=True)
        return 0
    score_one = scorer().score_one
    record: list = []
    rates, firsts = [], []
    for path in bench_sets():
        if args.only and path.stem not in args.only:
            continue
        right, n, c1, n_c = run_set(path, score_one, record)
        rates.append(right / n)
        firsts.append(c1 / max(n_c, 1))
        print(f"{path.stem}: correct {right}/{n} = {right / n:.1%}; first clause right {c1}/{n_c} = "
              f"{c1 / max(n_c, 1):.1%}", flush=True)
    print(f"mean: correct {sum(rates) / len(rates):.1%}, first clause {sum(firsts) / len(firsts):.1%}, "
          f"lowest set {min(rates):.1%}")
    kinds: dict[str, int] = {}
    refused = sum(1 for r in record if r[3] == "uncovered" and r[5] != "uncovered")
    print(f"covered questions answered 'not covered': {refused}")
    numeric = [r for r in record if r[6]]
    print(f"rulings whose answer is a number: {sum(r[1] for r in numeric)}/{len(numeric)} right")
    for _c, _ok, _inp, k, *_rest in record:
        kinds[k] = kinds.get(k, 0) + 1
    print("answer kinds: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(reliability(record))
    if args.records:
        with open(args.records, "w", encoding="utf-8") as out:
            for c, ok, inp, kind, name, qkind, numeric in record:
                out.write(json.dumps({"confidence": c, "right": ok, "inputs": inp, "kind": kind, "set": name,
                                      "question": qkind, "numeric": numeric}) + "\n")
    if args.fit:
        print("fitted [confidence]:", fit_confidence(record))
        print("\nwith the mapping refitted on the other sets' answers (each set scored by a mapping it did not fit):")
        print(reliability(cross_fitted(record)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
