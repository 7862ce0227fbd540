"""The finance pack's recipes: a statement's P&L by month or quarter with the year's total,
its margin trend, the structure of its expenses and its notable changes.

They read a statement's tidy table (one row per line item and period: `account`, its
`section`, `date`, `amount`) and take each line for revenue, cost of sales, an operating
expense or "below the operating line" (interest, tax) by its section first, then by its own
name (`pnl.line_kind`), as the P&L summary does. Costs stored as negative numbers (the
accounting convention) are taken as positive costs. Every margin passes `checked_margin`
and every share `checked_share`: a figure that fails is not stated.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from .columns import RecipeError, require, to_dates, to_labels, to_number
from .labels import fixed_name, month_label
from .notes import NoteId, note, title
from .pnl import line_kind
from .result import ChartSeries, ChartSpec, RecipeResult
from .sanity import checked_margin, checked_share

KINDS = ("revenue", "cogs", "opex", "ignore")
COST_KINDS = ("cogs", "opex")

STATEMENT_DEFINITION = (
    "Each line item is taken for revenue, cost of sales (COGS), an operating expense (opex) "
    "or a line below the operating line (interest, tax) by its section's name first, then "
    "by its own name; an unrecognised line counts as an operating expense. Subtotal, total "
    "and ratio rows of the statement are left out and recomputed from the lines: gross "
    "profit = revenue - COGS; operating profit = gross profit - opex; net profit = operating "
    "profit - the lines below the operating line (taken as costs). Margins are profit / "
    "revenue x 100, stated only between -100% and 100% with positive revenue. Costs stored "
    "as negative numbers are taken as positive costs. The year's total row adds up the "
    "months of each calendar year."
)
MARGIN_DEFINITION = (
    "Per month: gross margin = gross profit / revenue x 100, operating margin = operating "
    "profit / revenue x 100, net margin = net profit / revenue x 100, with the lines taken "
    "as in the P&L summary; a margin is empty when revenue is not positive or it falls "
    "outside -100%..100%."
)
STRUCTURE_DEFINITION = (
    "The year's cost lines (cost of sales and operating expenses, costs taken as positive) "
    "per line item, largest first; share = the line / all cost lines x 100. Lines below the "
    "operating line (interest, tax) are not expenses of the operations and are left out."
)
CHANGES_DEFINITION = (
    "For each line item and for revenue, gross profit and operating profit: the change from "
    "one month to the next (this month - the month before); each line's largest change by "
    "size is listed, largest first. change % = change / |the month before| x 100 (empty when that was 0)."
)
_WORDS = {"revenue": "Revenue", "gross_profit": "Gross profit", "operating_profit": "Operating profit"}


def statement_lines(df: pd.DataFrame, date: str | None, account: str, amount: str,
                    section: str | None, notes: list[NoteId]) -> pd.DataFrame:
    """One row per input row: label, kind, period start (or NaT), and the amount with costs
    taken as positive."""
    require(df, date, account, amount, section)
    values, value_notes = to_number(df[amount], amount)
    notes += value_notes
    labels = to_labels(df[account])
    sections = (df[section].astype("string").fillna("") if section
                else pd.Series("", index=df.index, dtype="string"))
    kinds = [line_kind(str(label), str(sec)) for label, sec in zip(labels, sections, strict=True)]
    lines = pd.DataFrame({"line": labels, "kind": [k or "opex" for k in kinds],
                          "amount": values.fillna(0.0)}, index=df.index)
    guessed = sorted({str(label) for label, k in zip(labels, kinds, strict=True) if k is None})
    if guessed:
        notes.append(note("note_guessed_opex", names=", ".join(guessed)))
    below = sorted(set(lines.loc[lines["kind"] == "ignore", "line"].astype(str)))
    if below:
        notes.append(note("note_below_costs", names=", ".join(below)))
    costs = lines["kind"].isin(COST_KINDS)
    # The file's convention for costs decides the sign of every cost-like line, so the lines
    # below the operating line read the same way as the costs above it.
    if lines.loc[costs, "amount"].sum() < 0:
        flip = lines["kind"] != "revenue"
        lines.loc[flip, "amount"] = -lines.loc[flip, "amount"]
        notes.append(note("note_costs_negative"))
    if date:
        dates, date_notes = to_dates(df[date], date)
        notes += date_notes
        if dates.isna().all():
            raise RecipeError("no_dates", column=str(date))
        undated = int(dates.isna().sum())
        if undated:
            notes.append(note("note_undated_left", undated, rows=undated, column=date))
        lines["month"] = dates.dt.to_period("M")
        lines = lines[dates.notna()]
    return lines


def _totals(lines: pd.DataFrame, keys: list | pd.Series | None) -> pd.DataFrame:
    """revenue, cogs, opex, below per group of `keys` (one row without keys)."""
    wide = lines.assign(**{k: lines["amount"].where(lines["kind"] == k, 0.0) for k in KINDS})
    if keys is None:
        return wide[list(KINDS)].sum().to_frame().T
    return wide.groupby(keys)[list(KINDS)].sum()


def _profits(table: pd.DataFrame, net: bool) -> pd.DataFrame:
    table = table.rename(columns={"ignore": "below_operating"})
    table["gross_profit"] = table["revenue"] - table["cogs"]
    table["operating_profit"] = table["gross_profit"] - table["opex"]
    table["net_profit"] = table["operating_profit"] - table["below_operating"]
    for profit in ("gross", "operating", "net"):
        table[f"{profit}_margin_pct"] = [
            checked_margin(p, r)[0] for p, r in zip(table[f"{profit}_profit"], table["revenue"], strict=True)]
    columns = ["revenue", "cogs", "gross_profit", "gross_margin_pct", "opex", "operating_profit",
               "operating_margin_pct"]
    if net:
        columns += ["below_operating", "net_profit", "net_margin_pct"]
    return table[columns]


def _unconfirmed_gross(table: pd.DataFrame, figures: dict[str, float], notes: list[NoteId],
                       unplaced: Sequence[str]) -> pd.DataFrame:
    """Gross profit and margin left blank, with the note saying why, when `unplaced` lines
    could be cost of sales: stating them would choose for the file."""
    if not unplaced:
        return table
    for key in ("gross_profit", "gross_margin_pct"):
        if key in figures:
            figures[key] = math.nan
    notes.append(note("note_gross_unplaced", names=", ".join(map(str, unplaced))))
    return table.assign(**{c: math.nan for c in ("gross_profit", "gross_margin_pct") if c in table})


def pnl_statement(
    df: pd.DataFrame,
    date: str,
    account: str,
    amount: str,
    section: str | None = None,
    freq: str = "M",
    currency: str | None = None,
    unplaced: Sequence[str] = (),
) -> RecipeResult:
    """The statement's P&L by month (freq "M") or quarter ("Q") with each calendar year's
    total row ("FY 2025"); figures are those of the latest year. `unplaced`: lines that
    could be cost of sales or operating expenses, which the file's own rows do not settle:
    gross profit and margin are then not stated, and a note names the lines."""
    if freq not in ("M", "Q", "Y"):
        raise RecipeError("bad_pnl_period", freq=str(freq))
    notes: list[NoteId] = []
    lines = statement_lines(df, date, account, amount, section, notes)
    net = bool((lines["kind"] == "ignore").any())
    months = pd.period_range(lines["month"].min(), lines["month"].max(), freq="M")
    # "Y": a statement of a column a year, its years side by side (it has no months).
    step = {"M": "M", "Q": "Q-DEC", "Y": "Y-DEC"}[freq]
    periods = lines["month"] if freq == "M" else lines["month"].map(lambda p: p.asfreq(step))
    span = months if freq == "M" else pd.period_range(months[0].asfreq(step),
                                                       months[-1].asfreq(step), freq=step)
    per = _profits(_totals(lines, periods).reindex(span, fill_value=0.0), net)
    years = sorted({p.year for p in span})
    word = {"M": "month", "Q": "quarter", "Y": "year"}[freq]
    labels = [str(p) if freq == "M" else f"Q{p.quarter} {p.year}" if freq == "Q" else str(p.year)
              for p in span]
    per.index = labels
    # Each year's total after its last period (by year, each row is its year's total).
    blocks = [per, per.tail(1)] if freq == "Y" else []
    for year in years if freq != "Y" else ():
        part = lines[lines["month"].map(lambda p, y=year: p.year == y)]
        total = _profits(_totals(part, None), net)
        total.index = [f"FY {year}"]
        inside = [label for label, p in zip(labels, span, strict=True) if p.year == year]
        blocks += [per.loc[inside], total]
    table = (per if freq == "Y" else pd.concat(blocks)).rename_axis(word).reset_index()
    empty = [label for label, p in zip(labels, span, strict=True)
             if not ((periods == p).any())]
    if empty:
        notes.append(note("note_empty_periods", periods=", ".join(empty)))
    losses = [label for label, v in zip(labels, per["operating_profit"], strict=True) if v < 0]
    if losses:
        notes.append(note("note_loss_periods", len(losses), rows=len(losses), names=", ".join(losses)))
    latest = blocks[-1].iloc[0]  # the latest year's total
    if len(years) > 1:
        notes.append(note("note_latest_of_years" if freq == "Y" else "note_latest_year",
                          year=int(years[-1])))
    figures = {k: float(latest[k]) for k in ("revenue", "cogs", "gross_profit", "opex",
                                              "operating_profit")}
    figures["below_operating"] = float(latest["below_operating"]) if net else 0.0
    # Without interest or tax lines the statement has no net profit: not stated (NaN),
    # never its operating profit under another name.
    figures["net_profit"] = float(latest["net_profit"]) if net else math.nan
    figures["net"] = float(net)
    for profit in ("gross", "operating") + (("net",) if net else ()):
        figures[f"{profit}_margin_pct"], why = checked_margin(
            figures[f"{profit}_profit"], figures["revenue"], f"{profit} margin")
        notes += why
    year_losses = [label for label, p, v in zip(labels, span, per["operating_profit"], strict=True)
                   if v < 0 and p.year == years[-1]]
    if not net:
        figures["net_margin_pct"] = math.nan
    figures.update(year=float(years[-1]), periods=float(len(span)),
                   loss_periods=float(len(year_losses)))
    table = _unconfirmed_gross(table, figures, notes, unplaced)
    series = tuple(ChartSeries(name, tuple(float(v) for v in per[col]))
                   for col, name in _WORDS.items() if not (unplaced and col == "gross_profit"))
    starts = tuple(p.start_time.date().isoformat() for p in span)
    chart = ChartSpec(kind="line" if freq == "M" else "bar",
                      title=title("pnl_statement_chart"), labels=tuple(labels),
                      series=series, unit="money", currency=currency,
                      dates=starts if freq == "M" else None)
    return RecipeResult(name="pnl_statement", title=title(f"pnl_statement_{word}"), table=table, chart=chart,
                        definition=STATEMENT_DEFINITION, notes=tuple(notes), figures=figures)


def margin_trend(
    df: pd.DataFrame,
    date: str,
    account: str,
    amount: str,
    section: str | None = None,
    unplaced: Sequence[str] = (),
) -> RecipeResult:
    """Gross, operating (and net, with lines below the operating line) margin per month;
    without the gross margin when lines could be cost of sales (`unplaced`, as in
    `pnl_statement`)."""
    notes: list[NoteId] = []
    lines = statement_lines(df, date, account, amount, section, notes)
    net = bool((lines["kind"] == "ignore").any())
    span = pd.period_range(lines["month"].min(), lines["month"].max(), freq="M")
    per = _profits(_totals(lines, lines["month"]).reindex(span, fill_value=0.0), True)
    year = _profits(_totals(lines[lines["month"].map(lambda p: p.year == span[-1].year)], None), True)
    kept = (([] if unplaced else ["gross_margin_pct"]) + ["operating_margin_pct"]
            + (["net_margin_pct"] if net else []))
    table = per[kept].copy()
    table.index = [str(p) for p in span]
    table = table.rename_axis("month").reset_index()
    figures: dict[str, float] = {}
    for profit in ("gross", "operating", "net"):
        figures[f"{profit}_margin_pct"], why = checked_margin(
            float(year[f"{profit}_profit"].iloc[0]), float(year["revenue"].iloc[0]),
            f"{profit} margin")
        notes += why
    hidden = int(per["operating_margin_pct"].isna().sum())
    if hidden:
        notes.append(note("note_months_no_margin", hidden, rows=hidden))
    operating = per["operating_margin_pct"]
    if operating.notna().any():
        figures.update(best_operating_margin_pct=float(operating.max()),
                       worst_operating_margin_pct=float(operating.min()),
                       best_month_index=float(int(np.nanargmax(operating.to_numpy()))),
                       worst_month_index=float(int(np.nanargmin(operating.to_numpy()))))
    stated = operating.dropna()
    if len(stated) >= 2:
        figures["operating_margin_change_pp"] = float(stated.iloc[-1] - stated.iloc[0])
    figures.update(year=float(span[-1].year), months=float(len(span)))
    _unconfirmed_gross(table, figures, notes, unplaced)
    words = {"gross_margin_pct": "Gross margin", "operating_margin_pct": "Operating margin",
             "net_margin_pct": "Net margin"}
    chart = ChartSpec(kind="line", title=title("margins_by_month"), labels=tuple(table["month"]),
                      series=tuple(ChartSeries(words[c], tuple(float(v) for v in table[c]))
                                   for c in kept),
                      unit="percent", dates=tuple(p.start_time.date().isoformat() for p in span))
    return RecipeResult(name="margin_trend", title=title("margins_by_month"), table=table, chart=chart,
                        definition=MARGIN_DEFINITION, notes=tuple(notes), figures=figures)


def expense_structure(
    df: pd.DataFrame,
    account: str,
    amount: str,
    section: str | None = None,
    date: str | None = None,
    currency: str | None = None,
) -> RecipeResult:
    """The cost lines of the latest year (all rows without `date`), largest first, with their
    share of all costs."""
    notes: list[NoteId] = []
    lines = statement_lines(df, date, account, amount, section, notes)
    if date:
        last = max(p.year for p in lines["month"])
        lines = lines[lines["month"].map(lambda p: p.year == last)]
    costs = lines[lines["kind"].isin(COST_KINDS)]
    if costs.empty:
        raise RecipeError("no_cost_lines")
    table = (costs.groupby(["line", "kind"], sort=False)["amount"].sum().reset_index()
             .sort_values("amount", ascending=False, kind="mergesort").reset_index(drop=True))
    total = float(table["amount"].sum())
    shares = [checked_share(v, total, "share of costs") for v in table["amount"]]
    table["share_pct"] = [s[0] for s in shares]
    notes += list(dict.fromkeys(n for s in shares for n in s[1]))
    negative = table[table["amount"] < 0]
    if len(negative):
        notes.append(note("note_negative_cost_lines", len(negative), rows=len(negative),
                          names=", ".join(map(str, negative["line"].head(5)))))
    top = table.iloc[0]
    figures = {
        "total_costs": total, "lines": float(len(table)),
        "cogs": float(table.loc[table["kind"] == "cogs", "amount"].sum()),
        "opex": float(table.loc[table["kind"] == "opex", "amount"].sum()),
        "largest": float(top["amount"]), "largest_share_pct": float(top["share_pct"]),
    }
    if date:
        figures["year"] = float(last)
    table = table.rename(columns={"line": account, "amount": "cost"})
    chart = ChartSpec(kind="barh", title=title("expense_structure"),
                      labels=tuple(str(v) for v in table[account].head(25)),
                      series=(ChartSeries("Cost", tuple(float(v) for v in table["cost"].head(25))),),
                      value_label="Cost", unit="money", currency=currency)
    return RecipeResult(name="expense_structure", title=title("expense_structure"), table=table,
                        chart=chart, definition=STRUCTURE_DEFINITION, notes=tuple(notes),
                        figures=figures)


def notable_changes(
    df: pd.DataFrame,
    date: str,
    account: str,
    amount: str,
    section: str | None = None,
    n: int = 10,
    currency: str | None = None,
    language: str = "en",
    unplaced: Sequence[str] = (),
) -> RecipeResult:
    """The `n` largest month-over-month changes of the line items and of revenue, gross
    profit and operating profit. `language` names those three results (rows beside the
    user's own line items, so a Ukrainian P&L does not list "Gross profit") and the months
    on the chart."""
    notes: list[NoteId] = []
    lines = statement_lines(df, date, account, amount, section, notes)
    span = pd.period_range(lines["month"].min(), lines["month"].max(), freq="M")
    if len(span) < 2:
        raise RecipeError("no_two_months")
    # statement_lines counts a cell without a figure as nothing; which ones they were:
    missing = to_number(df[amount], amount)[0].isna().reindex(lines.index, fill_value=False)
    filled = (lines.assign(amount=lines["amount"].where(~missing))
              .groupby(["line", "month"], sort=False)["amount"].sum(min_count=1)
              .unstack("month").reindex(columns=span))
    per_line = filled.fillna(0.0)
    kinds = dict(zip(lines["line"], lines["kind"], strict=False))
    profits = _profits(_totals(lines, lines["month"]).reindex(span, fill_value=0.0), False)
    series = {str(k): per_line.loc[k] for k in per_line.index}
    # A cell with no figure ("pending", "TBD", empty) is not a fall to zero: a line is
    # compared only between two months it has figures in, the results only between months
    # with figures in the same lines.
    known = {str(k): filled.loc[k].notna().to_numpy() for k in filled.index}
    present = filled.notna().to_numpy()
    same = [True] + [bool((present[:, i] == present[:, i - 1]).all()) for i in range(1, len(span))]
    for column, word in _WORDS.items():
        if not (unplaced and column == "gross_profit"):  # not known: see pnl_statement
            series[fixed_name(word, language)] = profits[column]
    rows = []
    for name, values in series.items():
        v = values.to_numpy(dtype="float64")
        for i in range(1, len(span)):
            if not (known[name][i] and known[name][i - 1] if name in known else same[i]):
                continue
            change = v[i] - v[i - 1]
            rows.append({"line": name, "kind": kinds.get(name, "result"), "month": str(span[i]),
                         "previous": v[i - 1], "value": v[i], "change": change,
                         "change_pct": change / abs(v[i - 1]) * 100.0 if v[i - 1] else math.nan})
    table = pd.DataFrame(rows, columns=["line", "kind", "month", "previous", "value", "change",
                                        "change_pct"])
    table = table[table["change"] != 0]
    order = table["change"].abs().sort_values(ascending=False, kind="mergesort").index
    # Each line's largest move once: one volatile line cannot fill the list.
    table = (table.reindex(order).drop_duplicates("line").head(n).drop(columns=["kind"])
             .reset_index(drop=True))
    figures: dict[str, float] = {"changes": float(len(table)), "months": float(len(span))}
    if len(table):
        figures.update(largest_change=float(table["change"].iloc[0]),
                       largest_change_pct=float(table["change_pct"].iloc[0]))
    chart = ChartSpec(kind="barh", title=title("notable_changes_chart"),
                      labels=tuple(f"{line}, {month_label(str(month), language) or month}"
                                   for line, month in zip(table["line"], table["month"], strict=True)),
                      series=(ChartSeries("Change", tuple(float(v) for v in table["change"])),),
                      value_label="Change", unit="money", currency=currency)
    table = table.rename(columns={"line": account})
    return RecipeResult(name="notable_changes", title=title("notable_changes"), table=table, chart=chart,
                        definition=CHANGES_DEFINITION, notes=tuple(notes), figures=figures)
