"""Which column plays which part in a table, read from its DataCard (roles and names).

The ingester gives each column a role (date, money, quantity, percent, category, id, text);
names decide between several columns of one role: "Revenue" beats "Unit price" as the
amount, "Cost" is the cost. Names are matched in English, Ukrainian, Russian and Chinese.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from analyst.planner.intents import DIMENSIONS
from analyst.report.formats import currency_code

_AMOUNT = ("revenue", "sales", "amount", "turnover", "total", "sum", "net", "value", "gross",
           "виручк", "выручк", "сума", "сумма", "продаж", "оборот", "дохід", "доход",
           "销售额", "金额", "收入", "营收", "売上")
_COST = ("cost", "cogs", "purchase", "собіварт", "себестоим", "закуп", "витрат", "затрат",
         "成本", "原価")
_NOT_AMOUNT = ("price", "ціна", "цена", "discount", "знижк", "скидк", "tax", "vat", "пдв",
               "ндс", "单价", "价格", "折扣", "税")
_QUANTITY = ("quantity", "qty", "units", "pcs", "count", "кількіст", "количеств", "к-сть",
             "кол-во", "шт", "数量", "销量")
_ORDER = ("order", "invoice", "receipt", "transaction", "document", "check", "замовлен",
          "заказ", "рахун", "счет", "счёт", "чек", "накладн", "документ", "订单", "单号")
_DIMENSION_ROLES = ("category", "text", "id")


@dataclass(frozen=True)
class SalesColumns:
    """The columns a sales table is analysed by; None when the table has no such column."""

    table: str
    parquet_path: str
    amount: str
    date: str | None = None
    order_id: str | None = None
    cost: str | None = None
    quantity: str | None = None
    dimensions: dict[str, str] = field(default_factory=dict)
    """Dimension keyword ("product", "region", ...) -> column name."""
    categories: tuple[str, ...] = ()
    """Every column one can group by, in table order."""
    currency: str | None = None

    def dimension(self, wanted: str | None) -> str | None:
        """The column for a keyword or a column name the question used, or None."""
        if wanted is None:
            return None
        if wanted in self.categories:
            return wanted
        return self.dimensions.get(wanted)


def sales_columns(card: Any) -> SalesColumns | None:
    """The sales reading of a table: it needs an amount (money) column, or None."""
    columns = list(card.columns)
    money = [c for c in columns if c.role == "money"]
    cost = _first(money, _COST)
    candidates = [c for c in money if c is not cost and not _named(c, _NOT_AMOUNT)]
    amount = _first(candidates, _AMOUNT) or (candidates[0] if candidates else None)
    if amount is None:
        return None
    dates = [c for c in columns if c.role == "date"]
    quantity = _first([c for c in columns if c.role == "quantity"], _QUANTITY) or next(
        (c for c in columns if c.role == "quantity"), None
    )
    order = _first([c for c in columns if c.role in ("id", "text", "category")], _ORDER)
    groupable = [
        c for c in columns
        if c.role in _DIMENSION_ROLES and c is not order and (c.unique or 0) >= 2
    ]
    dimensions: dict[str, str] = {}
    for keyword, stems in DIMENSIONS.items():
        match = _first(groupable, stems)
        if match is not None:
            dimensions[keyword] = match.name
    return SalesColumns(
        table=card.table,
        parquet_path=card.parquet_path,
        amount=amount.name,
        date=dates[0].name if dates else None,
        order_id=order.name if order is not None else None,
        cost=cost.name if cost is not None else None,
        quantity=quantity.name if quantity is not None else None,
        dimensions=dimensions,
        categories=tuple(c.name for c in groupable),
        currency=column_currency(amount),
    )


def measure_column(cols: SalesColumns, measure: str) -> str | None:
    """The column a measure keyword means in this table (None: the table lacks it)."""
    return {"revenue": cols.amount, "margin": cols.amount, "quantity": cols.quantity,
            "cost": cols.cost, "orders": cols.amount}.get(measure)


# A currency written in a column's name: "Сума, грн", "Amount (USD)", "销售额（元）".
_NAME_CURRENCY = re.compile(
    r"(?:^|[\s,;(（\[/])(грн\.?|uah|₴|руб\.?|rub|₽|usd|\$|eur|€|gbp|£|元|rmb|cny|¥|￥|pln|zł)"
    r"(?=$|[\s,;)）\]/])", re.IGNORECASE)


def column_currency(column: Any) -> str | None:
    """The ISO code (or symbol) of a money column's currency, or None when nothing says it.

    The ingester notes the sign it stripped from the cells ("decimal comma, currency грн");
    else the column's name may say it ("Сума, грн"). No sign seen: no currency is invented.
    """
    note = re.search(r"currency (\S+)", column.note or "")
    if note:
        return currency_code(note.group(1).rstrip(","))
    named = _NAME_CURRENCY.search(str(column.name))
    return currency_code(named.group(1)) if named else None


def _named(column: Any, stems: tuple[str, ...]) -> bool:
    name = str(column.name).lower()
    return any(stem in name for stem in stems)


def _first(columns: list[Any], stems: tuple[str, ...]) -> Any | None:
    # Earlier stems are stronger ("revenue" beats "total"), so search stem by stem.
    for stem in stems:
        for column in columns:
            if stem in str(column.name).lower():
                return column
    return None
