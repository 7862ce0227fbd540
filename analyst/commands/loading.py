"""What `ask` and `report` share: open an analysis on files, and turn failures into one line."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from analyst.commands.ingest import stage_printer
from analyst.commands.language import CliNote, words
from analyst.commands.terminal import clean
from analyst.errors import AnalystError, user_message
from analyst.session.analysis import Analysis
from analyst.settings import AppSettings, load_settings
from analyst.words.note import render

BACKENDS = ("auto", "docker", "local")


class CommandError(AnalystError):
    """A failure the user can act on, raised with a `CliNote`: `message_in(language)` is the
    one line printed on stderr."""


def environment_settings() -> AppSettings:
    """The settings the command line honours: the environment only (no secrets.toml)."""
    return load_settings(secrets={})


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workspace", type=Path, default=None,
                        help="folder for the clean tables, charts and tables (default: a new "
                             "folder in the temporary directory)")
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


def warn_about_settings(language: str = "en") -> None:
    """Name every environment setting that could not be used (its default is used instead).
    The problem is said in `language` (a `SettingNote`; the app says the same one)."""
    for problem in environment_settings().problems:
        print(clean(words(language, "setting_ignored", problem=render(problem, language))),
              file=sys.stderr)


def open_analysis(files: Sequence[Path], workspace: Path | None, backend: str,
                  *, quiet: bool = False, language: str = "en") -> Analysis:
    """An analysis with every file ingested; raises `CommandError` on a missing file."""
    for path in files:
        if not path.is_file():
            raise CommandError(CliNote("file_not_found", file=str(path)))
    warn_about_settings(language)
    root = workspace or Path(tempfile.mkdtemp(prefix="analyst-"))
    analysis = Analysis.open(root, backend=backend)
    progress = None if quiet else stage_printer(language)
    for path in files:
        # The same stages as the app's progress bar, on stderr (stdout stays the answer).
        analysis.add_file(path, progress=progress)
    return analysis


def human_error(exc: BaseException, language: str = "en") -> str | None:
    """The one-line message for an expected failure in `language`, or None for a bug of ours."""
    if (message := user_message(exc, language)) is not None:  # AnalystError, SandboxError
        return message
    if isinstance(exc, OSError):
        if not exc.filename:
            return str(exc)
        key = {FileNotFoundError: "file_not_found", PermissionError: "permission_denied",
               IsADirectoryError: "is_a_folder"}.get(type(exc), "os_error")
        return words(language, key, file=str(exc.filename), reason=str(exc.strerror or exc))
    return None


def fail(exc: BaseException, language: str = "en") -> int:
    """Print the one line for `exc` and return the exit status (2 for our own bugs)."""
    message = human_error(exc, language)
    if message is None:
        print(clean(words(language, "internal_error", kind=type(exc).__name__,
                          detail=str(exc))), file=sys.stderr)
        return 2
    print(clean(message), file=sys.stderr)
    return 1
