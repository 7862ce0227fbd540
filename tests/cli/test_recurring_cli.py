"""`analyst report ... --ask Q --save-template T.json`, then `analyst report NEW --template T.json`
in real subprocesses, as cron runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.cli.test_ask_report_cli import analyst
from tests.recurring.months import sales


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("recurring")
    q1 = sales(3, seed=21)
    q1.to_csv(root / "sales_q1.csv", index=False)
    run = analyst("report", "sales_q1.csv", "-o", "q1.pdf", "--ask", "top 5 products by revenue",
                  "--ask", "average revenue by region", "--save-template", "monthly.json",
                  "--backend", "local", "--quiet", cwd=root)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["q1.pdf", "monthly.json"]
    template = json.loads((root / "monthly.json").read_text(encoding="utf-8"))
    assert [q["question"] for q in template["questions"]] == ["top 5 products by revenue",
                                                             "average revenue by region"]
    total = next(k for k in template["key_figures"] if k["key"] == "total")
    assert round(total["value"], 2) == round(q1["Revenue"].sum(), 2)
    assert "Top 5 products by revenue" in _text(root / "q1.pdf")
    return root


def test_next_month_runs_again_and_shows_the_changes(saved: Path) -> None:
    q1 = sales(3, seed=21)
    q2 = sales(4, price=1.2, seed=22)
    q2.to_csv(saved / "sales_apr.csv", index=False)
    run = analyst("report", "sales_apr.csv", "-o", "apr.pdf", "--template", "monthly.json",
                  "--save-template", "april.json", "--backend", "local", "--quiet", cwd=saved)
    assert run.returncode == 0, run.stderr
    # This run saved as the next reference: April's own figures and period.
    april = json.loads((saved / "april.json").read_text(encoding="utf-8"))
    total = next(k for k in april["key_figures"] if k["key"] == "total")
    assert round(total["value"], 2) == round(q2["Revenue"].sum(), 2)
    assert april["period"] == ["2026-01-01", "2026-04-30"] and len(april["questions"]) == 2
    text = _text(saved / "apr.pdf")
    change = (q2["Revenue"].sum() - q1["Revenue"].sum()) / q1["Revenue"].sum()
    date = json.loads((saved / "monthly.json").read_text())["saved_at"][:10]
    # Against the months the saved run covered; its date is said beside them.
    assert f"+{change:.1%} vs Jan 2026 – Mar 2026" in text and date in text
    assert "This run covers Jan 2026 – Apr 2026" in text
    assert "Top 5 products by revenue" in text and "Average of revenue by region" in text


def test_an_ambiguous_column_is_asked_and_answered_with_column(saved: Path) -> None:
    q2 = sales(4, seed=23).rename(columns={"Revenue": "Net sales"})
    q2["Fee"] = (q2["Net sales"] * 0.02).round(2)
    q2.to_csv(saved / "sales_may.csv", index=False)
    args = ("report", "sales_may.csv", "-o", "may.pdf", "--template", "monthly.json",
            "--backend", "local", "--quiet")
    asked = analyst(*args, cwd=saved)
    assert asked.returncode == 1 and not (saved / "may.pdf").exists()
    assert "which column of sales_may.csv is “Revenue”" in asked.stderr
    assert '--column "Revenue=' in asked.stderr and "Traceback" not in asked.stderr
    answered = analyst(*args, "--column", "Revenue=Net sales", cwd=saved)
    assert answered.returncode == 0, answered.stderr
    assert "vs Jan 2026 – Mar 2026" in _text(saved / "may.pdf")


def test_a_broken_template_is_one_line_before_any_work(saved: Path) -> None:
    (saved / "broken.json").write_text('{"format": "analyst-report-template", "version": 1',
                                       encoding="utf-8")
    run = analyst("report", "sales_q1.csv", "-o", "x.pdf", "--template", "broken.json",
                  "--backend", "local", cwd=saved)
    assert run.returncode == 1 and not (saved / "x.pdf").exists()
    assert run.stderr.strip().splitlines() == [
        "broken.json is not a report template: it is not JSON (line 1, column 51)."]
