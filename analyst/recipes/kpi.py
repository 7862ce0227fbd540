"""KPI summary: the handful of totals a finance reader looks at first."""

from __future__ import annotations

import pandas as pd

from .columns import require, returns_note, to_dates, to_number
from .notes import note, title
from .pnl import classify_account
from .result import RecipeResult
from .sanity import checked_margin, costs_as_positive
from .unit import Recipe, Said, Title

DEFINITION = (
    "Total = sum of the amount over all rows (returns and other negative rows are netted in). "
    "Orders = number of distinct order ids (rows when there is no order id). "
    "Average order value = total / orders. Gross profit = total - total cost; "
    "gross margin % = gross profit / total x 100 (only when a cost column exists; cost is the "
    "row's total cost, not a unit cost; costs stored as negative numbers are taken as positive). "
    "A margin outside -100%..100%, or with revenue not positive, is not stated."
)


def _expense_rows(df: pd.DataFrame, values: pd.Series, costs: pd.Series) -> list[str]:
    """Labels of rows with a cost and no amount that name an operating expense or a line
    below the operating line ("Wages", "Rent", "Income tax")."""
    alone = (values.isna() | (values == 0)) & costs.notna() & (costs != 0)
    found: list[str] = []
    for column in df.columns:
        if df[column].dtype.kind in "iufbM":
            continue
        for label in df.loc[alone, column].dropna().astype(str):
            if classify_account(label) in ("opex", "ignore") and label not in found:
                found.append(label)
    return found


def kpi_summary(
    df: pd.DataFrame,
    amount: str,
    date: str | None = None,
    order_id: str | None = None,
    cost: str | None = None,
    quantity: str | None = None,
    currency: str | None = None,
) -> RecipeResult:
    """Totals, row and order counts, average order value, gross margin when cost exists."""
    require(df, amount, date, order_id, cost, quantity)
    values, notes = to_number(df[amount], amount)
    notes += returns_note(values, amount)
    total = float(values.sum())
    rows = len(df)
    orders = int(df[order_id].nunique(dropna=True)) if order_id else rows
    figures: dict[str, float] = {
        "total": total,
        "rows": float(rows),
        "orders": float(orders),
        "average_order_value": total / orders if orders else float("nan"),
    }
    negative = values < 0
    if negative.any():
        figures["returns"] = float(values[negative].sum())
        figures["return_rows"] = float(negative.sum())
    if order_id and df[order_id].isna().any():
        rows = int(df[order_id].isna().sum())
        notes.append(note("note_no_order", rows, rows=rows, column=order_id))
    if cost:
        costs, cost_notes = to_number(df[cost], cost)
        costs, sign_notes = costs_as_positive(costs, cost, total)
        notes += cost_notes + sign_notes
        figures["cost"] = float(costs.sum())
        figures["gross_profit"] = total - figures["cost"]
        figures["gross_margin_pct"], margin_notes = checked_margin(figures["gross_profit"], total)
        notes += margin_notes
        if expenses := _expense_rows(df, values, costs):
            # A statement in columns ("Line | Revenue | Costs"): its costs are wages, rent,
            # tax, not the cost of these sales; revenue less them is no gross profit.
            figures["gross_profit"] = figures["gross_margin_pct"] = float("nan")
            notes.append(note("note_costs_not_of_sales", column=cost, names=", ".join(expenses)))
    if quantity:
        units, qty_notes = to_number(df[quantity], quantity)
        notes += qty_notes
        figures["quantity"] = float(units.sum())
    labels = {
        "total": f"Total {amount}",
        "rows": "Rows",
        "orders": "Orders" if order_id else "Orders (rows; no order id given)",
        "average_order_value": "Average order value",
        "returns": "Returns (negative rows)",
        "return_rows": "Return rows",
        "cost": f"Total {cost}",
        "gross_profit": "Gross profit",
        "gross_margin_pct": "Gross margin %",
        "quantity": f"Total {quantity}",
    }
    table_rows = [(labels[k], v) for k, v in figures.items()]
    if date:
        dates, date_notes = to_dates(df[date], date)
        notes += date_notes
        if dates.notna().any():
            first, last = dates.min(), dates.max()
            figures["days"] = float((last.normalize() - first.normalize()).days + 1)
            table_rows.append(("Days covered", figures["days"]))
            notes.append(note("note_covers", first=f"{first:%Y-%m-%d}", last=f"{last:%Y-%m-%d}"))
    table = pd.DataFrame(table_rows, columns=["metric", "value"])
    return RecipeResult(
        name="kpi_summary",
        title=title("kpi_summary", amount=str(amount)),
        table=table,
        chart=None,
        definition=DEFINITION,
        notes=tuple(notes),
        figures=figures,
    )


REGISTERED = (Recipe(
    kpi_summary,
    meaning="totals, orders, average order value, gross margin. figures: total, rows, orders, "
            "average_order_value, [returns, cost, gross_profit, gross_margin_pct, quantity, days]",
    definition=DEFINITION, said=Said("kpi_summary"), title=Title("title_kpi", ("amount",)), money_columns=(),
),)
