"""Runs generated Python in a persistent, hardened session: Docker by default, local for dev.

Public boundary: everything the app needs is importable from here.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from sandbox.errors import SandboxError, SandboxUnavailable, WorkspaceError
from sandbox.limits import Limits
from sandbox.owners import use_installation
from sandbox.result import DisplayValue, ExecutionError, ExecutionResult, Notice, OutputFile
from sandbox.session import Session
from sandbox.workspace import Workspace

if TYPE_CHECKING:
    from sandbox.backends import open_session
    from sandbox.reaper import reap_orphans

__all__ = [
    "DisplayValue", "ExecutionError", "ExecutionResult", "Limits", "Notice", "OutputFile",
    "SandboxError", "SandboxUnavailable", "Session", "Workspace", "WorkspaceError",
    "open_session", "reap_orphans", "use_installation",
]

# Opening a session and reaping containers import the Docker SDK (about 0.2 s of CPU);
# the records and errors here are wanted by every caller that never starts a sandbox (a
# program that only reads a file). So those two are imported on first use (PEP 562).
_ON_FIRST_USE = {"open_session": "sandbox.backends", "reap_orphans": "sandbox.reaper"}


def __getattr__(name: str) -> object:
    if name not in _ON_FIRST_USE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = vars(import_module(_ON_FIRST_USE[name]))[name]
    globals()[name] = value  # later look-ups are ordinary ones
    return value
