"""`Step`: one piece of code run in the sandbox, and everything that came of it."""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from analyst.record.chart import Chart, LeftOut
from analyst.record.figures import StepFigures, figures_sent
from analyst.record.legacy import old_figures, upgraded
from analyst.record.origin import ModelCode, Origin, RecipeCall, origin_from_dict, origin_to_dict
from analyst.record.refusal import Refusal, read_refusal
from sandbox import ExecutionResult

TABLE_SUFFIXES = (".parquet", ".csv", ".xlsx")


@dataclass(frozen=True)
class FileHash:
    """A file a step wrote (`output/...`) or read (`input/<table>.parquet`), with its SHA-256."""

    path: str
    """Relative to the workspace, with forward slashes."""
    sha256: str
    """Of the content when the step ended; "" when it was not recorded (older records)."""

    def to_dict(self) -> dict[str, str]:
        return {"path": self.path, "sha256": self.sha256}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FileHash:
        return cls(str(data["path"]), str(data.get("sha256") or ""))


@dataclass(frozen=True)
class Step:
    """One piece of code run in the sandbox, and what came of it.

    Made twice in a step's life: planned (`result` None, shown before it runs, e.g. for
    approval), then `finished` once it ran, which fills in the figures, artifacts and inputs.
    """

    number: int
    description: str
    code: str
    result: ExecutionResult | None = None
    origin: Origin = field(default_factory=ModelCode)
    figures: StepFigures | None = None
    """The figures it sent (`ExecutionResult.figures`), read when it ran (None: it sent none)."""
    artifacts: tuple[FileHash, ...] = ()
    """What it wrote under `output/`, as `result.files`, with each file's SHA-256."""
    inputs: tuple[FileHash, ...] = ()
    """The tables it read (a recipe's or a query's table; the tables model code names)."""
    refusal: Refusal | None = None
    """Why its recipe refused to run (the refusal line it printed before failing), else None."""
    chart: Chart | None = None
    """Its result's chart, by value: built on the host from the table it saved
    (`analyst.brain.code.charts`), drawn in the app, the PDF and the workbook; None: no chart
    (model code without a spec, a recipe without one, a step that failed)."""
    chart_left_out: LeftOut | None = None
    """Set when the step asked for a chart that is not drawn (a spec its model code wrote,
    refused or contradicted by its table): the reader is told why instead."""

    @property
    def recipe(self) -> str | None:
        """The recipe the step calls, when it calls one (for the methodology appendix)."""
        if isinstance(self.origin, RecipeCall):
            return self.origin.recipe
        if isinstance(self.origin, ModelCode):
            return self.origin.recipe
        return None

    @property
    def charts(self) -> list[str]:
        if self.result is None:
            return []
        return [f.path for f in self.result.files if f.is_image]

    @property
    def tables(self) -> list[str]:
        if self.result is None:
            return []
        return [f.path for f in self.result.files if f.path.endswith(TABLE_SUFFIXES)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "description": self.description,
            "code": self.code,
            "origin": origin_to_dict(self.origin),
            "recipe": self.recipe,  # derived from the origin: for readers of the JSON alone
            "result": self.result.to_dict() if self.result is not None else None,
            "figures": self.figures.to_dict() if self.figures is not None else None,
            "artifacts": [a.to_dict() for a in self.artifacts],
            "inputs": [i.to_dict() for i in self.inputs],
            "refusal": self.refusal.to_dict() if self.refusal is not None else None,
            "chart": self.chart.to_dict() if self.chart is not None else None,
            "chart_left_out": self.chart_left_out,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Step:
        """The inverse of `to_dict()`, also after JSON. Records of earlier versions (no "origin",
        no "figures" in the result) are read by `analyst.record.legacy`."""
        if "origin" not in data:
            data = upgraded(data)
        raw, refusal = data.get("result"), data.get("refusal")
        figures = old_figures(raw, data.get("figures"))
        chart = data.get("chart")
        return cls(
            number=int(data["number"]),
            description=str(data["description"]),
            code=str(data["code"]),
            result=None if raw is None else ExecutionResult.from_dict(raw),
            origin=origin_from_dict(dict(data["origin"] or {})),
            figures=None if figures is None else StepFigures.from_dict(figures),
            artifacts=tuple(FileHash.from_dict(a) for a in data.get("artifacts") or ()),
            inputs=tuple(FileHash.from_dict(i) for i in data.get("inputs") or ()),
            refusal=None if not refusal else Refusal.from_dict(refusal),
            chart=None if not chart else Chart.from_dict(chart),
            chart_left_out=_left_out(data.get("chart_left_out")),
        )


def _left_out(value: object) -> LeftOut | None:
    if value == "disagrees" or value == "unusable":
        return value
    return None


def finished(step: Step, result: ExecutionResult, root: Path,
             reads: tuple[str, ...] = ()) -> Step:
    """`step` once its code ran in the workspace at `root`: the result, the figures it
    sent, the SHA-256 of what it wrote and of the tables it read: `reads` (paths
    relative to the workspace), else the inputs it was planned with; a failed step, the
    refusal its recipe printed. The one place a step's output is read."""
    figures = figures_sent(result)
    refusal = None if result.ok else read_refusal(result.stdout)
    # The sandbox hashed its by-value copy (`OutputFile.sha256`); the host never reads
    # `output/` again, where a later step could have swapped the file for a link or a FIFO.
    artifacts = tuple(FileHash(f.path, f.sha256) for f in result.files)
    paths = reads or tuple(i.path for i in step.inputs)
    inputs = tuple(FileHash(path, file_sha256(root / path)) for path in dict.fromkeys(paths))
    return replace(step, result=result, figures=figures, artifacts=artifacts, inputs=inputs,
                   refusal=refusal)


_CACHE: dict[tuple[str, int, int], str] = {}
_LOCK = threading.Lock()


def file_sha256(path: Path) -> str:
    """SHA-256 of a file ("" when it is gone). Cached by path, size and mtime: the standard
    report's seven steps read the same table, which need not be hashed seven times."""
    try:
        stat = path.stat()
    except OSError:
        return ""
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    with _LOCK:
        if key in _CACHE:
            return _CACHE[key]
    try:
        with path.open("rb") as handle:
            digest = hashlib.file_digest(handle, "sha256")
    except OSError:
        return ""
    with _LOCK:
        if len(_CACHE) > 512:
            _CACHE.clear()
        _CACHE[key] = digest.hexdigest()
    return _CACHE[key]
