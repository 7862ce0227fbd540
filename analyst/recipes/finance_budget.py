"""Budget vs actual to date: per line, over the months that have actuals, on a Budget/Actual
measure table or a long table with budget and actual columns beside the line and the month.

A line's kind (revenue or cost) is read as the finance pack reads it (`pnl.line_kind`), so a
variance is favourable or not as the pack would say. Every figure the answer quotes is in
`figures` or in the table's rows.
"""

from __future__ import annotations

import math

import pandas as pd

from .columns import RecipeError, require, to_labels, to_number
from .notes import note, title
from .pnl import line_kind
from .result import ChartSeries, ChartSpec, RecipeResult
from .statement_series import month_dates, select_period

BUDGET_DEFINITION = (
    "Per line, over the months that have actuals (year to date when the later months have "
    "none yet; months without actuals are not counted, never as zero): variance = actual - "
    "budget, variance % = variance / |budget| x 100. A revenue line is favourable above "
    "budget, a cost line below it. Costs stored as negatives are taken as positive."
)


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
        notes += [n for n in real_notes if n.key != "note_missing"]
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
