"""P&L statements and budgets in layouts the older finance generators do not make (issue 26,
Deliver 5, the blind round).

`tests/ingest/finance_books.py` and `tests/ingest/test_statement_reconciled.py` write one
label per kind with the section words the readers were built on. These are written the way
other accountants write them: "Less:" before each cost line, results named "Gross margin",
"Contribution", "EBIT", "Operating result", "Rohertrag", "Прибуток від продажів"; a blank row
between sections; labels indented with spaces; a note "(in thousands)" above the header;
figures as text with currency signs; an "FY" or "Total" column after the months; and files
whose own result row is wrong. Budgets hold only some months, with their header in two rows.

Each builder returns what a reader must find, computed by plain arithmetic on the generated
lines: `truth` maps a question of the finance pack to its figure, or to None when the file
does not hold it (net profit without interest and tax lines, a full-year budget of some
months) or holds it wrongly (a result row that contradicts its lines): then no figure may
be stated.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import openpyxl

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@dataclass(frozen=True)
class Words:
    """One way of labelling a statement: headings (None: the block has none), lines,
    subtotals and results."""

    revenue_heading: str | None
    revenue: tuple[str, ...]
    revenue_total: str
    cogs_heading: str | None
    cogs: tuple[str, ...]
    cogs_total: str | None
    gross: str
    opex_heading: str
    opex: tuple[str, ...]
    opex_total: str
    operating: str
    below: tuple[str, ...]
    net: str
    language: str
    """The language the questions are asked in."""


WORDS: dict[str, Words] = {
    "en-less": Words("Income", ("Sales of goods", "Consulting fees"), "Total income", None,
                     ("Less: Cost of goods sold", "Less: Freight in"), None, "Gross profit",
                     "Overheads", ("Less: Wages", "Less: Rent", "Less: Advertising"),
                     "Total overheads", "Operating income", ("Less: Interest", "Less: Income tax"),
                     "Net income", "en"),
    "en-ebit": Words("Turnover", ("Product revenue", "Subscription revenue"), "Total turnover",
                     "Direct costs", ("Cost of goods sold", "Hosting"), "Total direct costs",
                     "Gross margin", "Operating expenses", ("Payroll", "Office rent", "Sales & marketing"),
                     "Total operating expenses", "EBIT", ("Interest expense", "Tax"),
                     "Net result", "en"),
    "en-contribution": Words(None, ("Sales", "Other sales"), "Net sales", None,
                             ("Variable costs", "Commissions"), "Total variable costs",
                             "Contribution", "Fixed costs", ("Salaries", "Rent", "Insurance"),
                             "Total fixed costs", "Operating result", ("Finance costs", "Taxation"),
                             "Profit for the year", "en"),
    "de": Words("Umsatzerlöse", ("Umsatzerlöse Inland", "Umsatzerlöse Ausland"),
                "Summe Umsatzerlöse", "Materialaufwand",
                ("Aufwendungen für Roh-, Hilfs- und Betriebsstoffe", "Aufwendungen für bezogene Leistungen"),
                "Summe Materialaufwand", "Rohertrag", "Sonstige Aufwendungen",
                ("Personalaufwand", "Raumkosten", "Werbekosten"), "Summe sonstige Aufwendungen",
                "Betriebsergebnis", ("Zinsen und ähnliche Aufwendungen",
                                     "Steuern vom Einkommen und vom Ertrag"),
                "Jahresüberschuss", "en"),
    "uk": Words("Доходи", ("Чистий дохід від реалізації товарів", "Дохід від надання послуг"),
                "Разом доходи", None, ("Собівартість реалізованих товарів", "Собівартість послуг"),
                "Разом собівартість", "Валовий прибуток", "Операційні витрати",
                ("Адміністративні витрати", "Витрати на збут", "Оренда"), "Разом операційні витрати",
                "Операційний прибуток", ("Фінансові витрати", "Витрати з податку на прибуток"),
                "Чистий прибуток", "uk"),
    "ru": Words("Выручка", ("Выручка от продажи товаров", "Выручка от услуг"), "Итого выручка",
                "Себестоимость продаж", ("Себестоимость товаров", "Себестоимость услуг"),
                "Итого себестоимость", "Валовая прибыль", "Расходы",
                ("Коммерческие расходы", "Управленческие расходы", "Аренда"), "Итого расходы",
                "Прибыль от продаж", ("Проценты к уплате", "Налог на прибыль"), "Чистая прибыль",
                "ru"),
    "zh": Words("营业收入", ("主营业务收入", "其他业务收入"), "营业收入合计", None,
                ("主营业务成本", "其他业务成本"), "营业成本合计", "毛利", "期间费用",
                ("销售费用", "管理费用", "研发费用"), "期间费用合计", "营业利润",
                ("财务费用", "所得税费用"), "净利润", "zh"),
}

# How each language writes money as text: (before, after, thousands, decimal).
CURRENCY = {"en": ("$", "", ",", "."), "de": ("", " €", ".", ","), "uk": ("", " грн", " ", ","),
            "ru": ("", " ₽", " ", ","), "zh": ("¥", "", ",", ".")}


@dataclass(frozen=True)
class Blind:
    """One statement layout."""

    words: str
    costs: str
    """"positive", "negative" or "parentheses"."""
    money: str
    """"number" (workbook cells), "plain" ("1234.50"), "grouped" ("1,234.50"),
    "currency" ("$1,234.50", "1.234,50 €")."""
    blank_rows: bool
    indent: bool
    total_column: str | None
    """None, "FY" or "Total": a column after the months with each row's year."""
    thousands: bool
    """Figures in thousands with one decimal, "(in thousands)" above the header."""
    net: bool
    """Interest and tax lines and a net row."""
    wrong: str | None = None
    """None, or the result row ("gross", "operating", "net") that the file states wrongly."""
    months: int = 12
    gross_row: bool = True
    """False: no gross result row (nor cost subtotal) to tell cost of sales from the rest."""
    shape: str = "rows"
    """"rows": headings and lines down one label column; "type": a column beside the label
    names each line's kind, with no headings; "year-over-months" and "actual-over-months":
    two header rows, "2025" or "Actual" over the month names; "amounts": the year only, in
    a revenue column and a costs column of their own."""

    label: str = ""
    """The label column's header: "" (left blank), or as a user names it ("Line", "Статья")."""

    @property
    def name(self) -> str:
        parts = [self.words, self.costs, self.money, "blank" if self.blank_rows else "",
                 "" if self.gross_row else "nogross",
                 "indent" if self.indent else "", self.total_column or "",
                 "k" if self.thousands else "", "net" if self.net else "nonet",
                 f"wrong-{self.wrong}" if self.wrong else "", f"{self.months}m",
                 "" if self.shape == "rows" else self.shape,
                 f"label={self.label}" if self.label else ""]
        return "-".join(p for p in parts if p)

    @property
    def suffix(self) -> str:
        return ".xlsx" if self.money == "number" else ".csv"


# The kind column of a "type" layout, and the two columns of an "amounts" layout.
TYPE_WORDS = {"en": ("Type", "Revenue", "Cost of sales", "Operating expenses", "Finance and tax"),
              "de": ("Art", "Umsatzerlöse", "Materialaufwand", "Betriebliche Aufwendungen",
                     "Zinsen und Steuern"),
              "uk": ("Тип", "Доходи", "Собівартість", "Операційні витрати", "Фінансові витрати і податки"),
              "ru": ("Тип", "Выручка", "Себестоимость", "Операционные расходы", "Проценты и налоги"),
              "zh": ("类型", "营业收入", "营业成本", "期间费用", "财务费用及税金")}
AMOUNT_WORDS = {"en": ("Line", "Revenue", "Costs"), "de": ("Position", "Erlöse", "Kosten"),
                "uk": ("Стаття", "Доходи", "Витрати"), "ru": ("Статья", "Доходы", "Расходы"),
                "zh": ("项目", "收入", "成本费用")}


def _draw(rng: random.Random, low: float, high: float, thousands: bool) -> float:
    # In thousands a figure has one decimal, as such statements print them.
    return round(rng.uniform(low, high) / 1000, 1) if thousands else round(rng.uniform(low, high), 2)


def _text(value: float, cost: bool, layout: Blind, language: str) -> str:
    places = 1 if layout.thousands else 2
    negative = (cost and layout.costs != "positive") or value < 0
    magnitude = abs(value)
    if layout.money == "plain":
        body = f"{magnitude:.{places}f}"
        before = after = ""
    else:
        before, after, group, point = CURRENCY[language] if layout.money == "currency" else ("", "", ",", ".")
        body = f"{magnitude:,.{places}f}".replace(",", "\0").replace(".", point).replace("\0", group)
    money = f"{before}{body}{after}"
    if not negative:
        return money
    # A cost in parentheses, or a result below zero in a statement that writes costs so.
    return f"({money})" if layout.costs == "parentheses" else f"-{money}"


def statement(path: Path, layout: Blind, seed: int) -> tuple[Path, dict]:
    """Write the statement; return its path and {"truth": question -> figure or None,
    "months": month labels, "lines": label -> monthly figures (costs positive)}."""
    rng = random.Random(seed)
    words = WORDS[layout.words]
    language = "de" if layout.words == "de" else words.language
    n = layout.months
    k = layout.thousands
    lines: dict[str, tuple[str, list[float]]] = {}
    for label in words.revenue:
        lines[label] = ("revenue", [_draw(rng, 30_000, 90_000, k) for _ in range(n)])
    for label in words.cogs:
        lines[label] = ("cogs", [_draw(rng, 6_000, 20_000, k) for _ in range(n)])
    for label in words.opex:
        lines[label] = ("opex", [_draw(rng, 2_000, 12_000, k) for _ in range(n)])
    if layout.net:
        for label in words.below:
            lines[label] = ("below", [_draw(rng, 300, 3_000, k) for _ in range(n)])
    places = 1 if k else 2

    def block(kind: str) -> list[float]:
        return [round(sum(v[m] for t, v in lines.values() if t == kind), places) for m in range(n)]

    revenue, cogs, opex, below = block("revenue"), block("cogs"), block("opex"), block("below")
    gross = [round(r - c, places) for r, c in zip(revenue, cogs, strict=True)]
    operating = [round(g - o, places) for g, o in zip(gross, opex, strict=True)]
    net = [round(o - b, places) for o, b in zip(operating, below, strict=True)]
    off = {"gross": gross, "operating": operating, "net": net}
    stated = {key: list(values) for key, values in off.items()}
    if layout.wrong:
        # The file's own result row contradicts its lines by a round sum in every month.
        stated[layout.wrong] = [round(v + (1.5 if k else 1_500.0), places) for v in stated[layout.wrong]]

    pad = "   " if layout.indent else ""
    rows: list[tuple[str, list[float] | None, bool, str]] = []  # label, figures, is a cost, kind

    def gap() -> None:
        if layout.blank_rows:
            rows.append(("", None, False, ""))

    if words.revenue_heading:
        rows.append((words.revenue_heading, None, False, "heading"))
    rows += [(pad + label, lines[label][1], False, "revenue") for label in words.revenue]
    rows.append((words.revenue_total, revenue, False, ""))
    gap()
    if words.cogs_heading:
        rows.append((words.cogs_heading, None, False, "heading"))
    rows += [(pad + label, lines[label][1], True, "cogs") for label in words.cogs]
    if words.cogs_total and layout.gross_row:
        rows.append((words.cogs_total, cogs, True, ""))
    if layout.gross_row:
        rows.append((words.gross, stated["gross"], False, ""))
    gap()
    rows.append((words.opex_heading, None, False, "heading"))
    rows += [(pad + label, lines[label][1], True, "opex") for label in words.opex]
    rows.append((words.opex_total, opex, True, ""))
    rows.append((words.operating, stated["operating"], False, ""))
    if layout.net:
        gap()
        rows += [(pad + label, lines[label][1], True, "below") for label in words.below]
        rows.append((words.net, stated["net"], False, ""))

    months = [f"{MONTHS[m]} 2025" for m in range(n)]
    head = [layout.label, *months] + (["FY 2025" if layout.total_column == "FY" else "Total"]
                            if layout.total_column else [])

    def cells(figures: list[float], cost: bool) -> list:
        values = list(figures) + ([round(sum(figures), places)] if layout.total_column else [])
        if layout.money == "number":
            sign = -1.0 if cost and layout.costs != "positive" else 1.0
            return [round(v * sign, places) for v in values]
        return [_text(v, cost, layout, language) for v in values]

    note = "(in thousands)" if k else None
    title = {"de": "Gewinn- und Verlustrechnung 2025", "uk": "Звіт про фінансові результати 2025",
             "ru": "Отчёт о финансовых результатах 2025", "zh": "2025年利润表"}.get(language,
                                                                              "Profit and loss 2025")
    table: list[list] = [[title]] + ([[note]] if note else []) + [head]
    if layout.shape in ("year-over-months", "actual-over-months"):
        over = "2025" if layout.shape == "year-over-months" else "Actual"
        month_names = [MONTHS[m] if over == "2025" else months[m] for m in range(n)]
        table[-1] = ["", over, *[None] * (n - 1), *head[n + 1:]]
        table.append(["", *month_names, *[None] * (len(head) - n - 1)])
    if layout.shape == "type":
        kinds = dict(zip(("revenue", "cogs", "opex", "below"), TYPE_WORDS[language][1:], strict=True))
        table[-1] = [head[0], TYPE_WORDS[language][0], *head[1:]]
        for label, figures, cost, kind in rows:
            if figures is not None:
                table.append([label, kinds.get(kind, ""), *cells(figures, cost)])
    elif layout.shape == "amounts":
        table[-1] = list(AMOUNT_WORDS[language])
        for label, figures, cost, kind in rows:
            if kind in ("revenue", "cogs", "opex", "below") and figures is not None:
                year_figure = cells([round(sum(figures), places)], cost)[0]
                table.append([label, year_figure, None] if not cost else [label, None, year_figure])
        totals = [round(sum(revenue), places), round(sum(cogs) + sum(opex) + sum(below), places)]
        table.append([{"en": "Total", "de": "Summe", "uk": "Разом", "ru": "Итого", "zh": "合计"}[language],
                      cells([totals[0]], False)[0], cells([totals[1]], True)[0]])
    else:
        for label, figures, cost, _ in rows:
            table.append([label] if figures is None else [label, *cells(figures, cost)])
    path = path.with_suffix(layout.suffix)
    _save(path, table)

    def year(values: list[float]) -> float:
        return round(sum(values), places)

    bad = layout.wrong is not None
    best = max(range(n), key=lambda m: revenue[m])
    truth: dict[str, float | str | None] = {
        "revenue": year(revenue), "gross_profit": year(gross), "operating_profit": year(operating),
        "gross_margin": year(gross) / year(revenue) * 100.0,
        "net_profit": year(net) if layout.net else None,
        "highest_month": months[best],
    }
    if layout.shape == "amounts":
        # The year alone: no month to name, no result row to confirm a cost of sales with.
        truth["highest_month"] = None
    if bad:
        truth = {key: None for key in truth}
    return path, {"truth": truth, "months": months, "best_revenue": revenue[best],
                  "thousands": k, "language": words.language}


def _save(path: Path, table: list[list]) -> None:
    if path.suffix == ".xlsx":
        book = openpyxl.Workbook()
        sheet = book.active
        sheet.title = "P&L"
        for row in table:
            sheet.append(row)
            for cell in sheet[sheet.max_row][1:]:
                if isinstance(cell.value, float):
                    cell.number_format = "#,##0.00;(#,##0.00)"
        book.save(path)
        return

    def quote(cell: object) -> str:
        text = "" if cell is None else str(cell)
        return f'"{text}"' if any(c in text for c in ',"') else text

    width = max(len(row) for row in table)
    path.write_text("\n".join(",".join(quote(c) for c in [*row, *[None] * (width - len(row))])
                              for row in table) + "\n", encoding="utf-8")


@dataclass(frozen=True)
class BlindBudget:
    """A budget with actuals: months with both, in two header rows (the month over "Budget"
    and "Actual") or one ("Jan 2026 Budget")."""

    language: str
    budget_months: int
    actual_months: int
    costs: str
    """"positive", "negative" or "parentheses"."""
    two_rows: bool
    total_column: bool
    """A "Total" pair after the months."""
    header: str = "months"
    """"months" ("Jan 2026"); or periods no reader can date: "numbers" ("1" … "12"),
    "periods" ("P01" …), "none" (only "Budget", "Actual" again and again)."""

    @property
    def name(self) -> str:
        return (f"budget-{self.language}-b{self.budget_months}-a{self.actual_months}-{self.costs}"
                f"{'-tworows' if self.two_rows else ''}{'-total' if self.total_column else ''}"
                f"{'' if self.header == 'months' else '-' + self.header}")


BUDGET_LINES = {"en": ("Sales revenue", "Wages", "Rent", "Advertising"),
                "uk": ("Виручка від реалізації", "Зарплата", "Оренда", "Реклама"),
                "ru": ("Выручка от реализации", "Зарплата", "Аренда", "Реклама"),
                "zh": ("销售收入", "工资", "租金", "广告费")}
BUDGET_WORDS = {"en": ("Budget", "Actual"), "uk": ("Бюджет", "Факт"), "ru": ("План", "Факт"),
                "zh": ("预算", "实际")}


def budget(path: Path, layout: BlindBudget, seed: int) -> tuple[Path, dict]:
    """Write the budget; truth: the year-to-date comparison over the months with actuals,
    and the full-year revenue budget (None when the budget has only some months)."""
    rng = random.Random(seed)
    names = BUDGET_LINES[layout.language]
    planned, done = BUDGET_WORDS[layout.language]
    budget_of = {n: [round(rng.uniform(2_000, 40_000), 2) for _ in range(layout.budget_months)]
                 for n in names}
    actual_of = {n: [round(v * rng.uniform(0.8, 1.2), 2) for v in budget_of[n][:layout.actual_months]]
                 for n in names}
    months = {"months": [f"{MONTHS[m]} 2026" for m in range(12)],
              "numbers": [str(m + 1) for m in range(12)],
              "periods": [f"P{m + 1:02d}" for m in range(12)],
              "none": [""] * 12}[layout.header]

    def fmt(value: float | None, cost: bool) -> object:
        if value is None:
            return None
        if path.suffix == ".xlsx" and layout.costs != "parentheses":
            return -value if cost and layout.costs == "negative" else value
        if cost and layout.costs == "parentheses":
            return f"({value:,.2f})"
        return f"{-value if cost and layout.costs == 'negative' else value:.2f}"

    label = {"en": "Line", "uk": "Стаття", "ru": "Статья", "zh": "项目"}[layout.language]
    if layout.two_rows:
        table: list[list] = [[label, *[c for m in months for c in (m, None)]],
                             [None, *[w for _ in months for w in (planned, done)]]]
    else:
        table = [[label, *[f"{m} {w}".strip() for m in months for w in (planned, done)]]]
    if layout.total_column:
        if layout.two_rows:
            table[0] += ["Total", "Total"]
            table[1] += [planned, done]
        else:
            table[0] += [f"Total {planned}", f"Total {done}"]
    for n, name in enumerate(names):
        cost = n > 0
        row: list = [name]
        for m in range(12):
            row.append(fmt(budget_of[name][m] if m < layout.budget_months else None, cost))
            row.append(fmt(actual_of[name][m] if m < layout.actual_months else None, cost))
        if layout.total_column:
            row += [fmt(round(sum(budget_of[name]), 2), cost), fmt(round(sum(actual_of[name]), 2), cost)]
        table.append(row)
    if layout.costs == "parentheses":
        path = path.with_suffix(".csv")
    _save(path, table)
    upto = layout.actual_months
    truth = {
        "revenue_budget": round(sum(budget_of[names[0]][:upto]), 2),
        "revenue_actual": round(sum(actual_of[names[0]]), 2),
        "cost_budget": round(sum(sum(budget_of[n][:upto]) for n in names[1:]), 2),
        "cost_actual": round(sum(sum(actual_of[n]) for n in names[1:]), 2),
        "full_year_budget": (round(sum(budget_of[names[0]]), 2) if layout.budget_months == 12
                             else None),
    }
    if layout.header != "months":
        # Which months the pairs are, the file does not say: no figure may be stated.
        truth = {key: None for key in truth}
    return path, {"truth": truth, "language": layout.language}
