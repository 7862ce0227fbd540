"""Runs generated Python in a persistent, hardened session: Docker by default, local for dev.

Public boundary: everything the app needs is importable from here.
"""

from sandbox.backends import open_session
from sandbox.errors import SandboxError, SandboxUnavailable, WorkspaceError
from sandbox.limits import Limits
from sandbox.owners import use_installation
from sandbox.reaper import reap_orphans
from sandbox.result import DisplayValue, ExecutionError, ExecutionResult, Notice, OutputFile
from sandbox.session import Session
from sandbox.workspace import Workspace

__all__ = [
    "DisplayValue", "ExecutionError", "ExecutionResult", "Limits", "Notice", "OutputFile",
    "SandboxError", "SandboxUnavailable", "Session", "Workspace", "WorkspaceError",
    "open_session", "reap_orphans", "use_installation",
]
