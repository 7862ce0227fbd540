"""P&L summary: revenue, COGS, gross profit, opex, operating profit and margins per month."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import pandas as pd

from .columns import RecipeError, require, to_dates, to_labels, to_number
from .notes import NoteId, note, title
from .result import ChartSeries, ChartSpec, RecipeResult
from .results import result_of
from .sanity import checked_margin

_PERIODS = {"M": ("M", "month"), "Q": ("Q-DEC", "quarter"), "Y": ("Y-DEC", "year")}
LINES = ("revenue", "cogs", "opex", "ignore")
# Matched in this order: "cost of sales" must be COGS before "sales" makes it revenue.
_KEYWORDS = (
    ("cogs", ("cogs", "cost of goods", "cost of sales", "cost of revenue", "direct cost",
              "variable cost", "прямі витрати", "прямые затраты", "прямые расходы", "собівартість",
              "себестоимость", "собівартост", "себестоимост", "herstellungskosten", "umsatzkosten",
              "wareneinsatz", "materialaufwand", "成本")),
    # Finance costs are below the operating line in every language's statements.
    ("ignore", ("tax", "interest", "dividend", "finance cost", "financial cost", "financial expense",
                "finance charge", "подат", "налог", "відсот", "процент", "фінансові витрати",
                "финансовые расходы", "zins", "steuer", "finanzaufwand", "税", "利息", "财务费用")),
    ("revenue", ("revenue", "sales", "income", "turnover", "виручка", "выручка", "дохід",
                 "доход", "продаж", "umsatz", "erlös", "收入", "销售")),
    ("opex", ("opex", "expense", "salar", "wage", "payroll", "rent", "marketing", "admin",
              "utilit", "depreciation", "advertis", "insurance", "витрат", "расход",
              "зарплат", "оренд", "аренд", "реклам", "werbe",
              "aufwand", "aufwend", "gehalt", "gehälter", "miete",
              "费用", "工资", "租金")),
)

# The common expense lines as concepts, so a question in one language finds the line a
# statement labels in another ("оренда" -> "Rent", "salaries" -> "工资"). Stems as in
# _KEYWORDS: Latin and Cyrillic ones begin a word, Chinese ones are found anywhere.
LINE_CONCEPTS: dict[str, tuple[str, ...]] = {
    "salaries": ("salar", "wage", "payroll", "зарплат", "заробітн", "заработн", "gehalt",
                 "gehälter", "lohn", "löhne", "工资", "薪"),
    "rent": ("rent", "оренд", "аренд", "miete", "租金", "房租"),
    "marketing": ("marketing", "маркетинг", "реклам", "werbung", "营销", "广告"),
}


def line_concept(text: str) -> str | None:
    """The common expense line `text` names, whatever its language, or None."""
    low = text.lower()
    words = re.findall(r"\w+", low)
    for concept, stems in LINE_CONCEPTS.items():
        for stem in stems:
            if re.search(r"[\u4e00-\u9fff]", stem):
                if stem in low:
                    return concept
            elif any(w.startswith(stem) for w in words):
                return concept
    return None


DEFINITION = (
    "Revenue, COGS (cost of goods sold) and operating expenses (opex) are summed per month. "
    "Gross profit = revenue - COGS; operating profit = gross profit - opex; margins are "
    "profit / revenue x 100 (empty when revenue is 0). Costs are shown as positive numbers: "
    "a cost line stored as negative numbers has its sign flipped (noted). In a long layout "
    "each account category is matched by name to revenue, COGS, opex or 'below the operating "
    "line' (tax, interest, dividends: left out); unrecognised categories count as opex and "
    "are named in the notes; a statement's line takes its section's kind first. A month "
    "with no rows shows 0. A loss-making month is one with a "
    "negative operating profit."
)


def pnl_summary(
    df: pd.DataFrame,
    date: str | None = None,
    *,
    account: str | None = None,
    amount: str | None = None,
    mapping: Mapping[str, str] | None = None,
    revenue: str | None = None,
    cogs: str | None = None,
    opex: str | Sequence[str] | None = None,
    freq: str = "M",
    currency: str | None = None,
    section: str | None = None,
) -> RecipeResult:
    """P&L per period. Long layout: `account` + `amount` (+ optional `mapping` of category ->
    revenue/cogs/opex/ignore; `section`: a statement's section column, whose heading
    ("Cost of sales", "Operating expenses") decides a line's kind before its own name).
    Wide layout: `revenue`, `cogs`, `opex` columns."""
    if freq not in _PERIODS:
        raise RecipeError("bad_pnl_period", freq=str(freq))
    notes: list[NoteId] = []
    if account and amount:
        require(df, date, account, amount, section)
        lines = _long_lines(df, account, amount, mapping or {}, notes, section)
    elif revenue:
        opex_columns = [opex] if isinstance(opex, str) else list(opex or [])
        require(df, date, revenue, cogs, *opex_columns)
        lines = _wide_lines(df, revenue, cogs, opex_columns, notes)
    else:
        raise RecipeError("pnl_layout")
    for line in ("cogs", "opex"):
        if lines[line].sum() < 0:
            lines[line] = -lines[line]
            notes.append(note("note_negative_cogs" if line == "cogs" else "note_negative_opex"))
    pandas_freq, word = _PERIODS[freq]
    if date:
        dates, date_notes = to_dates(df[date], date)
        notes += date_notes
        if dates.isna().all():
            raise RecipeError("no_dates", column=str(date))
        undated = dates.isna()
        if undated.any():
            rows = int(undated.sum())
            notes.append(note("note_undated_pnl", rows, rows=rows, column=date))
        periods = dates[~undated].dt.to_period(pandas_freq)
        span = pd.period_range(periods.min(), periods.max(), freq=pandas_freq)
        grouped = lines[~undated].groupby(periods)
        table = grouped.sum().reindex(span, fill_value=0.0)
        empty = [str(p) for p in span[grouped.size().reindex(span, fill_value=0).to_numpy() == 0]]
        if empty:
            notes.append(note("note_empty_periods", periods=", ".join(empty)))
        table.index = [str(p) for p in span]
    else:
        table = lines.sum().to_frame().T
        table.index = ["All"]
    table = table.rename_axis(word if date else "period").reset_index()
    table["gross_profit"] = table["revenue"] - table["cogs"]
    table["gross_margin_pct"] = table["gross_profit"] / _nonzero(table["revenue"]) * 100.0
    table["operating_profit"] = table["gross_profit"] - table["opex"]
    table["operating_margin_pct"] = table["operating_profit"] / _nonzero(table["revenue"]) * 100.0
    table = table[[table.columns[0], "revenue", "cogs", "gross_profit", "gross_margin_pct",
                   "opex", "operating_profit", "operating_margin_pct"]]
    losses = table[table["operating_profit"] < 0]
    if len(losses) and date:
        notes.append(note("note_loss_periods", len(losses), rows=len(losses),
                          names=", ".join(map(str, losses.iloc[:, 0]))))
    # A statement of a column a year is summarised by its latest year (two years summed
    # are no year's figures); months and quarters add up to the span they cover.
    latest = freq == "Y" and len(table) > 1
    if latest:
        notes.append(note("note_latest_of_years", year=int(str(table.iloc[-1, 0])[:4])))
    summed = table.tail(1) if latest else table
    totals = {k: float(summed[k].sum()) for k in ("revenue", "cogs", "gross_profit", "opex",
                                                  "operating_profit")}
    for what, profit in (("gross margin", "gross_profit"), ("operating margin", "operating_profit")):
        notes += checked_margin(totals[profit], totals["revenue"], what)[1]
    figures = {
        **totals,
        "gross_margin_pct": checked_margin(totals["gross_profit"], totals["revenue"])[0],
        "operating_margin_pct": checked_margin(totals["operating_profit"], totals["revenue"],
                                               "operating margin")[0],
        "periods": float(len(table)),
        "loss_periods": float(len(losses)),
    }
    chart = ChartSpec(
        kind="bar",
        title=title("pnl_summary_chart"),
        labels=tuple(table.iloc[:, 0]),
        series=tuple(ChartSeries(label, tuple(table[col])) for col, label in
                     (("revenue", "Revenue"), ("gross_profit", "Gross profit"),
                      ("operating_profit", "Operating profit"))),
        unit="money",
        currency=currency,
    )
    return RecipeResult(
        name="pnl_summary", title=title("pnl_summary"), table=table, chart=chart,
        definition=DEFINITION, notes=tuple(notes), figures=figures,
    )


# A service bought about taxes ("Tax consulting", "Податкові консультації", "Steuerberatung",
# "税务咨询费") is an operating expense like any adviser's fee; only the taxes themselves
# stand below the operating line.
_TAX = ("tax", "подат", "налог", "steuer", "税")
_ADVICE = ("consult", "advi", "prepar", "servic", "accountant", "audit", "консульт", "консалт",
           "послуг", "услуг", "радник", "советник", "аудит", "бухгалтер", "berat", "prüfung",
           "咨询", "顾问", "服务", "代理", "审计")


# Words that make a line with a revenue word ("sales", "销售") money spent, not earned.
_SPENT = ("expense", "marketing", "commission", "费用", "佣金", "витрат", "расход", "комісі",
          "комисс", "aufwand", "aufwend", "provision")


def classify_account(name: str) -> str | None:
    """The P&L line an account category belongs to by its name, or None if unrecognised."""
    lowered = name.lower()
    for line, words in _KEYWORDS:
        if any(word in lowered for word in words):
            if line == "ignore" and _tax_advice(lowered):
                return "opex"
            if line == "revenue" and any(w in lowered for w in _SPENT):
                return "opex"  # "Selling expenses", "销售费用", "Sales & marketing"
            return line
    return None


def _tax_advice(lowered: str) -> bool:
    return any(t in lowered for t in _TAX) and any(a in lowered for a in _ADVICE)


def line_kind(label: str, section: str | None = None) -> str | None:
    """A statement line's P&L kind: its section's ("Cost of sales") first, then its own name's.
    A line whose section is a gross result row ("Contribution": `reconcile` puts there the
    lines without a heading that the row subtracts from revenue) is cost of sales."""
    if section and result_of(str(section)) == "gross_profit":
        return "cogs"
    return classify_account(str(section or "")) or classify_account(str(label))


def _long_lines(df: pd.DataFrame, account: str, amount: str, mapping: Mapping[str, str],
                notes: list[NoteId], section: str | None = None) -> pd.DataFrame:
    bad = {v for v in mapping.values() if v not in LINES}
    if bad:
        raise RecipeError("bad_mapping", choices=list(LINES), bad=sorted(map(str, bad)))
    values, notes_ = to_number(df[amount], amount)
    notes += notes_
    categories = to_labels(df[account])
    sections = (dict(zip(categories, df[section].astype("string").fillna(""), strict=True))
                if section else {})
    lines_of: dict[object, str] = {}
    guessed = []
    for category in categories.unique():
        line = (mapping.get(category) or classify_account(str(sections.get(category, "")))
                or classify_account(str(category)))
        if line is None:
            line = "opex"
            guessed.append(str(category))
        lines_of[category] = line
    if guessed:
        notes.append(note("note_guessed_opex", names=", ".join(guessed)))
    ignored = [str(c) for c, line in lines_of.items() if line == "ignore"]
    if ignored:
        notes.append(note("note_below_line", names=", ".join(ignored)))
    row_lines = categories.map(lines_of)
    return pd.DataFrame({name: values.where(row_lines == name, 0.0) for name in LINES[:3]})


def _wide_lines(df: pd.DataFrame, revenue: str, cogs: str | None, opex: list[str],
                notes: list[NoteId]) -> pd.DataFrame:
    rev, notes_ = to_number(df[revenue], revenue)
    notes += notes_
    lines = pd.DataFrame({"revenue": rev.fillna(0.0), "cogs": 0.0, "opex": 0.0}, index=df.index)
    if cogs:
        cost, notes_ = to_number(df[cogs], cogs)
        notes += notes_
        lines["cogs"] = cost.fillna(0.0)
    else:
        notes.append(note("note_no_cogs"))
    for column in opex:
        cost, notes_ = to_number(df[column], column)
        notes += notes_
        lines["opex"] += cost.fillna(0.0)
    if not opex:
        notes.append(note("note_no_opex"))
    return lines


def _nonzero(values: pd.Series) -> pd.Series:
    return values.where(values != 0)
