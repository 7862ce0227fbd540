"""The data report's titles and sentences in English, Ukrainian, Russian and Chinese, and the
paragraph of each of its steps, written from the figures the step printed."""

from __future__ import annotations

from typing import Any

from analyst.brain.narrate.answer import number
from analyst.catalogue import message
from analyst.record.figures import StepFigures
from analyst.words import LANGUAGES, say
from analyst.words.number_formats import format_int

RECIPES = ("data_overview", "distribution", "correlations")


def dsay(language: str, key: str, plural: int | None = None, **values: Any) -> str:
    """The data report's message `key` (catalogue context "datareport"); with `plural`, its
    form for that many, `{n}` the count in the language's number style."""
    if plural is not None:
        values.setdefault("n", format_int(plural, language))
    return say(language, "datareport", key, plural=plural, **values)


def read(figures: StepFigures | None) -> dict[str, Any] | None:
    """A data-report step's figures as sent, from those read once when it ran."""
    if figures is None or figures.recipe not in RECIPES:
        return None
    return figures.to_dict()


def overview_kpis(figures: StepFigures | None, language: str) -> list[tuple[str, float]]:
    """(label, value) tiles of a data report's overview: rows, columns, empty cells."""
    data = read(figures)
    if data is None or data.get("recipe") != "data_overview":
        return []
    f = data.get("figures") or {}
    return [(dsay(language, "kpi_rows"), f["rows"]), (dsay(language, "kpi_columns"),
            f["columns"]), (dsay(language, "kpi_missing"), f["missing_cells"])]


def paragraph(figures: StepFigures | None, table: str, language: str,
              measure: str | None = None) -> str | None:
    """The words of a data-report step, or None when it printed no figures. `measure` is the
    distribution's column, as its step was planned (None: a record that did not keep it)."""
    data = read(figures)
    if data is None:
        return None
    f, head = data.get("figures") or {}, data.get("head") or []
    n = lambda v: number(v, language)  # noqa: E731 - one formatter, read like a word
    if data["recipe"] == "data_overview":
        text = dsay(language, "p_overview", table=table,
                    rows=dsay(language, "p_rows", plural=int(f["rows"])),
                    columns=dsay(language, "p_columns", plural=int(f["columns"])),
                    missing=format_int(f["missing_cells"], language))
        if f.get("most_missing"):
            text += dsay(language, "p_most", column=f["most_missing_column"],
                         n=format_int(f["most_missing"], language))
        text += "" if language == "zh" else "."
        for row in head:
            # An empty cell crosses the JSON line as NaN, which is truthy: only text is a date.
            if isinstance(row.get("first"), str) and isinstance(row.get("last"), str):
                text += dsay(language, "p_range", column=row["column"], first=row["first"],
                             last=row["last"])
                break
        return text
    if data["recipe"] == "distribution":
        m = measure if measure is not None else _measure(data["title"])
        return dsay(language, "p_distribution", m=m, median=n(f["median"]),
                    q1=n(f["q1"]), q3=n(f["q3"]), min=n(f["min"]), max=n(f["max"]),
                    mean=n(f["mean"]), count=format_int(f["count"], language))
    if not head:
        return dsay(language, "p_no_pairs")
    pairs = "; ".join(f"{r['first']} / {r['second']} (r = {number(r['r'], language)})"
                      for r in head[:3])
    return dsay(language, "p_correlations", pairs=pairs)


def _measure(title: str) -> str:
    """The column named in a distribution title: only for a record whose step did not keep
    its column (see `paragraph`)."""
    for lang in LANGUAGES:
        prefix, _, suffix = message(lang, "datareport", "distribution").partition("{m}")
        if title.startswith(prefix) and title.endswith(suffix):
            return title[len(prefix):len(title) - len(suffix) or None]
    return title
