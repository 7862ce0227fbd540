"""A statement with one column a year is read by year, never as months.

Found on an income statement laid out "Line item, FY2024, FY2025" (the way annual reports
print it): each year was read as its 1 January, so "revenue growth" compared "Jan 2025" with
an empty "Dec 2024" (a change of 1,410,000, the whole year's revenue), "net profit growth"
likewise, and the P&L summary added both years together over 13 "months", 11 of them noted
as empty. Now growth is year on year, the summary is the latest year's (with each year in
its table), and months, quarters, month-on-month and loss months are declined by name;
"EBITDA" is declined rather than answered with the summary. Generated statements (year
headers written four ways, two to four years, costs positive, negative or in parentheses,
with and without an operating subtotal, interest and tax rows); the real offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from analyst.session.analysis import Analysis
from tests.finance.test_blind_statements import ask

HEADERS = ["FY{y}", "FY {y}", "{y}"]
SIGNS = ["positive", "negative", "parentheses"]


def _cell(value: float, cost: bool, sign: str) -> str:
    if not cost or sign == "positive":
        return f"{value:.0f}"
    return f"-{value:.0f}" if sign == "negative" else f"({value:,.0f})"


def _statement(seed: int, folder: Path) -> tuple[Path, list[int], dict[str, list[float]]]:
    rng = random.Random(seed)
    first = rng.choice([2019, 2022, 2023])
    years = list(range(first, first + rng.randint(2, 4)))
    sign = SIGNS[seed % len(SIGNS)]
    header = HEADERS[seed % len(HEADERS)]
    n = len(years)
    revenue = [rng.randint(800, 2000) * 1000 for _ in years]
    cogs = [round(r * rng.uniform(0.4, 0.6), -3) for r in revenue]
    opex = {name: [rng.randint(50, 200) * 1000 for _ in years]
            for name in ("Selling and marketing", "General and administrative", "Salaries")}
    interest = [rng.randint(5, 20) * 1000 for _ in years]
    taxed = seed % 2 == 0
    rows: list[tuple[str, list[float], bool]] = [("Net sales", revenue, False),
                                                 ("Cost of sales", cogs, True)]
    gross = [r - c for r, c in zip(revenue, cogs, strict=True)]
    rows.append(("Gross profit", gross, False))
    rows += [(name, values, True) for name, values in opex.items()]
    operating = [g - sum(v[i] for v in opex.values()) for i, g in enumerate(gross)]
    if seed % 3 or not taxed:  # (a statement with one subtotal is not read as one)
        rows.append(("Operating income", operating, False))
    net = list(operating)
    if taxed:
        tax = [round(max(o - i, 0) * 0.25, -3) for o, i in zip(operating, interest, strict=True)]
        rows += [("Interest expense", interest, True), ("Income tax", tax, True)]
        net = [o - i - t for o, i, t in zip(operating, interest, tax, strict=True)]
        rows.append(("Net income", net, False))
    lines = ["Line item," + ",".join(header.format(y=y) for y in years)]
    for label, values, cost in rows:
        lines.append(label + "," + ",".join(f'"{_cell(v, cost, sign)}"' for v in values[:n]))
    path = folder / f"annual{seed}.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    truth = {"revenue": revenue, "operating": operating, "net": net if taxed else []}
    return path, years, truth


@pytest.fixture(scope="module", params=range(6), ids=lambda s: f"seed{s}")
def loaded(request, tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("annual")
    path, years, truth = _statement(request.param, folder)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis, years, truth


def _figures(answer) -> dict[str, float]:
    assert answer.ok and len(answer.steps) == 1, answer.text[:400]
    return dict(answer.steps[0].figures.figures)


def test_growth_is_on_the_year_before(loaded) -> None:
    analysis, years, truth = loaded
    for question in ("revenue growth", "how did revenue change", "зростання виручки"):
        got = _figures(ask(analysis, question))
        assert got["value"] == pytest.approx(truth["revenue"][-1]), question
        assert got["previous"] == pytest.approx(truth["revenue"][-2]), question
        assert got["year"] == years[-1] and got["previous_year"] == years[-2]
    if truth["net"]:
        got = _figures(ask(analysis, "net profit growth"))
        assert got["value"] == pytest.approx(truth["net"][-1])
        assert got["previous"] == pytest.approx(truth["net"][-2])


def test_the_summary_is_the_latest_years(loaded) -> None:
    analysis, years, truth = loaded
    answer = ask(analysis, "profit and loss summary")
    got = _figures(answer)
    assert got["revenue"] == pytest.approx(truth["revenue"][-1])
    assert got["operating_profit"] == pytest.approx(truth["operating"][-1])
    assert f"{sum(truth['revenue']):,.2f}" not in answer.text
    assert "empty" not in answer.text.lower() and "no rows" not in answer.text.lower()


def test_a_years_figure_is_that_years(loaded) -> None:
    analysis, years, truth = loaded
    got = _figures(ask(analysis, f"revenue in {years[0]}"))
    assert got["value"] == pytest.approx(truth["revenue"][0])


@pytest.mark.parametrize("question", ["revenue by month", "month over month revenue growth",
                                      "revenue in Q1", "loss months", "quarterly P&L",
                                      "EBITDA", "виручка по місяцях"])
def test_months_and_quarters_are_declined(loaded, question) -> None:
    analysis, years, truth = loaded
    answer = ask(analysis, question)
    assert not answer.ok and not answer.steps, (question, answer.text[:300])
    assert f"{truth['revenue'][-1]:,.2f}" not in answer.text


def test_the_pack_reads_it_by_year(loaded) -> None:
    """The finance pack (the PDF's sections) had laid two years out as 13 months, 11 empty."""
    analysis, years, truth = loaded
    answer = [e for e in analysis.standard_report() if e.kind == "answer"][-1].answer
    assert answer is not None and answer.ok, answer
    assert [s.recipe for s in answer.steps] == ["pnl_statement", "expense_structure",
                                                "line_growth"]
    pnl, _, growth = (dict(s.figures.figures) for s in answer.steps)
    assert pnl["revenue"] == pytest.approx(truth["revenue"][-1])
    assert pnl["operating_profit"] == pytest.approx(truth["operating"][-1])
    assert pnl["periods"] == len(years)
    assert growth["value"] == pytest.approx(truth["revenue"][-1])
    assert growth["previous"] == pytest.approx(truth["revenue"][-2])
    table = answer.steps[0].figures.head
    assert [str(r["year"]) for r in table] == [str(y) for y in years]
    assert "no rows" not in answer.text.lower()


def test_the_span_is_said_in_years(loaded) -> None:
    """The report's subtitle had said "Jan 2024 – Jan 2025" of FY2024–FY2025."""
    from analyst.report.period import period_text

    analysis, years, _ = loaded
    [span] = [c.date_range for c in analysis.cards if c.date_range]
    text = period_text(span[0], span[1], "en")
    assert text == f"{years[0]} – {years[-1]}", text
