"""Column roles and statistics: the numbers a data card shows."""

from __future__ import annotations

import math
import re

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from analyst.datacard import ColumnCard
from analyst.ingest.number_shape import (
    NumberShape,
    lists_years,
    numbers_rows,
    pandas_shape,
    says_measure,
)

SAMPLE_ROWS = 5
# Counts of events: every value distinct in a small export, yet never an identifier.
EVENT_WORDS = (r"clicks?|impressions?|views?|visits?|visitors?|sessions?|orders|conversions?|leads|"
               r"installs?|downloads?|signups?|sign-ups|transactions|users|pageviews|"
               r"кліки|кліків|покази|показы|перегляд|просмотр|візит|визит|замовлен|заказы|"
               r"点击|展示|访问|订单数|anzahl|klicks|aufrufe|bestellungen")
_EVENTS = re.compile(rf"(?<![^\W\d_])(?:{EVENT_WORDS})", re.IGNORECASE)
# Measurements: plain numbers, neither money nor counts, whatever their decimals.
_MEASURE = re.compile(
    r"(?<![^\W\d_])(mpg|acceleration|weight|height|length|width|depth|temperature|temp|speed|"
    r"horsepower|hp|displacement|distance|km|kg|cm|mm|lat|lon|lng|latitude|longitude|score|rating|"
    r"age|ratio|index|density|pressure|duration|вага|вес|довжина|длина|температур|швидкість|"
    r"скорость|відстань|расстояние|оцінка|оценка|рейтинг|gewicht|länge|höhe|temperatur|"
    r"重量|长度|温度|速度|距离|评分)(?![^\W\d_])",
    re.IGNORECASE,
)
_ID = re.compile(r"(^|[\s_])(id|code|sku|no|nr|number(?![\s_]+of(?![^\W\d_]))|код|артикул|номер)"
                 r"($|[\s_.])|_id$|[#№](?![\s_]*of(?![^\W\d_]))|编号|编码|番号|单号|号码|代码",
                 re.IGNORECASE)
# The id words are whole words, so a name is cut into its words first: camelCase and
# PascalCase ("OrderID" -> "Order ID", "invoiceNumber", "SKUCode" -> "SKU Code") and Latin
# beside Chinese ("客户ID" -> "客户 ID").
_CASE_STEP = re.compile(r"(?<=[a-zа-яёіїєґ])(?=[A-ZА-ЯЁІЇЄҐ])"
                        r"|(?<=[A-ZА-ЯЁІЇЄҐ])(?=[A-ZА-ЯЁІЇЄҐ][a-zа-яёіїєґ])|(?<=[\u4e00-\u9fff])(?=[A-Za-z])|(?<=[A-Za-z])(?=[\u4e00-\u9fff])")


# Postal codes are codes, never amounts: "Zip", "ZIP code", "Postcode", "PLZ", "邮编"; the
# Cyrillic "індекс"/"индекс" only as the whole name or a postal one ("Індекс цін" is a measure).
_POSTAL = re.compile(r"(^|[\W_])(zip|zipcode|postcode|postal|plz)($|[\W_])|邮编|邮政编码|"
                     r"^\s*(індекс|индекс)\s*$|(поштов|почтов)\w*[\s_]+(індекс|индекс)",
                     re.IGNORECASE)


def is_id_name(name: str) -> bool:
    """Does the column's name say it identifies (an order, an invoice, a postal area), in
    any casing?

    "OrderID", "orderId", "order_id", "Order No", "InvoiceNumber", "Номер заказа", "ZIP"
    are ids; "Number of orders" counts, so it is not.
    """
    return bool(_ID.search(_spaced(name))) or bool(_POSTAL.search(name))


def _spaced(name: str) -> str:
    return _CASE_STEP.sub(" ", name.replace("-", " "))


# What counts (pieces, units) is a quantity even when its name also says "sales" or "total":
# "Sales qty", "Total quantity", "Кількість, шт". Short Latin words match whole words only,
# so "Discount" and "Account" are not counts.
_QUANTITY_WORDS = (r"(?<![^\W\d_])(qty|quantity|quantities|units|pcs|count|volume)(?![^\W\d_])|"
                   r"кількіст|количеств|к-сть|кол-во|(?<!\w)шт(?!\w)|数量|销量|件数|menge")
_QUANTITY = re.compile(_QUANTITY_WORDS, re.IGNORECASE)
# Money by name: earnings and costs alike. P&L and payroll exports carry no currency sign
# in the cells, so "COGS", "Salaries", "Rent", "Витрати" or "费用" must say it by name; the
# quantity words win (the lookahead), and both profile paths (pandas and Arrow) use this one.
_MONEY = re.compile(
    rf"^(?!.*(?:{_QUANTITY_WORDS}))(?:.*?)(?:"
    r"revenue|sales|amount|price|cost|cogs|profit|total|value|income|expense|margin|balance|"
    r"salar|payroll|wage|opex|capex|spend|turnover|marketing|"
    r"(?<![^\W\d_])(?:rent|rents|sum|fee|fees|tax)(?![^\W\d_])|"
    r"сума|сумма|ціна|цена|виручк|выручк|вартіст|стоимост|дохід|доход|прибут|прибыл|витрат|"
    r"расход|затрат|зарплат|заробітн|оренд|аренд|оплат|податок|налог|маржа|маркетинг|реклам|"
    r"收入|金额|销售额|价格|成本|利润|费用|工资|薪酬|租金|支出|总额|売上|金額|価格|費用|"
    r"umsatz|betrag|preis|montant|prix)",
    re.IGNORECASE,
)
_PERCENT = re.compile(r"%|percent|rate|share|частка|доля|ставка|比例|率", re.IGNORECASE)


def distinct(col: pd.Series) -> int:
    """Distinct non-missing values, counted by Arrow (several times faster than pandas)."""
    try:
        values = pa.array(col, from_pandas=True)
        return int(pc.count_distinct(values, mode="only_valid").as_py())
    except (pa.ArrowException, TypeError):
        return int(col.nunique())


def role_of(name: str, col: pd.Series, kind_hint: str | None, unique: int) -> str:
    if col.dtype.kind in "mM":
        return "date"
    rows = len(col)
    if col.dtype.kind in "biuf":
        return numeric_role(name, kind_hint, pandas_shape(col, unique))
    if kind_hint == "id" or is_id_name(name) or (
            unique == rows > 20 and col.astype("str").str.len().max() <= 20):
        return "id"
    if unique <= max(20, rows // 2) and col.astype("str").str.len().mean() <= 60:
        return "category"
    return "text"


def numeric_role(name: str, hint: str | None, shape: NumberShape) -> str:
    """A number column's role on evidence: a currency sign or format (`hint`), else its name.

    Money needs a currency in the cells or the workbook's format, or a money word in the
    name; counts of events (clicks, visits, orders) are quantities even when every value
    differs; measurements and unnamed decimals are plain numbers. An id needs an id word
    in the name, or values that have the form of numbering and a name that names no
    measure (`number_shape`).
    """
    if hint:
        return hint
    spaced = _spaced(name)  # "NumberOfOrders", "UnitsSold": counts in one word
    if (_EVENTS.search(spaced) or _QUANTITY.search(spaced)) and not is_id_name(name):
        return "quantity"
    if is_id_name(name) or lists_years(name, shape) or (
            numbers_rows(shape) and not _MONEY.search(name) and not _MEASURE.search(name)
            and not says_measure(name)):
        return "id"
    if _PERCENT.search(name) and shape.largest <= 1.5:
        return "percent"
    if _MEASURE.search(name):
        return "number"
    if _MONEY.search(name):
        return "money"
    if _QUANTITY.search(name):
        return "quantity"
    return "quantity" if shape.whole else "number"


def column_card(name: str, col: pd.Series, role: str, note: str | None, unique: int,
                currency: str | None = None) -> ColumnCard:
    missing = int(col.isna().sum())
    if col.dtype.kind in "mM":
        present = col.dropna()
        first = present.min().date().isoformat() if len(present) else None
        last = present.max().date().isoformat() if len(present) else None
        return ColumnCard(name, str(col.dtype), role, missing, unique, first=first, last=last, note=note,
                          currency=currency)
    if col.dtype.kind in "biuf" and col.dtype.kind != "b":
        total = float(col.sum())
        # Money sums are shown to the cent; float noise below that is not information.
        total = round(total, 2) if role == "money" else round(total, 10)
        low, high = (float(col.min()), float(col.max())) if missing < len(col) else (None, None)
        return ColumnCard(name, str(col.dtype), role, missing, unique, sum=finite(total),
                          min=finite(low), max=finite(high), note=note, currency=currency)
    return ColumnCard(name, str(col.dtype), role, missing, unique, note=note, currency=currency)


def finite(value: float | None) -> float | None:
    return float(value) if value is not None and math.isfinite(value) else None


def sample_rows(frame: pd.DataFrame) -> tuple[tuple, ...]:
    rows = []
    for record in frame.head(SAMPLE_ROWS).itertuples(index=False):
        rows.append(tuple(_plain(v) for v in record))
    return tuple(rows)


def _plain(value):
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NaT:
        return None
    if isinstance(value, pd.Timestamp):
        return value.date().isoformat() if value == value.normalize() else value.isoformat()
    if hasattr(value, "item"):
        return value.item()
    return value
