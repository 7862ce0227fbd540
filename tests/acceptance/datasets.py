"""The datasets of the acceptance tests, generated with a fixed seed (nothing binary checked in).

Each generator returns the rows it wrote, so a test computes the expected figures with pandas
from the same rows, independently of the ingester.
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import openpyxl

UK_PRODUCTS = ("Чай зелений", "Кава мелена", "Какао", "Цукор", "Печиво вівсяне", "Мед гречаний")
UK_REGIONS = ("Київ", "Львів", "Одеса", "Харків")
UK_TITLE = "Звіт про продажі за I квартал 2026 р."
ZH_PRODUCTS = ("绿茶", "咖啡豆", "可可粉", "白砂糖", "燕麦饼干", "荞麦蜂蜜")
ZH_REGIONS = ("北京", "上海", "广州", "深圳")
ZH_SHEET = "销售数据"
ZH_COLUMNS = ("日期", "产品", "地区", "数量", "销售额")


def _rows(products: tuple[str, ...], regions: tuple[str, ...], count: int, seed: int):
    rng = random.Random(seed)
    start = dt.date(2026, 1, 1)
    rows = []
    for _ in range(count):
        day = start + dt.timedelta(days=rng.randrange(90))
        quantity = rng.randint(1, 40)
        cents = quantity * rng.randint(5_000, 250_000)  # up to 2,500.00 a unit, so thousands separators show
        rows.append((day, rng.choice(products), rng.choice(regions), quantity, cents / 100))
    return rows


def _uk_amount(value: float) -> str:
    """1234567.5 -> "1 234 567,50", as Ukrainian accounting software exports it."""
    return f"{value:,.2f}".replace(",", " ").replace(".", ",")


def ukrainian_export(path: Path, count: int = 400, seed: int = 380) -> list[tuple]:
    """cp1251, `;`, a title line, dd.mm.yyyy, decimal comma with space thousands, a "Разом" row."""
    rows = _rows(UK_PRODUCTS, UK_REGIONS, count, seed)
    lines = [UK_TITLE, "", "Дата;Товар;Регіон;Кількість;Сума, грн"]
    lines += [f"{d:%d.%m.%Y};{p};{r};{q};{_uk_amount(a)}" for d, p, r, q, a in rows]
    lines.append(f"Разом;;;{sum(r[3] for r in rows)};{_uk_amount(round(sum(r[4] for r in rows), 2))}")
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("cp1251"))
    return rows


def chinese_workbook(path: Path, count: int = 400, seed: int = 86) -> list[tuple]:
    """A Chinese sheet name and Chinese columns (日期/产品/地区/数量/销售额), real Excel dates."""
    rows = _rows(ZH_PRODUCTS, ZH_REGIONS, count, seed)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = ZH_SHEET
    sheet.append(list(ZH_COLUMNS))
    for day, product, region, quantity, amount in rows:
        sheet.append([dt.datetime(day.year, day.month, day.day), product, region, quantity, amount])
        sheet.cell(sheet.max_row, 1).number_format = "yyyy-mm-dd"
    book.save(path)
    return rows
