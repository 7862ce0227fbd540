"""Profile (describe every column) and outliers (rows far from the rest)."""

from __future__ import annotations

import pandas as pd

from .columns import RecipeError, require, to_number
from .notes import note, title
from .result import RecipeResult
from .unit import Recipe

PROFILE_DEFINITION = (
    "Per column: type, filled and missing cells, distinct values; for numbers the sum, "
    "minimum, median, mean, maximum and standard deviation (sample, n-1); for dates the first "
    "and last; for text the most frequent value and how often it occurs."
)


def outliers_definition(method: str = "iqr", k: float = 1.5) -> str:
    if method == "zscore":
        return (f"A value is an outlier when it is more than {k:g} standard deviations (sample, "
                "n-1) away from the column's mean. Missing values are never outliers.")
    return (
        "Q1 and Q3 are the 25th and 75th percentiles (linear interpolation); IQR = Q3 - Q1. "
        f"A value is an outlier when it is below Q1 - {k:g} x IQR or above Q3 + {k:g} x IQR. "
        "Missing values are never outliers."
    )


def profile(df: pd.DataFrame) -> RecipeResult:
    """One row per column: type, missing, distinct, numeric stats, date range, top value."""
    if not isinstance(df, pd.DataFrame):
        raise RecipeError("needs_table")
    rows = [_describe(df[c], str(c)) for c in df.columns]
    table = pd.DataFrame(rows, columns=[
        "column", "type", "filled", "missing", "missing_pct", "distinct", "sum", "min",
        "median", "mean", "max", "std", "first", "last", "top", "top_count",
    ])
    notes = []
    empty = table.loc[table["filled"] == 0, "column"].tolist()
    if empty:
        notes.append(note("note_empty_columns", len(empty), rows=len(empty),
                          names=", ".join(map(str, empty))))
    figures = {"rows": float(len(df)), "columns": float(len(df.columns)),
               "missing_cells": float(table["missing"].sum())}
    return RecipeResult(
        name="profile", title=title("profile"), table=table, chart=None,
        definition=PROFILE_DEFINITION, notes=tuple(notes), figures=figures,
    )


def outliers(df: pd.DataFrame, column: str, method: str = "iqr", k: float | None = None) -> RecipeResult:
    """Rows whose `column` is outside Q1-1.5*IQR .. Q3+1.5*IQR (or |z| > 3), with the reason."""
    if method not in ("iqr", "zscore"):
        raise RecipeError("bad_outlier_method", method=str(method))
    require(df, column)
    k = k if k is not None else (1.5 if method == "iqr" else 3.0)
    values, notes = to_number(df[column], column)
    if values.notna().sum() < 2:
        raise RecipeError("too_few_numbers", column=str(column))
    if method == "iqr":
        q1, q3 = float(values.quantile(0.25)), float(values.quantile(0.75))
        spread = q3 - q1
        low, high = q1 - k * spread, q3 + k * spread
        figures = {"q1": q1, "q3": q3, "iqr": spread}
        low_text, high_text = f"Q1 - {k:g} x IQR", f"Q3 + {k:g} x IQR"
    else:
        mean, std = float(values.mean()), float(values.std())
        low, high = mean - k * std, mean + k * std
        figures = {"mean": mean, "std": std}
        low_text, high_text = f"mean - {k:g} x std", f"mean + {k:g} x std"
    below, above = values < low, values > high
    flagged = df[below | above].copy()
    flagged.insert(0, "row", flagged.index)
    flagged["outlier_reason"] = [
        f"below {low:,.2f} ({low_text})" if below[i] else f"above {high:,.2f} ({high_text})"
        for i in flagged.index
    ]
    count = int((below | above).sum())
    figures.update({"lower_bound": low, "upper_bound": high, "outliers": float(count),
                    "below": float(below.sum()), "above": float(above.sum()),
                    "outlier_pct": count / int(values.notna().sum()) * 100.0})
    return RecipeResult(
        name="outliers", title=title("outliers", column=str(column)), table=flagged.reset_index(drop=True),
        chart=None, definition=outliers_definition(method, k), notes=tuple(notes),
        figures=figures,
    )


def _describe(series: pd.Series, name: str) -> list:
    filled = int(series.notna().sum())
    missing = len(series) - filled
    row = [name, str(series.dtype), filled, missing,
           missing / len(series) * 100.0 if len(series) else float("nan"),
           int(series.nunique(dropna=True))]
    numeric = pd.api.types.is_numeric_dtype(series) and not pd.api.types.is_bool_dtype(series)
    if numeric and filled:
        row += [float(series.sum()), float(series.min()), float(series.median()),
                float(series.mean()), float(series.max()),
                float(series.std()) if filled > 1 else float("nan")]
    else:
        row += [float("nan")] * 6
    if pd.api.types.is_datetime64_any_dtype(series) and filled:
        row += [series.min().strftime("%Y-%m-%d"), series.max().strftime("%Y-%m-%d")]
    else:
        row += [None, None]
    if not numeric and filled:
        counts = series.astype("string").value_counts(dropna=True, sort=False)
        # Most frequent first; equal counts by value, so the answer does not depend on order.
        top = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        row += [str(top[0]), int(top[1])]
    else:
        row += [None, pd.NA]
    return row


REGISTERED = (
    Recipe(profile, meaning="one row per column: type, missing, distinct, numeric stats, "
                            "date range", definition=PROFILE_DEFINITION),
    Recipe(outliers, meaning="rows outside Q1-1.5*IQR..Q3+1.5*IQR (method='zscore': |z|>3) with "
                             "outlier_reason. figures: lower_bound, upper_bound, outliers",
           definition=outliers_definition),
)
