"""Which column plays which part in a table, read from its DataCard (roles and names).

The ingester gives each column a role (date, money, quantity, percent, category, id, text);
names decide between several columns of one role: "Revenue" beats "Unit price" as the
amount, "Cost" is the cost. Names are matched in English, Ukrainian, Russian and Chinese.

A cost or price PER UNIT ("Unit Cost", "Ціна") is never taken for a row's total: with a
quantity column the step's code computes the total (cost = Qty × Unit Cost) and says so;
without one there is no total cost to use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from analyst.brain.code.codegen import Derived
from analyst.brain.understand.intents import DIMENSIONS
from analyst.brain.understand.phrases import say
from analyst.currency import currency_code
from analyst.recipes.notes import note

_AMOUNT = ("revenue", "sales", "amount", "turnover", "total", "sum", "net", "value", "gross",
           "виручк", "выручк", "сума", "сумма", "продаж", "оборот", "дохід", "доход",
           "销售额", "金额", "收入", "营收", "売上")
_COST = ("cost", "cogs", "purchase", "собіварт", "себестоим", "закуп", "витрат", "затрат",
         "成本", "原価")
_NOT_AMOUNT = ("price", "ціна", "цена", "discount", "знижк", "скидк", "tax", "vat", "пдв",
               "ндс", "单价", "价格", "折扣", "税")
# A money column named so holds a per-unit figure, not the row's total.
_PER_UNIT = ("unit", "per ", "each", "price", "ціна", "цiна", "цена", "за од", "за шт",
             "за ед", "/шт", "单价", "价格", "単価")
_PRICE = ("price", "ціна", "цена", "单价", "价格", "単価")
_QUANTITY = ("quantity", "qty", "units", "pcs", "count", "sold", "items", "pieces", "volume",
             "quantit", "menge", "anzahl", "cantidad", "кількіст", "количеств", "к-сть",
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
    derived: tuple[Derived, ...] = ()
    """Columns the steps compute because the table lacks them (`amount` or `cost` may be one)."""
    unit_cost: str | None = None
    """A per-unit cost column that could not become a total (no quantity column)."""
    chosen: bool = False
    """The user marked `amount` as the amount on the data card."""

    def dimension(self, wanted: str | None) -> str | None:
        """The column for a keyword or a column name the question used, or None."""
        if wanted is None:
            return None
        if wanted in self.categories:
            return wanted
        return self.dimensions.get(wanted)


def sales_columns(card: Any, language: str = "en") -> SalesColumns | None:
    """The sales reading of a table: it needs an amount (money) column, or a unit price and a
    quantity to compute it; else None. `language` names the columns computed."""
    columns = list(card.columns)
    names = {str(c.name) for c in columns}
    money = [c for c in columns if c.role == "money"]
    # The amount the user marked on the data card is the amount, whatever its name says.
    chosen = next((c for c in money if c.set_by_user), None)
    per_unit = [c for c in money if _named(c, _PER_UNIT) and c is not chosen]
    cost = _first([c for c in money if c not in per_unit and c is not chosen], _COST)
    unit_cost = None if cost is not None else _first(per_unit, _COST)
    candidates = [c for c in money
                  if c is not cost and c not in per_unit and not _named(c, _NOT_AMOUNT)]
    amount = chosen or _first(candidates, _AMOUNT) or (candidates[0] if candidates else None)
    # Only a column named for a quantity (or marked so) is the units sold: on R's Computers
    # "hd" (disk size) x price had been stated as revenue, 6.19 billion, and "Total hd" as
    # the units. Any whole-number column is not a quantity sold.
    quantity = counted = _first([c for c in columns if c.role == "quantity"], _QUANTITY) or next(
        (c for c in columns if c.role == "quantity" and c.set_by_user), None)
    derived: list[Derived] = []
    amount_name: str = amount.name if amount is not None else ""  # else computed below, or None returned
    currency = column_currency(amount) if amount is not None else None
    if amount is None:
        price = _first([c for c in per_unit if c is not unit_cost], _PRICE)
        if price is None or counted is None:
            return None
        # No revenue column: revenue = quantity x unit price, said in the step's notes.
        amount_name = _free(say(language, "col_revenue"), names)
        currency = column_currency(price)
        derived.append(Derived(amount_name, counted.name, "*", price.name,
                               note("note_revenue_from_units", column=amount_name,
                                    qty=counted.name, unit=price.name)))
    cost_name = cost.name if cost is not None else None
    if unit_cost is not None and counted is not None:
        cost_name = _free(say(language, "col_cost"), names | {amount_name})
        derived.append(Derived(cost_name, counted.name, "*", unit_cost.name,
                               note("note_cost_from_units", column=cost_name,
                                    qty=counted.name, unit=unit_cost.name)))
    dates = sorted((c for c in columns if c.role == "date"), key=lambda c: not c.set_by_user)
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
        amount=amount_name,
        date=dates[0].name if dates else None,
        order_id=order.name if order is not None else None,
        cost=cost_name,
        quantity=quantity.name if quantity is not None else None,
        dimensions=dimensions,
        categories=tuple(c.name for c in groupable),
        currency=currency,
        derived=tuple(derived),
        unit_cost=unit_cost.name if unit_cost is not None and cost_name is None else None,
        chosen=chosen is not None,
    )


_LEDGER = ("revenue", "sales", "amount", "turnover", "income", "invoice", "виручк", "выручк",
           "сума", "сумма", "продаж", "оборот", "дохід", "доход", "销售额", "金额", "收入",
           "营收", "売上")


def is_ledger(cols: SalesColumns) -> bool:
    """Is this sales reading a sales ledger, or a table of other numbers (miles per gallon,
    temperatures, net generation) whose fractional figures merely look like money?

    A ledger names its amount as one ("Revenue", "Сума"), or shows a currency, a cost, an
    order or a price: then "average order value" and "returns" mean something.
    """
    name = cols.amount.lower()
    return (cols.chosen or any(stem in name for stem in _LEDGER) or cols.currency is not None
            or cols.cost is not None or cols.order_id is not None or bool(cols.derived)
            or cols.unit_cost is not None)


def with_profit(cols: SalesColumns, language: str = "en") -> SalesColumns | None:
    """`cols` with a computed gross-profit column (revenue - cost); None without a cost."""
    if cols.cost is None:
        return None
    taken = set(cols.categories) | {cols.amount, cols.cost, cols.quantity or "", cols.date or ""}
    name = _free(say(language, "col_gross_profit"), taken)
    profit = Derived(name, cols.amount, "-", cols.cost,
                     note("note_profit_computed", column=name, revenue=cols.amount, cost=cols.cost))
    return replace(cols, derived=(*cols.derived, profit))


def derived_for(cols: SalesColumns, used: set[str]) -> tuple[Derived, ...]:
    """The computed columns a step using the columns `used` needs, in computing order."""
    needed, keep = set(used), []
    for d in reversed(cols.derived):
        if d.column in needed:
            keep.append(d)
            needed |= {d.left, d.right}
    return tuple(reversed(keep))


def measure_column(cols: SalesColumns, measure: str) -> str | None:
    """The column a measure keyword means in this table (None: the table lacks it).

    "margin" (profit) is the computed gross-profit column from `with_profit`, never the
    revenue: ranking by revenue when asked for profit would answer another question.
    """
    if measure == "margin":
        profit = next((d.column for d in cols.derived if d.op == "-"), None)
        return profit
    return {"revenue": cols.amount, "quantity": cols.quantity, "cost": cols.cost,
            "orders": cols.amount}.get(measure)


def _free(name: str, taken: set[Any]) -> str:
    """`name`, or "name (computed)" when the table already has a column of that name."""
    return name if name not in taken else f"{name} (computed)"


# A currency written in a column's name: "Сума, грн", "Amount (USD)", "销售额（元）".
_NAME_CURRENCY = re.compile(
    r"(?:^|[\s,;(（\[/])(грн\.?|uah|₴|руб\.?|rub|₽|usd|\$|eur|€|gbp|£|元|rmb|cny|¥|￥|pln|zł)"
    r"(?=$|[\s,;)）\]/])", re.IGNORECASE)


def column_currency(column: Any) -> str | None:
    """The ISO code (or symbol) of a money column's currency, or None when nothing says it.

    The ingester keeps the sign it stripped from the cells (`ColumnCard.currency`); else the
    column's name may say it ("Сума, грн"). No sign seen: no currency is invented.
    """
    stripped = getattr(column, "currency", None)
    if stripped:
        return currency_code(stripped)
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
