"""Answers to one finance question on a statement's tidy table: a line's total for a year,
quarter or month, a line by month or quarter, loss-making months, margins, the largest
expense lines, a line's growth, budget vs actual to date and rankings of cost centres.

The lines are read as the finance pack reads them (`statement.statement_lines`: kind by
section first, then by name; costs stored as negatives taken as positive), so an answer and
the pack never disagree. Every figure the answer quotes is in `figures` or in the table's
rows; periods are given as numbers (year, quarter 1-4, month 1-12; 0 = not part of it).
"""

from __future__ import annotations

import math

import pandas as pd

from .columns import RecipeError, require, to_labels, to_number
from .notes import note, title
from .pnl import line_kind
from .result import ChartSeries, ChartSpec, RecipeResult
from .sanity import checked_margin, checked_share
from .statement import COST_KINDS, _profits, _totals, statement_lines
from .statement_series import month_dates, named, period_label, period_span, select_period, series

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
BUDGET_DEFINITION = (
    "Per line, over the months that have actuals (year to date when the later months have "
    "none yet; months without actuals are not counted, never as zero): variance = actual - "
    "budget, variance % = variance / |budget| x 100. A revenue line is favourable above "
    "budget, a cost line below it. Costs stored as negatives are taken as positive."
)
RANKING_DEFINITION = (
    "Each item's total over the period (the sum of its months), largest first; share = the "
    "item / all items x 100. Amounts stored as negative numbers (costs in an accounting "
    "layout) are taken as positive."
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
) -> RecipeResult:
    """One line item (`line`) or P&L result (`figure`) for a year, quarter or month, and
    per month or quarter inside it when `by` is "M" or "Q"."""
    if (figure is None) == (line is None):
        raise RecipeError("figure_or_line")
    notes: list[str] = []
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
    notes: list[str] = []
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
    notes: list[str] = []
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
        value, why = checked_margin(float(whole[f"{profit}_profit"]), float(whole["revenue"]),
                                    f"{profit} margin")
        figures[f"{profit}_margin_pct"] = value
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
    notes: list[str] = []
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
    notes: list[str] = []
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


def budget_to_date(
    df: pd.DataFrame,
    line: str,
    date: str,
    budget: str,
    actual: str,
    value: str | None = None,
    measure: str | None = None,
    section: str | None = None,
    year: int | None = None,
    currency: str | None = None,
    scope: str = "to_date",
) -> RecipeResult:
    """Budget vs actual per line over the months with actuals. A tidy table (line, month,
    `measure` naming `budget` or `actual`, `value`), or with `budget` and `actual` as
    columns beside the line and the month. `scope` "year": the question is about the whole
    year's budget, stated (`year_revenue_budget`, `year_cost_budget`) only when the budget
    has all twelve months of the year; a budget of some months is said to be one."""
    if scope not in ("to_date", "year"):
        raise RecipeError("bad_budget_scope", scope=str(scope))
    if measure is not None and value is not None:
        require(df, line, date, value, measure, section)
        numbers, notes = to_number(df[value], value)
        which = df[measure].astype("string").str.strip()
        source = df
    else:
        require(df, line, date, budget, actual, section)
        plan_values, notes = to_number(df[budget], budget)
        real_values, real_notes = to_number(df[actual], actual)
        # An empty actual is a month not in yet: not counted at all, which the answer says.
        notes += [n for n in real_notes
                  if getattr(n, "key", None) != "note_missing" and "no value in" not in n]
        source = pd.concat([df, df], ignore_index=True)
        numbers = pd.concat([plan_values, real_values], ignore_index=True)
        which = pd.Series([budget] * len(df) + [actual] * len(df), dtype="string")
    dates, date_notes = month_dates(source[date], date)
    notes += date_notes
    frame = pd.DataFrame({"line": to_labels(source[line]), "month": dates.dt.to_period("M"),
                          "which": which, "value": numbers,
                          "section": (source[section].astype("string").fillna("") if section
                                      else "")})
    frame = frame[frame["month"].notna()]
    keep, period = select_period(frame["month"], year, None, None,
                           *([RecipeError("no_actuals", year=int(year))] if year else []))
    year = int(period["year"])
    frame = frame[keep]
    plan = frame[frame["which"] == budget].groupby(["line", "month"], sort=False)["value"].sum(min_count=1)
    real = frame[frame["which"] == actual].groupby(["line", "month"], sort=False)["value"].sum(min_count=1)
    pairs = pd.DataFrame({"budget": plan, "actual": real})
    with_actuals = pairs[pairs["actual"].notna()]
    if with_actuals.empty:
        raise RecipeError("no_actuals", year=int(year))
    months = sorted({m for _, m in with_actuals.index})
    last = months[-1]
    budget_months = sorted({m for _, m in pairs[pairs["budget"].notna()].index})
    # The budget of the months after `last` is not compared: the answer says so from the
    # figures (budget_months > months), in the reader's language.
    gaps = pairs[(pairs.index.get_level_values("month") <= last) & pairs["actual"].isna()
                 & pairs["budget"].notna()]
    if len(gaps):
        names = sorted({str(n) for n, _ in gaps.index})
        notes.append(note("note_no_actual", len(gaps), rows=len(gaps), month=str(last),
                          names=", ".join(names[:5])))
    sections = dict(zip(frame["line"], frame["section"], strict=False))
    order = list(dict.fromkeys(frame["line"]))
    per = with_actuals.groupby(level="line", sort=False).sum(min_count=1).reindex(
        [n for n in order if n in set(with_actuals.index.get_level_values("line"))])
    # A line with actuals and no budget at all (a budget sheet without it) has nothing to be
    # measured against: left out of the comparison and named, never assessed against zero.
    unbudgeted = [str(n) for n in per.index[per["budget"].isna()]]
    if unbudgeted:
        per = per[per["budget"].notna()]
        notes.append(note("note_no_budget_lines", len(unbudgeted), rows=len(unbudgeted),
                          names=", ".join(unbudgeted[:5])))
    if per.empty:
        raise RecipeError("no_budget_and_actual", year=int(year))
    per["budget"] = per["budget"].fillna(0.0)
    year_budget = _year_budget(pairs, sections, budget_months, year) if scope == "year" else {}
    kinds = ["revenue" if line_kind(str(n), str(sections.get(n, ""))) == "revenue" else "cost"
             for n in per.index]
    per["kind"] = kinds
    cost = per["kind"] == "cost"
    if per.loc[cost, ["budget", "actual"]].sum().sum() < 0:
        per.loc[cost, ["budget", "actual"]] = -per.loc[cost, ["budget", "actual"]]
        notes.append(note("note_costs_negative"))
    per["variance"] = per["actual"] - per["budget"]
    per["variance_pct"] = [v / abs(b) * 100.0 if b else math.nan
                           for v, b in zip(per["variance"], per["budget"], strict=True)]
    better = ((per["kind"] == "revenue") & (per["variance"] > 0)) | (
        (per["kind"] == "cost") & (per["variance"] < 0))
    per["assessment"] = ["on budget" if v == 0 else "favourable" if b else "unfavourable"
                         for v, b in zip(per["variance"], better, strict=True)]
    table = per.rename_axis("line").reset_index()[
        ["line", "kind", "budget", "actual", "variance", "variance_pct", "assessment"]]
    revenue, costs = table[table["kind"] == "revenue"], table[table["kind"] == "cost"]
    figures = {
        "year": float(year), "through_month": float(last.month),
        "months": float(len(months)), "budget_months": float(len(budget_months)),
        "revenue_budget": float(revenue["budget"].sum()),
        "revenue_actual": float(revenue["actual"].sum()),
        "revenue_variance": float(revenue["variance"].sum()),
        "cost_budget": float(costs["budget"].sum()), "cost_actual": float(costs["actual"].sum()),
        "cost_variance": float(costs["variance"].sum()), "lines": float(len(table)),
        "favourable_lines": float((table["assessment"] == "favourable").sum()),
        "unfavourable_lines": float((table["assessment"] == "unfavourable").sum()),
    }
    figures["net_variance"] = figures["revenue_variance"] - figures["cost_variance"]
    figures.update(year_budget)
    for part in ("revenue", "cost"):
        base = figures[f"{part}_budget"]
        figures[f"{part}_variance_pct"] = (figures[f"{part}_variance"] / abs(base) * 100.0
                                           if base else math.nan)
    chart = ChartSpec(kind="barh", title=title("budget_to_date_chart"),
                      labels=tuple(str(v) for v in table["line"].head(25)),
                      series=(ChartSeries("Variance", tuple(float(v) for v in
                                                            table["variance"].head(25))),),
                      value_label="Variance", unit="money", currency=currency)
    return RecipeResult(name="budget_to_date", title=title("budget_to_date"),
                        table=table, chart=chart, definition=BUDGET_DEFINITION,
                        notes=tuple(notes), figures=figures)


def _year_budget(pairs: pd.DataFrame, sections: dict, budget_months: list,
                 year: int) -> dict[str, float]:
    """The whole year's budget of revenue and of costs (costs taken as positive), when the
    budget has every month of `year`; else the refusal naming the months it has."""
    if len(budget_months) < 12:
        first, last = (budget_months[0], budget_months[-1]) if budget_months else (None, None)
        raise RecipeError("no_full_year_budget", year=int(year),
                          months=len(budget_months), first=str(first or ""), last=str(last or ""))
    planned = pairs["budget"].dropna().groupby(level="line", sort=False).sum()
    revenue = [line_kind(str(n), str(sections.get(n, ""))) == "revenue" for n in planned.index]
    income = float(planned[revenue].sum())
    costs = float(planned[[not r for r in revenue]].sum())
    return {"year_revenue_budget": income, "year_cost_budget": abs(costs)}


def rank_items(
    df: pd.DataFrame,
    item: str,
    date: str,
    value: str,
    year: int | None = None,
    quarter: int | None = None,
    month: int | None = None,
    ascending: bool = False,
    currency: str | None = None,
) -> RecipeResult:
    """Items (cost centres, departments) ranked by their total over the period, with shares."""
    require(df, item, date, value)
    numbers, notes = to_number(df[value], value)
    dates, date_notes = month_dates(df[date], date)
    notes += date_notes
    frame = pd.DataFrame({"item": to_labels(df[item]), "month": dates.dt.to_period("M"),
                          "value": numbers.fillna(0.0)})
    frame = frame[frame["month"].notna()]
    keep, period = select_period(frame["month"], year, quarter, month)
    frame = frame[keep]
    if frame["value"].sum() < 0:
        frame["value"] = -frame["value"]
        notes.append(note("note_amounts_negative"))
    table = (frame.groupby("item", sort=False)["value"].sum().reset_index()
             .sort_values("value", ascending=ascending, kind="mergesort").reset_index(drop=True))
    total = float(table["value"].sum())
    shares = [checked_share(v, total, "share") for v in table["value"]]
    table["share_pct"] = [s[0] for s in shares]
    notes += list(dict.fromkeys(note for s in shares for note in s[1]))
    table.insert(0, "rank", range(1, len(table) + 1))
    figures = {**period, "total": total, "items": float(len(table)),
               "months": float(frame["month"].nunique())}
    chart = ChartSpec(kind="barh", title=title("rank_items_chart", item=str(item)),
                      labels=tuple(str(v) for v in table["item"].head(25)),
                      series=(ChartSeries(value, tuple(float(v) for v in table["value"].head(25))),),
                      value_label=value, unit="money", currency=currency)
    table = table.rename(columns={"item": item})
    return RecipeResult(name="rank_items", title=title("rank_items", item=str(item), value=str(value)), table=table,
                        chart=chart, definition=RANKING_DEFINITION, notes=tuple(notes),
                        figures=figures)
