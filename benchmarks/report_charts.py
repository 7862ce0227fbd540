"""Benchmark: the standard report end to end with one-spec charts (issue 29) vs before them.

"Before" is the code of another commit (default: `main`), unpacked with `git archive` into
a temporary folder; "after" is this checkout. Both run the same command in fresh processes,
`python -m analyst report FILE -o OUT.pdf --xlsx OUT.xlsx` (ingest, sandbox, recipes, the
chart records, PDF and workbook), on the same generated sales file, rounds alternating so
the machine's load falls on both alike. Prints both medians and the ratio; exits 1 when the
ratio is above the 1.2x budget.

    python benchmarks/report_charts.py [--rows 45000] [--rounds 3] [--before main]
                                       [--backend local]

Measured 2026-12-05 on the shared 2-core machine (45,000 rows, local backend, 3 rounds):
before 21.80 s [22.53, 21.80, 19.91], after 21.76 s [21.76, 18.97, 22.45]: 1.00x.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BUDGET = 1.2


def unpack(ref: str, folder: Path) -> Path:
    """The tree of `ref` as plain files under `folder` (no checkout of this worktree)."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", ref], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def timed(code: Path, csv: Path, out: Path, backend: str) -> float:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    env["PYTHONPATH"] = str(code)
    command = [sys.executable, "-m", "analyst", "report", str(csv), "-o", str(out / "r.pdf"),
               "--xlsx", str(out / "r.xlsx"), "--backend", backend, "--quiet",
               "--workspace", str(out / "ws")]
    started = time.perf_counter()
    run = subprocess.run(command, cwd=code, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if run.returncode != 0:
        sys.exit(f"report failed with the code in {code}: {run.stderr.strip()[-400:]}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=45_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", default="main", help="git ref of the code before")
    parser.add_argument("--backend", default="local", choices=("auto", "docker", "local"))
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    from benchmarks.sales_data import write_sales_csv

    times: dict[str, list[float]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        csv = write_sales_csv(folder / "sales.csv", rows=args.rows)
        (folder / "before").mkdir()
        code = {"before": unpack(args.before, folder / "before"), "after": REPO}
        for round_ in range(args.rounds):
            order = ("before", "after") if round_ % 2 == 0 else ("after", "before")
            for which in order:
                out = folder / f"{which}{round_}"
                out.mkdir()
                times[which].append(timed(code[which], csv, out, args.backend))
    before_s, after_s = statistics.median(times["before"]), statistics.median(times["after"])
    ratio = after_s / before_s
    print(f"rows: {args.rows:,}  rounds: {args.rounds}  backend: {args.backend}  "
          f"before: {args.before}")
    print(f"standard report, before (PNG charts only):        {before_s:6.2f} s  "
          f"{[round(t, 2) for t in times['before']]}")
    print(f"standard report, after (chart records, vector PDF, native XLSX charts): "
          f"{after_s:6.2f} s  {[round(t, 2) for t in times['after']]}")
    print(f"ratio after / before: {ratio:.2f}x   budget: {BUDGET}x -> "
          f"{'OK' if ratio <= BUDGET else 'OVER BUDGET'}")
    return 0 if ratio <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
