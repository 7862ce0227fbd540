"""Ingest of a 1,000,000-row (~100 MB) sales CSV against a hand-tuned `pandas.read_csv`.

    python benchmarks/ingest.py [--rows 1000000] [--rounds 3] [--keep FILE]

Each run is a fresh subprocess (so peak memory, ru_maxrss, is its own); rounds alternate
the two and the medians are printed. Acceptance: ingest <= 2x the plain read.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BASELINE = """
import resource, sys, time
import pandas as pd
start = time.perf_counter()
frame = pd.read_csv(sys.argv[1], sep=",", parse_dates=["date"], date_format="%Y-%m-%d")
elapsed = time.perf_counter() - start
print({"seconds": elapsed, "rows": len(frame),
       "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024})
"""

INGEST = """
import resource, sys, time
from pathlib import Path
import pandas as pd  # imported before timing, as for the baseline
from analyst.ingest import ingest_file
from sandbox.workspace import Workspace
start = time.perf_counter()
(card,) = ingest_file(sys.argv[1], Workspace(Path(sys.argv[2])))
elapsed = time.perf_counter() - start
print({"seconds": elapsed, "rows": card.rows,
       "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
       "revenue": card.column("revenue").sum})
"""


def generate(path: Path, rows: int) -> None:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7)
    days = pd.date_range("2024-01-01", periods=730).strftime("%Y-%m-%d").to_numpy()
    frame = pd.DataFrame({
        "order_id": np.arange(1_000_000, 1_000_000 + rows),
        "date": days[rng.integers(0, len(days), rows)],
        "region": np.array(["North", "South", "East", "West", "Central"])[rng.integers(0, 5, rows)],
        "channel": np.array(["Online", "Retail", "Wholesale"])[rng.integers(0, 3, rows)],
        "customer": np.char.add("Customer ", rng.integers(0, 5000, rows).astype(str)),
        "product": np.char.add("Product ", rng.integers(0, 300, rows).astype(str)),
        "sales_rep": np.char.add("Rep ", rng.integers(0, 80, rows).astype(str)),
        "quantity": rng.integers(1, 50, rows),
        "unit_price": np.round(rng.uniform(1, 500, rows), 2),
    })
    frame["revenue"] = np.round(frame["quantity"] * frame["unit_price"], 2)
    frame["cost"] = np.round(frame["revenue"] * rng.uniform(0.4, 0.9, rows), 2)
    frame["discount"] = np.round(rng.uniform(0, 0.3, rows), 2)
    frame.to_csv(path, index=False, float_format="%.2f")


def run(code: str, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    if done.returncode:
        raise SystemExit(done.stderr.strip().splitlines()[-1])
    return eval(done.stdout.strip().splitlines()[-1])  # our own dict literal  # noqa: S307


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="write the CSV here and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ingest-bench-") as tmp:
        csv_path = args.keep or Path(tmp) / "sales.csv"
        if not csv_path.exists():
            generate(csv_path, args.rows)
        size_mb = csv_path.stat().st_size / 1024 / 1024
        base, ours = [], []
        for number in range(args.rounds):
            base.append(run(BASELINE, str(csv_path)))
            ours.append(run(INGEST, str(csv_path), str(Path(tmp) / f"ws{number}")))
    b = statistics.median(r["seconds"] for r in base)
    o = statistics.median(r["seconds"] for r in ours)
    result = {
        "file_mb": round(size_mb, 1), "rows": ours[0]["rows"],
        "pandas_read_csv_s": round(b, 3), "ingest_s": round(o, 3), "ratio": round(o / b, 2),
        "pandas_peak_mb": round(max(r["peak_mb"] for r in base)),
        "ingest_peak_mb": round(max(r["peak_mb"] for r in ours)),
        "revenue_sum": ours[0]["revenue"],
    }
    print(json.dumps(result, indent=2))
    print(f"pandas.read_csv {b:.2f} s, ingest_file {o:.2f} s, ratio {o / b:.2f} "
          f"({'OK' if o <= 2 * b else 'ABOVE'} the 2x target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
