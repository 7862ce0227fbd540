"""Benchmark: `python -m analyst report` vs a minimal hand-written script, on 45,000 rows.

The hand-written script does the same computations (key figures, revenue by month, top 10
products, ABC, revenue by category, region and channel, margin by category), draws the
same seven charts with matplotlib and writes a PDF with reportlab, all in one process with
no sandbox, no ingestion checks and no appendix: the floor of what the report can cost.
Both run as fresh processes, so both pay for Python start and imports.

    python benchmarks/report.py [--rows 45000] [--backend auto|docker|local] [--rounds 1]

Prints both times and the ratio; exits 1 when the CLI takes more than the 30 s budget.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BUDGET_S = 30.0


def baseline(csv: Path, out: Path) -> None:
    """The hand-written report: plain pandas, matplotlib and reportlab in this process."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import pandas as pd
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Image, Paragraph, SimpleDocTemplate, Table

    df = pd.read_csv(csv, parse_dates=["Date"])
    total = df["Revenue"].sum()
    kpis = {"Total revenue": total, "Orders": df["Order ID"].nunique(),
            "Average order value": total / df["Order ID"].nunique(),
            "Gross margin %": (total - df["Cost"].sum()) / total * 100}
    monthly = df.groupby(df["Date"].dt.to_period("M"))["Revenue"].sum()
    by_product = df.groupby("Product")["Revenue"].sum().sort_values(ascending=False)
    share = by_product.cumsum() / by_product[by_product > 0].sum()
    abc = pd.cut(share, [-1, 0.8, 0.95, 2], labels=["A", "B", "C"]).value_counts()
    tables = {
        "Revenue by month": monthly.rename(index=str),
        "Top 10 products": by_product.head(10),
        "Revenue by category": df.groupby("Category")["Revenue"].sum().sort_values(),
        "Revenue by region": df.groupby("Region")["Revenue"].sum().sort_values(),
        "Revenue by channel": df.groupby("Channel")["Revenue"].sum().sort_values(),
        "Gross profit by category": (df.groupby("Category")["Revenue"].sum()
                                     - df.groupby("Category")["Cost"].sum()).sort_values(),
    }
    styles = getSampleStyleSheet()
    story = [Paragraph("Sales report", styles["Title"])]
    story.append(Table([[k, f"{v:,.2f}"] for k, v in kpis.items()]))
    with tempfile.TemporaryDirectory() as tmp:
        charts = {**tables, "ABC analysis": by_product}
        for i, (title, series) in enumerate(charts.items()):
            fig, ax = plt.subplots(figsize=(8, 4.5))
            if title == "ABC analysis":
                ax.bar(range(len(series)), series.to_numpy())
                ax.twinx().plot(range(len(series)), share.to_numpy() * 100, color="orange")
            elif title == "Revenue by month":
                ax.bar(series.index, series.to_numpy())
            else:
                ax.barh(series.index.astype(str), series.to_numpy())
            ax.set_title(title)
            path = Path(tmp) / f"chart{i}.png"
            fig.savefig(path, dpi=200, bbox_inches="tight")
            plt.close(fig)
            story += [Paragraph(title, styles["Heading2"]), Image(str(path), 400, 225)]
            rows = [[str(k), f"{v:,.2f}"] for k, v in series.head(25).items()]
            story.append(Table(rows))
        story.append(Paragraph(f"ABC classes: {abc.to_dict()}", styles["Normal"]))
        SimpleDocTemplate(str(out), pagesize=A4).build(story)


def _timed(command: list[str]) -> float:
    started = time.perf_counter()
    run = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False,
                         env={**_env(), "PYTHONPATH": str(REPO)})
    elapsed = time.perf_counter() - started
    if run.returncode != 0:
        sys.exit(f"{' '.join(command[2:4])} failed: {run.stderr.strip().splitlines()[-1:]}")
    return elapsed


def _env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=45_000)
    parser.add_argument("--backend", default="auto", choices=("auto", "docker", "local"))
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--baseline-only", nargs=2, metavar=("CSV", "PDF"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.baseline_only:
        baseline(Path(args.baseline_only[0]), Path(args.baseline_only[1]))
        return 0

    sys.path.insert(0, str(REPO))
    from benchmarks.sales_data import write_sales_csv

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        csv = write_sales_csv(folder / "sales.csv", rows=args.rows)
        cli, script = [], []
        for _ in range(args.rounds):
            cli.append(_timed([sys.executable, "-m", "analyst", "report", str(csv),
                               "-o", str(folder / "cli.pdf"), "--backend", args.backend,
                               "--quiet", "--workspace", str(folder / f"ws{len(cli)}")]))
            script.append(_timed([sys.executable, str(Path(__file__).resolve()),
                                  "--baseline-only", str(csv), str(folder / "script.pdf")]))
    cli_s, script_s = statistics.median(cli), statistics.median(script)
    print(f"rows: {args.rows:,}  backend: {args.backend}  rounds: {args.rounds}")
    print(f"analyst report CLI (ingest + sandbox + recipes + PDF): {cli_s:6.2f} s")
    print(f"hand-written script (pandas + matplotlib + reportlab):  {script_s:6.2f} s")
    print(f"ratio CLI / script: {cli_s / script_s:.2f}x   budget: {BUDGET_S:.0f} s -> "
          f"{'OK' if cli_s <= BUDGET_S else 'OVER BUDGET'}")
    return 0 if cli_s <= BUDGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
