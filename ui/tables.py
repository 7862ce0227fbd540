"""Turn stored results into DataFrames and pick an interactive chart (pandas stays out of pages)."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pandas as pd


def frame_from_table(table: dict[str, Any]) -> pd.DataFrame:
    """A `DisplayValue.table` (`columns`, `index`, `data`) as a DataFrame."""
    columns = [_label(c) for c in table.get("columns", [])]
    data = table.get("data", [])
    index = table.get("index")
    frame = pd.DataFrame(data, columns=columns or None)
    if index is not None and len(index) == len(frame):
        frame.index = pd.Index([_label(i) for i in index])
    return frame


def preview(workspace: Path, parquet_path: str, rows: int = 20) -> pd.DataFrame | None:
    """The first rows of a clean table, or None when it cannot be read.

    Only the first record batch is decoded, and the result is kept per file version (path,
    size, modification time): the page asks on every rerun, and a million-row table was read
    whole each time for 20 rows."""
    path = inside(workspace, parquet_path)
    if path is None or not path.is_file():
        return None
    stat = path.stat()
    frame = _first_rows(str(path), stat.st_size, stat.st_mtime_ns, rows)
    return None if frame is None else frame.copy()


@functools.lru_cache(maxsize=64)
def _first_rows(path: str, size: int, mtime_ns: int, rows: int) -> pd.DataFrame | None:
    import pyarrow.parquet as pq

    try:
        with pq.ParquetFile(path) as parquet:
            batch = next(parquet.iter_batches(batch_size=max(rows, 1)), None)
            frame = (parquet.schema_arrow.empty_table() if batch is None else batch).to_pandas()
    except (OSError, ValueError):
        return None
    return dates_without_midnight(frame.head(rows))


def dates_without_midnight(frame: pd.DataFrame) -> pd.DataFrame:
    """Dates without a time of day show as 2026-01-31, not 2026-01-31 00:00:00."""
    frame = frame.copy()
    for column in frame.columns:
        values = frame[column]
        if pd.api.types.is_datetime64_any_dtype(values) and (values.dropna() == values.dropna().dt.normalize()).all():
            frame[column] = values.dt.date
    return frame


_ISO_MONTH = re.compile(r"\d{4}-(0[1-9]|1[0-2])")


def months_as_words(frame: pd.DataFrame, language: str) -> pd.DataFrame:
    """Month columns said as the answer's text and the chart say them: "2025-07" (text, or
    the first of the month as a date) becomes "Jul 2025" / "лип. 2025" / "2025年7月".

    A column is a month column when every value is a "YYYY-MM" text, or when it is called
    "period"/"month" and every value is the first day of a month. The table is for reading:
    the downloads and the report keep real dates.
    """
    from analyst.recipes.labels import month_label

    frame = frame.copy()
    for column in frame.columns:
        values = frame[column].dropna()
        if values.empty:
            continue
        texts = values.astype(str)
        if values.map(lambda v: isinstance(v, str)).all() and texts.str.fullmatch(_ISO_MONTH).all():
            months = texts
        elif str(column).lower() in ("period", "month") and _first_days(values):
            months = pd.to_datetime(values).dt.strftime("%Y-%m")
        else:
            continue
        said = months.map(lambda m: month_label(m, language) or m)
        frame[column] = frame[column].astype(object)
        frame.loc[said.index, column] = said
    return frame


def _first_days(values: pd.Series) -> bool:
    try:
        when = pd.to_datetime(values)
    except (TypeError, ValueError):
        return False
    return bool(len(when)) and bool((when.dt.day == 1).all() and (when == when.dt.normalize()).all())


def plain_index(frame: pd.DataFrame) -> bool:
    """True when the index is just 0..n-1: row numbers a reader does not need."""
    return isinstance(frame.index, pd.RangeIndex) and frame.index.start == 0 and frame.index.step == 1


def heading(name: str) -> str:
    """A recipe's helper column as a reader would write it ("change_pct" -> "Change %").

    Only lower-case snake_case names are touched (the recipes' own); the user's column
    names are shown exactly as in their file.
    """
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        return name
    words = name.replace("_pct", " %").replace("yoy", "year-on-year").replace("_", " ")
    return words[:1].upper() + words[1:]


def chart_frame(frame: pd.DataFrame, recipe: str | None = None) -> tuple[str, pd.DataFrame] | None:
    """("line"|"bar", data) when the table is a real series, else None (table only).

    A series is one label column (periods, categories) and a measure. A list of key
    figures (rows of different units: money, counts, days) is not: one axis for them
    would be nonsense, so it gets no chart.
    """
    if frame.empty or len(frame) > 60 or len(frame) < 2 or recipe in _NOT_A_SERIES:
        return None
    data = frame.copy()
    if not isinstance(data.index, pd.RangeIndex):
        data = data.reset_index()
    if str(data.columns[0]).lower() == "rank":  # top-N and ABC tables: rank, name, amount
        data = data.drop(columns=data.columns[0])
    label = data.columns[0]
    if str(label).strip().lower() in _METRIC_LABELS:
        return None
    # Period start dates beside a month label and an ABC class are not second labels.
    texts = [c for c in data.columns if not pd.api.types.is_numeric_dtype(data[c])
             and not pd.api.types.is_datetime64_any_dtype(data[c]) and str(c).lower() != "class"]
    numbers = [c for c in data.columns[1:] if pd.api.types.is_numeric_dtype(data[c])
               and not _is_helper(str(c))]
    if not numbers or pd.api.types.is_numeric_dtype(data[label]) and not _looks_like_year(data[label]):
        return None
    if len(texts) > 1 or not data[label].is_unique:  # two labels per row: not one series
        return None
    data = data.set_index(label)[numbers[:1]]  # the measure itself, not counts or changes
    data.index = data.index.map(str)
    kind = "line" if _looks_like_time(frame, label) else "bar"
    return kind, data


# Recipes whose tables list figures of different units, one per row.
_NOT_A_SERIES = frozenset({"kpi_summary"})
_METRIC_LABELS = frozenset({"metric", "measure", "indicator", "kpi", "figure", "показник",
                            "показатель", "指标"})


# Recipes give these in percent (0-100); ingested "percent" columns hold fractions (0.12).
_PERCENT_POINTS = ("_pct", " %", "(%)")
_NOT_AN_AMOUNT = re.compile(r"(^|_|\b)(id|code|year|no|number|zip|phone|рік|год|код|номер|年)($|_|\b)",
                            re.IGNORECASE)


def number_formats(frame: pd.DataFrame, roles: Mapping[str, str] | None = None) -> dict[str, str]:
    """A display format per numeric column: "%,.2f" for amounts, "%,d" for counts, percents.

    Formats only change how a number is shown, never its value. Codes and years keep their
    digits as they are (no "2,026").
    """
    roles = roles or {}
    formats: dict[str, str] = {}
    for name in frame.columns:
        values = frame[name]
        if pd.api.types.is_bool_dtype(values) or not pd.api.types.is_numeric_dtype(values):
            continue
        label, role = str(name), roles.get(str(name))
        if role in ("id", "date", "category", "text") or _NOT_AN_AMOUNT.search(label):
            continue
        if label.lower().endswith(_PERCENT_POINTS):
            formats[label] = "%.1f%%"
        elif role == "percent":
            formats[label] = "percent"
        elif pd.api.types.is_integer_dtype(values) or (
                role != "money" and not _MONEY.search(label) and _whole(values)):
            formats[label] = "%,d"  # 292 pieces, not 292.00 (decimal-comma files give floats)
        else:
            formats[label] = "%,.2f"
    return formats


def figures_styler(frame: pd.DataFrame) -> Any:
    """A key-figures table (label column + one value column) formatted row by row, or None.

    Its rows mix units (money, counts, days), so no one column format fits: a count reads
    "292", an amount "33,912.00". Values stay numbers (right-aligned, sortable).
    """
    if frame.shape[1] != 2 or str(frame.columns[0]).strip().lower() not in _METRIC_LABELS:
        return None
    label, value = frame.columns
    if not pd.api.types.is_numeric_dtype(frame[value]):
        return None
    whole = frame[value].notna() & (frame[value] == frame[value].round())
    # "Total Кількість" is a count: the "Total" the recipe puts in front says nothing of units.
    names = frame[label].astype(str).str.replace(r"^(total|разом|всего|итого|合计)\s+", "",
                                                   case=False, regex=True)
    money = names.str.contains(_MONEY) | names.str.contains("average|середн|средн|平均", case=False)
    counts = frame.index[whole & ~money]
    return (frame.style.format("{:,.2f}", subset=pd.IndexSlice[:, [value]], na_rep="")
            .format("{:,.0f}", subset=pd.IndexSlice[counts, [value]]))


# Amounts keep their cents even when every value is whole (13,530.00, not 13,530).
_MONEY = re.compile(r"revenue|amount|sales|price|cost|profit|margin|sum\b|total|income|spend|"
                    r"сума|сумма|виручк|выручк|ціна|цена|вартіст|стоимост|прибут|прибыл|грн|руб|"
                    r"usd|eur|\$|€|金额|收入|销售额|价格|成本|利润", re.IGNORECASE)


def _whole(values: pd.Series) -> bool:
    """True when every value present is a whole number (a quantity stored as float)."""
    present = values.dropna()
    try:
        return bool(len(present)) and bool((present == present.round()).all())
    except TypeError:
        return False


def inside(workspace: Path, relpath: str) -> Path | None:
    """The file under the workspace, or None if the path would leave it."""
    root = Path(workspace).resolve()
    path = (root / relpath).resolve()
    return path if path.is_relative_to(root) else None


def _is_helper(name: str) -> bool:
    lowered = name.lower()
    return lowered in ("rows", "rank", "change", "count", "items", "orders") or lowered.endswith(
        ("_pct", "_change", "_share", "share"))


def _looks_like_time(frame: pd.DataFrame, label: Any) -> bool:
    name = str(label).lower()
    return any(w in name for w in ("date", "month", "year", "week", "quarter", "day", "period"))


def _looks_like_year(values: pd.Series) -> bool:
    try:
        return bool(values.between(1900, 2200).all())
    except TypeError:
        return False


def _label(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " / ".join(str(v) for v in value)
    return str(value)
