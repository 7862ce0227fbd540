"""What the analyst knows about one clean table, without reading all of it.

A `DataCard` is shown to the user (what was assumed, what was excluded) and told to the
language model (`to_prompt`). Raw rows reach the model only when the user allows it.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from analyst.words.note import Note, render

LAYOUTS = ("long", "wide", "statement")
"""long: one row per record (a ledger, an export); wide: periods as columns (a key column
and Jan..Dec); statement: line items (a P&L, a budget) with section, subtotal and total rows."""
ROW_KINDS = ("section", "line", "subtotal", "total", "ratio")
"""What a statement row is: a heading without figures, a line item, a subtotal of the lines
above it (since the previous subtotal), a total of the statement, a ratio (a margin %)."""

ROLES = ("date", "money", "quantity", "number", "percent", "category", "id", "text")
"""What a column means to an analyst; decides how recipes aggregate and chart it.
"number" is a plain measurement (miles per gallon, weight, a score): neither money nor a count."""


@dataclass(frozen=True)
class ExcludedRow:
    """A row of the source left out of the clean table, and why."""

    line: int
    """Row number as the user sees it (Excel row, or line of a text file)."""
    reason: str
    """Plain words: "total row", "subtotal row", "footnote", "wrong number of fields"."""
    text: str
    """The row's cells joined with " | ", shortened, so the user can recognise it."""
    position: int | None = None
    """A sum row's place: the 0-based position in the clean table of the row that came
    after it (a statement's blank-label subtotal is put back in its place on `row_kinds`)."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExcludedRow:
        return cls(**_known(cls, data))


@dataclass(frozen=True)
class RowKind:
    """One row of a statement, as an accountant reads it."""

    row: int | None
    """0-based position in the clean table; None for a subtotal with no label, found by its
    arithmetic and left out of the table (it is in `excluded_rows`, at `line`)."""
    label: str
    kind: str
    """One of `ROW_KINDS`."""
    section: str | None = None
    """The section heading it sits under ("Operating expenses"), None above the first."""
    line: int | None = None
    """For a row left out of the clean table: its row number in the file."""
    agrees: bool | None = None
    """For a row stating a result ("Total revenue", "Gross profit"): True when the lines,
    read by their sections and kinds, reproduce it in every period; False when no reading
    does (then no figure of the statement is stated). None for the other rows."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RowKind:
        return cls(**_known(cls, data))


_OLD_CURRENCY = re.compile(r"currency (?!format )(\S+)")


@dataclass(frozen=True)
class ColumnCard:
    name: str
    """The name the user sees (header text, a merged header joined with " / ")."""
    dtype: str
    """The pandas dtype in the Parquet table: int64, float64, datetime64[s], str, bool."""
    role: str
    """One of `ROLES`."""
    missing: int
    unique: int
    sum: float | None = None
    min: float | None = None
    max: float | None = None
    first: str | None = None
    """Earliest date (ISO), for date columns."""
    last: str | None = None
    """Latest date (ISO), for date columns."""
    note: str | None = None
    """How the column was read, for the model's card ("decimal comma, currency €"): the
    English text of the ingester's `ColumnReading`, never parsed back."""
    set_by_user: bool = False
    """The user chose `role` on the data card (`analyst.ingest.roles`): it is not a guess."""
    currency: str | None = None
    """The currency sign or code the ingester stripped from the cells ("грн", "$")."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ColumnCard:
        known = _known(cls, data)
        if "currency" not in data and known.get("note"):
            # A card stored before `currency` was a field said it only in its note.
            old = _OLD_CURRENCY.search(str(known["note"]))
            known["currency"] = old.group(1).rstrip(",") if old else None
        return cls(**known)


@dataclass(frozen=True)
class DataCard:
    table: str
    """Safe slug, the Parquet stem: `input/<table>.parquet`."""
    source_file: str
    """The original file name, for display."""
    source_sha256: str
    sheet: str | None
    """The Excel sheet the table comes from; None for text files and Parquet."""
    sheets: tuple[str, ...]
    """All visible sheets of a workbook (empty for other formats)."""
    rows: int
    columns: tuple[ColumnCard, ...]
    header_row: int | None
    """1-based, as the user sees it in Excel or a text editor; None when there is none."""
    encoding: str | None
    delimiter: str | None
    excluded_rows: tuple[ExcludedRow, ...] = ()
    assumptions: tuple[Note, ...] = ()
    """Every guess the ingester made, as messages (`Note`s), shown in the reader's language."""
    sample_rows: tuple[tuple[Any, ...], ...] = ()
    """A few rows, JSON-ready (dates as ISO strings)."""
    parquet_path: str = ""
    """Relative to the workspace root, e.g. `input/sales.parquet`."""
    date_range: tuple[str, str] | None = None
    """(first, last) of the main date column, ISO."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Room for later, compatible additions."""
    layout: str = "long"
    """One of `LAYOUTS`."""
    period_columns: tuple[str, ...] = ()
    """Wide and statement layouts: the columns that are periods, in the file's order
    (totals such as "FY 2025" or "Q1 2026" over months are in `total_columns` instead)."""
    total_columns: tuple[str, ...] = ()
    """Columns that total the period columns ("FY 2025", "Total", a quarter over months)."""
    row_kinds: tuple[RowKind, ...] = ()
    """Statements: each row's kind and section, in the table's order."""
    long_table: str | None = None
    """Wide layout: the tidy long table written beside it (`input/<long_table>.parquet`)."""
    wide_table: str | None = None
    """On a tidy long table: the wide table it was made from."""
    budget_sheet: str | None = None
    """A table pairing a workbook's actuals with the budget on another sheet, by line and
    month ("Jan 2026 Actual", "Jan 2026 Budget"): the sheet the budget came from."""

    def column(self, name: str) -> ColumnCard:
        for col in self.columns:
            if col.name == name:
                return col
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: tuples become lists, nothing else changes."""
        data = asdict(replace(self, assumptions=()))
        data = json.loads(json.dumps(data, ensure_ascii=False, default=str))
        data["assumptions"] = [a.to_dict() for a in self.assumptions]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DataCard:
        """The inverse of `to_dict()`: `DataCard.from_dict(card.to_dict()) == card`.

        Lists go back to tuples; keys this version does not know (written by a newer one)
        are ignored, and missing optional ones take their defaults. A dict missing a
        required field raises TypeError: such a card cannot be trusted.
        """
        d = _known(cls, data)
        d["columns"] = tuple(ColumnCard.from_dict(c) for c in d.get("columns") or ())
        d["excluded_rows"] = tuple(ExcludedRow.from_dict(r) for r in d.get("excluded_rows") or ())
        d["sheets"] = tuple(d.get("sheets") or ())
        d["assumptions"] = assumptions_of(data)
        d["sample_rows"] = tuple(tuple(row) for row in d.get("sample_rows") or ())
        d["date_range"] = tuple(d["date_range"]) if d.get("date_range") else None
        d["extra"] = dict(d.get("extra") or {})
        d["period_columns"] = tuple(d.get("period_columns") or ())
        d["total_columns"] = tuple(d.get("total_columns") or ())
        d["row_kinds"] = tuple(RowKind.from_dict(r) for r in d.get("row_kinds") or ())
        return cls(**d)

    def _without_rows(self, sentence: str) -> str:
        """An assumption minus the cell values it quotes (excluded rows, unreadable examples)."""
        for row in self.excluded_rows:
            sentence = sentence.replace(f"'{row.text}'", "(content withheld)")
        return _EXAMPLES.sub(" (examples withheld).", sentence)

    def to_prompt(self, include_samples: bool) -> str:
        """What a language model is told about this table.

        `include_samples=False` is the privacy mode: schema and statistics only, no raw rows.
        Category statistics never include values either, for the same reason.
        """
        where = f" (sheet {self.sheet!r})" if self.sheet else ""
        lines = [
            f"Table `{self.table}` from file {self.source_file!r}{where}: {self.rows} rows.",
            f"Load it with: pd.read_parquet({self.parquet_path!r})",
        ]
        if self.date_range:
            lines.append(f"Dates run from {self.date_range[0]} to {self.date_range[1]}.")
        if self.layout == "wide" and self.period_columns:
            lines.append(f"Layout: wide, periods as columns ({self.period_columns[0]} … "
                         f"{self.period_columns[-1]}); totals: {', '.join(self.total_columns) or 'none'}."
                         + (f" Prefer its tidy long table `{self.long_table}`." if self.long_table else ""))
        if self.wide_table:
            lines.append(f"The tidy long form of the wide table `{self.wide_table}`.")
        lines.append("Columns (name | dtype | role | missing | statistics):")
        for col in self.columns:
            stats = []
            if col.sum is not None:
                stats.append(f"sum={_num(col.sum)}")
            if col.min is not None and col.max is not None:  # set together
                stats.append(f"min={_num(col.min)} max={_num(col.max)}")
            if col.first:
                stats.append(f"from {col.first} to {col.last}")
            stats.append(f"{col.unique} distinct")
            note = f" ({col.note})" if col.note else ""
            role = f"{col.role} (set by the user)" if col.set_by_user else col.role
            lines.append(
                f"- {col.name!r} | {col.dtype} | {role} | {col.missing} missing | "
                f"{', '.join(stats)}{note}"
            )
        if self.assumptions:
            lines.append("How the file was read:")
            said = [a.english for a in self.assumptions]
            shown = said if include_samples else [self._without_rows(a) for a in said]
            lines.extend(f"- {text}" for text in shown)
        if include_samples and self.sample_rows:
            lines.append("Sample rows:")
            names = [col.name for col in self.columns]
            lines.append(" | ".join(names))
            lines.extend(" | ".join(_cell(v) for v in row) for row in self.sample_rows)
        return "\n".join(lines)


def assumptions_of(card: dict[str, Any]) -> tuple[Note, ...]:
    """A card dict's assumptions as `Note`s. A card stored before they were kept as messages
    holds English sentences, with their messages in a parallel "notes" list where it kept
    them: a sentence without one is kept as written (`as_written`)."""
    items = list(card.get("assumptions") or ())
    notes = list(card.get("notes") or ())
    if len(notes) != len(items):
        notes = [None] * len(items)
    return tuple(_assumption(item, note) for item, note in zip(items, notes, strict=True))


def _assumption(item: Any, note: Any) -> Note:
    if isinstance(item, dict):
        return Note.from_dict(item)
    if isinstance(note, dict):
        return Note.from_dict(note)
    return Note("as_written", text=str(item))


def assumptions_in(card: dict[str, Any], language: str | None) -> list[str]:
    """A card dict's assumptions in `language` (an old card's plain sentences as they are)."""
    return [render(a, language) for a in assumptions_of(card)]


_EXAMPLES = re.compile(r", e\.g\. .*$")


def _known(cls: Any, data: dict[str, Any]) -> dict[str, Any]:
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in dict(data).items() if k in names}


def _num(value: float) -> str:
    return f"{value:.2f}" if value != int(value) else f"{int(value)}"


def _cell(value: Any) -> str:
    return "" if value is None else str(value)
