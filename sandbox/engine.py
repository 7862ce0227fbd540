"""The Docker engine through its CLI (no SDK dependency): availability and one call helper."""

from __future__ import annotations

import shutil
import subprocess

from sandbox.build import image_tag  # noqa: F401  (the tag callers check against)

LABEL = "analyst.sandbox"


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
