"""Stages of a long job (reading a big file), told to whoever shows them: a bar, a terminal.

The analyst never imports streamlit: a job takes a `progress` callback and calls it with a
`Stage` at each step; the app turns stages into a progress bar with words in the
interface language (by `key`), the command line prints `text` on stderr.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Stage:
    key: str
    """What is being done: a key of `INGEST_STAGES` or `REPORT_STAGES` ("read", "pdf", "done")."""
    fraction: float
    """How far along the job is, 0..1 (stages of one job only grow)."""
    text: str
    """The stage in English words, e.g. "Reading sales.csv"."""
    name: str = ""
    """The file (or report) the stage is about."""
    job: str = "ingest"
    """"ingest" (reading a file) or "report" (building a report)."""


Progress = Callable[[Stage], None]

INGEST_STAGES = {
    "read": (0.05, "Reading {name}"),
    "types": (0.55, "Typing the columns of {name}"),
    "write": (0.7, "Writing the clean table of {name}"),
    "card": (0.85, "Describing the columns of {name}"),
    "done": (1.0, "Read {name}"),
}


REPORT_STAGES = {
    "figures": (0.1, "Computing the key figures of {name}"),
    "assemble": (0.35, "Assembling {name}"),
    "pdf": (0.55, "Drawing the PDF of {name}"),
    "xlsx": (0.8, "Writing the Excel workbook of {name}"),
    "done": (1.0, "{name} is ready"),
}
_JOBS = {"ingest": INGEST_STAGES, "report": REPORT_STAGES}


def tell(progress: Progress | None, key: str, name: str, job: str = "ingest") -> None:
    """Call `progress` with stage `key` of `job` about `name` (nothing when None)."""
    if progress is None:
        return
    fraction, text = _JOBS[job][key]
    progress(Stage(key, fraction, text.format(name=name), name, job))
