"""`ReportTemplate`: what a recurring report is made of, as plain data.

A template is saved from one run (the Report page, `analyst report --save-template`) and run
again on next month's file. It holds no code and no table names: each asked question is
kept as the structured step that answered it (a recipe call or a query) with the columns it
uses by name, role and a few of their values, so the step can be planned again on a file
whose table is called differently and whose columns moved or were renamed. The key figures
and the period of the saving run are what the next run's changes are measured against.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_VALUES = 30
"""Category values kept per column: enough to recognise a renamed column by its values."""


@dataclass(frozen=True)
class ColumnRef:
    """One column a step uses, as the saving run's data card described it."""

    name: str
    role: str
    """The ingester's role: date, money, quantity, percent, category, id, text."""
    dtype: str = ""
    values: tuple[str, ...] = ()
    """A few of its distinct values (categories only), to tell two candidates apart."""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "role": self.role, "dtype": self.dtype,
                "values": list(self.values)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ColumnRef:
        return cls(str(data["name"]), str(data["role"]), str(data.get("dtype") or ""),
                   tuple(str(v) for v in data.get("values") or ()))


@dataclass(frozen=True)
class TemplateStep:
    """One section of an asked question: a recipe call or a query, without code."""

    title: str
    """The section's title in the saving run (how messages name it)."""
    kind: str
    """"recipe" or "query"."""
    columns: tuple[ColumnRef, ...]
    """Every column of the table the step names (its arguments' or its query's columns)."""
    recipe: str = ""
    params: dict[str, Any] | None = None
    """The recipe's keyword arguments (column names as the saving run's table had them)."""
    query: dict[str, Any] | None = None
    """`Query.to_dict()` without its table: the new run's table is chosen by its columns."""
    language: str = "en"
    source_file: str = ""
    """The file the step read in the saving run (for messages only)."""
    others: tuple[str, ...] = ()
    """The table's other columns then: a column of the new file named so is not one of
    `columns` renamed (a renamed "Revenue" is not the "Cost" that was there already)."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"title": self.title, "kind": self.kind,
                                "columns": [c.to_dict() for c in self.columns],
                                "language": self.language, "source_file": self.source_file,
                                "others": list(self.others)}
        if self.kind == "recipe":
            data.update(recipe=self.recipe, params=dict(self.params or {}))
        else:
            data["query"] = dict(self.query or {})
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TemplateStep:
        kind = str(data["kind"])
        if kind not in ("recipe", "query"):
            raise ValueError(f"a step of kind {kind!r}")
        if kind == "recipe" and not data.get("recipe"):
            raise ValueError("a recipe step without its recipe")
        if kind == "query" and not isinstance(data.get("query"), dict):
            raise ValueError("a query step without its query")
        return cls(title=str(data["title"]), kind=kind,
                   columns=tuple(ColumnRef.from_dict(c) for c in data.get("columns") or ()),
                   recipe=str(data.get("recipe") or ""),
                   params=dict(data["params"]) if kind == "recipe" else None,
                   query=dict(data["query"]) if kind == "query" else None,
                   language=str(data.get("language") or "en"),
                   source_file=str(data.get("source_file") or ""),
                   others=tuple(str(o) for o in data.get("others") or ()))


@dataclass(frozen=True)
class TemplateQuestion:
    """A question asked in the saving run and the steps that answered it."""

    question: str
    steps: tuple[TemplateStep, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"question": self.question, "steps": [s.to_dict() for s in self.steps]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TemplateQuestion:
        return cls(str(data["question"]),
                   tuple(TemplateStep.from_dict(s) for s in data.get("steps") or ()))


@dataclass(frozen=True)
class KeyFigure:
    """One key figure of the saving run (a KPI tile)."""

    key: str
    """`KPI.key` ("total", "orders", ...): the same figure whatever its label's language."""
    label: str
    value: float
    format: str = "number"
    currency: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "value": self.value,
                "format": self.format, "currency": self.currency}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> KeyFigure:
        return cls(str(data.get("key") or ""), str(data["label"]), float(data["value"]),
                   str(data.get("format") or "number"),
                   None if data.get("currency") is None else str(data["currency"]))


@dataclass(frozen=True)
class ReportTemplate:
    """A recurring report: its sections, and the key figures and period of the run that
    saved it."""

    title: str | None
    """The report's title (None: made from the files, as the standard report does)."""
    language: str
    standard: bool
    """The standard sections (key figures, dynamics, top 10, ABC, breakdowns) come first."""
    questions: tuple[TemplateQuestion, ...]
    key_figures: tuple[KeyFigure, ...]
    saved_at: str
    """When the saving run ran (ISO date and time, UTC)."""
    period: tuple[str, str] | None
    """First and last date the saving run's data covered (ISO dates), when it had dates."""
    files: tuple[str, ...] = ()
    """The files the saving run read (for the listing and messages)."""

    @property
    def run_date(self) -> str:
        """"2026-03-31": how the changes name the saving run."""
        return self.saved_at[:10]

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "language": self.language, "standard": self.standard,
                "questions": [q.to_dict() for q in self.questions],
                "key_figures": [k.to_dict() for k in self.key_figures],
                "saved_at": self.saved_at,
                "period": list(self.period) if self.period else None,
                "files": list(self.files)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ReportTemplate:
        period = data.get("period")
        if period is not None and (not isinstance(period, list) or len(period) != 2):
            raise ValueError("a period that is not two dates")
        return cls(title=None if data.get("title") is None else str(data["title"]),
                   language=str(data.get("language") or "en"),
                   standard=bool(data.get("standard", True)),
                   questions=tuple(TemplateQuestion.from_dict(q)
                                   for q in data.get("questions") or ()),
                   key_figures=tuple(KeyFigure.from_dict(k)
                                     for k in data.get("key_figures") or ()),
                   saved_at=str(data["saved_at"]),
                   period=(str(period[0]), str(period[1])) if period else None,
                   files=tuple(str(f) for f in data.get("files") or ()))
