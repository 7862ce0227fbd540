"""The tables of report sections: formats per column (and per row), readable headers.

A step saved its table under `output/`; here it is read back with the formats its recipe
call implies (money for the amount, percent for `*_pct`, counts), and its headers and the
recipes' fixed words ("Other", "Average order value") are put in the report's language.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.runner import planned_of
from analyst.brain.understand.phrases import phrases, say
from analyst.events import Step
from analyst.recipes.numbers import is_year_name, is_year_values
from analyst.recipes.registry import recipe
from analyst.recipes.unit import MONEY_COLUMNS, MONEY_PARAMETERS
from analyst.record.artifact_tables import TABLE_SUFFIXES, read_step_table
from analyst.report.frames import is_code_name
from analyst.report.model import ColumnFormat
from sandbox import Workspace


def step_table(workspace: Workspace, step: Step) -> tuple[pd.DataFrame | None, dict[str, ColumnFormat]]:
    """The table the step saved (Parquet first) and the format of its columns."""
    files = sorted((f for f in (step.result.files if step.result else ())
                    if f.path.endswith(TABLE_SUFFIXES)),
                   key=lambda f: not f.path.endswith(".parquet"))
    if not files:
        return None, {}
    # The host's copy, read within the row and size caps (refused above them).
    read = read_step_table(workspace, files[0])
    if read.frame is None:
        return None, {}
    table = read.frame
    planned = planned_of(step)
    unit = recipe(planned.recipe) if planned else None
    money: set[str] = set()
    if planned:  # the columns its recipe says are money (a query's: the amount's)
        named = unit.money if unit else MONEY_PARAMETERS
        money = {v for k, v in planned.arguments.items() if k in named and isinstance(v, str)}
        money |= set(unit.money_columns if unit else MONEY_COLUMNS)
    formats: dict[str, ColumnFormat] = {}
    table = table.copy()
    for column in table.columns:
        name = str(column)
        if name.endswith("_pct") and pd.api.types.is_numeric_dtype(table[column]):
            table[column] = table[column] / 100.0  # recipes give 0-100; the report wants fractions
            formats[name] = "percent"
        elif name in money:
            formats[name] = "money"
        elif name in ("rows", "items", "orders", "rank"):
            formats[name] = "int"
    if "start" in table.columns and planned and planned.recipe == "period_dynamics":
        if planned.arguments.get("freq", "M") == "M" and "month" in table.columns:
            # A month is a date to Excel ("Jul 2025" shown, a real date in the cell) and
            # reads as the chart says it in the PDF.
            table["month"] = pd.to_datetime(table["start"]).dt.to_period("M").dt.to_timestamp()
            formats["month"] = "month"
        table = table.drop(columns=["start"])  # the period label already says it
    if _period_unit(step) == "year" and "period" in table.columns:
        formats["period"] = "year"  # 1995, never 1,995
    if step.recipe == "data_overview":
        formats.update({"missing": "int", "distinct": "int"})
    if _period_unit(step) == "month" and "period" in table.columns:
        # An offline query's months ("2025-07"): real dates in Excel, "Jul 2025" in the PDF,
        # as its chart and its answer say them.
        months = pd.to_datetime(table["period"].astype(str), format="%Y-%m", errors="coerce")
        if months.notna().all():
            table["period"] = months
            formats["period"] = "month"
    return table, formats


def _period_unit(step: Step) -> str | None:
    """The calendar unit an offline query step groups by ("month", "year"), else None."""
    from analyst.brain.understand.query import Query
    from analyst.record import QueryCall

    if not isinstance(step.origin, QueryCall):
        return None
    try:
        period = Query.from_dict(step.origin.query).period
    except (KeyError, TypeError, ValueError):
        return None  # a record of another version: its table is shown as it is
    return None if period is None else str(period.unit)


def overview_rows(table: pd.DataFrame) -> dict[int, ColumnFormat]:
    """The data overview's min and max in their column's own format, one per row: a year
    column's range is "1995 - 2020", an id's "10082 - 99924", a count's "1,615 - 5,134", a
    measure's "9.10 - 46.30"."""
    if not {"column", "type", "min", "max"} <= set(table.columns):
        return {}
    formats: dict[int, ColumnFormat] = {}
    for position, (name, kind, low, high) in enumerate(
            table[["column", "type", "min", "max"]].itertuples(index=False, name=None)):
        if is_year_name(name) and is_year_values([low, high]):
            formats[position] = "year"
        elif is_code_name(name) and str(kind).lower().startswith(("int", "uint")):
            formats[position] = "code"
        elif str(kind).lower().startswith(("int", "uint")):
            formats[position] = "int"
    return formats


_KPI_ROW_FORMATS: dict[str, ColumnFormat] = {"Rows": "int", "Orders": "int", "Orders (rows; no order id given)": "int",
                    "Average order value": "money", "Returns (negative rows)": "money",
                    "Return rows": "int", "Gross profit": "money", "Gross margin %": "percent",
                    "Days covered": "int"}


def kpi_rows(table: pd.DataFrame, arguments: dict[str, Any]) -> tuple[pd.DataFrame, dict[int, ColumnFormat]]:
    """Key figures hold money, counts and a margin in one column: a format per row, so the
    CFO reads "400" rows and "31.0%", not "400.00" and "31.01"."""
    if not {"metric", "value"} <= set(table.columns):
        return table, {}
    kinds: tuple[tuple[str, ColumnFormat], ...] = (("amount", "money"), ("cost", "money"),
                                                  ("quantity", "int"))
    totals = {f"Total {arguments.get(k)}": fmt for k, fmt in kinds if arguments.get(k)}
    table = table.copy()
    values = table["value"].copy()
    formats: dict[int, ColumnFormat] = {}
    for position, metric in enumerate(table["metric"].astype(str)):
        fmt = _KPI_ROW_FORMATS.get(metric) or totals.get(metric)
        if fmt:
            formats[position] = fmt
        if fmt == "percent":  # recipes give 0-100, the report fractions
            values.iloc[position] = values.iloc[position] / 100.0
    table["value"] = values
    return table, formats


def abc_classes(table: pd.DataFrame,
                 formats: dict[str, ColumnFormat]) -> tuple[pd.DataFrame, dict[str, ColumnFormat]]:
    """The ABC table per class (items, amount, share): 200 item rows say less than 3 rows."""
    amount = next(c for c in table.columns if formats.get(str(c)) == "money")
    summary = table.groupby("class").agg(items=("class", "size"), **{amount: (amount, "sum")})
    positive = table.loc[table[amount] > 0, amount].sum()
    summary["share_pct"] = summary[amount] / positive if positive else float("nan")
    summary = summary.reindex(["A", "B", "C"]).dropna(how="all").reset_index()
    return summary, {"items": "int", str(amount): "money", "share_pct": "percent"}


_BUDGET_RECIPES = ("budget_vs_actual", "budget_to_date")
_PACK = ("pnl_statement", "margin_trend", "expense_structure", "notable_changes")


def pack_values(table: pd.DataFrame, step: Step, lang: str) -> pd.DataFrame:
    """The finance pack's cells in the reader's words: months "Jan 2025", kinds "cost of sales"."""
    if step.recipe not in _BUDGET_RECIPES + _PACK:
        return table
    table = table.copy()
    if step.recipe in _PACK:
        from analyst.brain.narrate.amounts import pack_label

        for column in ("month", "quarter"):
            if column in table.columns:
                table[column] = [pack_label(v, lang) for v in table[column]]
    if "kind" in table.columns:
        table["kind"] = [say(lang, f"kind_{v}") for v in table["kind"]]
    if step.recipe in _BUDGET_RECIPES and "assessment" in table.columns:
        table["assessment"] = [say(lang, "assess_" + str(v).replace(" ", "_"))
                               for v in table["assessment"]]
    return table


def _pack_names(table: pd.DataFrame, step: Step, lang: str) -> dict[str, str]:
    """The finance pack's headers that are the ingester's own names for a statement's tidy
    table ("Line item", "Section"), not the user's, and the structure's cost column, in the
    reader's words (the catalogue's "Cost" would say cost of sales)."""
    if step.recipe not in _PACK:
        return {}
    from analyst.ingest.wide import PERIOD, VALUE
    from analyst.ingest.wide_cards import LINE, SECTION

    ours = {LINE: "pack_line_item", SECTION: "pack_section", PERIOD: "pack_period",
            VALUE: "pack_value"}
    if step.recipe == "expense_structure":
        ours["cost"] = "pack_cost"
    return {str(c): say(lang, ours[str(c)]) for c in table.columns if str(c) in ours}


def friendly(table: pd.DataFrame, formats: dict[str, ColumnFormat], step: Step,
             planned: PlannedStep | None, lang: str) -> tuple[pd.DataFrame, dict[str, ColumnFormat]]:
    """Headers a reader understands ("share_pct" -> "Share"), in the report's language.

    The user's own column names (the amount, the product) are kept as they are; so is a
    recipe name that would collide with one of them.
    """
    words = phrases(lang)
    table = pack_values(table, step, lang)
    unit = recipe(step.recipe or "")
    if unit is not None and unit.tail_row and unit.chart and planned and "rank" in table.columns:
        by = planned.arguments.get(unit.chart.x)
        if by in table.columns:  # the recipe's "Other" row, in the reader's language
            other = table["rank"].isna() & (table[by].astype(str) == unit.tail_row)
            table[by] = table[by].astype(object).where(~other, words["other_row"])
    if step.recipe == "kpi_summary" and planned and "metric" in table.columns:
        table["metric"] = table["metric"].map(lambda m: _metric(str(m), planned.arguments, lang))
    names = {str(c): words.get(f"col_{c}", str(c)) for c in table.columns}
    names.update(_pack_names(table, step, lang))
    if len(set(names.values())) < len(names):
        names = {c: c for c in names}  # a collision would make two columns one: keep raw
    table.columns = [names[str(c)] for c in table.columns]
    return table, {names.get(k, k): v for k, v in formats.items()}


def _metric(metric: str, arguments: dict[str, Any], lang: str) -> str:
    """A key-figures row label ("Average order value") in the report's language."""
    if lang == "en":
        return metric
    fixed = {"Rows": "col_rows", "Orders": "kpi_orders_label",
             "Average order value": "kpi_aov", "Gross profit": "col_gross_profit",
             "Gross margin %": "col_gross_margin_pct", "Days covered": "metric_days",
             "Orders (rows; no order id given)": "metric_orders_rows",
             "Returns (negative rows)": "metric_returns", "Return rows": "metric_return_rows"}
    if metric in fixed:
        return say(lang, fixed[metric])
    for key in ("amount", "cost", "quantity"):
        name = arguments.get(key)
        if name and metric == f"Total {name}":
            return say(lang, "kpi_total", amount=name)
    return metric
