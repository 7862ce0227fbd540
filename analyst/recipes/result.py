"""The two value types every recipe returns: `RecipeResult` and the `ChartSpec` inside it.

Both are frozen dataclasses of plain data, so a result computed inside the sandbox can be
printed, saved and drawn there, and the same result computed on the host compares equal in
tests. A chart is described, not drawn: `charts.render_chart(spec, path)` draws it.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

import pandas as pd

from .notes import NoteId, TitleId, note_data, say
from .sanity import check_figures, check_table

ChartKind = Literal["bar", "barh", "line", "pareto", "funnel"]
Unit = Literal["money", "number", "percent"]


@dataclass(frozen=True)
class ChartSeries:
    name: str
    """Legend text; also the axis label when the chart has one series."""
    values: tuple[float, ...]


@dataclass(frozen=True)
class ChartSpec:
    """What is needed to draw a chart, without drawing it."""

    kind: ChartKind
    """bar: vertical columns (periods); barh: ranked horizontal bars (categories);
    line: a series over dates; pareto: bars plus a cumulative % line; funnel: stages
    top to bottom in their given order."""
    title: str | TitleId
    """A recipe's is a `notes.TitleId` (message id of context "recipe_title" and values),
    drawn in `language`; a title a step wrote itself is drawn as it is."""
    labels: tuple[str, ...]
    """One label per bar or point, already formatted (e.g. "2026-01" for a month)."""
    series: tuple[ChartSeries, ...]
    value_label: str = ""
    """Axis title for the values, e.g. the amount column's name."""
    unit: Unit = "number"
    currency: str | None = None
    """A symbol ("$", "€", "₴") is drawn as a prefix, a code ("UAH") as a suffix."""
    dates: tuple[str, ...] | None = None
    """ISO dates, one per label: line charts then use a real, formatted date axis."""
    cumulative_pct: tuple[float, ...] | None = None
    """Pareto: cumulative share in percent, one per bar, drawn on a 0-100% right axis."""
    guides_pct: tuple[float, ...] = ()
    """Pareto: horizontal guide lines on the % axis (the A and B thresholds)."""
    groups: tuple[str, ...] | None = None
    """A group per bar (e.g. the ABC class): bars of one group share a colour."""
    sort: bool = False
    """Sort bars by the first series, largest first; a bar named `pinned_last` stays last."""
    pinned_last: str | None = None
    note: str | NoteId = ""
    """A small caption under the chart: a recipe's is a `notes.NoteId` ("caption_abc" with
    its counts), drawn in `language` by `charts.caption`; a step's own text is drawn as is."""
    language: str = "en"
    """The reader's language: "uk"/"ru" write ticks and value labels as "2 009 930,98 грн";
    the chart's own fixed words ("Cumulative share", "Class A") and a recipe's title and
    caption are said in it (en/uk/ru/zh). Labels given above are drawn as they are."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; a title or caption made as a message id (`notes.NoteId`) also as its
        id and values under "title_data" / "note_data" (None for one written as text)."""
        return {**asdict(self), "title": str(self.title), "note": str(self.note),
                "title_data": note_data((self.title,))[0],
                "note_data": note_data((self.note,))[0]}


@dataclass(frozen=True, eq=False)
class RecipeResult:
    """The outcome of one recipe: a table, a chart spec, and the words to explain them."""

    name: str
    """The recipe's function name, e.g. "abc_analysis" (key into `DEFINITIONS`)."""
    title: str | TitleId
    """A heading for the report, e.g. "ABC analysis of product by revenue": a
    `notes.TitleId` (`str()` its English; `notes.say(title, language)` in another language)."""
    table: pd.DataFrame
    chart: ChartSpec | None
    definition: str
    """The exact definition used, with the actual parameters (for the methodology appendix)."""
    notes: tuple[str | NoteId, ...] = ()
    """What the reader must know: coerced text, missing dates, ties, losses; a recipe's are
    `notes.NoteId`s (`str()` their English), `texts()` says them all as text."""
    figures: dict[str, float] = field(default_factory=dict)
    """The key numbers by name (e.g. "total", "a_items"); `_pct` values are 0-100."""

    def __post_init__(self) -> None:
        # Whatever recipe made it, an impossible margin or share is not stated: it becomes
        # NaN and a note says why (`sanity`). Idempotent, so `replace()` adds nothing twice.
        figures, notes = check_figures(self.figures)
        table, table_notes = check_table(self.table)
        fresh = [n for n in (*notes, *table_notes) if n not in self.notes]
        object.__setattr__(self, "figures", figures)
        object.__setattr__(self, "table", table)
        if fresh:
            object.__setattr__(self, "notes", (*fresh, *self.notes))

    def texts(self, language: str | None = "en") -> tuple[str, ...]:
        """The notes as text in `language` (en, uk, ru, zh), e.g. to join or search them."""
        return tuple(say(n, language) for n in self.notes)

    def summary(self, max_rows: int = 20) -> str:
        """Plain text for a log or a model: title, figures, notes, the head of the table."""
        lines = [str(self.title)]
        for key, value in self.figures.items():
            lines.append(f"  {key}: {_plain(value)}")
        lines.extend(f"  note: {n}" for n in self.notes)
        with pd.option_context("display.width", 120, "display.max_columns", 20):
            lines.append(self.table.head(max_rows).to_string(index=False))
        if len(self.table) > max_rows:
            lines.append(f"  ... {len(self.table) - max_rows} more rows")
        return "\n".join(lines)

    def save(self, directory: str | Path, stem: str, table_format: str = "csv",
             language: str | None = None) -> list[str]:
        """Write the table (csv or parquet) and the chart (PNG) as `<directory>/<stem>.*`;
        the chart in `language` (its title, captions and number style; default the
        chart's own, English)."""
        from .charts import render_chart  # drawing is optional: import matplotlib lazily

        out = Path(directory)
        out.mkdir(parents=True, exist_ok=True)
        table_path = out / f"{stem}.{table_format}"
        if table_format == "parquet":
            self.table.to_parquet(table_path, index=False)
        else:
            self.table.to_csv(table_path, index=False)
        paths = [str(table_path)]
        if self.chart is not None:
            paths.append(str(render_chart(self.chart, out / f"{stem}.png", language=language)))
        return paths

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the table as columns + rows, NaN as None."""
        data = [[_json_value(v) for v in row] for row in self.table.itertuples(index=False)]
        return {
            "name": self.name,
            "title": str(self.title),
            "title_data": note_data((self.title,))[0],
            "table": {"columns": [str(c) for c in self.table.columns], "data": data},
            "chart": self.chart.to_dict() if self.chart is not None else None,
            "definition": self.definition,
            "notes": list(self.texts()),
            "note_data": note_data(self.notes),
            "figures": {k: _json_value(v) for k, v in self.figures.items()},
        }


def _plain(value: float) -> str:
    if isinstance(value, float) and not math.isnan(value) and value != int(value):
        return f"{value:,.2f}"
    if isinstance(value, float) and not math.isnan(value):
        return f"{int(value):,}"
    return str(value)


def _json_value(value: Any) -> Any:
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NA:
        return None
    if isinstance(value, pd.Timestamp):
        return value.isoformat()
    if hasattr(value, "item"):  # numpy scalar -> python scalar
        return _json_value(value.item())
    try:
        if pd.isna(value):
            return None
    except (TypeError, ValueError):
        pass
    return value
