"""A chart the model's code asks for: a small JSON spec next to a table it saved.

Model code keeps its freedom: a picture it draws with matplotlib stays a picture. Where it
also writes `output/<name>.chart.json` beside `output/<name>.parquet` (or `.csv`), the host
reads that spec by value (the sandbox's copy, never `output/`), validates it strictly and
builds the step's `Chart` from the table's own cells, held to the table by the same check
as a recipe's chart. The spec is never trusted: an unknown field or kind, a column the table
lacks, a value that is not a finite number give no chart, the reader a notice, the model
the reason (so it can write the spec again).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from pathlib import PurePosixPath
from typing import cast, get_args

import pandas as pd

from analyst.brain.code.charts import MAX_BARS, MAX_POINTS, categories, shares_chart
from analyst.charting.check import agrees, stated
from analyst.record import ModelCode, Step
from analyst.record.artifact_tables import TABLE_SUFFIXES, artifact_path, read_step_table
from analyst.record.chart import Chart, ChartKind, NumberFormat, Sort
from sandbox import OutputFile, Workspace

SPEC_SUFFIX = ".chart.json"
MAX_SPEC_BYTES = 16 * 1024
"""A spec is a few fields; anything larger is not one."""
MAX_TITLE = 200
KINDS = ("bar", "line", "stacked_bar", "pie")
"""What model code may ask for. A waterfall needs to know which steps are costs and
totals: only the P&L recipe draws one."""
FIELDS = frozenset(("kind", "x", "y", "title", "format", "currency", "sort"))


@dataclass(frozen=True)
class ChartSpec:
    """What a model's `.chart.json` asks for, once it passed `read_spec`."""

    kind: ChartKind
    x: str
    y: tuple[str, ...]
    title: str = ""
    number_format: NumberFormat = "thousands"
    currency: str | None = None
    sort: Sort = "table"


@dataclass(frozen=True)
class SpecProblem:
    """Why a spec gives no chart, in words for the model (the reader gets the notice)."""

    reason: str


def read_spec(data: object) -> ChartSpec | SpecProblem:
    """The spec in the JSON value `data`, or what is wrong with it. Strict: an unknown
    field is a mistake to point out, never silently ignored."""
    if not isinstance(data, dict):
        return SpecProblem("the chart spec must be a JSON object")
    unknown = sorted(str(k) for k in data if k not in FIELDS)
    if unknown:
        return SpecProblem(f"unknown field(s) {unknown}; the fields are {sorted(FIELDS)}")
    kind, x, y = data.get("kind"), data.get("x"), data.get("y")
    if kind not in KINDS:
        return SpecProblem(f"kind {kind!r} is not one of {list(KINDS)}")
    if not isinstance(x, str) or not x:
        return SpecProblem("x must name the table's category or period column")
    columns = (y,) if isinstance(y, str) else tuple(y) if isinstance(y, list) else ()
    if not columns or not all(isinstance(c, str) and c for c in columns):
        return SpecProblem("y must name a number column, or give a list of them")
    if len(columns) > 1 and kind not in ("line", "stacked_bar"):
        return SpecProblem(f"a {kind} chart draws one column; several need line or stacked_bar")
    text = {name: data.get(name) for name in ("title", "currency", "format", "sort")}
    if any(v is not None and not isinstance(v, str) for v in text.values()):
        return SpecProblem("title, currency, format and sort must be strings")
    fmt, sort = text["format"] or "thousands", text["sort"] or "table"
    if fmt not in get_args(NumberFormat):
        return SpecProblem(f"format {fmt!r} is not one of {list(get_args(NumberFormat))}")
    if sort not in get_args(Sort):
        return SpecProblem(f"sort {sort!r} is not one of {list(get_args(Sort))}")
    return ChartSpec(kind=cast(ChartKind, kind), x=x, y=tuple(str(c) for c in columns),
                     title=(text["title"] or "")[:MAX_TITLE],
                     number_format=cast(NumberFormat, fmt),
                     currency=(text["currency"] or "")[:8] or None, sort=cast(Sort, sort))


def spec_chart(spec: ChartSpec, table: pd.DataFrame, *, title: str,
               language: str) -> Chart | SpecProblem:
    """The chart `spec` asks for, its every value a cell of `table`, or why there is none."""
    for column in (spec.x, *spec.y):
        if column not in table.columns:
            return SpecProblem(f"column {column!r} is not in the table "
                               f"(its columns: {[str(c) for c in table.columns][:30]})")
    for column in spec.y:
        values = pd.to_numeric(table[column], errors="coerce")
        if not values.map(lambda v: math.isfinite(float(v))).all():
            return SpecProblem(f"column {column!r} holds values that are not finite numbers")
    keys = table[spec.x].astype(str)
    if keys.duplicated().any():
        return SpecProblem(f"column {spec.x!r} repeats a label: one row per category or period")
    limit = MAX_POINTS if spec.kind == "line" else MAX_BARS
    if len(table) > limit:
        return SpecProblem(f"a {spec.kind} chart draws at most {limit} rows; this table has "
                           f"{len(table)}: aggregate it first")
    name = spec.title or title
    try:
        if spec.kind == "pie":
            pie = shares_chart(table, spec.x, spec.y[0], title=name, language=language,
                               currency=spec.currency)
            if pie is None:
                return SpecProblem("a pie draws only non-negative parts of one positive whole")
            return replace(pie, number_format=spec.number_format)
        return categories(table, spec.x, spec.y, title=name, language=language,
                           kind=spec.kind, sort=spec.sort, fmt=spec.number_format,
                           currency=spec.currency, limit=limit)
    except (KeyError, TypeError, ValueError) as exc:
        return SpecProblem(f"the table cannot be charted that way ({exc})")


def model_charted(step: Step, workspace: Workspace,
                  language: str) -> tuple[Step, SpecProblem | None]:
    """`step` with the chart its model code's spec asks for, or marked with why it has none
    (`chart_left_out`) and the problem for the model; `step` unchanged when it wrote no
    spec (or is not model code, or failed)."""
    result = step.result
    if not isinstance(step.origin, ModelCode) or result is None or not result.ok:
        return step, None
    specs = [f for f in result.files if f.path.endswith(SPEC_SUFFIX)]
    if not specs:
        return step, None
    made = _chart(specs[0], result.files, workspace, title=step.description, language=language)
    if isinstance(made, SpecProblem):
        return replace(step, chart_left_out="unusable"), made
    chart, table = made
    if not agrees(chart, table, stated(step)):  # built from its cells, held to them anyway
        return replace(step, chart_left_out="disagrees"), SpecProblem(
            "a value the chart would draw differs from its table")
    if len(specs) > 1:
        return replace(step, chart=chart), SpecProblem(
            f"only one chart per step is drawn; {specs[0].path} was, the others were not")
    return replace(step, chart=chart), None


def _chart(spec_file: OutputFile, files: tuple[OutputFile, ...] | list[OutputFile],
           workspace: Workspace, *, title: str,
           language: str) -> tuple[Chart, pd.DataFrame] | SpecProblem:
    stem = spec_file.path[: -len(SPEC_SUFFIX)]
    tables = sorted((f for f in files if f.path.endswith(TABLE_SUFFIXES)),
                    key=lambda f: not f.path.endswith(".parquet"))
    sibling = next((f for f in tables if PurePosixPath(f.path).with_suffix("").as_posix() == stem),
                   None)
    if sibling is None:
        return SpecProblem(f"{spec_file.path} has no table beside it: save "
                           f"{stem}.parquet or {stem}.csv in the same step")
    if sibling is not tables[0]:
        return SpecProblem(f"the charted table {sibling.path} must be the step's first table "
                           f"(the one shown beside the chart); it is {tables[0].path}")
    spec = _spec(spec_file, workspace)
    if isinstance(spec, SpecProblem):
        return spec
    read = read_step_table(workspace, sibling)
    if read.frame is None:
        return SpecProblem(read.problem or f"{sibling.path} could not be read")
    made = spec_chart(spec, read.frame, title=title, language=language)
    return made if isinstance(made, SpecProblem) else (made, read.frame)


def _spec(file: OutputFile, workspace: Workspace) -> ChartSpec | SpecProblem:
    path = artifact_path(workspace, file)  # the host's copy, taken when the step ended
    if path is None:
        return SpecProblem(f"{file.path} was not kept")
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_SPEC_BYTES + 1)
        if len(raw) > MAX_SPEC_BYTES:
            return SpecProblem(f"{file.path} is larger than {MAX_SPEC_BYTES} bytes")
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return SpecProblem(f"{file.path} is not valid JSON ({exc})")
    return read_spec(data)


def _no_constant(name: str) -> float:
    # NaN and Infinity are not JSON: a spec holding them is refused, not read as numbers.
    raise ValueError(f"{name} is not allowed")
