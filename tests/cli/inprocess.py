"""`analyst ...` run inside the test's own process (issue 28, point 3).

A subprocess of the command costs about 3 s of imports before it does anything; the same
command through `analyst.__main__.main(argv)` costs what the command itself does. Tests of
what a command answers run it here; a few tests keep real processes for what only a
process shows (exit status of the installed script, the interpreter's own output, signals:
tests/default, tests/cli/test_cli_help.py, tests/packaging).

`run` gives the same `CompletedProcess` a `subprocess.run(..., capture_output=True,
text=True)` would: the exit status (`main`'s return value, or `SystemExit`'s code, as
argparse exits), and what the command wrote to stdout and stderr, with the environment and
working folder the caller names, restored afterwards.
"""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path


class _Stream(io.TextIOWrapper):
    """A text stream with a binary buffer and a name, as `sys.stdout` has (the commands
    write bytes through `.buffer` where they must)."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), encoding="utf-8", errors="replace", newline="\n",
                         write_through=True)

    def isatty(self) -> bool:
        return False

    def text(self) -> str:
        self.flush()
        raw = self.buffer
        assert isinstance(raw, io.BytesIO)
        return raw.getvalue().decode("utf-8", errors="replace")


@contextmanager
def _environment(env: Mapping[str, str] | None) -> Iterator[None]:
    if env is None:
        yield
        return
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


@contextmanager
def _folder(cwd: Path | str | None) -> Iterator[None]:
    before = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(before)


@contextmanager
def _logging_kept() -> Iterator[None]:
    """`main` configures logging for a terminal: put the test process's back after."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        yield
    finally:
        for handler in root.handlers:
            if handler not in handlers:
                root.removeHandler(handler)
        root.setLevel(level)


def run(*args: str, cwd: Path | str | None = None, env: Mapping[str, str] | None = None,
        stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`analyst *args` as a process would run it, in this process."""
    from analyst.__main__ import main

    out, err = _Stream(), _Stream()
    saved = sys.stdin, sys.stdout, sys.stderr, sys.argv
    code: int
    with _environment(env), _folder(cwd), _logging_kept():
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
        sys.argv = ["analyst", *args]
        try:
            code = main(list(args))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
            if stop.code is not None and not isinstance(stop.code, int):
                print(stop.code, file=err)
        finally:
            sys.stdin, sys.stdout, sys.stderr, sys.argv = saved
    return subprocess.CompletedProcess(["analyst", *args], code, out.text(), err.text())
