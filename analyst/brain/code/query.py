"""The readable pandas code of one query: what the user sees behind "Show code".

Written the way an analyst would write it by hand, one commented line per part of the
question: read the clean table, keep the rows asked for, add the period, group, aggregate,
order, save the table and a chart fitting its shape (lines for periods, bars for
categories), and send the figures the answer is written from.
"""

from __future__ import annotations

from typing import Any

from analyst.brain.code import stats as stats_code
from analyst.brain.code.codegen import slugify
from analyst.brain.code.plot import chart_code, value_column
from analyst.brain.understand.query import Query, validate
from analyst.brain.understand.reading import reading_text
from analyst.comment import inert
from analyst.events import FileHash, QueryCall, Step
from sandbox import FIGURES_FUNCTION

_FREQ = {"day": "D", "week": "W", "month": "M", "quarter": "Q", "year": "Y"}
_PANDAS = {"sum": "sum", "mean": "mean", "median": "median", "min": "min", "max": "max",
           "nunique": "nunique", "share": "sum"}


def query_step(query: Query, card: Any, number: int, language: str) -> Step:
    """The step computing `query` (checked against its card first: `QueryError`)."""
    validate(query, card)
    title = _cap(reading_text(query, language))
    dates = tuple(c.name for c in card.columns if c.role == "date")
    slug = slugify(f"{card.table}_{title}")[:48] or "query"
    code = query_code(query, card.parquet_path, slug=slug, title=title, language=language,
                      date_columns=dates)
    return Step(number, title, code, origin=QueryCall(query.to_dict()),
                inputs=(FileHash(card.parquet_path, ""),))


def query_code(query: Query, parquet_path: str, *, slug: str, title: str,
               language: str = "en", date_columns: tuple[str, ...] = ()) -> str:
    """Python source computing `query` on the table at `parquet_path` (run in the sandbox).

    `date_columns`: the table's date columns (read as dates even when stored as text).
    """
    lines = [
        "import pandas as pd", "import recipes", "",
        f"df = pd.read_parquet({parquet_path!r})",
        "rows_read = len(df)",
    ]
    lines += stats_code.thresholds(query)
    # The calendar first: the periods listed are those of the rows it keeps, so a month in
    # which no row passes the other filters is still listed (with 0).
    calendar = [f for f in query.filters if f.op in ("year", "quarter", "month")]
    for f in (*calendar, *query.whole):
        lines += _filter(f, date_columns)
    # The whole a share of rows is a part of: the rows of the periods (and the whole's
    # conditions) asked, before the other conditions.
    lines.append("rows_in_scope = len(df)")
    measures = list(query.measures)
    for m in measures:
        if query.aggregation not in ("nunique", "missing"):
            lines += [f"df[{m!r}] = pd.to_numeric(df[{m!r}], errors='coerce')  # as numbers"]
    if query.aggregation == "share" and measures and not query.keys:
        lines.append(f"whole = df[{measures[0]!r}].sum()  # the total the share is a part of")
    if query.period is not None:
        lines += _period(query, date_columns)
    if query.within:
        lines += _whole(query)
    if (key := stats_code.every_group(query)) is not None:
        lines.append(f"groups = df[{key!r}].dropna().unique()  # before the conditions")
    for f in query.filters:
        if f not in calendar:
            lines += _filter(f, date_columns)
    lines.append("missing = {" + ", ".join(f"{m!r}: int(df[{m!r}].isna().sum())"
                                           for m in measures) + "}")
    keys = list(query.keys)
    out = f"output/{slug}"
    if query.compare is not None:
        lines += _compare(query, keys, query.compare.column in date_columns)
    elif query.aggregation == "rows":
        ascending = query.order == "asc"
        lines += [f"# The rows themselves, {'lowest' if ascending else 'highest'} "
                  f"{inert(measures[0])} first.",
                  f"table = df.dropna(subset=[{measures[0]!r}]).sort_values("
                  f"{measures[0]!r}, ascending={ascending}, kind='stable')",
                  # "Which car has the highest ...": every row tied for the first place,
                  # never one picked silently among equals.
                  f"table = table[table[{measures[0]!r}] == table[{measures[0]!r}].iloc[0]] "
                  f"if len(table) else table" if (query.limit or 1) == 1
                  else f"table = table.head({query.limit})",
                  f'figures = {{"value": float(table[{measures[0]!r}].iloc[0]) if len(table) '
                  'else None, "found": len(table)}']
    elif not keys:
        lines += stats_code.single(query)
    else:
        lines += _grouped(query, keys)
    lines += [
        "",
        f"table.to_parquet({out + '.parquet'!r}, index=False)",
        f"table.to_csv({out + '.csv'!r}, index=False)",
        *chart_code(query, keys, title, f"{out}.png", language),
        "print(table.head(20).to_string(index=False))",
        "",
        "# The figures the analyst writes the answer from, handed over as they are.",
        f"{FIGURES_FUNCTION}({{",
        '    "recipe": "query",',
        f'    "title": {title!r},',
        f"    \"query\": {query.to_dict()!r},",
        '    "figures": figures,',
        '    "rows_read": rows_read,',
        '    "rows_used": len(df),',
        '    "missing": missing,',
        '    "thresholds": thresholds,',
        '    "columns": [str(c) for c in table.columns],',
        '    "head": table.head(12).to_dict("records"),',
        '    "tail": table.tail(2).to_dict("records"),',
        '    "rows": len(table),',
        "})",
    ]
    return "\n".join(lines) + "\n"


def _filter(f: Any, date_columns: tuple[str, ...]) -> list[str]:
    c, v = f.column, f.value
    if f.op in ("year", "quarter", "month"):
        test = f".isin({list(v)!r})" if isinstance(v, tuple) else f" == {v!r}"
        if c in date_columns:
            return [f"# Only {f.op} {inert(_plain(v))} of {inert(c)}.",
                    f"df = df[pd.to_datetime(df[{c!r}], errors='coerce').dt.{f.op}{test}]"]
        number = f"pd.to_numeric(df[{c!r}], errors='coerce')"
        if f.op == "quarter":  # a column of month numbers: quarter = (month - 1) // 3 + 1
            return [f"# Only quarter {inert(v)}: months {3 * v - 2}-{3 * v} of {inert(c)}.",
                    f"df = df[({number} - 1) // 3 + 1 == {v!r}]"]
        return [f"# Only {f.op} {inert(_plain(v))} ({inert(c)}).", f"df = df[{number}{test}]"]
    if f.op in ("eq", "ne", "in"):
        values = v if isinstance(v, tuple) else (v,)
        numbers = all(isinstance(x, int | float) and not isinstance(x, bool) for x in values)
        # "8 cylinders" compares numbers (8 == 8.0); a category compares its text as shown.
        text = f"pd.to_numeric(df[{c!r}], errors='coerce')" if numbers else f"df[{c!r}].astype(str)"
        test = (f".isin({list(values)!r})" if f.op == "in"
                else f" {'==' if f.op == 'eq' else '!='} {v!r}")
        return [f"# Only the rows where {inert(c)} {'is not' if f.op == 'ne' else 'is'} "
                f"{inert(_plain(v))}.",
                f"df = df[{text}{test}]"]
    sign = {"gt": ">", "ge": ">=", "lt": "<", "le": "<="}[f.op]
    if f.against is not None:
        return [f"# Only the rows where {inert(c)} {sign} its {f.against} over all the rows read.",
                f"df = df[pd.to_numeric(df[{c!r}], errors='coerce') {sign} thresholds[{c!r}]]"]
    return [f"# Only the rows where {inert(c)} {sign} {inert(_plain(v))}.",
            f"df = df[pd.to_numeric(df[{c!r}], errors='coerce') {sign} {v!r}]"]


def _plain(value: Any) -> str:
    if isinstance(value, tuple):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


# A period without rows is a 0 only when rows are events inside periods (daily weather by
# month): where each row already is a period (a yearly catalogue, a panel every 5 years, a
# monthly statement), a period without rows was not recorded, and a 0 would be a figure
# nobody measured. So the range is completed only when the dates are finer than the periods.
_STEP = ["# Periods without rows are listed (as 0 for a count or sum) only when the dates are",
         "# finer than the periods; else only the periods recorded are.",
         "if not (when.nunique() > df['period'].nunique()):",
         "    periods = sorted(df['period'].dropna().unique())"]


def _period(query: Query, date_columns: tuple[str, ...] = ()) -> list[str]:
    """The period of each row in `df['period']` and every period of their range in `periods`
    (so a grouping lists the periods without rows too)."""
    p = query.period
    if p is None:
        return []
    years = ["# Every year from the first to the last.",
             "periods = (list(range(int(df['period'].min()), int(df['period'].max()) + 1))",
             "           if df['period'].notna().any() else [])"]
    if p.unit == "year" and p.month_column is None and p.column in date_columns:
        # A year of a real date column: its calendar year as a whole number (1995), never
        # the date's storage (epoch milliseconds once the parquet is read as numbers).
        return [f"# The year of each row is the year of its {inert(p.column)} (rows without a "
                "readable date are left out).",
                f"when = pd.to_datetime(df[{p.column!r}], errors='coerce')",
                "df = df[when.notna()]",
                "df['period'] = when[when.notna()].dt.year.astype('Int64')", *years, *_STEP]
    if p.unit == "year" and p.month_column is None and not _is_date_period(query):
        return [f"# The year of each row is its {inert(p.column)}.",
                f"df['period'] = pd.to_numeric(df[{p.column!r}], errors='coerce').astype('Int64')",
                "# Only the years recorded: a year column has no finer dates to count within.",
                "periods = sorted(int(y) for y in df['period'].dropna().unique())"]
    if p.month_column is not None:
        when = (f"pd.to_datetime(pd.DataFrame({{'year': df[{p.column!r}], "
                f"'month': df[{p.month_column!r}], 'day': 1}}), errors='coerce')")
    else:
        when = f"pd.to_datetime(df[{p.column!r}], errors='coerce')"
    freq = _FREQ[p.unit]
    return [f"# The {p.unit} of each row (rows without a readable date are left out).",
            f"when = {when}",
            "df = df[when.notna()]",
            f"df['period'] = when[when.notna()].dt.to_period({freq!r})",
            f"# Every {p.unit} from the first to the last.",
            f"periods = (pd.period_range(df['period'].min(), df['period'].max(), freq={freq!r})",
            f"           if len(df) else pd.PeriodIndex([], freq={freq!r}))", *_STEP]


def _whole(query: Query) -> list[str]:
    """Each group's rows (or counts) before the conditions: the whole its share is of."""
    keys = list(query.keys)
    total = (f"[{query.measures[0]!r}].sum()" if query.measures else ".size()")
    return ["# Each group's rows before the conditions: the whole each share is of.",
            f"whole = df.groupby({keys!r}, dropna=False){total}.rename('whole')"]


def _period_label(query: Query) -> list[str]:
    """The periods as the table and the chart name them: "2024-07", a week by its Monday."""
    p = query.period
    if p is None or (p.unit == "year" and p.month_column is None):
        return []  # years stay whole numbers
    label = ".dt.start_time.dt.strftime('%Y-%m-%d')" if p.unit == "week" else ".astype(str)"
    return [f"table['period'] = table['period']{label}"]


def _is_date_period(query: Query) -> bool:
    return bool(query.period and query.period.unit != "year")


def _grouped(query: Query, keys: list[str]) -> list[str]:
    a = query.aggregation
    value = value_column(query)
    lines = stats_code.grouped(query, keys)
    m = query.measures[0] if query.measures else "rows"
    if a == "share" and query.within:
        lines += ["# Every group, also one with no row meeting the conditions (0%): its "
                  f"{inert(m)} meeting them as a percentage of all its {inert(m)}.",
                  f"table = whole.reset_index().merge(table, on={keys!r}, how='outer')",
                  f"table[[{m!r}, 'whole']] = table[[{m!r}, 'whole']].fillna(0)"
                  + ("" if query.measures else ".astype(int)"),
                  f"table['share_pct'] = (table[{m!r}] / table['whole'] * 100)"
                  ".where(table['whole'] > 0)"]
    elif a == "share":
        lines += [f"# Each group's {inert(m)} as a percentage of the total.",
                  f'table["share_pct"] = table[{m!r}] / table[{m!r}].sum() * 100']
    if query.order or query.limit or not query.period:
        ascending = query.order == "asc"
        lines.append(f"table = table.sort_values({value!r}, ascending={ascending}, kind='stable')")
    else:
        lines.append("table = table.sort_values(" + repr(keys) + ")")
    lines += _period_label(query)
    if query.limit == 1:
        # "Which month had the fewest ...": all those tied for the first place, never one
        # picked silently among equals.
        lines.append(f"table = (table[table[{value!r}] == table[{value!r}].iloc[0]] "
                     f"if table[{value!r}].notna().any() else table.head(1))")
    elif query.limit:
        lines.append(f"table = table.head({query.limit})")
    lines += ["# The highest and the lowest are named among groups with a name.",
              f"ranked = table.dropna(subset={keys!r})",
              "ranked = ranked if len(ranked) else table",
              f"best, worst = ranked[{value!r}].idxmax(), ranked[{value!r}].idxmin()",
              "figures = {",
              '    "groups": len(table),',
              f'    "total": float(table[{value!r}].sum()),',
              f'    "highest": float(table.loc[best, {value!r}]),',
              f'    "lowest": float(table.loc[worst, {value!r}]),',
              "    # Groups tied at either end: none of them is named alone as the one.",
              f'    "highest_ties": int((ranked[{value!r}] == ranked[{value!r}].max()).sum()),',
              f'    "lowest_ties": int((ranked[{value!r}] == ranked[{value!r}].min()).sum()),',
              "}",
              "# A group of rows with no value in a key is named as such, not 'nan'.",
              "def key(v):",
              "    return None if pd.isna(v) else str(v)",
              f'highest = {{k: key(table.loc[best, k]) for k in {keys!r}}}',
              f'lowest = {{k: key(table.loc[worst, k]) for k in {keys!r}}}',
              'figures_labels = {"highest": highest, "lowest": lowest}',
              'figures = {**figures, "labels": figures_labels}']
    return lines


def _compare(query: Query, keys: list[str], is_date: bool) -> list[str]:
    c = query.compare
    if c is None:
        return []
    a = "size" if query.aggregation == "count" else _PANDAS.get(query.aggregation, "sum")
    if c.column in query.measures:
        raise ValueError("compare column is a measure")  # our bug: the parser never does it
    when = (f"pd.to_datetime(df[{c.column!r}], errors='coerce').dt.year" if is_date
            else f"pd.to_numeric(df[{c.column!r}], errors='coerce')")
    lines = ["# The year of each row.",
             f"year = {when}",
             f"df = df[year.isin([{c.start!r}, {c.end!r}])].assign(year=year)"]
    value = "rows" if a == "size" else query.measures[0]
    group = f"df.groupby({[*keys, 'year']!r})"
    agg = f"{group}.size()" if a == "size" else f"{group}[{value!r}].{a}()"
    shape = ".unstack('year')" if keys else ".to_frame().T.reset_index(drop=True)"
    lines += [f"both = {agg}{shape}.reindex(columns=[{c.start!r}, {c.end!r}])",
              "both.columns = [str(col) for col in both.columns]",
              f"both['change'] = both[{str(c.end)!r}] - both[{str(c.start)!r}]",
              f"both['change_pct'] = both['change'] / both[{str(c.start)!r}].abs() * 100",
              "table = both.reset_index()" if keys else "table = both.reset_index(drop=True)",
              "first = table.iloc[0]",
              "figures = {",
              f'    "start": float(first[{str(c.start)!r}]),',
              f'    "end": float(first[{str(c.end)!r}]),',
              '    "change": float(first["change"]),',
              '    "change_pct": float(first["change_pct"]),',
              "}"]
    return lines


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
