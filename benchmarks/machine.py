"""How fast this machine is right now, for reading a suite's time (`.ci/run` prints it before
and after the tests).

The same 2-core machine ran the same commit's suite in 20 and in 23 minutes on different
days: its cores are shared with other machines. A fixed piece of the work the suite does
most (pandas on a table, charts drawn, plain Python), timed on one core, says which it was.

    python benchmarks/machine.py      # prints "reference work: 3.41 s (one core)"
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd


def reference_work(folder: Path) -> float:
    """Seconds for the fixed work, best of three (the least disturbed)."""
    from analyst.recipes.charts import render_chart
    from analyst.recipes.result import ChartSeries, ChartSpec

    rng = np.random.default_rng(7)
    frame = pd.DataFrame({"region": rng.choice(list("ABCDEFGH"), 100_000),
                          "amount": rng.random(100_000) * 1000})
    spec = ChartSpec(kind="bar", title="Revenue by month",
                     labels=tuple(f"2025-{m:02d}" for m in range(1, 13)),
                     series=(ChartSeries("Revenue", tuple(float(m) for m in range(12))),),
                     unit="money", currency="$")
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(2):
            frame.groupby("region")["amount"].agg(["sum", "mean", "median"])
            frame["amount"].astype(str).str.len().sum()
        for i in range(2):
            render_chart(spec, folder / f"chart{i}.png")
        sum(i * i for i in range(2_000_000))
        best = min(best, time.perf_counter() - start)
    return best


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        print(f"reference work: {reference_work(Path(folder)):.2f} s (one core)")
