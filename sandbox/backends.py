"""`open_session`: pick a backend (docker, local, or auto) and wrap it in a session."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from sandbox.backend_protocol import Backend, Death
from sandbox.docker_backend import DockerBackend
from sandbox.engine import image_tag
from sandbox.engines import problem as engines_problem
from sandbox.errors import SandboxError
from sandbox.health import Vitals
from sandbox.limits import Limits
from sandbox.local import LocalBackend, local_notice
from sandbox.notices import NEVER_STARTED
from sandbox.problems import docker_unusable
from sandbox.protocol import Channel
from sandbox.result import Notice
from sandbox.session import KernelSession
from sandbox.workspace import Workspace

if TYPE_CHECKING:
    from sandbox.pool import WarmPool

BackendName = Literal["auto", "docker", "local"]


class AutoBackend:
    """Docker when an engine answers and the image exists, else local with a warning.

    The choice needs I/O, so it is made at the first launch, not in the constructor.
    """

    def __init__(self, workspace: Workspace, limits: Limits, pool: WarmPool | None = None) -> None:
        self.workspace = workspace
        self.limits = limits
        self.pool = pool
        self._chosen: Backend | None = None
        self._why_local: Notice | None = None

    def _choose(self) -> Backend:
        if self._chosen is None:
            self._why_local = engines_problem(image_tag())
            self._chosen = (LocalBackend(self.workspace, self.limits) if self._why_local is not None
                            else DockerBackend(self.workspace, self.limits, pool=self.pool))
        return self._chosen

    @property
    def name(self) -> str:
        return self._chosen.name if self._chosen else "auto"

    @property
    def isolated(self) -> bool:
        return bool(self._chosen and self._chosen.isolated)

    @property
    def owns_output(self) -> bool:
        return bool(self._chosen and self._chosen.owns_output)

    @property
    def warning(self) -> Notice | None:
        if self._chosen is None or self._chosen.isolated:
            return None
        return docker_unusable(self._why_local, local_notice())

    def launch(self) -> Channel:
        return self._choose().launch()

    def alive(self) -> bool:
        return bool(self._chosen and self._chosen.alive())

    def vitals(self) -> Vitals:
        return self._chosen.vitals() if self._chosen else Vitals(False, None)

    def interrupt(self) -> None:
        if self._chosen:
            self._chosen.interrupt()

    def death(self) -> Death:
        return self._chosen.death() if self._chosen else Death(False, NEVER_STARTED)

    def stop(self) -> None:
        if self._chosen:
            self._chosen.stop()

    def sync_input(self) -> bool:
        return self._chosen.sync_input() if self._chosen else True

    def sync_output(self, state: object) -> set[str]:
        return self._chosen.sync_output(state) if self._chosen else set()


def open_session(
    workspace: Workspace | str | os.PathLike[str],
    backend: BackendName | str = "auto",  # any text: it comes from settings, checked below
    limits: Limits | None = None,
    pool: WarmPool | None = None,
) -> KernelSession:
    """A session on `workspace`; nothing starts until `start()` or the first `run()`.

    With a `pool` (`sandbox.pool.WarmPool`) a Docker session takes a warm container when
    one is ready and fits (same image and limits), else it starts its own."""
    ws = workspace if isinstance(workspace, Workspace) else Workspace(Path(workspace))
    limits = limits or Limits.from_env()
    # Typed as what a session needs: a backend that lacks a member of `Backend` fails mypy.
    factories: dict[str, Callable[[Workspace, Limits], Backend]] = {
        "docker": lambda w, lim: DockerBackend(w, lim, pool=pool),
        "local": LocalBackend,
        "auto": lambda w, lim: AutoBackend(w, lim, pool=pool)}
    chosen = factories.get(backend)
    if chosen is None:
        raise SandboxError(f"Unknown sandbox backend {backend!r}; use docker, local or auto.")
    return KernelSession(ws, chosen(ws, limits), limits)
