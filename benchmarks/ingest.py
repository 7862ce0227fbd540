"""Ingest of big files against what a careful analyst writes by hand, each in its own process.

    python benchmarks/ingest.py [--rows 1000000] [--xlsx-rows 200000] [--rounds 3]
                                [--case clean,xlsx | all | kyiv,books,clean,xlsx]

Cases (the default, clean and xlsx, are the acceptance of issue 15):
- clean: a 1,000,000-row sales CSV as systems export it (commas, ISO dates, dot decimals, no
  unique column); baseline `pd.read_csv(engine="pyarrow", parse_dates=...)` plus `to_parquet`,
  against `ingest_file` (card and Parquet);
- xlsx: a 200,000-row x 8-column workbook; baseline `pd.read_excel(engine="calamine")`;
- kyiv: a title line, semicolons, decimal commas, dd.mm.yyyy dates, a totals row;
- books: commas, "$1,234.56" amounts with thousands separators, mm/dd/yyyy dates, a totals row.
Each run is a fresh subprocess (so peak memory, ru_maxrss, is its own); rounds alternate
baseline and ingest and medians are printed, with the peak memory of each. Acceptance:
ingest <= 2x the baseline.

Each side's CPU time (user + system, every thread) is printed beside its wall clock: on a
machine other jobs load, the wall-clock ratio swings (1.15 to 1.89 for the same code, seen
here), the CPU ratio hardly. Ingest's CPU is its own process's and the reading child's
(counted by the reader server when it collects the child).
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
    "clean": """
frame = pd.read_csv(path, engine="pyarrow", parse_dates=["Date"])
frame.to_parquet(Path(sys.argv[2]) / "sales.parquet")
total = round(float(frame["Revenue"].sum()), 2)
""",
    "xlsx": """
frame = pd.read_excel(path, engine="calamine")
total = round(float(frame["Revenue"].sum()), 2)
""",
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
MONEY = {"kyiv": "Сума", "books": "Amount", "clean": "Revenue", "xlsx": "Revenue"}
SUFFIX = {"xlsx": ".xlsx"}
BASELINE_NAMES = {"clean": "pd.read_csv(engine=pyarrow) + to_parquet", "xlsx": "pd.read_excel(engine=calamine)",
                  "kyiv": "hand-written pd.read_csv", "books": "hand-written pd.read_csv"}

BASELINE = """
import json, resource, sys, time
from pathlib import Path
import pandas as pd
path = sys.argv[1]
Path(sys.argv[2]).mkdir(parents=True, exist_ok=True)
def cpu():
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime
start, cpu_start = time.perf_counter(), cpu()
{code}
elapsed, cpu_s = time.perf_counter() - start, cpu() - cpu_start
print(json.dumps({{"seconds": elapsed, "cpu_s": cpu_s, "rows": len(frame), "money_sum": total,
       "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""

INGEST = """
import json, os, resource, sys, time
from pathlib import Path
import pandas as pd  # imported before timing, as for the baseline
from analyst.ingest import bounded, ingest_file
from sandbox.workspace import Workspace

def server_children_cpu():
    # The reader server's collected children (fields 16, 17 of /proc/PID/stat: cutime, cstime).
    total = 0.0
    for task in Path("/proc/self/task").iterdir():
        for pid in (task / "children").read_text().split():
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(stat[13]) + int(stat[14])) / os.sysconf("SC_CLK_TCK")
    return total

def cpu():
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime + server_children_cpu()

started = time.perf_counter()
bounded.warm()  # as the app does at start: the reader's own imports are not this file's time
warm_s = time.perf_counter() - started
start, cpu_start = time.perf_counter(), cpu()
(card,) = ingest_file(sys.argv[1], Workspace(Path(sys.argv[2])))
elapsed = time.perf_counter() - start
time.sleep(0.3)  # the server collects the reading child within 0.1 s
cpu_s = cpu() - cpu_start
bounded.stop()  # the reading child's peak reaches RUSAGE_CHILDREN once its server is reaped
peak = max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
print(json.dumps({"seconds": elapsed, "cpu_s": cpu_s, "rows": card.rows, "money_sum": card.column(sys.argv[3]).sum,
       "peak_mb": peak / 1024, "reader_start_s": warm_s,
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

    if case in ("clean", "xlsx"):
        frame = pd.DataFrame({
            "Date": day, "Region": pick(["North", "South", "East", "West", "Central"]),
            "Channel": pick(["Online", "Retail", "Wholesale"]), "Customer": numbered("Customer ", 5000),
            "Product": numbered("Product ", 300), "Quantity": quantity, "Unit Price": price, "Revenue": revenue,
        })
        if case == "clean":
            frame["Cost"] = cost
            frame.to_csv(path, index=False, date_format="%Y-%m-%d")
        else:
            _write_xlsx(frame, path)
        return
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


def _write_xlsx(frame, path: Path) -> None:
    """openpyxl's streaming writer (about 40 s for 200,000 rows here); done once per run."""
    import openpyxl

    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Sales")
    sheet.append(list(frame.columns))
    for row in frame.itertuples(index=False):
        sheet.append([row[0].to_pydatetime(), *row[1:5], int(row[5]), float(row[6]), float(row[7])])
    book.save(path)


def run(code: str, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    if done.returncode:
        raise SystemExit(done.stderr.strip().splitlines()[-1])
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(case: str, rows: int, rounds: int, tmp: Path) -> dict:
    csv_path = tmp / f"{case}{SUFFIX.get(case, '.csv')}"
    # Generated in a child: ru_maxrss survives exec, so a big parent would inflate every figure.
    subprocess.run([sys.executable, __file__, "--generate", str(csv_path), "--case", case, "--rows", str(rows)],
                   check=True, cwd=ROOT)
    baseline = BASELINE.format(code=BASELINES[case])
    base, ours = [], []
    for number in range(rounds):  # interleaved, so machine noise hits both alike
        base.append(run(baseline, str(csv_path), str(tmp / f"base-{case}-{number}")))
        ours.append(run(INGEST, str(csv_path), str(tmp / f"ws-{case}-{number}"), MONEY[case]))
    b = statistics.median(r["seconds"] for r in base)
    o = statistics.median(r["seconds"] for r in ours)
    bc = statistics.median(r["cpu_s"] for r in base)
    oc = statistics.median(r["cpu_s"] for r in ours)
    return {
        "case": case, "file_mb": round(csv_path.stat().st_size / 1024 / 1024, 1), "rows": ours[0]["rows"],
        "baseline": BASELINE_NAMES[case], "baseline_s": round(b, 3), "ingest_s": round(o, 3),
        "ratio": round(o / b, 2),
        "baseline_cpu_s": round(bc, 3), "ingest_cpu_s": round(oc, 3), "cpu_ratio": round(oc / bc, 2),
        "pandas_peak_mb": round(max(r["peak_mb"] for r in base)),
        "ingest_peak_mb": round(max(r["peak_mb"] for r in ours)),
        "money_sum_pandas": base[0]["money_sum"], "money_sum_ingest": ours[0]["money_sum"],
        "excluded": ours[0]["excluded"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--xlsx-rows", type=int, default=200_000)
    parser.add_argument("--case", default="clean,xlsx",
                        help="comma-separated: clean, xlsx, kyiv, books; or all")
    parser.add_argument("--generate", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.generate:
        generate(args.generate, args.rows, args.case)
        return 0
    cases = ["clean", "xlsx", "kyiv", "books"] if args.case == "all" else args.case.split(",")
    unknown = [c for c in cases if c not in BASELINES]
    if unknown:
        parser.error(f"unknown case(s): {', '.join(unknown)}")
    results = []
    with tempfile.TemporaryDirectory(prefix="ingest-bench-") as tmp:
        for case in cases:
            rows = args.xlsx_rows if case == "xlsx" else args.rows
            results.append(measure(case, rows, args.rounds, Path(tmp)))
    print(json.dumps(results, indent=2, ensure_ascii=False))
    for r in results:
        verdict = "OK" if r["ratio"] <= 2 else "ABOVE"
        same = "same" if r["money_sum_pandas"] == r["money_sum_ingest"] else "DIFFERENT"
        print(f"{r['case']} ({r['rows']:,} rows, {r['file_mb']} MB): {r['baseline']} {r['baseline_s']:.2f} s "
              f"({r['pandas_peak_mb']} MB peak), "
              f"ingest_file {r['ingest_s']:.2f} s ({r['ingest_peak_mb']} MB peak), ratio {r['ratio']:.2f} "
              f"({verdict} the 2x target); CPU {r['baseline_cpu_s']:.2f} s vs {r['ingest_cpu_s']:.2f} s, "
              f"ratio {r['cpu_ratio']:.2f}; money sum {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
