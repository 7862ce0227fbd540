"""The code of the data report's own steps: overview, distribution, correlations.

Readable pandas like every step, ending in the figures it sends (`send_figures`) the
report's words are written from (a `definition` says how each figure was computed, for the appendix).
"""

from __future__ import annotations

from sandbox import FIGURES_FUNCTION

_PRINT = '''
table.to_parquet({parquet!r}, index=False)
table.to_csv({csv!r}, index=False)
print(table.head(20).to_string(index=False))

# The figures the analyst writes the report's words from, handed over as they are.
{send}({{
    "recipe": {recipe!r},
    "title": {title!r},
    "figures": figures,
    "definition": {definition!r},
    "head": table.head(12).to_dict("records"),
    "rows": len(table),
}})
'''


def _tail(recipe: str, title: str, out: str, definition: str) -> str:
    return _PRINT.format(parquet=out + ".parquet", csv=out + ".csv", send=FIGURES_FUNCTION,
                         recipe=recipe, title=title, definition=definition)


def overview_code(parquet_path: str, title: str, slug: str, dates: tuple[str, ...]) -> str:
    definition = ("Per column: its type, the empty cells, the distinct values, and the "
                  "smallest and largest value (numbers) or the first and last date.")
    return f'''import pandas as pd

df = pd.read_parquet({parquet_path!r})
dates = {list(dates)!r}
rows = []
for name in df.columns:
    column = df[name]
    low = high = first = last = None
    if name in dates:
        when = pd.to_datetime(column, errors="coerce")
        first, last = (None if pd.isna(v) else str(v.date()) for v in (when.min(), when.max()))
    elif column.dtype.kind in "biuf":
        low, high = float(column.min()), float(column.max())
    rows.append({{"column": str(name), "type": str(column.dtype),
                 "missing": int(column.isna().sum()), "distinct": int(column.nunique()),
                 "min": low, "max": high, "first": first, "last": last}})
table = pd.DataFrame(rows)
most = table.sort_values("missing", ascending=False).iloc[0]
figures = {{
    "rows": len(df),
    "columns": len(df.columns),
    "missing_cells": int(table["missing"].sum()),
    "most_missing": int(most["missing"]),
    "most_missing_column": str(most["column"]),
}}
''' + _tail("data_overview", title, f"output/{slug}", definition)


def distribution_code(parquet_path: str, title: str, slug: str, column: str,
                      language: str) -> str:
    definition = (f"Quartiles of {column} (linear interpolation); the chart counts the rows "
                  "in 12 bins of equal width between the smallest and largest value. Rows "
                  "without a value are left out.")
    return f'''import pandas as pd
import recipes

df = pd.read_parquet({parquet_path!r})
values = pd.to_numeric(df[{column!r}], errors="coerce").dropna()
figures = {{
    "count": int(values.size),
    "min": float(values.min()),
    "q1": float(values.quantile(0.25)),
    "median": float(values.median()),
    "mean": float(values.mean()),
    "q3": float(values.quantile(0.75)),
    "max": float(values.max()),
}}
bins = pd.cut(values, bins=12)
counts = bins.value_counts(sort=False)
# pandas widens the first bin a little below the smallest value; the report starts at it.
edges = [float(values.min())] + [float(b.right) for b in counts.index]
table = pd.DataFrame({{"from": edges[:-1], "to": edges[1:], "rows": counts.to_numpy()}})
# Edges as the report writes figures ("129,750–130,737"), never "1.298e+05".
labels = tuple(recipes.format_value(a, language={language!r}) + "–"
               + recipes.format_value(b, language={language!r})
               for a, b in zip(edges[:-1], edges[1:]))
chart = recipes.ChartSpec(kind="bar", title={title!r}, labels=labels,
                          series=(recipes.ChartSeries("rows", tuple(float(v) for v in counts)),),
                          value_label="rows", language={language!r})
recipes.render_chart(chart, {f"output/{slug}.png"!r})
''' + _tail("distribution", title, f"output/{slug}", definition)


def correlation_code(parquet_path: str, title: str, slug: str, columns: tuple[str, ...],
                     language: str) -> str:
    definition = ("Pearson correlation of each pair of number columns over the rows where "
                  "both have a value: 1 moves together, -1 opposite, 0 no straight-line link.")
    return f'''from itertools import combinations

import pandas as pd
import recipes

df = pd.read_parquet({parquet_path!r})
numbers = df[{list(columns)!r}].apply(pd.to_numeric, errors="coerce")
matrix = numbers.corr()
pairs = [{{"first": a, "second": b, "r": float(matrix.loc[a, b]),
          "rows": int(numbers[[a, b]].dropna().shape[0])}}
         for a, b in combinations(matrix.columns, 2) if pd.notna(matrix.loc[a, b])]
table = pd.DataFrame(pairs, columns=["first", "second", "r", "rows"])
table = table.reindex(table["r"].abs().sort_values(ascending=False).index)
figures = {{"pairs": len(table)}}
if len(table):
    figures.update({{"strongest_r": float(table["r"].iloc[0])}})
shown = table.head(10)
chart = recipes.ChartSpec(kind="barh", title={title!r},
                          labels=tuple(f"{{a}} / {{b}}" for a, b in zip(shown["first"], shown["second"])),
                          series=(recipes.ChartSeries("r", tuple(shown["r"].astype(float))),),
                          value_label="r", language={language!r})
if len(shown):
    recipes.render_chart(chart, {f"output/{slug}.png"!r})
''' + _tail("correlations", title, f"output/{slug}", definition)
