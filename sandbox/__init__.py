"""Runs generated Python in a persistent, hardened session: Docker by default, local for dev.

Public boundary: everything the app needs is importable from here.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from sandbox.errors import SandboxError, SandboxUnavailable, WorkspaceError
from sandbox.kernel import FIGURES_FUNCTION
from sandbox.limits import Limits, human_size
from sandbox.notices import (
    CLAIMED,
    CONTAINER_EXITED,
    DEATHS,
    EXITED,
    REPLY_TOO_BIG,
    STREAM,
    TAMPERINGS,
)
from sandbox.notices import english as notice_english
from sandbox.owners import use_installation
from sandbox.problems import DOCKER_UNUSABLE, PROBLEMS
from sandbox.problems import parts as problem_parts
from sandbox.result import (
    DisplayValue,
    ExecutionError,
    ExecutionResult,
    Notice,
    NoticeValue,
    OutputFile,
)
from sandbox.session import Session
from sandbox.tag import IMAGE_DIR, REPOSITORY, image_tag
from sandbox.workspace import Workspace

if TYPE_CHECKING:
    from sandbox.backends import open_session
    from sandbox.build import (
        OFFLINE_BASE,
        BuildError,
        build_from,
        download_wheels,
        engine_ready,
        image_exists,
    )
    from sandbox.build import build as build_image
    from sandbox.engine import client as engine_client
    from sandbox.engine import engine_problem, image_id, image_problem
    from sandbox.local import local_notice
    from sandbox.pool import WarmPool
    from sandbox.reaper import reap_orphans
    from sandbox.wheels import link_into as link_wheels
    from sandbox.wheels import user_wheel_cache

__all__ = [
    "CLAIMED", "CONTAINER_EXITED", "DEATHS", "EXITED", "FIGURES_FUNCTION", "REPLY_TOO_BIG", "STREAM",
    "TAMPERINGS", "DisplayValue", "ExecutionError", "ExecutionResult", "Limits", "Notice",
    "NoticeValue", "OutputFile", "SandboxError", "SandboxUnavailable", "Session", "Workspace",
    "WorkspaceError", "build_image", "BuildError", "OFFLINE_BASE", "IMAGE_DIR", "REPOSITORY",
    "build_from", "download_wheels", "engine_ready", "engine_client", "link_wheels",
    "user_wheel_cache", "image_exists", "engine_problem", "human_size", "image_id", "image_problem",
    "image_tag", "local_notice", "notice_english", "open_session", "DOCKER_UNUSABLE", "PROBLEMS",
    "problem_parts",
    "reap_orphans", "use_installation", "WarmPool",
]

# Opening a session, asking the engine, building the image and reaping containers import
# the Docker SDK (about 0.2 s of CPU); the local backend's words start no process but pull
# in the backend (about 10 ms). The records and errors here are wanted by every caller that
# never starts a sandbox (a program that only reads a file). So those are imported on first
# use (PEP 562).
_ON_FIRST_USE: dict[str, tuple[str, str]] = {  # public name: (module, its name there)
    "open_session": ("sandbox.backends", "open_session"),
    "reap_orphans": ("sandbox.reaper", "reap_orphans"),
    "WarmPool": ("sandbox.pool", "WarmPool"),
    "build_image": ("sandbox.build", "build"),
    # Building images (the sandbox's, and the app's own on the same base: analyst.deploy).
    "BuildError": ("sandbox.build", "BuildError"),
    "OFFLINE_BASE": ("sandbox.build", "OFFLINE_BASE"),
    "build_from": ("sandbox.build", "build_from"),
    "download_wheels": ("sandbox.build", "download_wheels"),
    "engine_ready": ("sandbox.build", "engine_ready"),
    "link_wheels": ("sandbox.wheels", "link_into"),
    "user_wheel_cache": ("sandbox.wheels", "user_wheel_cache"),
    "image_exists": ("sandbox.build", "image_exists"),
    "engine_client": ("sandbox.engine", "client"),
    "engine_problem": ("sandbox.engine", "engine_problem"),
    "image_id": ("sandbox.engine", "image_id"),
    "image_problem": ("sandbox.engine", "image_problem"),
    "local_notice": ("sandbox.local", "local_notice"),
}


def __getattr__(name: str) -> object:
    if name not in _ON_FIRST_USE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attribute = _ON_FIRST_USE[name]
    value = vars(import_module(module))[attribute]
    globals()[name] = value  # later look-ups are ordinary ones
    return value
