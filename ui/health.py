"""Sandbox health in plain words, for the Settings page (no docker calls in pages)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyst.settings import AppSettings


@dataclass(frozen=True)
class Health:
    engine_problem: str | None
    image: str
    image_problem: str | None
    limits: tuple[str, ...]
    limits_problem: str | None
    backend_setting: str = "auto"
    image_stale: bool = False
    """An image built from other sandbox files is there (`latest`), not this checkout's."""

    @property
    def docker_ready(self) -> bool:
        return self.engine_problem is None and self.image_problem is None

    @property
    def backend_in_use(self) -> str | None:
        """"docker", "local", or None when docker is required and cannot run."""
        if self.backend_setting == "local":
            return "local"
        if self.docker_ready:
            return "docker"
        return "local" if self.backend_setting == "auto" else None

    def verdict(self) -> tuple[str, str]:
        """(kind, sentence): kind is success, warning or error, as the page shows it."""
        in_use = self.backend_in_use
        if in_use == "docker":
            return "success", ("Ready: each analysis runs in its own Docker container with no "
                               "network, read-only files and memory/CPU limits.")
        if in_use is None:
            return "error", ("No analysis can run: the backend is set to docker "
                             "(ANALYST_SANDBOX_BACKEND) and Docker is not usable. Fix the "
                             "problem below, or set the backend to auto or local.")
        why = ("because the backend is set to local" if self.backend_setting == "local"
               else "because Docker is not usable (see below)")
        return "warning", (f"Code runs as a local process on this machine {why}. This is NOT "
                           "isolation: generated code can read whatever the app's user can. "
                           "Fine on your own computer with your own data; on a shared server "
                           "use Docker (ANALYST_SANDBOX_BACKEND=docker).")


    def plain_verdict(self) -> tuple[str, str]:
        """(kind, sentence) for someone who does not administer the server: no setting names."""
        in_use = self.backend_in_use
        if in_use == "docker":
            return "success", ("Your data is analysed in an isolated container with no internet "
                               "access; the analysis cannot change your files.")
        if in_use is None:
            return "error", ("No analysis can run right now: the isolated container it needs is "
                             "not available. Ask the person who installed Analyst (details below).")
        return "warning", ("Your data is analysed by a program running directly on this computer, "
                           "not in an isolated container. Fine for your own files on your own "
                           "computer; on a shared server ask the person who installed Analyst to "
                           "turn on isolation.")


def plain_limits(settings: AppSettings) -> list[str]:
    """The limits a user meets, in plain words (the full list is for the administrator)."""
    from sandbox.limits import human_size

    limits = settings.sandbox_limits
    return [f"files up to {settings.ingest.max_upload_mb:g} MB and {settings.ingest.max_rows:,} rows",
            (f"each step of an analysis may take up to {limits.step_timeout_s:g} seconds and "
            f"{human_size(limits.memory_bytes)} of memory"),
            f"up to {settings.max_sandboxes} analyses at once; others wait their turn"]


def check(settings: AppSettings) -> Health:
    """Ask the Docker engine; the limits are the ones `settings` says are in force."""
    from sandbox.engine import engine_problem, image_id, image_problem, image_tag

    engine = engine_problem()
    tag = settings.sandbox_image or image_tag()
    image: str | None = image_problem(tag) if engine is None else "cannot check without an engine"
    stale = False
    if engine is None and image is not None and settings.sandbox_image is None:
        repository = tag.partition(":")[0]
        stale = image_id(f"{repository}:latest") is not None
    problem = None
    if not settings.sandbox_limits_ok:
        problem = ("A sandbox limit has a bad value (see the problems at the top); no analysis "
                   "starts until it is fixed.")
    return Health(engine, tag, image, tuple(settings.sandbox_limits.describe()), problem,
                  settings.sandbox_backend, stale)


def build_image(offline: bool, progress: Any) -> str:
    from sandbox.build import build

    return build(offline=offline, progress=progress)
