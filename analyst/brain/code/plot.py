"""The chart lines of a query's code: a shape that fits the result.

Lines for periods (one per group when a period is grouped further), ranked horizontal bars
for categories and for listed rows, side-by-side columns for a change between two periods,
no chart for a single number. Drawn with the recipes' own `render_chart`, so the house
style, fonts and number formats are those of every other chart.
"""

from __future__ import annotations

from analyst.brain.understand.query import Query

MAX_BARS = 30
MAX_LINES = 6


def value_column(query: Query) -> str:
    if query.aggregation == "count":
        return "rows"
    if query.aggregation == "share":
        return "share_pct"
    if len(query.statistics) > 1:
        return query.statistics[0]
    return query.measures[0]


def chart_code(query: Query, keys: list[str], title: str, path: str,
               language: str) -> list[str]:
    if query.compare is None and query.aggregation != "rows" and not keys or (
            query.aggregation in ("pearson", "spearman")):
        return ["# One number: no chart."]
    value = value_column(query)
    unit = "percent" if query.aggregation == "share" else "number"
    spec = (f"kind=kind, title={title!r}, value_label={value!r}, unit={unit!r}, "
            f"language={language!r}")
    lines = ["", "# A chart fitting the shape of the result."]
    if query.compare is not None:
        start, end = str(query.compare.start), str(query.compare.end)
        if keys:
            lines += [f"shown = table.head({MAX_BARS})",
                      "labels = tuple(' / '.join(str(v) for v in row) for row in "
                      f"shown[{keys!r}].itertuples(index=False))",
                      "series = (",
                      f"    recipes.ChartSeries({start!r}, tuple(shown[{start!r}].astype(float))),",
                      f"    recipes.ChartSeries({end!r}, tuple(shown[{end!r}].astype(float))),",
                      ")"]
        else:
            lines += [f"labels = ({start!r}, {end!r})",
                      f"series = (recipes.ChartSeries({value!r}, (figures['start'], "
                      "figures['end'])),)"]
        lines.append("kind = 'bar'")
    elif query.aggregation == "rows":
        lines += ["label = next((c for c in table.columns if c != " + repr(value)
                  + " and table[c].dtype.kind not in 'biuf'), None)",
                  f"shown = table.head({MAX_BARS})",
                  "labels = tuple(str(v) for v in (shown[label] if label else shown.index))",
                  f"series = (recipes.ChartSeries({value!r}, tuple(shown[{value!r}].astype(float))),)",
                  "kind = 'barh'"]
    elif keys[0] == "period" and len(keys) == 1:
        lines += ["labels = tuple(str(v) for v in table['period'])",
                  f"series = (recipes.ChartSeries({value!r}, tuple(table[{value!r}].astype(float))),)",
                  "kind = 'line' if len(table) > 3 else 'bar'"]
    elif keys[0] == "period":
        other = keys[1]
        lines += [f"wide = table.pivot_table(index='period', columns={other!r}, values={value!r}, "
                  "aggfunc='sum')",
                  f"wide = wide[wide.sum().sort_values(ascending=False).index[:{MAX_LINES}]]",
                  "labels = tuple(str(v) for v in wide.index)",
                  "series = tuple(recipes.ChartSeries(str(c), tuple(wide[c].fillna(0).astype(float)))"
                  " for c in wide.columns)",
                  "kind = 'line' if len(wide) > 3 else 'bar'"]
    else:
        lines += [f"shown = table.head({MAX_BARS})",
                  "labels = tuple(' / '.join(str(v) for v in row) for row in "
                  f"shown[{keys!r}].itertuples(index=False))",
                  f"series = (recipes.ChartSeries({value!r}, tuple(shown[{value!r}].astype(float))),)",
                  "kind = 'barh'"]
    lines += ["dates = None",
              "if kind == 'line':",
              "    try:",
              "        dates = tuple(pd.to_datetime(pd.Series(labels)).dt.strftime('%Y-%m-%d'))",
              "    except (ValueError, TypeError):",
              "        dates = None",
              "note = ''",
              f"if kind == 'barh' and len(table) > {MAX_BARS}:",
              # A message id with its counts, drawn in the reader's language.
              f"    note = recipes.notes.note('caption_first_shown', "
              f"shown={MAX_BARS}, rows=len(table))",
              f"chart = recipes.ChartSpec({spec}, labels=labels, series=series, dates=dates, "
              "note=note)",
              f"recipes.render_chart(chart, {path!r})"]
    return lines
