"""Ingest of a 1,000,000-row (~100 MB) sales CSV against a hand-tuned `pandas.read_csv`.

    python benchmarks/ingest.py [--rows 1000000] [--rounds 3] [--case kyiv|books|both]

Two realistic exports:
- kyiv: a title line, semicolons, decimal commas, dd.mm.yyyy dates, a totals row (the case
  the acceptance is measured on);
- books: commas, "$1,234.56" amounts with thousands separators, mm/dd/yyyy dates, a totals row.
The baseline is what a careful analyst writes by hand knowing the file (separator, decimal,
thousands, rows to skip, the date format, the footer dropped). Each run is a fresh
subprocess (so peak memory, ru_maxrss, is its own); rounds alternate the two and medians are
printed. Acceptance: ingest <= 2x the plain read.
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

BASELINES = {
    "kyiv": """
frame = pd.read_csv(path, sep=";", decimal=",", skiprows=1)
frame = frame.iloc[:-1]  # the totals row
frame["Дата"] = pd.to_datetime(frame["Дата"], format="%d.%m.%Y")
total = round(float(frame["Сума"].sum()), 2)
""",
    "books": """
frame = pd.read_csv(path, sep=",", thousands=",", converters=None)
frame = frame.iloc[:-1]  # the totals row
amount = frame["Amount"].str.replace(r"[$,)]", "", regex=True).str.replace("(", "-", regex=False)
frame["Amount"] = amount.astype("float64")
frame["Date"] = pd.to_datetime(frame["Date"], format="%m/%d/%Y")
total = round(float(frame["Amount"].sum()), 2)
""",
}
MONEY = {"kyiv": "Сума", "books": "Amount"}

BASELINE = """
import json, resource, sys, time
import pandas as pd
path = sys.argv[1]
start = time.perf_counter()
{code}
elapsed = time.perf_counter() - start
print(json.dumps({{"seconds": elapsed, "rows": len(frame), "money_sum": total,
       "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""

INGEST = """
import json, resource, sys, time
from pathlib import Path
import pandas as pd  # imported before timing, as for the baseline
from analyst.ingest import ingest_file
from sandbox.workspace import Workspace
start = time.perf_counter()
(card,) = ingest_file(sys.argv[1], Workspace(Path(sys.argv[2])))
elapsed = time.perf_counter() - start
print(json.dumps({"seconds": elapsed, "rows": card.rows, "money_sum": card.column(sys.argv[3]).sum,
       "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
       "excluded": [[r.line, r.reason] for r in card.excluded_rows]}))
"""


def generate(path: Path, rows: int, case: str) -> None:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(7)
    days = pd.date_range("2024-01-01", periods=730)
    day = days[rng.integers(0, len(days), rows)]
    quantity = rng.integers(1, 50, rows)
    price = np.round(rng.uniform(1, 500, rows), 2)
    revenue = np.round(quantity * price, 2)
    cost = np.round(revenue * rng.uniform(0.4, 0.9, rows), 2)
    def pick(values):
        return np.array(values)[rng.integers(0, len(values), rows)]

    def numbered(prefix, n):
        return np.char.add(prefix, rng.integers(0, n, rows).astype(str))

    if case == "kyiv":
        frame = pd.DataFrame({
            "Дата": day.strftime("%d.%m.%Y"), "Номер": np.arange(1_000_000, 1_000_000 + rows),
            "Регіон": pick(["Київ", "Львів", "Одеса", "Харків", "Дніпро"]),
            "Канал": pick(["Онлайн", "Роздріб", "Опт"]), "Клієнт": numbered("Клієнт ", 5000),
            "Товар": numbered("Товар ", 300), "Менеджер": numbered("Менеджер ", 80),
            "Кількість": quantity, "Ціна": price, "Сума": revenue, "Собівартість": cost,
            "Знижка": np.round(rng.uniform(0, 0.3, rows), 2),
        })
        with path.open("w", encoding="utf-8") as handle:
            handle.write("Звіт про продажі за 2024-2025 роки\n")
            frame.to_csv(handle, sep=";", decimal=",", index=False, float_format="%.2f")
            handle.write(f"Разом;;;;;;;{quantity.sum()};;{revenue.sum():.2f};{cost.sum():.2f};\n".replace(".", ","))
        return
    signed = np.where(rng.random(rows) < 0.05, -revenue, revenue)
    shown = pd.Series(np.abs(signed)).map("${:,.2f}".format)
    frame = pd.DataFrame({
        "Date": day.strftime("%m/%d/%Y"), "Invoice": np.char.add("INV-", np.arange(rows).astype(str)),
        "Region": pick(["North", "South", "East", "West", "Central"]), "Customer": numbered("Customer ", 5000),
        "Product": numbered("Product ", 300), "Sales Rep": numbered("Rep ", 80), "Quantity": quantity,
        "Amount": np.where(signed < 0, "(" + shown + ")", shown),
    })
    with path.open("w", encoding="utf-8") as handle:
        frame.to_csv(handle, index=False)
        handle.write(f'Total,,,,,,{quantity.sum()},"${signed.sum():,.2f}"\n')


def run(code: str, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    if done.returncode:
        raise SystemExit(done.stderr.strip().splitlines()[-1])
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(case: str, rows: int, rounds: int, tmp: Path) -> dict:
    csv_path = tmp / f"{case}.csv"
    # Generated in a child: ru_maxrss survives exec, so a big parent would inflate every figure.
    subprocess.run([sys.executable, __file__, "--generate", str(csv_path), "--case", case, "--rows", str(rows)],
                   check=True, cwd=ROOT)
    baseline = BASELINE.format(code=BASELINES[case])
    base, ours = [], []
    for number in range(rounds):  # interleaved, so machine noise hits both alike
        base.append(run(baseline, str(csv_path)))
        ours.append(run(INGEST, str(csv_path), str(tmp / f"ws-{case}-{number}"), MONEY[case]))
    b = statistics.median(r["seconds"] for r in base)
    o = statistics.median(r["seconds"] for r in ours)
    return {
        "case": case, "file_mb": round(csv_path.stat().st_size / 1024 / 1024, 1), "rows": ours[0]["rows"],
        "pandas_read_csv_s": round(b, 3), "ingest_s": round(o, 3), "ratio": round(o / b, 2),
        "pandas_peak_mb": round(max(r["peak_mb"] for r in base)),
        "ingest_peak_mb": round(max(r["peak_mb"] for r in ours)),
        "money_sum_pandas": base[0]["money_sum"], "money_sum_ingest": ours[0]["money_sum"],
        "excluded": ours[0]["excluded"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--case", choices=["kyiv", "books", "both"], default="both")
    parser.add_argument("--generate", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.generate:
        generate(args.generate, args.rows, args.case)
        return 0
    cases = ["kyiv", "books"] if args.case == "both" else [args.case]
    results = []
    with tempfile.TemporaryDirectory(prefix="ingest-bench-") as tmp:
        for case in cases:
            results.append(measure(case, args.rows, args.rounds, Path(tmp)))
    print(json.dumps(results, indent=2, ensure_ascii=False))
    for r in results:
        verdict = "OK" if r["ratio"] <= 2 else "ABOVE"
        same = "same" if r["money_sum_pandas"] == r["money_sum_ingest"] else "DIFFERENT"
        print(f"{r['case']}: pandas.read_csv {r['pandas_read_csv_s']:.2f} s ({r['pandas_peak_mb']} MB), "
              f"ingest_file {r['ingest_s']:.2f} s ({r['ingest_peak_mb']} MB), ratio {r['ratio']:.2f} "
              f"({verdict} the 2x target); money sum {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
