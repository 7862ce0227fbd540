"""The reading child: one upload read in a process of its own, inside its bounds.

The reader server (`analyst.ingest.server`) forks `run` for each job, with the heavy readers
already imported; `bounded.ingest_file` reads the replies from a socket: typed records,
pickled, never text. Everything here runs in the child; the bounds are set before the file
is opened, so a file that asks for 550 GB ends this process, never the app's.
"""

from __future__ import annotations

import math
import os
import resource
import signal
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from analyst.progress import Stage

PRELOAD = [  # what the reader server imports once, so each child starts warm
    "analyst.ingest.pipeline",
    "analyst.ingest.excel",
    "analyst.ingest.excel_formats",
    "analyst.ingest.formulas_eval",
    "openpyxl",
    "python_calamine",
    "pyarrow.pandas_compat",
]


FORMULAS = "--formulas"
"""The reader server's flag for `warm_up(formulas=True)`."""


def warm_up(formulas: bool = False) -> None:
    """What every child would otherwise do first (imports, the English catalogue the notes
    are written in: 0.15 s of parsing), done once in the server. Nothing here starts a
    thread, so forking stays safe.

    `formulas`: also build the formula library's function table (it imports scipy.stats and
    more: 1.4 s), which each child reading a workbook with formulas builds otherwise. Worth
    it in a server that reads many files (the app's); a command that reads one CSV would
    pay it for nothing."""
    import importlib

    from analyst.catalogue import translations
    from analyst.ingest.formula_guard import bound_text

    for module in PRELOAD:
        importlib.import_module(module)
    translations("en")
    if formulas:
        bound_text()
    try:
        _read_once()
    except Exception:  # noqa: BLE001 - only a head start: the server must serve without it
        import logging

        logging.getLogger(__name__).warning("the reader's warm-up read failed", exc_info=True)


def _read_once() -> None:
    import tempfile

    from analyst.ingest.pipeline import ingest_file

    with tempfile.TemporaryDirectory(prefix="analyst-reader-warm-") as folder:
        sample = Path(folder) / "warm.csv"
        sample.write_text("Date,Region,Amount\n2024-01-01,North,1.5\n2024-01-02,South,2\n", encoding="utf-8")
        ingest_file(sample, _Folder(Path(folder) / "input"))


@dataclass(frozen=True)
class Job:
    """One file to read, with everything the child needs by value."""

    path: Path
    input_dir: Path
    options: Any
    display_name: str | None
    settings: dict[str, str]
    """The parent's `ANALYST_*` environment now: the forkserver's is from when it started."""
    memory_bytes: int
    """Address space the child may add to what it starts with."""
    seconds: float
    """Wall-clock time; CPU time is bounded to this on every core."""


@dataclass(frozen=True)
class Progressed:
    stage: Stage


@dataclass(frozen=True)
class Read:
    cards: list[Any]
    """The `DataCard`s, by value."""


@dataclass(frozen=True)
class Refused:
    error: Exception
    """An `IngestError` (its `Note` says why in the user's words)."""


@dataclass(frozen=True)
class OutOfMemory:
    """The reader asked for more than the memory bound and said so (MemoryError)."""


@dataclass(frozen=True)
class Failed:
    """A bug of ours in the child: its kind and message, the traceback for the log."""

    kind: str
    message: str
    traceback: str = field(default="")


@dataclass(frozen=True)
class Exited:
    """Sent by the server when the child ended, after anything the child sent itself."""

    code: int
    """As `multiprocessing` says it: the exit status, or minus the signal that ended it."""


Reply = Progressed | Read | Refused | OutOfMemory | Failed | Exited


@dataclass(frozen=True)
class _Folder:
    input_dir: Path


def run(job: Job, replies: Connection) -> None:
    """Read `job.path` into `job.input_dir` and send what happened; the last reply is final."""
    _take_settings(job.settings)
    _bound(job.memory_bytes, job.seconds)
    try:
        replies.send(_read(job, replies))
    except MemoryError:
        replies.send(OutOfMemory())
    finally:
        replies.close()


def _read(job: Job, replies: Connection) -> Reply:
    import traceback

    from analyst.ingest.errors import IngestError
    from analyst.ingest.pipeline import ingest_file

    def tell(stage: Stage) -> None:
        replies.send(Progressed(stage))

    try:
        cards = ingest_file(job.path, _Folder(job.input_dir), job.options, job.display_name, tell)
    except IngestError as exc:
        return Refused(exc)
    except MemoryError:
        raise
    except Exception as exc:  # noqa: BLE001 - a bug of ours: reported to the parent as data
        return Failed(type(exc).__name__, str(exc), traceback.format_exc())
    return Read(cards)


def _take_settings(settings: dict[str, str]) -> None:
    for name in [n for n in os.environ if n.startswith("ANALYST_")]:
        if name not in settings:
            del os.environ[name]
    os.environ.update(settings)


def _bound(memory_bytes: int, seconds: float) -> None:
    """Address space: what the warm child already maps plus the budget (pandas and Arrow map
    far more than they touch, so an absolute figure would mean a different thing on every
    machine). Time: SIGALRM's default action ends the process even inside C or Rust code,
    and nothing in the child handles it; CPU time as a backstop (threads run on every core)."""
    limit = _address_space() + memory_bytes
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    cpu = math.ceil(seconds * (os.cpu_count() or 1)) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    signal.alarm(max(1, math.ceil(seconds)))


def _address_space() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0
