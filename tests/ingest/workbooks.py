"""Messy workbooks built on the fly (no binary fixtures in the repository).

openpyxl writes formulas without the results Excel would save beside them, which is
exactly what scripts and some ERPs produce; `save_cached_results` adds those results to
the XML afterwards, which is what a workbook saved by Excel looks like.
"""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from pathlib import Path

import openpyxl

SHENZHEN_ROWS = [
    # 日期, 地区, 收入, 成本 (profit is a formula)
    (dt.datetime(2026, 1, 5), "南山", 12345.67, 8000.10),
    (dt.datetime(2026, 1, 20), "福田", 2500.05, 1200.00),
    (dt.datetime(2026, 2, 3), "宝安", 999.99, 1000.49),
    (dt.datetime(2026, 3, 31), "龙岗", 40000.00, 30500.25),
]
SHENZHEN_NAMES = ["日期", "地区", "2026年 / 收入", "2026年 / 成本", "2026年 / 利润"]
SHENZHEN_REVENUE = 55845.71
SHENZHEN_COST = 40700.84
SHENZHEN_PROFIT = 15144.87


def shenzhen_workbook(path: Path, *, cached: bool = False) -> Path:
    """Cover sheet, a hidden sheet, and the data sheet with a two-row merged header.

    Row 1 title, row 3-4 header ("2026年" merged over 收入/成本/利润), rows 5-8 data with
    profit as a formula, row 9 a totals row of SUM formulas.
    """
    book = openpyxl.Workbook()
    cover = book.active
    cover.title = "封面"
    cover["A1"] = "2026年第一季度销售报告"
    cover["A3"] = "深圳分公司"
    cover["A5"] = "制表：张伟"
    hidden = book.create_sheet("旧数据")
    hidden.append(["月份", "收入", "成本", "备注"])
    for i in range(1, 40):
        hidden.append([f"2025-{i % 12 + 1:02d}", i * 100, i * 50, "旧"])
    hidden.sheet_state = "hidden"
    data = book.create_sheet("销售数据")
    data["A1"] = "深圳 2026 销售明细（单位：元）"
    data.append([])
    data.append(["日期", "地区", "2026年", None, None])
    data.append([None, None, "收入", "成本", "利润"])
    data.merge_cells("A3:A4")
    data.merge_cells("B3:B4")
    data.merge_cells("C3:E3")
    for i, (day, region, revenue, cost) in enumerate(SHENZHEN_ROWS, start=5):
        data.append([day, region, revenue, cost, f"=C{i}-D{i}"])
        data[f"A{i}"].number_format = "yyyy-mm-dd"
    data.append(["合计", None, "=SUM(C5:C8)", "=SUM(D5:D8)", "=SUM(E5:E8)"])
    book.save(path)
    if cached:
        results = {f"E{i}": round(r[2] - r[3], 2) for i, r in enumerate(SHENZHEN_ROWS, start=5)}
        results.update({"C9": SHENZHEN_REVENUE, "D9": SHENZHEN_COST, "E9": SHENZHEN_PROFIT})
        save_cached_results(path, "xl/worksheets/sheet3.xml", results)
    return path


def save_cached_results(path: Path, member: str, results: dict[str, float]) -> None:
    """Write Excel's saved formula results (`<v>`) into a sheet of an openpyxl file."""
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    xml = members[member].decode("utf-8")
    for cell, value in results.items():
        xml, count = re.subn(rf'(<c r="{cell}"[^>]*><f>[^<]*</f>)<v\s*/>', rf"\g<1><v>{value}</v>", xml)
        assert count == 1, cell
    members[member] = xml.encode("utf-8")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)


def as_xlsm(xlsx: Path, target: Path) -> Path:
    """The same workbook declared macro-enabled, as Excel saves an .xlsm."""
    with zipfile.ZipFile(xlsx) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    types = members["[Content_Types].xml"].decode("utf-8")
    members["[Content_Types].xml"] = types.replace(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
        "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
    ).encode("utf-8")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return target


def simple_workbook(path: Path, sheets: dict[str, list[list]]) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    book.save(path)
    return path


def zip_bomb(path: Path, megabytes: int = 40) -> Path:
    """A workbook-shaped zip whose sheet unpacks to `megabytes` of zeros from a few KB."""
    simple_workbook(path, {"Sheet": [["a"], [1]]})
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    members["xl/worksheets/sheet1.xml"] = b"0" * (megabytes * 1024 * 1024)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return path


MONTHS = {
    # sheet -> rows of (day, product, region, revenue); revenues chosen so float sums need cents care
    "Jan": [(dt.datetime(2026, 1, 5), "Tea", "North", 100.10), (dt.datetime(2026, 1, 19), "Coffee", "South", 199.90)],
    "Feb": [(dt.datetime(2026, 2, 2), "Tea", "South", 250.25), (dt.datetime(2026, 2, 14), "Cocoa", "North", 49.75),
            (dt.datetime(2026, 2, 27), "Coffee", "North", 0.01)],
    "Mar": [(dt.datetime(2026, 3, 3), "Coffee", "South", 1234.56), (dt.datetime(2026, 3, 31), "Tea", "North", 65.44)],
}
MONTH_COLUMNS = ["Date", "Product", "Region", "Revenue"]


def monthly_workbook(path: Path, *, cover: bool = True, hidden: bool = True) -> Path:
    """A finance workbook with one sheet per month: the same table (title, header, rows, Total) on each.

    In front a cover/notes sheet; at the back a hidden sheet with an older table of the same
    columns (it must not be read nor joined).
    """
    book = openpyxl.Workbook()
    book.remove(book.active)
    if cover:
        notes = book.create_sheet("Notes")
        notes["A1"] = "Sales 2026 Q1"
        notes["A3"] = "Prepared by finance"
        notes["A4"] = "Amounts in EUR, VAT excluded"
    for month, rows in MONTHS.items():
        sheet = book.create_sheet(month)
        sheet.append([f"Sales {month} 2026"])
        sheet.append(MONTH_COLUMNS)
        for day, product, region, revenue in rows:
            sheet.append([day, product, region, revenue])
        sheet.append(["Total", None, None, round(sum(r[3] for r in rows), 2)])
    if hidden:
        old = book.create_sheet("Dec 2025")
        old.append(MONTH_COLUMNS)
        for i in range(1, 6):
            old.append([dt.datetime(2025, 12, i), "Tea", "North", 1000.0])
        old.sheet_state = "hidden"
    book.save(path)
    return path
