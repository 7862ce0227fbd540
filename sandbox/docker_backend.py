"""The Docker backend: one hardened, long-lived container per session running the kernel."""

from __future__ import annotations

import json
import os
import socket
import time
import uuid
from pathlib import Path

from sandbox.engine import LABEL, docker, engine_problem, image_problem, image_tag
from sandbox.errors import SandboxUnavailable
from sandbox.limits import Limits
from sandbox.session import Death
from sandbox.workspace import Workspace

SANDBOX_UID = 10001  # the image's non-root user
KERNEL_IN_IMAGE = "/opt/sandbox/kernel.py"
PRELOAD = "pandas,matplotlib.pyplot"


def owner_label() -> str:
    """Which app process owns a container: the reaper removes those whose owner is gone."""
    return f"{socket.gethostname()}:{os.getpid()}"


def run_arguments(workspace: Workspace, limits: Limits, image: str, name: str) -> list[str]:
    """The full `docker run` argument list; every hardening flag lives here."""
    ws = workspace.root
    mb = 1024 * 1024
    mounts = [
        f"type=bind,source={ws / 'input'},target=/workspace/input,readonly",
        f"type=bind,source={ws / 'lib'},target=/workspace/lib,readonly",
        f"type=bind,source={ws / 'output'},target=/workspace/output",
        f"type=bind,source={workspace.private_dir},target=/workspace/.sandbox",
    ]
    return [
        "run", "--detach", "--name", name, "--hostname", "sandbox",
        "--label", f"{LABEL}=1", "--label", f"analyst.session={name}",
        "--label", f"analyst.workspace={ws}", "--label", f"analyst.owner={owner_label()}",
        "--init",  # PID 1 reaps zombies and forwards SIGINT to the kernel
        "--network", "none",
        "--cap-drop", "ALL",
        "--security-opt", "no-new-privileges",
        "--user", f"{SANDBOX_UID}:{SANDBOX_UID}",
        "--read-only",
        # The container's own private, size-capped /tmp (not a host path).
        "--tmpfs", f"/tmp:rw,nosuid,nodev,size={max(limits.tmp_bytes // mb, 1)}m,mode=1777",  # noqa: S108
        "--shm-size", f"{max(limits.shm_bytes // mb, 1)}m",
        "--pids-limit", str(limits.pids),
        "--memory", str(limits.memory_bytes), "--memory-swap", str(limits.memory_bytes),
        "--cpus", f"{limits.cpus:g}",
        "--ulimit", "core=0",
        # The container's own stdout/stderr end up in a host log file: bound it.
        "--log-driver", "json-file", "--log-opt", "max-size=1m", "--log-opt", "max-file=1",
        # Only what we set; never `--env NAME` alone (Docker would copy the host's value).
        "--env", "MPLBACKEND=Agg", "--env", "PYTHONIOENCODING=utf-8", "--env", "HOME=/tmp",
        "--workdir", "/workspace",
        *[arg for mount in mounts for arg in ("--mount", mount)],
        image,
        "python", "-I", KERNEL_IN_IMAGE,
        "--socket", "/workspace/.sandbox/kernel.sock",
        "--idle-seconds", str(limits.idle_s),
        "--path", "/workspace/lib",
        "--preload", PRELOAD,
        "--fsize", str(limits.output_bytes),
        "--kill-strays",
    ]


class DockerBackend:
    name = "docker"
    isolated = True
    warning: str | None = None

    def __init__(self, workspace: Workspace, limits: Limits, image: str | None = None) -> None:
        self.workspace = workspace
        self.limits = limits
        self.image = image
        self.container: str | None = None

    def launch(self) -> Path:
        image = self.image or image_tag()
        problem = engine_problem() or image_problem(image)
        if problem:
            raise SandboxUnavailable(f"The Docker sandbox cannot start: {problem}.")
        self.prepare_folders()
        name = f"analyst-sbx-{uuid.uuid4().hex[:12]}"
        done = docker(*run_arguments(self.workspace, self.limits, image, name), timeout=60)
        if done.returncode != 0:
            docker("rm", "-f", name, timeout=30)
            reason = (done.stderr.strip().splitlines() or ["unknown error"])[-1]
            raise SandboxUnavailable(f"Docker could not start the sandbox container: {reason}")
        self.container = name
        self._launched_at = time.time()
        return self.workspace.private_dir / "kernel.sock"

    def prepare_folders(self) -> None:
        """Let the container's user write output/ and .sandbox/ (and nothing else)."""
        (self.workspace.private_dir / "kernel.sock").unlink(missing_ok=True)
        for folder in (self.workspace.output_dir, self.workspace.private_dir):
            if os.geteuid() == 0:
                # The whole tree: files the local backend's user left there must stay
                # rewritable when the same workspace moves to Docker.
                for path in (folder, *folder.rglob("*")):
                    os.lchown(path, SANDBOX_UID, SANDBOX_UID)
            else:
                folder.chmod(0o777)  # we cannot give it away; let the sandbox user in

    def _state(self) -> dict | None:
        if self.container is None:
            return None
        done = docker("inspect", "--format", "{{json .State}}", self.container, timeout=20)
        if done.returncode != 0:
            return None
        return json.loads(done.stdout)

    def alive(self) -> bool:
        state = self._state()
        return bool(state and state.get("Running"))

    def interrupt(self) -> None:
        if self.container:
            docker("kill", "--signal", "INT", self.container, timeout=20)

    def death(self) -> Death:
        deadline = time.monotonic() + 3.0
        state = self._state()
        while state and state.get("Running") and time.monotonic() < deadline:
            time.sleep(0.05)
            state = self._state()
        if state is None:
            return Death(False, "its container is gone, e.g. removed or the engine restarted")
        if state.get("OOMKilled") or (state.get("ExitCode") == 137 and self._oom_event()):
            return Death(True, "out of memory")
        if state.get("Running"):
            return Death(False, "it stopped answering")
        return Death(False, f"its container exited with status {state.get('ExitCode')}")

    def _oom_event(self, wait_s: float = 2.0) -> bool:
        """Whether the engine saw an OOM kill in this container since it started.

        `State.OOMKilled` races with the exit under load (the kernel dies as tini's child and
        the engine may record the exit before the cgroup's OOM notice), so a SIGKILL exit
        (137) is checked against the engine's event log, which keeps the late notice.
        """
        since = f"{getattr(self, '_launched_at', time.time() - 3600):.0f}"
        deadline = time.monotonic() + wait_s
        while True:
            done = docker("events", "--since", since, "--until", f"{time.time() + 1:.0f}",
                          "--filter", f"container={self.container}", "--filter", "event=oom",
                          "--format", "{{.Action}}", timeout=20)
            if done.returncode == 0 and "oom" in done.stdout:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.2)

    def stop(self) -> None:
        if self.container:
            docker("rm", "--force", self.container, timeout=30)
            self.container = None
