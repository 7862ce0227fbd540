"""The pandas lines of a query's statistics: one figure, several of one column, or a
correlation of two; and the lines that list every period of a grouping.

Kept apart from `code` so each stays short: `code` orders the parts of the step, this
module writes the parts that compute a statistic.
"""

from __future__ import annotations

from analyst.brain.understand.query import CORRELATIONS, Query
from analyst.comment import inert

_CALLS = {"sum": "sum()", "mean": "mean()", "median": "median()", "min": "min()",
          "max": "max()", "nunique": "nunique()", "share": "sum()", "std": "std(ddof=1)",
          "var": "var(ddof=1)", "missing": "sum()"}
ADDITIVE = ("count", "sum", "share", "nunique", "missing")
"""A period (or group) without rows has 0 of these; of the others it has no value."""


def call(statistic: str) -> str:
    """The pandas method call computing `statistic` of a Series ("std(ddof=1)", "quantile(0.9)")."""
    if statistic.startswith("p") and statistic not in _CALLS:
        return f"quantile({round(float(statistic[1:]) / 100, 6)!r})"
    return _CALLS[statistic]


def thresholds(query: Query) -> list[str]:
    """The statistics the filters compare with ("more than the average fare"), computed over
    all the rows read, before any filter, and kept for the answer to state."""
    lines = ["thresholds = {}"]
    for f in query.filters:
        if f.against is not None:
            lines += [f"# The {f.against} of {f.column} over all the rows read, which the rows "
                      "are compared with.",
                      f"thresholds[{f.column!r}] = float(pd.to_numeric(df[{f.column!r}], "
                      f"errors='coerce').{call(f.against)})"]
    return lines


def single(query: Query) -> list[str]:
    """One row: the statistic(s) of the measure over the rows kept."""
    a = query.aggregation
    if a == "count":
        return ["value = len(df)", 'table = pd.DataFrame({"rows": [value]})',
                'figures = {"value": value}']
    if a in CORRELATIONS:
        return _correlation(query)
    if a == "share" and not query.measures:
        return ["# The rows kept as a percentage of the rows of the periods asked.",
                "value = len(df) / rows_in_scope * 100 if rows_in_scope else None",
                'table = pd.DataFrame({"share_pct": [value], "rows": [len(df)], '
                '"of_rows": [rows_in_scope]})',
                'figures = {"value": value}']
    m = query.measures[0]
    if a == "share":
        return ["# The total of the rows kept as a percentage of the total before the conditions.",
                f"part = df[{m!r}].sum()",
                "value = part / whole * 100 if whole else None",
                f'table = pd.DataFrame({{"share_pct": [value], {m!r}: [part], "of_total": [whole]}})',
                'figures = {"value": value}']
    if len(query.measures) > 1 and len(query.statistics) == 1:
        # "average Horsepower and Weight_in_lbs": one figure for each column named, never
        # the first column's figure said of both.
        each = "isna().sum()" if a == "missing" else call(query.statistics[0])
        return ["values = {",
                *[f"    {c!r}: df[{c!r}].{each}," for c in query.measures],
                "}",
                "table = pd.DataFrame({name: [v] for name, v in values.items()})",
                "values = {name: None if pd.isna(v) else float(v) for name, v in values.items()}",
                f'figures = {{"value": values[{m!r}], "values": values}}']
    if a == "missing":
        return [f"# A missing value is an empty cell of {m}.",
                f"value = int(df[{m!r}].isna().sum())",
                f"table = pd.DataFrame({{{m!r}: [value]}})",
                'figures = {"value": value}']
    stats = query.statistics
    if len(stats) == 1:
        return [f"value = df[{m!r}].{call(stats[0])}",
                f"table = pd.DataFrame({{{m!r}: [value]}})",
                'figures = {"value": None if pd.isna(value) else float(value)}']
    return ["values = {",
            *[f"    {s!r}: df[{m!r}].{call(s)}," for s in stats],
            "}",
            "table = pd.DataFrame({name: [v] for name, v in values.items()})",
            "values = {name: None if pd.isna(v) else float(v) for name, v in values.items()}",
            f'figures = {{"value": values[{stats[0]!r}], "values": values}}']


def _correlation(query: Query) -> list[str]:
    a, b = query.measures
    method = query.aggregation
    ranks = ".rank()" if method == "spearman" else ""
    why = ("# Spearman: the Pearson correlation of the ranks (ties share their mean rank)."
           if method == "spearman" else "# Pearson's r of the two columns.")
    return ["# Only the rows that have both values count.",
            f"pair = df[[{a!r}, {b!r}]].dropna()",
            why,
            f"value = pair[{a!r}]{ranks}.corr(pair[{b!r}]{ranks})",
            f'table = pd.DataFrame({{"method": [{method!r}], "correlation": [value], '
            '"n": [len(pair)]})',
            'figures = {"value": None if pd.isna(value) else float(value), "n": len(pair)}']


def grouped(query: Query, keys: list[str]) -> list[str]:
    """The table of the statistic per group, keyed by `keys` (every period listed)."""
    a = query.aggregation
    group = f"df.groupby({keys!r}, dropna=False)"
    columns = list(query.measures)
    stats = query.statistics
    if a == "count" or (a == "share" and not columns):
        lines = [f'table = {group}.size().to_frame("rows")']
    elif a == "missing":
        lines = ["# A missing value counts 1, a present one 0.",
                 f"df[{columns!r}] = df[{columns!r}].isna()",
                 f"table = {group}[{columns!r}].sum()"]
    elif len(stats) == 1:
        lines = [f"table = {group}[{columns!r}].{call(stats[0])}"]
    else:
        m = columns[0]
        named = ", ".join(f"{s!r}: lambda s: s.{call(s)}" for s in stats)
        lines = [f"table = {group}[{m!r}].agg(**{{{named}}})"]
    if "period" in keys:
        lines += complete(keys, a in ADDITIVE)
    elif (key := every_group(query)) is not None:
        lines += [f"# Every {inert(key)} the conditions were asked of, also one with no row "
                  "meeting them (0).",
                  f"table = table.reindex(table.index.append(pd.Index(groups, name={key!r}))"
                  ".unique(), fill_value=0)"]
    return [*lines, "table = table.reset_index()"]


def every_group(query: Query) -> str | None:
    """"how many days in each month had Temp above 90": a month where no day did is a 0, not
    absent (the month with 2 had been named the lowest). The grouping column, when a count or
    a sum by it alone is asked under a comparison of other columns; else None."""
    keys = query.keys
    if (len(keys) != 1 or keys[0] == "period" or query.within
            or query.aggregation not in ("count", "sum", "nunique", "missing")):
        return None
    # A comparison of a measure ("Temp above 90") is met or not within every group; a value
    # picked ("island is Dream") is a part of the rows, where a species absent from it is
    # not a species with 0.
    said = [f for f in query.filters if f.op not in ("year", "quarter", "month")]
    return keys[0] if said and all(f.column != keys[0] and f.op in ("gt", "ge", "lt", "le")
                                   for f in said) else None


def complete(keys: list[str], additive: bool) -> list[str]:
    """Every period from the first to the last, a period without rows listed too: with 0
    for a count or sum, with no value (a gap the line chart leaves open) for an average."""
    fill = ", fill_value=0" if additive else ""
    if len(keys) == 1:
        return ["# Every period of the range, also those without rows.",
                f"table = table.reindex(pd.Index(periods, name='period'){fill})"]
    if not additive:
        return []  # periods x groups without rows would be a grid of blanks: left out
    return ["# Every period of the range for every group, also those without rows.",
            f"table = table.reindex(pd.MultiIndex.from_product([periods, "
            f"table.index.unique({keys[1]!r})], names={keys!r}){fill})"]
