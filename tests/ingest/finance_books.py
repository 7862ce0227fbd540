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
