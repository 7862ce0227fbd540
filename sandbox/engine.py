"""The Docker engine through its CLI (no SDK dependency): availability and one call helper."""

from __future__ import annotations

import os
import shutil
import subprocess

DEFAULT_IMAGE = "analyst-sandbox:latest"
LABEL = "analyst.sandbox"


def image_tag() -> str:
    """The sandbox image: the builder's tag when it is installed, else the env/default."""
    try:
        from sandbox.build import image_tag as built_tag  # the lead's builder, when present
    except ImportError:
        return os.environ.get("ANALYST_SANDBOX_IMAGE", DEFAULT_IMAGE)
    return built_tag()


def docker(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run `docker ARGS`; never raises for a non-zero exit (callers read returncode)."""
    try:
        return subprocess.run(
            ["docker", *args], check=False, capture_output=True, text=True, timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
    except FileNotFoundError:
        return subprocess.CompletedProcess(["docker", *args], 127, "", "docker: command not found")
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(["docker", *args], 124, "", "docker: no answer in time")


def engine_problem() -> str | None:
    """None when a Docker engine answers, else what is wrong and how to fix it."""
    if shutil.which("docker") is None:
        return "the docker command is not installed (install Docker, or use the local backend)"
    done = docker("version", "--format", "{{.Server.Version}}", timeout=10)
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["no answer"])[-1]
        return f"the Docker engine does not answer ({reason}); start it (e.g. `dockerd`)"
    return None


def image_problem(tag: str) -> str | None:
    """None when the image exists locally, else how to get it."""
    if docker("image", "inspect", "--format", "{{.Id}}", tag, timeout=20).returncode != 0:
        return f"the sandbox image {tag} is missing; build it with `python -m sandbox build`"
    return None
