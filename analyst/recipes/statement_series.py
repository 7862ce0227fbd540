"""A statement's lines as periods: the period a question names, a figure or line per
month or quarter, every period of the span (shared by the finance question recipes)."""

from __future__ import annotations

import pandas as pd

from .columns import RecipeError, to_dates
from .notes import NoteId, Word
from .statement import COST_KINDS, _profits, _totals

FIGURES = ("revenue", "cogs", "gross_profit", "opex", "operating_profit", "net_profit",
           "total_costs")
"""What a question may ask for besides one line item: the P&L's own results."""


def month_dates(values: pd.Series, name: str) -> tuple[pd.Series, list[NoteId]]:
    """A period column as dates. Months a wide sheet names without a year ("Jan", "Січ",
    "1月") are kept as their label; pandas dates a bare "Jan" in the year 1, which overflows:
    that is a refusal in plain words, never the overflow's own text."""
    try:
        return to_dates(values, name)
    except pd.errors.OutOfBoundsDatetime:
        raise RecipeError("months_without_year", column=name) from None


def select_period(months: pd.Series, year: int | None, quarter: int | None,
                  month: int | None, missing: RecipeError | None = None,
                  ) -> tuple[pd.Series, dict[str, float]]:
    """Which rows the period asked for covers, and that period as numbers. Without a year,
    the latest year that has the quarter or month asked for (or the latest year).
    `missing` lets a recipe keep its own refusal when the period is not in the data."""
    if year is None:
        candidates = [p.year for p in months.dropna().unique()
                      if (quarter is None or p.quarter == quarter)
                      and (month is None or p.month == month)]
        if not candidates:
            raise missing or RecipeError("period_missing")
        year = max(candidates)
    keep = months.map(lambda p: p.year == year
                      and (quarter is None or p.quarter == quarter)
                      and (month is None or p.month == month)).astype(bool)
    if not keep.any():
        raise missing or RecipeError("period_missing")
    return keep, {"year": float(year), "quarter": float(quarter or 0), "month": float(month or 0)}


def period_label(period: pd.Period) -> str:
    return str(period) if period.freqstr.startswith("M") else f"{period.year}-Q{period.quarter}"


def series(lines: pd.DataFrame, figure: str | None, line: str | None,
           freq: str) -> tuple[pd.Series, str]:
    """The asked figure per period (`freq` M or Q) and its kind (revenue, cost, result)."""
    periods = lines["month"] if freq == "M" else lines["month"].map(lambda p: p.asfreq("Q-DEC"))
    if line is not None:
        rows = lines["line"].astype(str) == line
        if not rows.any():
            raise RecipeError("no_line_item", line=str(line))
        kind = str(lines.loc[rows, "kind"].iloc[0])
        return (lines.loc[rows, "amount"].groupby(periods[rows]).sum(),
                "revenue" if kind == "revenue" else "cost")
    if figure not in FIGURES:
        raise RecipeError("bad_figure", choices=list(FIGURES), figure=str(figure))
    per = _profits(_totals(lines, periods), True)
    if figure == "total_costs":
        return per["cogs"] + per["opex"], "cost"
    if figure == "net_profit":
        if not (lines["kind"] == "ignore").any():
            # No interest or tax lines: the statement has no net profit; its operating
            # profit is not one.
            raise RecipeError("no_net_profit_lines")
        return per["net_profit"], "result"
    kind = "revenue" if figure == "revenue" else "cost" if figure in COST_KINDS else "result"
    return per[figure], kind


def named(line: str | None, figure: str | None) -> str | Word:
    """What a title names: the line item as the statement writes it, or the P&L's own
    figure ("gross_profit") as a word of the reader's language."""
    return str(line) if line is not None else Word(f"figure_{figure}")


def period_span(lines: pd.DataFrame, freq: str) -> pd.PeriodIndex:
    first, last = lines["month"].min(), lines["month"].max()
    if freq == "M":
        return pd.period_range(first, last, freq="M")
    return pd.period_range(first.asfreq("Q-DEC"), last.asfreq("Q-DEC"), freq="Q-DEC")
