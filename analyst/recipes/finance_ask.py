"""Answers to one finance question on a statement's tidy table: a line's total for a year,
quarter or month, a line by month or quarter, loss-making months, margins, the largest
expense lines and a line's growth. Budget vs actual to date is `finance_budget`'s, rankings
of cost centres `finance_ranking`'s.

The lines are read as the finance pack reads them (`statement.statement_lines`: kind by
section first, then by name; costs stored as negatives taken as positive), so an answer and
the pack never disagree. Every figure the answer quotes is in `figures` or in the table's
rows; periods are given as numbers (year, quarter 1-4, month 1-12; 0 = not part of it).
"""

from __future__ import annotations

import math

import pandas as pd

from .columns import RecipeError
from .notes import NoteId, note, title
from .result import ChartSeries, ChartSpec, RecipeResult
from .sanity import checked_margin, checked_share
from .statement import COST_KINDS, _profits, _totals, statement_lines
from .statement_series import named, period_label, period_span, select_period, series

__all__ = ["DEFINITION", "GROWTH_DEFINITION", "largest_expenses", "line_growth", "loss_months",
           "statement_figure", "statement_margins"]

DEFINITION = (
    "Lines are taken for revenue, cost of sales, operating expenses or lines below the "
    "operating line by their section first, then by their name; costs stored as negative "
    "numbers are taken as positive. gross profit = revenue - cost of sales; operating "
    "profit = gross profit - operating expenses; net profit = operating profit - the lines "
    "below it; total costs = cost of sales + operating expenses. A period's figure is the "
    "sum of its months; when no year is named, the latest year in the data is used."
)
GROWTH_DEFINITION = (
    "change = this period - the period before (MoM: the month before; QoQ: the quarter "
    "before; YoY: the same period a year before, or the year before for a whole year); "
    "change % = change / |the period before| x 100, not stated when that was 0."
)


def statement_figure(
    df: pd.DataFrame,
    date: str,
    account: str,
    amount: str,
    section: str | None = None,
    figure: str | None = None,
    line: str | None = None,
    by: str | None = None,
    year: int | None = None,
    quarter: int | None = None,
    month: int | None = None,
    currency: str | None = None,
    of_revenue: bool = False,
    average: str | None = None,
) -> RecipeResult:
    """One line item (`line`) or P&L result (`figure`) for a year, quarter or month, and
    per month or quarter inside it when `by` is "M" or "Q". `of_revenue`: also as a
    percentage of the revenue of the same period(s) ("marketing as a % of revenue");
    `average` "M" or "Q": also its average per month or quarter ("average monthly revenue")."""
    if (figure is None) == (line is None):
        raise RecipeError("figure_or_line")
    if average not in (None, "M", "Q"):
        raise RecipeError("bad_by", by=str(average))
    notes: list[NoteId] = []
    lines = statement_lines(df, date, account, amount, section, notes)
    keep, period = select_period(lines["month"], year, quarter, month)
    lines = lines[keep]
    freq = by or "M"
    if freq not in ("M", "Q"):
        raise RecipeError("bad_by", by=str(by))
    values, kind = series(lines, figure, line, freq)
    span = period_span(lines, freq)
    values = values.reindex(span, fill_value=0.0)
    figures = {**period, "value": float(values.sum()), "periods": float(len(span)),
               "months": float(lines["month"].nunique())}
    table = pd.DataFrame({"period": [period_label(p) for p in span],
                          "value": [float(v) for v in values]})
    if of_revenue:
        # A ratio to revenue, not a share of a total: costs above revenue are over 100%.
        revenue = series(lines, "revenue", None, freq)[0].reindex(span, fill_value=0.0)
        figures["revenue"] = float(revenue.sum())
        figures["of_revenue_pct"] = (figures["value"] / figures["revenue"] * 100.0
                                     if figures["revenue"] > 0 else math.nan)
        table["of_revenue_pct"] = [float(v) / float(r) * 100.0 if r > 0 else math.nan
                                   for v, r in zip(values, revenue, strict=True)]
    if average is not None:
        parts = period_span(lines, average)
        figures["per_period"] = figures["value"] / len(parts) if len(parts) else math.nan
        figures["average_periods"] = float(len(parts))
    name = line or figure or ""
    heading = title(("amount_by_month" if freq == "M" else "amount_by_quarter") if by
                    else "amount_total", amount=named(line, figure))
    chart = ChartSpec(kind="bar" if freq == "Q" or not by else "line", title=heading,
                      labels=tuple(table["period"]),
                      series=(ChartSeries(str(name), tuple(table["value"])),),
                      unit="money", currency=currency)
    return RecipeResult(name="statement_figure", title=heading, table=table, chart=chart,
                        definition=DEFINITION, notes=tuple(notes),
                        figures={**figures, "is_cost": float(kind == "cost")})


def loss_months(
    df: pd.DataFrame,
    date: str,
    account: str,
    amount: str,
    section: str | None = None,
    year: int | None = None,
    currency: str | None = None,
) -> RecipeResult:
    """The months whose operating profit (and net profit, with lines below it) is negative."""
    notes: list[NoteId] = []
    lines = statement_lines(df, date, account, amount, section, notes)
    if year is not None:
        keep, _ = select_period(lines["month"], year, None, None,
                          missing=RecipeError("no_month_of_year", year=int(year)))
        lines = lines[keep]
    span = period_span(lines, "M")
    per = _profits(_totals(lines, lines["month"]).reindex(span, fill_value=0.0), True)
    lost = per[(per["operating_profit"] < 0) | (per["net_profit"] < 0)]
    table = pd.DataFrame({"month": [str(p) for p in lost.index],
                          "revenue": lost["revenue"].astype(float).to_list(),
                          "operating_profit": lost["operating_profit"].astype(float).to_list(),
                          "net_profit": lost["net_profit"].astype(float).to_list()})
    figures = {"months": float(len(span)), "loss_months": float(len(table)),
               "operating_loss_months": float((per["operating_profit"] < 0).sum()),
               "net_loss_months": float((per["net_profit"] < 0).sum()),
               "year": float(year or 0),
               "net": float(bool((lines["kind"] == "ignore").any()))}
    chart = ChartSpec(kind="bar", title=title("loss_months_chart"),
                      labels=tuple(str(p) for p in span),
                      series=(ChartSeries("Operating profit",
                                          tuple(float(v) for v in per["operating_profit"])),),
                      unit="money", currency=currency)
    return RecipeResult(name="loss_months", title=title("loss_months"), table=table,
                        chart=chart, definition=DEFINITION, notes=tuple(notes), figures=figures)


def statement_margins(
    df: pd.DataFrame,
    date: str,
    account: str,
    amount: str,
    section: str | None = None,
    year: int | None = None,
    quarter: int | None = None,
    month: int | None = None,
    margin: str | None = None,
    by: str | None = None,
) -> RecipeResult:
    """Gross, operating and net margin of the period (the latest year by default) and of
    each month in it; each margin stated only between -100% and 100% with positive revenue.
    `margin` (gross, operating, net) and `by` ("M") say what the question asked for."""
    if margin not in (None, "gross", "operating", "net") or by not in (None, "M"):
        raise RecipeError("bad_margin")
    notes: list[NoteId] = []
    lines = statement_lines(df, date, account, amount, section, notes)
    if margin == "net" and not (lines["kind"] == "ignore").any():
        raise RecipeError("no_net_profit_lines")
    keep, period = select_period(lines["month"], year, quarter, month)
    lines = lines[keep]
    span = period_span(lines, "M")
    per = _profits(_totals(lines, lines["month"]).reindex(span, fill_value=0.0), True)
    whole = _profits(_totals(lines, None), True).iloc[0]
    figures = {**period, "revenue": float(whole["revenue"]), "months": float(len(span))}
    for profit in ("gross", "operating", "net"):
        figures[f"{profit}_profit"] = float(whole[f"{profit}_profit"])
        figures[f"{profit}_margin_pct"], why = checked_margin(
            float(whole[f"{profit}_profit"]), float(whole["revenue"]), f"{profit} margin")
        notes += why
    figures["net"] = float(bool((lines["kind"] == "ignore").any()))
    table = pd.DataFrame({"month": [str(p) for p in span]})
    for profit in ("gross", "operating", "net"):
        table[f"{profit}_margin_pct"] = per[f"{profit}_margin_pct"].astype(float).to_numpy()
    hidden = int(table[["gross_margin_pct", "operating_margin_pct"]].isna().any(axis=1).sum())
    if hidden:
        notes.append(note("note_margin_months", hidden, rows=hidden))
    chart = ChartSpec(kind="line", title=title("margins_by_month"), labels=tuple(table["month"]),
                      series=tuple(ChartSeries(word, tuple(float(v) for v in table[col]))
                                   for col, word in (("gross_margin_pct", "Gross margin"),
                                                     ("operating_margin_pct", "Operating margin"),
                                                     ("net_margin_pct", "Net margin"))),
                      unit="percent")
    return RecipeResult(name="statement_margins", title=title("statement_margins"), table=table, chart=chart,
                        definition=DEFINITION + " Margin = profit / revenue x 100.",
                        notes=tuple(notes), figures=figures)


def largest_expenses(
    df: pd.DataFrame,
    date: str,
    account: str,
    amount: str,
    section: str | None = None,
    n: int = 5,
    year: int | None = None,
    quarter: int | None = None,
    month: int | None = None,
    currency: str | None = None,
) -> RecipeResult:
    """The `n` largest cost lines (cost of sales and operating expenses) of the period and
    their share of all cost lines."""
    notes: list[NoteId] = []
    lines = statement_lines(df, date, account, amount, section, notes)
    keep, period = select_period(lines["month"], year, quarter, month)
    costs = lines[keep & lines["kind"].isin(COST_KINDS)]
    if costs.empty:
        raise RecipeError("no_cost_lines")
    table = (costs.groupby("line", sort=False)["amount"].sum().reset_index()
             .sort_values("amount", ascending=False, kind="mergesort").reset_index(drop=True))
    total = float(table["amount"].sum())
    shares = [checked_share(v, total, "share of costs") for v in table["amount"]]
    table["share_pct"] = [s[0] for s in shares]
    notes += list(dict.fromkeys(note for s in shares for note in s[1]))
    table.insert(0, "rank", range(1, len(table) + 1))
    top = table.head(max(int(n), 1)).rename(columns={"line": "line_item", "amount": "cost"})
    figures = {**period, "total_costs": total, "lines": float(len(table)),
               "shown": float(len(top)), "top_share_pct": float(top["share_pct"].sum())
               if top["share_pct"].notna().all() else math.nan}
    chart = ChartSpec(kind="barh", title=title("largest_expenses"),
                      labels=tuple(str(v) for v in top["line_item"]),
                      series=(ChartSeries("Cost", tuple(float(v) for v in top["cost"])),),
                      value_label="Cost", unit="money", currency=currency)
    return RecipeResult(name="largest_expenses", title=title("largest_expenses"), table=top,
                        chart=chart, definition=DEFINITION, notes=tuple(notes), figures=figures)


def line_growth(
    df: pd.DataFrame,
    date: str,
    account: str,
    amount: str,
    section: str | None = None,
    figure: str | None = None,
    line: str | None = None,
    compare: str = "MoM",
    year: int | None = None,
    quarter: int | None = None,
    month: int | None = None,
    currency: str | None = None,
) -> RecipeResult:
    """The change of a line item or result from the period before (MoM, QoQ) or a year
    before (YoY): for the period asked, else the latest; the table has every period."""
    if compare not in ("MoM", "QoQ", "YoY"):
        raise RecipeError("bad_compare", compare=str(compare))
    if (figure is None) == (line is None):
        raise RecipeError("figure_or_line")
    notes: list[NoteId] = []
    lines = statement_lines(df, date, account, amount, section, notes)
    years = sorted({p.year for p in lines["month"]})
    if compare == "YoY" and len(years) < 2:
        raise RecipeError("yoy_one_year", year=int(years[0]))
    if compare == "YoY" and month is None and quarter is None:
        freq = "Y"
    else:
        freq = "M" if compare == "MoM" or (compare == "YoY" and month) else "Q"
    if freq == "Y":
        values = series(lines, figure, line, "M")[0]
        values = values.groupby(values.index.map(lambda p: p.asfreq("Y"))).sum()
        span = pd.period_range(min(years), max(years), freq="Y")
    else:
        values = series(lines, figure, line, freq)[0]
        span = period_span(lines, freq)
    values = values.reindex(span, fill_value=0.0)
    lag = 12 if compare == "YoY" and freq == "M" else 4 if compare == "YoY" and freq == "Q" else 1
    previous = values.shift(lag)
    change = values - previous
    pct = [c / abs(p) * 100.0 if pd.notna(p) and p != 0 else math.nan
           for c, p in zip(change, previous, strict=True)]
    labels = [str(p.year) if freq == "Y" else period_label(p) for p in span]
    table = pd.DataFrame({"period": labels, "value": values.astype(float).to_list(),
                          "previous": previous.astype(float).to_list(),
                          "change": change.astype(float).to_list(), "change_pct": pct})
    if year is None and month is None and quarter is None:
        at = len(span) - 1
    else:
        wanted = [i for i, p in enumerate(span)
                  if (year is None or p.year == year)
                  and (month is None or freq != "M" or p.month == month)
                  and (quarter is None or freq != "Q" or p.quarter == quarter)]
        if not wanted:
            raise RecipeError("no_such_period")
        at = wanted[-1]
    if at < lag:
        raise RecipeError("no_earlier_period")
    now, before = span[at], span[at - lag]

    def numbers(p: pd.Period, prefix: str) -> dict[str, float]:
        return {f"{prefix}year": float(p.year),
                f"{prefix}quarter": float(p.quarter) if freq == "Q" else 0.0,
                f"{prefix}month": float(p.month) if freq == "M" else 0.0}

    figures = {**numbers(now, ""), **numbers(before, "previous_"),
               "value": float(values.iloc[at]), "previous": float(previous.iloc[at]),
               "change": float(change.iloc[at]), "change_pct": float(pct[at])}
    name = line or figure or ""
    chart = ChartSpec(kind="line" if freq == "M" else "bar",
                      title=title(f"growth_chart_{compare}", amount=named(line, figure)),
                      labels=tuple(labels), series=(ChartSeries(str(name), tuple(table["value"])),),
                      unit="money", currency=currency)
    return RecipeResult(name="line_growth", title=title(f"growth_{compare}", amount=named(line, figure)), table=table,
                        chart=chart, definition=GROWTH_DEFINITION, notes=tuple(notes),
                        figures=figures)
