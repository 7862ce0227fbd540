"""Sandbox health in plain words, for the Settings page (no docker calls in pages)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyst.settings import AppSettings
from sandbox import Notice, engine_problem, human_size, image_id, image_problem, image_tag
from sandbox import build_image as build_sandbox_image
from ui.i18n import t


@dataclass(frozen=True)
class Health:
    engine_problem: Notice | None
    image: str
    image_problem: Notice | None
    """(Without an engine, the engine's problem: the image cannot be checked.)"""
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

    def verdict(self, plain: bool = False) -> tuple[str, str]:
        """(kind, sentence): kind is success, warning or error, as the page shows it. `plain`:
        for someone who does not administer the server (no setting names)."""
        in_use = self.backend_in_use
        if in_use == "docker":
            return "success", t("set_plain_docker" if plain else "set_verdict_docker")
        if in_use is None:
            return "error", t("set_plain_none" if plain else "set_verdict_none")
        return "warning", t("set_plain_local" if plain
                            else "set_verdict_local_setting" if self.backend_setting == "local"
                            else "set_verdict_local_docker")


def plain_limits(settings: AppSettings) -> list[str]:
    """The limits a user meets, in plain words (the full list is for the administrator)."""
    limits = settings.sandbox_limits
    return [t("set_plain_files", count=settings.ingest.max_rows,
              mb=f"{settings.ingest.max_upload_mb:g}"),
            _counted("set_plain_step", limits.step_timeout_s,
                     memory=human_size(limits.memory_bytes)),
            t("set_plain_parallel", count=settings.running_at_once)]


def admin_limits(settings: AppSettings) -> list[str]:
    """Every limit with its figure, for the administrator (the sandbox's own `describe()` is
    English for `doctor` and the logs; this is the same list in the interface language)."""
    limits = settings.sandbox_limits
    return [t("set_lim_memory", size=human_size(limits.memory_bytes)),
            t("set_lim_cpu", cpus=f"{limits.cpus:g}"),
            t("set_lim_pids", n=limits.pids),
            t("set_lim_tmp", size=human_size(limits.tmp_bytes)),
            t("set_lim_output", count=limits.output_files, size=human_size(limits.output_bytes)),
            t("set_lim_step", timeout=f"{limits.step_timeout_s:g}", grace=f"{limits.grace_s:g}"),
            _counted("set_lim_idle", limits.idle_s / 60),
            t("set_lim_uploads", mb=f"{settings.ingest.max_upload_mb:g}"),
            t("set_lim_rows", count=settings.ingest.max_rows),
            t("set_lim_excel", mb=f"{settings.ingest.max_unzipped_mb:g}"),
            t("set_lim_queue", count=settings.running_at_once,
              seconds=f"{settings.queue_timeout_s:g}")]


def _counted(key: str, amount: float, **values: Any) -> str:
    # A figure that may be fractional (90 s, 1.5 min): a whole one takes its plural form,
    # a fraction the form languages use for it (Ukrainian/Russian: that of 2, "1,5 хвилини").
    whole = float(amount).is_integer()
    return t(key, count=int(amount) if whole else 2, n=f"{amount:g}", **values)


def check(settings: AppSettings) -> Health:
    """Ask the Docker engine; the limits are the ones `settings` says are in force."""
    engine = engine_problem()
    tag = settings.sandbox_image or image_tag()
    image = image_problem(tag) if engine is None else engine
    stale = False
    if engine is None and image is not None and settings.sandbox_image is None:
        repository = tag.partition(":")[0]
        stale = image_id(f"{repository}:latest") is not None
    problem = None
    if not settings.sandbox_limits_ok:
        problem = t("set_limits_problem")
    return Health(engine, tag, image, tuple(settings.sandbox_limits.describe()), problem,
                  settings.sandbox_backend, stale)


def build_image(offline: bool, progress: Any) -> str:
    return build_sandbox_image(offline=offline, progress=progress)
