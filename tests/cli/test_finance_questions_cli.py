"""`analyst ask FILE Q --offline --json` on finance files it has never seen (generated
here): a two-year P&L CSV with costs in parentheses, a budget with actuals for the first
months only, costs by cost centre and month. Exit 0 and the exact figures (issue 11.7)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.analysis.test_finance_growth_budget import two_years
from tests.cli.test_ask_report_cli import analyst


def _ask(path: Path, question: str, tmp_path: Path) -> dict:
    run = analyst("ask", str(path), question, "--offline", "--json", "--backend", "local",
                  "--workspace", str(tmp_path / "ws"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["ok"] and data["brain"] == "offline", data["answer"]
    return data


def test_yoy_on_a_two_year_statement(tmp_path: Path) -> None:
    values = two_years(tmp_path / "pl_24m.csv", "slash", "parentheses", True, 23)
    data = _ask(tmp_path / "pl_24m.csv", "marketing year over year", tmp_path)
    now, before = sum(values["Marketing"][12:]), sum(values["Marketing"][:12])
    f = data["steps"][0]["figures"]["figures"]
    assert round(f["value"], 2) == round(now, 2) and round(f["previous"], 2) == round(before, 2)
    assert f"{now - before:,.2f}" in data["answer"]
    assert f"{now:,.2f}" in data["answer"] and f"{before:,.2f}" in data["answer"]


def test_budget_to_date_with_partial_actuals(tmp_path: Path) -> None:
    (tmp_path / "budget_2026.csv").write_text(
        "Line,Jan 2026 Budget,Jan 2026 Actual,Feb 2026 Budget,Feb 2026 Actual,"
        "Mar 2026 Budget,Mar 2026 Actual\n"
        "Revenue,50000.00,52340.10,50000.00,48750.55,50000.00,\n"
        "Salaries,-20000.00,-20500.00,-20000.00,-19800.25,-20000.00,\n"
        "Marketing,-5000.00,-6100.40,-5000.00,-4300.00,-5000.00,\n", encoding="utf-8")
    data = _ask(tmp_path / "budget_2026.csv", "budget vs actual ytd", tmp_path)
    f = data["steps"][0]["figures"]["figures"]
    assert f["through_month"] == 2 and f["months"] == 2
    assert round(f["revenue_actual"], 2) == 101090.65 and round(f["revenue_budget"], 2) == 100000.0
    assert round(f["cost_actual"], 2) == 50700.65 and round(f["cost_budget"], 2) == 50000.0
    for figure in ("1,090.65", "101,090.65", "100,000.00", "700.65", "50,700.65", "50,000.00"):
        assert figure in data["answer"]
    assert "Feb 2026" in data["answer"]


def test_cost_centres_ranked_for_a_month(tmp_path: Path) -> None:
    (tmp_path / "cc_q1.csv").write_text(
        "Cost centre,Jan 2026,Feb 2026,Mar 2026,Q1 2026\n"
        "Sales,1200.50,1300.25,1250.00,3750.75\nIT,900.00,2100.10,950.40,3950.50\n"
        "HR,400.00,410.00,420.00,1230.00\n", encoding="utf-8")
    data = _ask(tmp_path / "cc_q1.csv", "rank cost centres in February", tmp_path)
    head = data["steps"][0]["figures"]["head"]
    assert [r["Cost centre"] for r in head] == ["IT", "Sales", "HR"]
    for figure in ("2,100.10", "1,300.25", "410.00", "3,810.35"):
        assert figure in data["answer"]
