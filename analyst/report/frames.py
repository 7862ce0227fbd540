"""Preparing a section's DataFrame for display, shared by the PDF and the Excel export."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime

import pandas as pd

from analyst.ingest.profile import is_id_name
from analyst.recipes.labels import month_label
from analyst.recipes.numbers import is_year_name, is_year_values
from analyst.report.text import clean
from analyst.words.number_formats import MISSING, format_value

NUMERIC_FORMATS = frozenset({"money", "int", "number", "percent", "year", "code"})


def _plain_index(index: pd.Index) -> bool:
    return (
        isinstance(index, pd.RangeIndex)
        and index.start == 0
        and index.step == 1
        and index.name is None
    )


def prepare_frame(df: pd.DataFrame) -> pd.DataFrame:
    """A copy with a meaningful index turned into columns and flat, string column names.

    A grouped result ("revenue by region") keeps its labels in the index; dropping it
    would drop the row labels, so any index but a plain 0..n-1 range becomes columns.
    Columns are always read by position afterwards: names may repeat.
    """
    out = df.copy()
    if isinstance(out.columns, pd.MultiIndex):
        out.columns = [
            " / ".join(clean(part) for part in col if str(part) != "") for col in out.columns
        ]
    if not _plain_index(out.index):
        out = out.reset_index(allow_duplicates=True)
    out.columns = [clean(col) for col in out.columns]
    return out


def infer_format(series: pd.Series) -> str:
    """The display format of a column nobody gave a format for."""
    if pd.api.types.is_bool_dtype(series):
        return "text"
    if is_year_column(series):
        return "year"
    if is_code_column(series):
        return "code"
    if pd.api.types.is_integer_dtype(series):
        return "int"
    if pd.api.types.is_float_dtype(series):
        return "number"
    if pd.api.types.is_datetime64_any_dtype(series):
        return "date"
    return "text"


def is_year_column(series: pd.Series) -> bool:
    """A column of calendar years: a year header ("Year", "Рік", "年份") over whole numbers
    1800-2200. Shown "1995", never "1,995.00"."""
    if not pd.api.types.is_numeric_dtype(series) or pd.api.types.is_bool_dtype(series):
        return False
    return is_year_name(series.name) and is_year_values(series.dropna().unique().tolist())


def is_code_name(name: object) -> bool:
    """A header naming an identifier or a code: "store_id", "OrderNo", "zip_code", "邮编"."""
    return is_id_name(str(name))


def is_code_column(series: pd.Series) -> bool:
    """Whole numbers under an id or code header: shown "84091", never "84,091"."""
    if not pd.api.types.is_numeric_dtype(series) or pd.api.types.is_bool_dtype(series):
        return False
    present = series.dropna()
    return is_code_name(series.name) and bool((present % 1 == 0).all())


def column_formats(df: pd.DataFrame, explicit: Mapping[str, str]) -> list[str]:
    """One format per column position: the explicit one, else inferred from the dtype."""
    return [explicit.get(name) or infer_format(df.iloc[:, position])
            for position, name in enumerate(df.columns)]


def format_date(value: object) -> str:
    if isinstance(value, (datetime, pd.Timestamp)):
        if (value.hour, value.minute, value.second) == (0, 0, 0):
            return value.strftime("%Y-%m-%d")
        return value.strftime("%Y-%m-%d %H:%M")
    if isinstance(value, date):
        return value.isoformat()
    return clean(value)


def format_month(value: object, language: str | None = "en") -> str:
    """A month as the charts say it: "Jul 2025", "лип. 2025", "2025年7月"."""
    if isinstance(value, (datetime, date, pd.Timestamp)):
        value = f"{value.year:04d}-{value.month:02d}"
    return month_label(str(value), language or "en") or clean(value)


def cell_text(value: object, fmt: str, currency: str | None, language: str | None = "en") -> str:
    """One cell as display text: numbers formatted (in `language`'s style), missing numbers a
    dash, text cleaned."""
    if fmt in NUMERIC_FORMATS:
        return format_value(value, fmt, currency, language)
    try:
        if pd.isna(value):  # type: ignore[call-overload]  # any cell; non-scalars raise below
            return MISSING if fmt in ("date", "month") else ""
    except (TypeError, ValueError):  # lists, arrays: not a scalar, show them as text
        pass
    if fmt == "month":
        return format_month(value, language)
    if fmt == "date" or isinstance(value, (datetime, date)):
        return format_date(value)
    return clean(value)
