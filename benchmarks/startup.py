"""What the command line costs to start, as a user runs it, against Python and pandas alone.

    python benchmarks/startup.py [--rounds 5] [--rows 1000000] [--case help,small,big]

Each run is a fresh process, measured from outside: its CPU seconds (user + sys of the
child, from `os.wait4`, threads included) and its wall time, process start included.
Cases (issue 25, point 5):
- help: `python -m analyst --help` (what the `analyst` console script runs);
- small: `python -m analyst ingest small.csv` (a 200-row sales export);
- big: `python -m analyst ingest` of the clean 1,000,000-row sales CSV of
  `benchmarks/ingest.py`, against a plain script (also a process) that does
  `pd.read_csv(engine="pyarrow", parse_dates=...)` and `to_parquet`.
The baseline of help and small is `python -c "import pandas, pyarrow"`, measured in the same
run. Rounds alternate the commands and medians are printed. Targets: help and small within
1 s of CPU beyond the baseline; big <= 2x the plain script (CPU and wall).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "import pandas, pyarrow"
PLAIN_PANDAS = """
import sys
from pathlib import Path
import pandas as pd
frame = pd.read_csv(sys.argv[1], engine="pyarrow", parse_dates=["Date"])
frame.to_parquet(Path(sys.argv[2]) / "sales.parquet")
"""
SMALL_ROWS = 200
BEYOND_TARGET_S = 1.0
RATIO_TARGET = 2.0


def measure(command: list[str], tmp: Path) -> dict:
    """CPU seconds (user + sys), wall seconds and peak memory of one run of `command`."""
    errors = tmp / "stderr.txt"
    with errors.open("wb") as stderr:
        start = time.perf_counter()
        child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr)
        # wait4, not Popen.wait: the child's own rusage, not every child's of this process.
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here; keep Popen in step
    if child.returncode:
        lines = errors.read_text(errors="replace").strip().splitlines() or ["(no output)"]
        raise SystemExit(f"{' '.join(command)} exited {child.returncode}: {lines[-1]}")
    return {"cpu_s": usage.ru_utime + usage.ru_stime, "wall_s": wall,
            "peak_mb": usage.ru_maxrss / 1024}


def write_small(path: Path) -> None:
    """A short sales export: ISO dates, a few labels, amounts with cents."""
    lines = ["Date,Region,Product,Quantity,Revenue"]
    regions = ("North", "South", "East", "West")
    for i in range(SMALL_ROWS):
        lines.append(f"2025-{i % 12 + 1:02d}-{i % 28 + 1:02d},{regions[i % 4]},Product {i % 17},"
                     f"{i % 9 + 1},{(i * 37 % 1000) + 0.25:.2f}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def commands(case: str, tmp: Path, rows: int) -> dict[str, list[str]]:
    """The commands each round runs for `case`: the baseline first, then ours."""
    python = sys.executable
    if case == "help":
        return {"baseline": [python, "-c", BASELINE], "analyst": [python, "-m", "analyst", "--help"]}
    if case == "small":
        small = tmp / "small.csv"
        if not small.exists():
            write_small(small)
        return {"baseline": [python, "-c", BASELINE],
                "analyst": [python, "-m", "analyst", "ingest", str(small)]}
    big = tmp / "clean.csv"
    if not big.exists():  # the same file as benchmarks/ingest.py --case clean
        subprocess.run([python, str(ROOT / "benchmarks" / "ingest.py"), "--generate", str(big),
                        "--case", "clean", "--rows", str(rows)], check=True, cwd=ROOT)
    (tmp / "plain").mkdir(exist_ok=True)
    return {"baseline": [python, "-c", PLAIN_PANDAS, str(big), str(tmp / "plain")],
            "analyst": [python, "-m", "analyst", "ingest", str(big), "--workspace", str(tmp / "ws")]}


def run_case(case: str, rounds: int, rows: int, tmp: Path) -> dict:
    runs: dict[str, list[dict]] = {"baseline": [], "analyst": []}
    for _ in range(rounds):  # interleaved, so machine noise hits both alike
        for name, command in commands(case, tmp, rows).items():
            runs[name].append(measure(command, tmp))
        shutil.rmtree(tmp / "ws", ignore_errors=True)  # each round ingests into a fresh one

    def median(name: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[name])

    base_cpu, ours_cpu = median("baseline", "cpu_s"), median("analyst", "cpu_s")
    base_wall, ours_wall = median("baseline", "wall_s"), median("analyst", "wall_s")
    return {
        "case": case, "rounds": rounds,
        "baseline": "plain pandas read_csv + to_parquet" if case == "big" else BASELINE,
        "baseline_cpu_s": round(base_cpu, 3), "analyst_cpu_s": round(ours_cpu, 3),
        "beyond_cpu_s": round(ours_cpu - base_cpu, 3), "cpu_ratio": round(ours_cpu / base_cpu, 2),
        "baseline_wall_s": round(base_wall, 3), "analyst_wall_s": round(ours_wall, 3),
        "wall_ratio": round(ours_wall / base_wall, 2),
        "baseline_peak_mb": round(max(r["peak_mb"] for r in runs["baseline"])),
        "analyst_peak_mb": round(max(r["peak_mb"] for r in runs["analyst"])),
    }


def verdict(result: dict) -> str:
    if result["case"] == "big":
        ok = result["cpu_ratio"] <= RATIO_TARGET and result["wall_ratio"] <= RATIO_TARGET
        return f"{'OK' if ok else 'ABOVE'} the {RATIO_TARGET:g}x target"
    ok = result["beyond_cpu_s"] < BEYOND_TARGET_S
    return f"{'OK' if ok else 'ABOVE'} the {BEYOND_TARGET_S:g} s target"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--rows", type=int, default=1_000_000, help="rows of the big CSV")
    parser.add_argument("--case", default="help,small,big", help="comma-separated: help, small, big")
    args = parser.parse_args()
    cases = args.case.split(",")
    unknown = [c for c in cases if c not in ("help", "small", "big")]
    if unknown:
        parser.error(f"unknown case(s): {', '.join(unknown)}")
    with tempfile.TemporaryDirectory(prefix="startup-bench-") as tmp:
        results = [run_case(case, args.rounds, args.rows, Path(tmp)) for case in cases]
    print(json.dumps(results, indent=2))
    for r in results:
        print(f"{r['case']}: CPU {r['analyst_cpu_s']:.2f} s vs {r['baseline_cpu_s']:.2f} s "
              f"({r['baseline']}): {r['cpu_ratio']:.2f}x, {r['beyond_cpu_s']:+.2f} s; "
              f"wall {r['analyst_wall_s']:.2f} s vs {r['baseline_wall_s']:.2f} s: "
              f"{r['wall_ratio']:.2f}x; peak memory {r['analyst_peak_mb']} / "
              f"{r['baseline_peak_mb']} MB ({verdict(r)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
