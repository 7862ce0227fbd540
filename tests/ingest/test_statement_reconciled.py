"""A statement's reading reproduces the file's own totals before any figure is stated (issue 26, point 5).

Statements are generated in many layouts: cost lines directly after "Total revenue" with no
heading of their own, sections with and without headings, costs positive, negative or in
parentheses, with and without a "Gross profit" row or a cost subtotal, with and without
interest and tax lines, in en/uk/ru/de/zh. Every figure of the finance pack (revenue, gross
profit, operating profit, gross margin, net profit when there is one) is compared to the
cent with plain pandas on the generating lines. A file whose own "Gross profit" row no
reading reproduces states no figure, and its card says which row disagrees.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import openpyxl
import pandas as pd
import pytest

from analyst import recipes
from analyst.brain.code.codegen import PlannedStep
from analyst.brain.plan.plan import standard_plan
from analyst.brain.plan.statements import statement_plan
from analyst.ingest import ingest_file
from analyst.recipes.columns import RecipeError
from sandbox import Workspace
from tests.grids import tiered

MONTHS = [f"{m} 2025" for m in ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
                                 "Oct", "Nov", "Dec")]
# Labels by accounting meaning: each line names its kind, so a line read without a heading
# still has one. (heading, lines, subtotal) per block, then the result rows.
LABELS = {
    "en": {"revenue": ("Revenue", ("Product sales", "Service revenue"), "Total revenue"),
           "cogs": ("Cost of sales", ("Cost of goods sold", "COGS services"), "Total cost of sales"),
           "opex": ("Operating expenses", ("Salaries", "Rent", "Marketing"), "Total operating expenses"),
           "below": ("Interest expense", "Income tax"),
           "gross": "Gross profit", "operating": "Operating profit", "net": "Net profit"},
    "uk": {"revenue": ("Доходи", ("Виручка від товарів", "Виручка від послуг"), "Разом доходи"),
           "cogs": ("Собівартість", ("Собівартість товарів", "Собівартість послуг"), "Разом собівартість"),
           "opex": ("Операційні витрати", ("Зарплата", "Оренда", "Маркетинг"), "Разом операційні витрати"),
           "below": ("Відсотки за кредитом", "Податок на прибуток"),
           "gross": "Валовий прибуток", "operating": "Операційний прибуток", "net": "Чистий прибуток"},
    "ru": {"revenue": ("Выручка", ("Выручка от товаров", "Выручка от услуг"), "Итого выручка"),
           "cogs": ("Себестоимость", ("Себестоимость товаров", "Себестоимость услуг"), "Итого себестоимость"),
           "opex": ("Операционные расходы", ("Зарплата", "Аренда", "Маркетинг"), "Итого операционные расходы"),
           "below": ("Проценты по кредитам", "Налог на прибыль"),
           "gross": "Валовая прибыль", "operating": "Операционная прибыль", "net": "Чистая прибыль"},
    "de": {"revenue": ("Umsatzerlöse", ("Umsatzerlöse Waren", "Umsatzerlöse Dienstleistungen"),
                       "Summe Umsatzerlöse"),
           "cogs": ("Umsatzkosten", ("Umsatzkosten Waren", "Umsatzkosten Dienstleistungen"),
                    "Summe Umsatzkosten"),
           "opex": ("Betriebliche Aufwendungen", ("Gehälter", "Miete", "Marketing"),
                    "Summe betriebliche Aufwendungen"),
           "below": ("Zinsaufwand", "Ertragsteuern"),
           "gross": "Bruttogewinn", "operating": "Betriebsergebnis", "net": "Jahresüberschuss"},
    "zh": {"revenue": ("收入", ("产品销售收入", "服务收入"), "收入合计"),
           "cogs": ("营业成本", ("营业成本-产品", "营业成本-服务"), "营业成本合计"),
           "opex": ("营业费用", ("工资", "租金", "市场营销"), "营业费用合计"),
           "below": ("利息费用", "所得税"),
           "gross": "毛利", "operating": "营业利润", "net": "净利润"},
}


@dataclass(frozen=True)
class Layout:
    language: str
    revenue_heading: bool
    cost_heading: bool
    """False: the cost lines follow "Total revenue" directly, as in the reported file."""
    cost_subtotal: bool
    gross_row: bool
    net: bool
    """Interest and tax lines and a net profit row."""
    costs: str
    """positive, negative or parentheses (text cells "(1,234.50)" in a CSV)."""

    @property
    def name(self) -> str:
        return (f"{self.language}-{'revhead' if self.revenue_heading else 'norevhead'}-"
                f"{'costhead' if self.cost_heading else 'nocosthead'}-"
                f"{'costtotal' if self.cost_subtotal else 'nocosttotal'}-"
                f"{'gross' if self.gross_row else 'nogross'}-{'net' if self.net else 'nonet'}-{self.costs}")


def _layouts() -> list[Layout]:
    """A spread of the combinations: every language meets every cost sign and the reported
    layout (no cost heading after a revenue heading); the other switches vary."""
    out = []
    for n, (language, costs, cost_heading) in enumerate(itertools.product(
            LABELS, ("positive", "negative", "parentheses"), (False, True))):
        out.append(Layout(language, revenue_heading=n % 5 != 4, cost_heading=cost_heading,
                          cost_subtotal=n % 3 != 1, gross_row=n % 4 != 3, net=n % 2 == 0,
                          costs=costs))
    return out


LAYOUTS = _layouts()


def _lines(layout: Layout, seed: int) -> dict[str, tuple[str, list[float]]]:
    """label -> (kind, 12 monthly amounts, costs positive), drawn with cents."""
    rng = random.Random(seed)
    words = LABELS[layout.language]
    out: dict[str, tuple[str, list[float]]] = {}
    for label in words["revenue"][1]:
        out[label] = ("revenue", [round(rng.uniform(40_000, 90_000), 2) for _ in MONTHS])
    for label in words["cogs"][1]:
        out[label] = ("cogs", [round(rng.uniform(8_000, 20_000), 2) for _ in MONTHS])
    for label in words["opex"][1]:
        out[label] = ("opex", [round(rng.uniform(3_000, 12_000), 2) for _ in MONTHS])
    if layout.net:
        for label in words["below"]:
            out[label] = ("below", [round(rng.uniform(500, 3_000), 2) for _ in MONTHS])
    return out


def _rows(layout: Layout, lines: dict[str, tuple[str, list[float]]],
          wrong_gross: float = 0.0) -> list[tuple[str, list[float] | None]]:
    """The statement's rows as the accountant wrote them: (label, figures or None), figures
    with costs positive; result rows computed from the lines (`wrong_gross` added to each
    month of the Gross profit row: a file that contradicts itself)."""
    words = LABELS[layout.language]

    def block(kind: str) -> list[float]:
        return [sum(v[m] for k, v in lines.values() if k == kind) for m in range(12)]

    revenue, cogs, opex = block("revenue"), block("cogs"), block("opex")
    gross = [r - c for r, c in zip(revenue, cogs, strict=True)]
    operating = [g - o for g, o in zip(gross, opex, strict=True)]
    rows: list[tuple[str, list[float] | None]] = []
    heading, items, total = words["revenue"]
    if layout.revenue_heading:
        rows.append((heading, None))
    rows += [(label, lines[label][1]) for label in items]
    rows.append((total, revenue))
    heading, items, total = words["cogs"]
    if layout.cost_heading:
        rows.append((heading, None))
    rows += [(label, lines[label][1]) for label in items]
    if layout.cost_subtotal:
        rows.append((total, cogs))
    if layout.gross_row:
        rows.append((words["gross"], [g + wrong_gross for g in gross]))
    heading, items, total = words["opex"]
    rows.append((heading, None))
    rows += [(label, lines[label][1]) for label in items]
    rows.append((total, opex))
    rows.append((words["operating"], operating))
    if layout.net:
        below = block("below")
        rows += [(label, lines[label][1]) for label in words["below"]]
        rows.append((words["net"], [o - b for o, b in zip(operating, below, strict=True)]))
    return rows


def _cost(label: str, lines: dict[str, tuple[str, list[float]]], words: dict) -> bool:
    """A cost row: a cost line, or a cost subtotal (stored with the costs' sign)."""
    kind = lines[label][0] if label in lines else None
    return kind in ("cogs", "opex", "below") or label in (words["cogs"][2], words["opex"][2])


def write(path: Path, layout: Layout, lines: dict[str, tuple[str, list[float]]],
          wrong_gross: float = 0.0) -> Path:
    """The statement as a workbook (costs positive or negative) or a CSV (costs in parentheses)."""
    words = LABELS[layout.language]
    rows = _rows(layout, lines, wrong_gross)
    if layout.costs == "parentheses":
        path = path.with_suffix(".csv")
        out = [",".join(["Line item", *MONTHS])]
        for label, figures in rows:
            cells = [""] * 12 if figures is None else [
                f'"({v:,.2f})"' if _cost(label, lines, words) else f'"{v:,.2f}"' for v in figures]
            out.append(",".join([label, *cells]))
        path.write_text("\n".join(out) + "\n", encoding="utf-8")
        return path
    path = path.with_suffix(".xlsx")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Profit and loss 2025"])
    sheet.append([])
    sheet.append(["", *MONTHS])
    sign = -1.0 if layout.costs == "negative" else 1.0
    for label, figures in rows:
        if figures is None:
            sheet.append([label])
            continue
        factor = sign if _cost(label, lines, words) else 1.0
        sheet.append([label, *[round(v * factor, 2) for v in figures]])
        for cell in sheet[sheet.max_row][1:]:
            cell.number_format = "#,##0.00;(#,##0.00)"
    book.save(path)
    return path


def truth(lines: dict[str, tuple[str, list[float]]]) -> dict[str, float]:
    """The year's figures with plain pandas on the generating lines."""
    frame = pd.DataFrame([(kind, label, m, v) for label, (kind, values) in lines.items()
                          for m, v in enumerate(values)], columns=["kind", "line", "month", "value"])
    by = frame.groupby("kind")["value"].sum()
    revenue, cogs, opex = by["revenue"], by["cogs"], by["opex"]
    out = {"revenue": revenue, "cogs": cogs, "opex": opex, "gross_profit": revenue - cogs,
           "operating_profit": revenue - cogs - opex, "total_costs": cogs + opex}
    out["gross_margin_pct"] = out["gross_profit"] / revenue * 100.0
    out["operating_margin_pct"] = out["operating_profit"] / revenue * 100.0
    if "below" in by:
        out["net_profit"] = out["operating_profit"] - by["below"]
    return {k: float(v) for k, v in out.items()}


def _cards(workspace, path: Path) -> list:
    return ingest_file(path, workspace)


RUN = {name: vars(recipes)[name] for name in (*recipes.RECIPES, *recipes.QUESTION_RECIPES)}


def _run(workspace, step) -> recipes.RecipeResult:
    """The planned step's recipe, run in this process on the table it names."""
    frame = pd.read_parquet(workspace.root / step.parquet_path)
    return RUN[step.recipe](frame, **step.arguments)


def _cents(value: float) -> int:
    return round(value * 100)


Pack = tuple[dict[str, tuple[str, list[float]]], Workspace, list]


@pytest.fixture(scope="module")
def read_pack(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Layout], Pack]:
    """layout -> (its lines, the workspace, the cards): each finance pack is written and read
    once for the module (a second or more); the tests below only read what came out."""
    done: dict[str, Pack] = {}

    def read(layout: Layout) -> Pack:
        if layout.name not in done:
            folder = tmp_path_factory.mktemp("pack")
            lines = _lines(layout, seed=LAYOUTS.index(layout))
            workspace = Workspace(folder / "ws")
            done[layout.name] = (lines, workspace,
                                 _cards(workspace, write(folder / "pnl", layout, lines)))
        return done[layout.name]

    return read


# A layout is a finance pack read and reconciled (a second or more): every third in the fast
# tier, every one in the full run.
@pytest.mark.parametrize("layout", tiered(LAYOUTS, lambda i, _: i % 3 == 0, one_name=True),
                         ids=lambda layout: layout.name)
def test_every_finance_pack_figure_is_exact_in_every_layout(read_pack, layout):
    lines, workspace, cards = read_pack(layout)
    wide = next(c for c in cards if c.layout == "statement")
    # The reading reproduces every result row the file states, and says nothing is off.
    checked = [r for r in wide.row_kinds if r.agrees is not None]
    assert checked and all(r.agrees for r in checked), [(r.label, r.agrees) for r in checked]
    assert not any(getattr(a, "key", "") == "statement_unreconciled" for a in wide.assumptions)
    if layout.revenue_heading and not layout.cost_heading:
        # The reported layout: the cost lines start a section of their own after the subtotal.
        assert any(getattr(a, "key", "") == "statement_sections_closed" for a in wide.assumptions)
    expected = truth(lines)
    plan = standard_plan(cards)
    assert plan.steps, plan.reason
    steps = {s.recipe: s for s in plan.steps if isinstance(s, PlannedStep)}
    year = _run(workspace, steps["pnl_statement"]).figures
    for key in ("revenue", "cogs", "opex", "gross_profit", "operating_profit"):
        assert _cents(year[key]) == _cents(expected[key]), (key, year[key], expected[key])
    for key in ("gross_margin_pct", "operating_margin_pct"):
        assert year[key] == pytest.approx(expected[key], abs=1e-9), key
    assert expected["gross_margin_pct"] < 100.0
    if layout.net:
        assert _cents(year["net_profit"]) == _cents(expected["net_profit"])
    else:
        # No interest or tax lines: no net profit, never the operating profit under its name.
        assert math.isnan(year["net_profit"])
    margins = _run(workspace, steps["margin_trend"]).figures
    assert margins["gross_margin_pct"] == pytest.approx(expected["gross_margin_pct"], abs=1e-9)
    structure = _run(workspace, steps["expense_structure"]).figures
    assert _cents(structure["total_costs"]) == _cents(expected["total_costs"])
    assert _cents(structure["cogs"]) == _cents(expected["cogs"])


QUESTIONS = {
    "revenue": {"en": "what was our revenue in 2025", "uk": "яка виручка за 2025",
                "ru": "какая выручка за 2025", "de": "what was our revenue in 2025",
                "zh": "2025年收入是多少"},
    "gross_profit": {"en": "gross profit for the year", "uk": "валовий прибуток за рік",
                     "ru": "валовая прибыль за год", "de": "gross profit for the year",
                     "zh": "全年毛利"},
    "net_profit": {"en": "what was our net profit", "uk": "який чистий прибуток",
                   "ru": "какая чистая прибыль", "de": "what was our net profit",
                   "zh": "净利润是多少"},
}


@pytest.mark.parametrize("layout", LAYOUTS[::3], ids=[layout.name for layout in LAYOUTS[::3]])
def test_questions_state_the_figures_the_file_has_and_say_the_absent_ones(read_pack, layout):
    # The packs of the fast tier above (every third layout), read once for both tests.
    lines, workspace, cards = read_pack(layout)
    expected = truth(lines)
    language = "en" if layout.language == "de" else layout.language
    for figure, asked in QUESTIONS.items():
        plan = statement_plan(asked[layout.language], cards, language)
        assert plan is not None and len(plan.steps) == 1, (asked, plan)
        [step] = plan.steps
        assert step.recipe == "statement_figure" and step.arguments["figure"] == figure
        if figure == "net_profit" and not layout.net:
            with pytest.raises(RecipeError) as refused:
                _run(workspace, step)
            assert refused.value.key == "no_net_profit_lines"
            continue
        assert _cents(_run(workspace, step).figures["value"]) == _cents(expected[figure])
    margin = statement_plan({"en": "gross margin", "uk": "валова маржа", "ru": "валовая маржа",
                             "de": "gross margin", "zh": "毛利率"}[layout.language], cards, language)
    assert margin is not None
    [step] = margin.steps
    assert step.recipe == "statement_margins"
    assert _run(workspace, step).figures["gross_margin_pct"] == pytest.approx(
        expected["gross_margin_pct"], abs=1e-9)


@pytest.mark.parametrize("layout", LAYOUTS[::4], ids=[layout.name for layout in LAYOUTS[::4]])
def test_a_file_whose_own_gross_profit_no_reading_reproduces_states_no_figure(workspace, tmp_path, layout):
    layout = Layout(layout.language, layout.revenue_heading, layout.cost_heading,
                    layout.cost_subtotal, True, layout.net, layout.costs)
    lines = _lines(layout, seed=200 + LAYOUTS.index(layout))
    path = write(tmp_path / "pnl", layout, lines, wrong_gross=1_234.56)
    cards = _cards(workspace, path)
    wide = next(c for c in cards if c.layout == "statement")
    gross = LABELS[layout.language]["gross"]
    assert [r.label for r in wide.row_kinds if r.agrees is False] == [gross]
    [said] = [a for a in wide.assumptions if getattr(a, "key", "") == "statement_unreconciled"]
    assert said.values["label"] == gross
    for language in ("en", "uk", "ru", "zh"):
        assert gross in said.render(language)
    # Neither the standard report nor a question states a figure of it.
    plan = standard_plan(cards)
    assert not [s for s in plan.steps if isinstance(s, PlannedStep) and s.recipe in
                ("pnl_statement", "margin_trend", "expense_structure", "notable_changes")]
    language = "en" if layout.language == "de" else layout.language
    for asked in QUESTIONS.values():
        plan = statement_plan(asked[layout.language], cards, language)
        assert plan is not None and not plan.steps and gross in (plan.reason or ""), plan


FULL_YEAR = {"en": "what is the full-year revenue budget", "uk": "який річний бюджет виручки",
             "ru": "какой годовой бюджет выручки", "zh": "全年收入预算是多少"}
BUDGET_CASES = [(language, budget_months, actual_months, sign)
                for n, (language, (budget_months, actual_months), sign) in enumerate(itertools.product(
                    FULL_YEAR, ((12, 9), (9, 9), (12, 3), (6, 2)), ("positive", "negative")))
                if n % 2 == 0 or budget_months < 12]


@pytest.mark.parametrize(("language", "budget_months", "actual_months", "sign"), BUDGET_CASES,
                         ids=[f"{c[0]}-budget{c[1]}-actual{c[2]}-{c[3]}" for c in BUDGET_CASES])
def test_a_full_year_budget_is_stated_only_when_the_budget_has_the_whole_year(
        workspace, tmp_path, language, budget_months, actual_months, sign):
    rng = random.Random(budget_months * 100 + actual_months)
    revenue = {"Sales revenue": True, "Marketing": False, "Rent": False}
    head = ["Line"] + [f"{m} {w}" for m in MONTHS for w in ("Budget", "Actual")]
    rows, budget = [",".join(head)], {}
    factor = -1.0 if sign == "negative" else 1.0
    for name, is_revenue in revenue.items():
        budget[name] = [round(rng.uniform(1_000, 9_000), 2) for _ in range(budget_months)]
        cells = []
        for m in range(12):
            value = factor if not is_revenue else 1.0
            cells += [f"{budget[name][m] * value:.2f}" if m < budget_months else "",
                      f"{budget[name][m] * value * 1.05:.2f}" if m < actual_months else ""]
        rows.append(",".join([name, *cells]))
    path = tmp_path / "budget.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    cards = _cards(workspace, path)
    plan = statement_plan(FULL_YEAR[language], cards, language)
    assert plan is not None and len(plan.steps) == 1, plan
    [step] = plan.steps
    assert step.recipe == "budget_to_date" and step.arguments.get("scope") == "year"
    if budget_months < 12:
        # Some months only: no full-year figure, never the sum of the months it has.
        with pytest.raises(RecipeError) as refused:
            _run(workspace, step)
        assert refused.value.key == "no_full_year_budget"
        assert refused.value.values["months"] == budget_months
    else:
        figures = _run(workspace, step).figures
        assert _cents(figures["year_revenue_budget"]) == _cents(sum(budget["Sales revenue"]))
        assert _cents(figures["year_cost_budget"]) == _cents(
            sum(sum(budget[n]) for n, r in revenue.items() if not r))
        # The year to date is still what the comparison covers.
        assert _cents(figures["revenue_budget"]) == _cents(sum(budget["Sales revenue"][:actual_months]))
    # A year-to-date question is not a full-year one.
    ytd = statement_plan({"en": "budget vs actual year to date", "uk": "відхилення від бюджету з початку року",
                          "ru": "отклонение от бюджета с начала года", "zh": "年初至今预算执行情况"}[language],
                         cards, language)
    assert ytd is not None and ytd.steps and "scope" not in ytd.steps[0].arguments


@pytest.mark.parametrize("language", ["en", "uk", "ru", "zh"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_margin_answer_leads_with_the_margin_and_names_groups_by_margin(language, seed):
    """"Gross margin by category": the margin first, and the highest-margin category is
    the one with the highest margin, not the one with the most profit."""
    from analyst.brain.narrate.amounts import percent
    from analyst.brain.narrate.narrative import describe
    from analyst.record.figures import StepFigures

    rng = random.Random(seed)
    rows = []
    for category, (size, margin) in {"Bikes": (1500, 0.12), "Parts": (200, 0.55),
                                     "Service": (150, 0.35), "Apparel": (300, 0.25)}.items():
        for _ in range(20):
            revenue = round(rng.uniform(0.5, 1.5) * size, 2)
            rows.append((category, revenue, round(revenue * (1 - margin * rng.uniform(0.9, 1.1)), 2)))
    frame = pd.DataFrame(rows, columns=["Category", "Revenue", "Cost"])
    result = recipes.margin_by(frame, "Category", "Revenue", "Cost")
    step = PlannedStep(slug="s", description="d", recipe="margin_by", parquet_path="input/x.parquet",
                       arguments={"by": "Category", "revenue": "Revenue", "cost": "Cost"})
    figures = StepFigures(recipe="margin_by", title=result.title, figures=result.figures,
                          notes=result.notes, definition=result.definition,
                          head=tuple(result.table.head(12).to_dict("records")),
                          tail=tuple(result.table.tail(2).to_dict("records")), rows=len(result.table))
    text = describe(step, figures, language=language)
    sums = frame.groupby("Category")[["Revenue", "Cost"]].sum()
    margins = (sums["Revenue"] - sums["Cost"]) / sums["Revenue"] * 100.0
    overall = (sums["Revenue"].sum() - sums["Cost"].sum()) / sums["Revenue"].sum() * 100.0
    lead = percent(overall, language)
    # The overall margin comes before any amount of money.
    best, worst = margins.idxmax(), margins.idxmin()
    profits = sums["Revenue"] - sums["Cost"]
    assert best == "Parts" and worst == "Bikes" == profits.idxmax()  # most profit, least margin
    assert lead in text and text.index(lead) < text.index(best), text
    assert percent(margins[best], language) in text and percent(margins[worst], language) in text
    assert text.index(best) < text.index(worst), text
    assert "most profitable" not in text
