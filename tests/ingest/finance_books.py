"""Finance-shaped files built on the fly: period headers, merged headers, wide tables.

Each builder returns the path and what a reader must find (names, sums), so the tests
assert traits over many generated variants rather than one example.
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import openpyxl
from openpyxl.utils import get_column_letter

SHORT = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
# How each language writes a month in a header (the reader must map all to Jan..Dec).
_UK = ("січ", "лют", "бер", "квіт", "трав", "черв", "лип", "серп", "вер", "жовт", "лист", "груд")
_RU = ("янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек")
_DE = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
       "Oktober", "November", "Dezember")
MONTH_SPELLINGS = {
    "en": lambda m, y: f"{SHORT[m - 1]} {y}",
    "iso": lambda m, y: f"{y}-{m:02d}",
    "slash": lambda m, y: f"{m:02d}/{y}",
    "uk": lambda m, y: f"{_UK[m - 1]}. {y}",
    "ru": lambda m, y: f"{_RU[m - 1]} {y}",
    "de": lambda m, y: f"{_DE[m - 1]} {y}",
    "zh": lambda m, y: f"{y}年{m}月",
}
TOTAL_WORDS = ("Total", "Grand total", "Итого", "Разом", "Gesamt", "合计")


def months_wide(path: Path, *, year: int = 2025, months: int = 12, spelling: str = "excel",
                total: str | None = "FY", titles: int = 2, labels: tuple[str, ...] = ("North", "South", "East"),
                seed: int = 1) -> tuple[Path, dict]:
    """A key column and one column per month (real dates "mmm yyyy" or text), maybe a total column."""
    rng = random.Random(seed)
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Data"
    for t in range(titles):
        ws.append([f"Report line {t + 1}"] if t == 0 else [])
    header: list = ["Region"]
    for m in range(1, months + 1):
        header.append(dt.datetime(year, m, 1) if spelling == "excel" else MONTH_SPELLINGS[spelling](m, year))
    total_name = None
    if total:
        total_name = f"FY {year}" if total == "FY" else total
        header.append(total_name)
    ws.append(header)
    header_row = ws.max_row
    if spelling == "excel":
        for j in range(2, months + 2):
            ws.cell(header_row, j).number_format = "mmm yyyy"
    values = {}
    for label in labels:
        row = [round(rng.uniform(100, 5000), 2) for _ in range(months)]
        values[label] = row
        r = ws.max_row + 1
        extra = [f"=SUM(B{r}:{get_column_letter(months + 1)}{r})"] if total else []
        ws.append([label, *row, *extra])
    book.save(path)
    names = [SHORT[m - 1] + f" {year}" if spelling == "excel" else MONTH_SPELLINGS[spelling](m, year)
             for m in range(1, months + 1)]
    return path, {"names": names, "values": values, "header_row": header_row, "total": total_name}


def merged_measures(path: Path, *, rows: int = 2, year: int = 2026, months: int = 3,
                    measures: tuple[str, ...] = ("Units", "Revenue"), seed: int = 2) -> tuple[Path, dict]:
    """Periods merged over measure cells (two rows), or a year over months over measures (three)."""
    rng = random.Random(seed)
    book = openpyxl.Workbook()
    ws = book.active
    ws.append(["Sales by product"])
    ws.append([])
    width = 1 + months * len(measures)
    if rows == 3:
        top = ["Product", year] + [None] * (width - 2)
        ws.append(top)
        ws.merge_cells(start_row=ws.max_row, start_column=2, end_row=ws.max_row, end_column=width)
        period_row: list = [None]
        for m in range(1, months + 1):
            period_row += [SHORT[m - 1]] + [None] * (len(measures) - 1)
    else:
        period_row = ["Product"]
        for m in range(1, months + 1):
            period_row += [dt.datetime(year, m, 1)] + [None] * (len(measures) - 1)
    ws.append(period_row)
    pr = ws.max_row
    for m in range(months):
        start = 2 + m * len(measures)
        ws.merge_cells(start_row=pr, start_column=start, end_row=pr, end_column=start + len(measures) - 1)
        if rows == 2:
            ws.cell(pr, start).number_format = "mmm yyyy"
    ws.append([None] + list(measures) * months)
    values: dict[str, list[float]] = {}
    for p in ("Widget", "Gadget", "Doohickey", "Sprocket"):
        row = []
        for _m in range(months):
            row += [rng.randint(1, 90) if measure == "Units" else round(rng.uniform(10, 900), 2)
                    for measure in measures]
        values[p] = row
        ws.append([p, *row])
    book.save(path)
    names = ["Product"] + [f"{SHORT[m - 1]} {year} {measure}" for m in range(1, months + 1) for measure in measures]
    return path, {"names": names, "values": values}


# A P&L in each language: (key, label); sections have no figures, lines do, "total_*" rows
# are the workbook's SUM formulas, profits are formulas over the subtotals.
PNL_LABELS = {
    "en": ("Revenue", "Product sales", "Services", "Total revenue", "Cost of sales", "Materials",
           "Direct labour", "Total cost of sales", "Gross profit", "Gross margin %",
           "Operating expenses", "Salaries", "Rent", "Marketing", "Total operating expenses",
           "Operating profit"),
    "uk": ("Доходи", "Продаж товарів", "Послуги", "Разом доходи", "Собівартість", "Матеріали",
           "Пряма праця", "Разом собівартість", "Валовий прибуток", "Валова маржа, %",
           "Операційні витрати", "Зарплата", "Оренда", "Маркетинг", "Разом операційні витрати",
           "Операційний прибуток"),
    "ru": ("Выручка", "Продажа товаров", "Услуги", "Итого выручка", "Себестоимость", "Материалы",
           "Прямой труд", "Итого себестоимость", "Валовая прибыль", "Валовая маржа, %",
           "Операционные расходы", "Зарплата", "Аренда", "Маркетинг", "Итого операционные расходы",
           "Операционная прибыль"),
    "de": ("Umsatzerlöse", "Warenverkauf", "Dienstleistungen", "Summe Umsatzerlöse",
           "Herstellungskosten", "Material", "Fertigungslöhne", "Summe Herstellungskosten",
           "Bruttogewinn", "Bruttomarge %", "Betriebliche Aufwendungen", "Gehälter", "Miete",
           "Marketing", "Summe betriebliche Aufwendungen", "Betriebsergebnis"),
    "zh": ("收入", "产品销售", "服务", "收入合计", "销售成本", "材料", "直接人工", "销售成本合计",
           "毛利", "毛利率 %", "营业费用", "工资", "租金", "市场营销", "营业费用合计", "营业利润"),
}
# Below the operating line: interest and tax, then the net profit (the statement's total).
NET_LABELS = {
    "en": ("Interest expense", "Income tax", "Net profit"),
    "uk": ("Відсотки за кредитом", "Податок на прибуток", "Чистий прибуток"),
    "ru": ("Проценты по кредитам", "Налог на прибыль", "Чистая прибыль"),
    "de": ("Zinsaufwand", "Ertragsteuern", "Jahresüberschuss"),
    "zh": ("利息费用", "所得税", "净利润"),
}
PNL_KINDS = ("section", "line", "line", "subtotal", "section", "line", "line", "subtotal",
             "subtotal", "ratio", "section", "line", "line", "line", "subtotal", "total")


def pnl_workbook(path: Path, *, language: str = "en", year: int = 2025, months: int = 12,
                 negative_costs: bool = False, seed: int = 1, wrong_subtotal: bool = False,
                 unlabelled_revenue_total: str | None = None,
                 net: bool = False, loss_month: int | None = None) -> tuple[Path, dict]:
    """Title rows, months as real Excel dates ("mmm yyyy"), an FY total, sections, lines,
    SUM subtotals, profit formulas and a margin row; costs positive or stored as negatives
    (accounting format "#,##0.00;(#,##0.00)"). `wrong_subtotal`: the opex subtotal misses
    one line (the workbook's own error). `unlabelled_revenue_total`: the revenue subtotal's
    label carries no total word, so only arithmetic finds it. `net`: interest and tax lines
    below the operating profit, then the net profit. `loss_month` (1-based): that month's
    marketing is large enough for an operating loss."""
    rng = random.Random(seed)
    labels = list(PNL_LABELS[language])
    if unlabelled_revenue_total:
        labels[3] = unlabelled_revenue_total
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "P&L"
    ws.append([labels[0] + " / P&L"])
    ws.append([f"FY {year}"])
    ws.append([])
    ws.append(["", *[dt.datetime(year, m, 1) for m in range(1, months + 1)], f"FY {year}"])
    header = ws.max_row
    for j in range(2, months + 2):
        ws.cell(header, j).number_format = "mmm yyyy"
    last, sign = get_column_letter(months + 1), (-1 if negative_costs else 1)
    cols = [get_column_letter(j) for j in range(2, months + 3)]
    lines: dict[str, list[float]] = {}
    rows: dict[int, int] = {}

    def put(k: int, cells: list) -> int:
        ws.append([labels[k], *cells])
        rows[k] = ws.max_row
        for j in range(2, months + 3):
            ws.cell(ws.max_row, j).number_format = "#,##0.00;(#,##0.00)"
        return ws.max_row

    def line(k: int, low: float, high: float, cost: bool = False) -> None:
        values = [round(rng.uniform(low, high), 2) * (sign if cost else 1) for _ in range(months)]
        lines[labels[k]] = values
        r = ws.max_row + 1
        put(k, [*values, f"=SUM(B{r}:{last}{r})"])

    def subtotal(k: int, first: int, end: int) -> None:
        put(k, [f"=SUM({c}{rows[first]}:{c}{rows[end]})" for c in cols])

    ws.append([labels[0]])
    line(1, 20000, 40000)
    line(2, 5000, 9000)
    subtotal(3, 1, 2)
    ws.append([labels[4]])
    line(5, 6000, 9000, cost=True)
    line(6, 3000, 5000, cost=True)
    subtotal(7, 5, 6)
    op = "+" if negative_costs else "-"
    put(8, [f"={c}{rows[3]}{op}{c}{rows[7]}" for c in cols])
    put(9, [f"={c}{rows[8]}/{c}{rows[3]}" for c in cols])
    ws.append([labels[10]])
    line(11, 6000, 8000, cost=True)
    line(12, 1500, 1500, cost=True)
    line(13, 500, 4000, cost=True)
    if loss_month:
        lines[labels[13]][loss_month - 1] = 60000.0 * sign
        ws.cell(ws.max_row, loss_month + 1).value = 60000.0 * sign
    subtotal(14, 12 if wrong_subtotal else 11, 13)
    put(15, [f"={c}{rows[8]}{op}{c}{rows[14]}" for c in cols])
    below: dict[str, list[float]] = {}
    if net:
        names = NET_LABELS[language]
        labels += list(names)
        for k, (low, high) in ((16, (300, 600)), (17, (1000, 3000))):
            line(k, low, high, cost=True)
            below[labels[k]] = lines[labels[k]]
        put(18, [f"={c}{rows[15]}{op}{c}{rows[16]}{op}{c}{rows[17]}" for c in cols])
    book.save(path)
    per = {k: [sum(lines[labels[i]][m] for i in idx) for m in range(months)]
           for k, idx in (("revenue", (1, 2)), ("cogs", (5, 6)), ("opex", (11, 12, 13)))}
    per["cogs"] = [abs(v) for v in per["cogs"]]
    per["opex"] = [abs(v) for v in per["opex"]]
    per["below"] = [sum(abs(v[m]) for v in below.values()) for m in range(months)]
    return path, {"lines": lines, **per, "labels": labels, "header_row": header, "months": months}


# Which P&L_LABELS rows are lines, and of what: the rest are sections, subtotals and results.
PNL_LINES = {1: "revenue", 2: "revenue", 5: "cogs", 6: "cogs", 11: "opex", 12: "opex", 13: "opex"}


def pnl_sheet(path: Path, *, language: str = "en", year: int = 2026, months: int = 12,
              spelling: str = "en", sign: str = "positive", subtotals: str = "labelled",
              quarters: bool = False, actual_months: int | None = None, empty: str = "",
              stray: str | None = None, header_rows: int = 1, seed: int = 1,
              drop: int | None = None) -> tuple[Path, dict]:
    """A P&L as an export writes it (values, no formulas), as CSV or xlsx by `path`'s suffix.

    `spelling`: a `MONTH_SPELLINGS` key or "excel" (real dates, xlsx). `sign` of the costs:
    "positive", "negative" or "parentheses" ("(1,234.50)" in a CSV; in a workbook negatives
    in accounting format "#,##0.00;(#,##0.00)"). `subtotals`: "labelled" ("Total …") or
    "blank" (the block's sum row has no label, only arithmetic finds it). `quarters`: Q1…Q4
    and FY total columns after the months. `actual_months`: the months after it are not
    filled yet (`empty`: "" or "TBD"). `stray`: one line cell holds that token instead of a
    figure (the sums leave it out, as Excel's SUM does). `header_rows` (xlsx): 2 = the year
    merged over month names, 3 = the year over quarters over month names. `drop`: that
    `PNL_LINES` key is not in the statement (nor in its subtotals and results).
    Returns the path and `lines` (label -> monthly figures, costs positive, None = missing),
    `kinds` (label -> revenue/cogs/opex), `months` and `rows` (the statement's rows)."""
    rng = random.Random(seed)
    labels = list(PNL_LABELS[language])
    excel = path.suffix == ".xlsx"
    filled = actual_months or months
    lines: dict[str, list[float | None]] = {}
    kept = {k: kind for k, kind in PNL_LINES.items() if k != drop}
    for k, kind in kept.items():
        low, high = {"revenue": (20000, 40000), "cogs": (3000, 9000), "opex": (500, 8000)}[kind]
        lines[labels[k]] = [round(rng.uniform(low, high), 2) if m < filled else None for m in range(months)]
    stray_at = None
    if stray:
        stray_at = (labels[rng.choice(sorted(kept))], rng.randrange(filled))
        lines[stray_at[0]][stray_at[1]] = None
    cost = {labels[k] for k, kind in kept.items() if kind != "revenue"}

    def block(keys: tuple[int, ...]) -> list[float | None]:
        out = []
        for m in range(months):
            got = [lines[labels[k]][m] for k in keys if k in kept]
            out.append(None if m >= filled else round(sum(v for v in got if v is not None), 2))
        return out

    revenue, cogs, opex = block((1, 2)), block((5, 6)), block((11, 12, 13))
    signed = -1 if sign != "positive" else 1
    gross = [None if r is None else round(r - c, 2) for r, c in zip(revenue, cogs, strict=True)]
    operating = [None if g is None else round(g - o, 2) for g, o in zip(gross, opex, strict=True)]
    margin = [None if g is None else round(g / r, 4) for g, r in zip(gross, revenue, strict=True)]
    rows: list[tuple[str, list[float | None] | None, bool, str]] = []  # label, figures, cost, kind
    put = rows.append
    put((labels[0], None, False, "section"))
    put((labels[1], lines.get(labels[1]), False, "line"))
    put((labels[2], lines.get(labels[2]), False, "line"))
    blank = subtotals == "blank"
    put(("" if blank else labels[3], revenue, False, "subtotal"))
    put((labels[4], None, False, "section"))
    put((labels[5], lines.get(labels[5]), True, "line"))
    put((labels[6], lines.get(labels[6]), True, "line"))
    put(("" if blank else labels[7], cogs, True, "subtotal"))
    put((labels[8], gross, False, "subtotal"))
    put((labels[9], margin, False, "ratio"))
    put((labels[10], None, False, "section"))
    for k in (11, 12, 13):
        put((labels[k], lines.get(labels[k]), True, "line"))
    put(("" if blank else labels[14], opex, True, "subtotal"))
    put((labels[15], operating, False, "total"))

    def extended(values: list[float | None], ratio: bool) -> list[float | None]:
        if not quarters:
            return values
        if ratio:
            return [*values, *[None] * 5]
        sums = [[v for v in values[q * 3:q * 3 + 3] if v is not None] for q in range(months // 3)]
        quarter = [round(sum(s), 2) if s else None for s in sums]
        return [*values, *quarter, round(sum(v for v in values if v is not None), 2)]

    def text(value: float | None, is_cost: bool, kind: str, label: str, m: int) -> str | float | None:
        if value is None:
            if stray_at is not None and (label, m) == stray_at:
                return stray
            return empty if kind == "line" and filled <= m < months else None
        if excel:
            return value * signed if is_cost else value
        if is_cost and sign == "parentheses":
            return f"({value:,.2f})"
        if sign == "parentheses":
            return f"{value:,.2f}"
        return f"{value * signed if is_cost else value:.2f}"

    months_named = [(dt.datetime(year, m, 1) if spelling == "excel" else MONTH_SPELLINGS[spelling](m, year))
                    for m in range(1, months + 1)]
    totals = ([f"Q{q} {year}" for q in range(1, months // 3 + 1)] + [f"FY {year}"]) if quarters else []
    table: list[list] = []
    if drop is not None:
        rows = [row for row in rows if row[0] != labels[drop]]
    for label, figures, is_cost, kind in rows:
        if figures is None:
            table.append([label, *[None] * (months + len(totals))])
            continue
        cells = extended(figures, kind == "ratio")
        table.append([label, *[text(v, is_cost, kind, label, m) for m, v in enumerate(cells)]])
    if excel:
        _pnl_book(path, table, months_named, totals, year, header_rows)
    else:
        import csv
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["Line item", *months_named, *totals])
            for row in table:
                writer.writerow(["" if c is None else c for c in row])
    return path, {"lines": {k: v for k, v in lines.items()}, "months": months, "year": year,
                  "kinds": {labels[k]: kind for k, kind in kept.items()}, "cost": cost,
                  "signed": -1 if sign != "positive" else 1,
                  "rows": len(rows) - (3 if blank else 0), "stray": stray_at, "filled": filled,
                  "row_kinds": [kind for _label, _, _, kind in rows],
                  "labels": [label for label, _, _, _kind in rows]}


def _pnl_book(path: Path, table: list[list], months_named: list, totals: list[str], year: int,
              header_rows: int) -> None:
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "P&L"
    ws.append([f"P&L {year}"])
    ws.append([])
    width = 1 + len(months_named) + len(totals)
    if header_rows == 1:
        ws.append(["", *months_named, *totals])
        if isinstance(months_named[0], dt.datetime):
            for j in range(2, len(months_named) + 2):
                ws.cell(ws.max_row, j).number_format = "mmm yyyy"
    else:
        ws.append(["", year, *[None] * (width - 2)])
        ws.merge_cells(start_row=ws.max_row, start_column=2, end_row=ws.max_row, end_column=width)
        if header_rows == 3:
            quarter_row: list = [""]
            for q in range(len(months_named) // 3):
                quarter_row += [f"Q{q + 1}", None, None]
            ws.append(quarter_row)
            for q in range(len(months_named) // 3):
                ws.merge_cells(start_row=ws.max_row, start_column=2 + 3 * q, end_row=ws.max_row,
                               end_column=4 + 3 * q)
        ws.append(["", *[SHORT[m] for m in range(len(months_named))]])
    for row in table:
        ws.append(row)
        for j in range(2, width + 1):
            ws.cell(ws.max_row, j).number_format = "#,##0.00;(#,##0.00)"
    book.save(path)


# A budget's sheet as finance teams name it, and the actuals' sheet beside it.
BUDGET_SHEETS = {"en": ("Budget", "Plan 2026"), "uk": ("Бюджет", "План"), "ru": ("Бюджет", "План"),
                 "zh": ("预算", "计划"), "de": ("Budget", "Plan")}
ACTUAL_SHEETS = {"en": ("P&L", "Actual"), "uk": ("Факт", "P&L"), "ru": ("Факт", "ОПиУ"),
                 "zh": ("实际", "利润表"), "de": ("GuV", "Ist")}


def budget_book(path: Path, *, language: str = "en", actual_sheet: str = "P&L",
                budget_sheet: str = "Budget", spelling: str = "excel", sign: str = "positive",
                subtotals: str = "labelled", actual_months: int | None = None,
                drop_actual: int | None = None, drop_budget: int | None = None,
                seed: int = 1) -> tuple[Path, dict]:
    """A workbook: the P&L actuals by month on its first sheet, the same lines by month as
    budget on the second (`pnl_sheet`'s statement, other figures). `actual_months`: the
    actuals are filled for the first months only. `drop_actual` / `drop_budget`: a
    `PNL_LINES` key missing in that sheet. Returns the path and each sheet's `pnl_sheet` facts."""
    facts = {}
    book = openpyxl.Workbook()
    for n, (which, name, drop) in enumerate((("actual", actual_sheet, drop_actual),
                                             ("budget", budget_sheet, drop_budget))):
        part = path.with_name(f"{path.stem}_{which}.xlsx")
        _, facts[which] = pnl_sheet(part, language=language, spelling=spelling, sign=sign,
                                    subtotals=subtotals, seed=seed + 101 * n, drop=drop,
                                    actual_months=actual_months if which == "actual" else None)
        source = openpyxl.load_workbook(part).active
        ws = book.active if n == 0 else book.create_sheet()
        ws.title = name
        for row in source.iter_rows():
            for cell in row:
                ws.cell(cell.row, cell.column, cell.value).number_format = cell.number_format
        for merged in source.merged_cells.ranges:
            ws.merge_cells(str(merged))
        part.unlink()
    book.save(path)
    return path, facts
