"""A line as a percentage of revenue, and a line's average per month or quarter.

On a monthly P&L, "marketing as a percentage of revenue", "what percentage of revenue is
rent", "average monthly revenue" were declined in every language ("percentage", "average"
not read), though a controller asks them first. They are answered now from the same lines
the pack reads: the line's total for the period, the revenue of the same period, their
ratio (over 100% when costs exceed revenue: a ratio, not a share); the total over the
period's months (or quarters). "частка маркетингу" without a revenue, or a "%" the reading
does not place, is declined, never answered with the line's total. Generated statements;
the figures against the generator's own numbers; the real offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from analyst.session.analysis import Analysis
from tests.finance.test_blind_statements import ask

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
SHARE = {"en": ["{l} as a percentage of revenue", "what percentage of revenue is {l}",
                "{l} as % of revenue", "{l} as a share of revenue"],
         "uk": ["частка {l} у виручці", "відсоток {l} від виручки"],
         "ru": ["доля {l} в выручке", "{l} в процентах от выручки"],
         "zh": ["{l}占收入的比例"]}
AVERAGE = {"en": ["average monthly {l}", "average {l} per month", "{l} a month on average"],
           "uk": ["середня {l} на місяць"], "ru": ["средняя {l} в месяц"], "zh": ["月均{l}"]}


def _statement(seed: int, folder: Path) -> tuple[Path, dict[str, list[float]], int]:
    rng = random.Random(seed)
    months = rng.randint(4, 12)
    heads = [f"{m} 2025" for m in MONTHS[:months]]
    revenue = [float(rng.randint(100, 300) * 1000) for _ in heads]
    lines = {"Revenue": revenue,
             "Cost of sales": [round(r * rng.uniform(0.3, 0.6), -2) for r in revenue],
             "Rent": [float(rng.choice([8000, 9000])) for _ in heads],
             "Marketing": [float(rng.randint(5, 90) * 1000) for _ in heads]}
    gross = [r - c for r, c in zip(revenue, lines["Cost of sales"], strict=True)]
    opex = [a + b for a, b in zip(lines["Rent"], lines["Marketing"], strict=True)]
    rows = [("Revenue", revenue), ("Cost of sales", lines["Cost of sales"]),
            ("Gross profit", gross), ("Operating expenses", None), ("Rent", lines["Rent"]),
            ("Marketing", lines["Marketing"]), ("Total operating expenses", opex),
            ("Operating profit", [g - o for g, o in zip(gross, opex, strict=True)])]
    text = ["Line item," + ",".join(heads)]
    text += [label + "," + (",".join(f"{v:.0f}" for v in values) if values else ","
                                                                              * (months - 1))
             for label, values in rows]
    path = folder / f"pl{seed}.csv"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return path, lines, months


@pytest.fixture(scope="module", params=range(4), ids=lambda s: f"seed{s}")
def loaded(request, tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("pl")
    path, lines, months = _statement(request.param, folder)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis, lines, months


def _figures(answer) -> dict[str, float]:
    assert answer.ok and len(answer.steps) == 1, answer.text[:400]
    return dict(answer.steps[0].figures.figures)


@pytest.mark.parametrize("language", sorted(SHARE))
def test_a_line_as_a_percentage_of_revenue(loaded, language: str) -> None:
    analysis, lines, _ = loaded
    names = {"en": {"Rent": "rent", "Marketing": "marketing"},
             "uk": {"Rent": "Rent", "Marketing": "Marketing"},
             "ru": {"Rent": "Rent", "Marketing": "Marketing"},
             "zh": {"Rent": "Rent", "Marketing": "Marketing"}}[language]
    for line, said in names.items():
        for phrase in SHARE[language]:
            got = _figures(ask(analysis, phrase.format(l=said)))
            want = sum(lines[line]) / sum(lines["Revenue"]) * 100
            assert got["of_revenue_pct"] == pytest.approx(want), (phrase, got)
            assert got["value"] == pytest.approx(sum(lines[line]))


def test_a_line_of_revenue_in_a_quarter_and_by_month(loaded) -> None:
    analysis, lines, months = loaded
    got = _figures(ask(analysis, "rent as % of revenue in Q1"))
    want = sum(lines["Rent"][:3]) / sum(lines["Revenue"][:3]) * 100
    assert got["of_revenue_pct"] == pytest.approx(want)
    answer = ask(analysis, "cost of sales as a percentage of revenue by month")
    table = answer.steps[0].figures.head
    assert [r["of_revenue_pct"] for r in table] == pytest.approx(
        [c / r * 100 for c, r in zip(lines["Cost of sales"], lines["Revenue"], strict=True)]
        [:len(table)])


@pytest.mark.parametrize("language", sorted(AVERAGE))
def test_a_lines_average_per_month(loaded, language: str) -> None:
    analysis, lines, months = loaded
    said = {"en": "revenue", "uk": "виручка", "ru": "выручка", "zh": "收入"}[language]
    for phrase in AVERAGE[language]:
        got = _figures(ask(analysis, phrase.format(l=said)))
        assert got["per_period"] == pytest.approx(sum(lines["Revenue"]) / months), phrase
        assert got["average_periods"] == months


def test_a_part_of_nothing_named_is_declined(loaded) -> None:
    analysis, lines, _ = loaded
    for question in ["marketing %", "what share of the total is rent", "частка маркетингу"]:
        answer = ask(analysis, question)
        assert not answer.steps, (question, answer.text)
        assert f"{sum(lines['Marketing']):,.2f}" not in answer.text, (question, answer.text)
