"""The category values of a table, read on the host so a question can name them ("AAPL").

Only columns with few distinct values are read (categories, short ids, tickers): the parser
needs to know that "Europe" is a value of Origin, not every customer name. The values stay
on this machine; nothing here is sent to a model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

MAX_VALUES = 500


def category_values(root: Path | str, card: Any) -> dict[str, list[str]]:
    """Column -> its distinct values (as text), for the table of `card` under `root`."""
    wanted = [c.name for c in card.columns
              if c.role in ("category", "text", "id") and 0 < (c.unique or 0) <= MAX_VALUES]
    if not wanted or not card.parquet_path:
        return {}
    try:
        table = pq.read_table(Path(root) / card.parquet_path, columns=wanted)
    except (OSError, ValueError, KeyError):
        return {}  # a table that cannot be read answers without value matching
    out: dict[str, list[str]] = {}
    for name in wanted:
        column = table.column(name).unique().to_pylist()
        out[name] = [str(v) for v in column if v is not None and str(v).strip()]
    return out
