"""Sandbox health in plain words, for the Settings page (no docker calls in pages)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Health:
    engine_problem: str | None
    image: str
    image_problem: str | None
    limits: tuple[str, ...]
    limits_problem: str | None


def check() -> Health:
    from sandbox import Limits, SandboxError
    from sandbox.engine import engine_problem, image_problem, image_tag

    engine = engine_problem()
    tag = image_tag()
    image = image_problem(tag) if engine is None else "cannot check without an engine"
    try:
        limits, problem = tuple(Limits.from_env().describe()), None
    except SandboxError as exc:
        limits, problem = tuple(Limits().describe()), str(exc)
    return Health(engine, tag, image, limits, problem)


def build_image(offline: bool, progress) -> str:
    from sandbox.build import build

    return build(offline=offline, progress=progress)
