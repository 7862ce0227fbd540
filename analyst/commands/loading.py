"""What `ask` and `report` share: open an analysis on files, and turn failures into one line."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from analyst.commands.terminal import clean
from analyst.errors import AnalystError, user_message
from analyst.session.analysis import Analysis
from analyst.settings import AppSettings, load_settings

BACKENDS = ("auto", "docker", "local")


class CommandError(AnalystError):
    """A failure the user can act on; `str()` is the one line printed on stderr."""


def environment_settings() -> AppSettings:
    """The settings the command line honours: the environment only (no secrets.toml)."""
    return load_settings(secrets={})


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workspace", type=Path, default=None,
                        help="folder for the clean tables, charts and tables "
                             "(default: a new folder in the temporary directory)")
    parser.add_argument("--backend", choices=BACKENDS,
                        default=environment_settings().sandbox_backend,
                        help="where generated code runs: docker (isolated), local (NOT "
                             "isolated), or auto (docker when usable, else local). Default: "
                             "ANALYST_SANDBOX_BACKEND, else auto (now: %(default)s)")


def add_offline_argument(parser: argparse.ArgumentParser, help_text: str) -> None:
    offline = environment_settings().offline
    parser.add_argument("--offline", action=argparse.BooleanOptionalAction, default=offline,
                        help=f"{help_text}. Default: ANALYST_OFFLINE, else off (now: "
                             f"{'on' if offline else 'off'}); --no-offline overrides "
                             "ANALYST_OFFLINE=on")


def warn_about_settings() -> None:
    """Name every environment setting that could not be used (its default is used instead)."""
    for problem in environment_settings().problems:
        print(f"Setting ignored: {problem}", file=sys.stderr)


def open_analysis(files: Sequence[Path], workspace: Path | None, backend: str,
                  *, quiet: bool = False) -> Analysis:
    """An analysis with every file ingested; raises `CommandError` on a missing file."""
    for path in files:
        if not path.is_file():
            raise CommandError(f"File not found: {path}")
    warn_about_settings()
    root = workspace or Path(tempfile.mkdtemp(prefix="analyst-"))
    analysis = Analysis.open(root, backend=backend)
    from analyst.commands.ingest import print_stage

    for path in files:
        # The same stages as the app's progress bar, on stderr (stdout stays the answer).
        analysis.add_file(path, progress=None if quiet else print_stage)
    return analysis


def human_error(exc: BaseException) -> str | None:
    """The one-line message for an expected failure, or None for a bug of ours."""
    if (message := user_message(exc)) is not None:  # AnalystError, SandboxError
        return message
    if isinstance(exc, OSError):
        return f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc)
    return None


def fail(exc: BaseException) -> int:
    """Print the one line for `exc` and return the exit status (2 for our own bugs)."""
    message = human_error(exc)
    if message is None:
        message = (f"Internal error ({type(exc).__name__}: {exc}). This is a bug in Analyst; "
                   "please report it with the command you ran.")
        print(clean(message), file=sys.stderr)
        return 2
    print(clean(message), file=sys.stderr)
    return 1
