"""The Docker backend: one hardened, long-lived container per session running the kernel."""

from __future__ import annotations

import tarfile
import uuid
from typing import Any

from docker.errors import DockerException, NotFound
from docker.types import DriverConfig, LogConfig, Mount, Ulimit

from sandbox import owners
from sandbox.archive import beyond, pack, unpack
from sandbox.engine import LABEL, client, engine_problem, exits, image_problem, image_tag, reason
from sandbox.errors import SandboxUnavailable
from sandbox.health import Vitals
from sandbox.limits import Limits
from sandbox.notices import (
    CONTAINER_EXITED,
    CONTAINER_GONE,
    NEVER_STARTED,
    NOT_ANSWERING,
    OUT_OF_MEMORY,
    exit_values,
)
from sandbox.owners import INSTALLATION_LABEL, OWNER_LABEL, installation, owner_token
from sandbox.protocol import AttachChannel
from sandbox.session import Death
from sandbox.workspace import Workspace

SANDBOX_UID = 10001  # the image's non-root user
KERNEL_IN_IMAGE = "/opt/sandbox/kernel.py"
KEEPER_IN_IMAGE = "/opt/sandbox/keeper.py"
PRELOAD = "pandas,matplotlib.pyplot"


def kernel_command(limits: Limits) -> list[str]:
    """The keeper as PID 1 (it reaps, forwards SIGINT, holds the channel), the kernel its child."""
    return [
        "python", "-I", KEEPER_IN_IMAGE, "--idle-seconds", str(limits.idle_s), "--in-container",
        "--output", "/workspace/output",
        "--",
        "python", "-I", KERNEL_IN_IMAGE,
        "--path", "/workspace/lib",
        "--preload", PRELOAD,
        "--fsize", str(limits.output_bytes),
    ]


def output_volume(limits: Limits) -> DriverConfig:
    """The session's output volume: the engine's local driver, a tmpfs of the output limits."""
    return DriverConfig("local", {
        "type": "tmpfs", "device": "tmpfs",
        "o": (f"size={limits.output_bytes},nr_inodes={limits.output_files + 1},"
              f"uid={SANDBOX_UID},gid={SANDBOX_UID},mode=0755,nosuid,nodev,noexec"),
    })


def container_options(workspace: Workspace, limits: Limits, name: str) -> dict[str, Any]:
    """Keyword arguments of `containers.create`; every hardening setting lives here."""
    ws = workspace.root
    mb = 1024 * 1024
    return {
        "name": name,
        "hostname": "sandbox",
        "labels": {LABEL: "1", "analyst.session": name, "analyst.workspace": str(ws),
                   INSTALLATION_LABEL: installation(), OWNER_LABEL: owner_token()},
        # The watchdog (sandbox.owners): when this process dies, the engine closes the
        # keeper's stdin, the keeper exits, and the engine removes the container.
        "auto_remove": True,
        # No docker-init: the keeper is PID 1, so no process of the sandbox's uid can read
        # the container's stdin/stdout (the channel) through /proc/1/fd.
        "init": False,
        # The channel: the keeper's stdin/stdout through the attach API, no TTY, no stderr.
        # `detach=False` with `stdin_open` is how the SDK sets StdinOnce (as `docker run -i`):
        # the engine closes the keeper's stdin when our attach stream ends (the watchdog).
        "stdin_open": True, "detach": False, "tty": False,
        "network_mode": "none",
        "cap_drop": ["ALL"],
        "security_opt": ["no-new-privileges"],
        "user": f"{SANDBOX_UID}:{SANDBOX_UID}",
        "read_only": True,
        # The container's own private, size-capped /tmp (not a host path).
        "tmpfs": {"/tmp": f"rw,nosuid,nodev,size={max(limits.tmp_bytes // mb, 1)}m,mode=1777"},  # noqa: S108
        "shm_size": f"{max(limits.shm_bytes // mb, 1)}m",
        "pids_limit": limits.pids,
        "mem_limit": limits.memory_bytes,
        "memswap_limit": limits.memory_bytes,
        "nano_cpus": int(limits.cpus * 1e9),
        "ulimits": [Ulimit(name="core", soft=0, hard=0)],
        # Nothing the container prints reaches a log: the kernel answers over its channel.
        "log_config": LogConfig(type=LogConfig.types.NONE),
        # Only what we set; the host's environment never enters.
        "environment": {"MPLBACKEND": "Agg", "PYTHONIOENCODING": "utf-8", "HOME": "/tmp"},  # noqa: S108
        "working_dir": "/workspace",
        "mounts": [
            Mount("/workspace/input", str(ws / "input"), type="bind", read_only=True),
            Mount("/workspace/lib", str(ws / "lib"), type="bind", read_only=True),
            # output/ is the container's own tmpfs volume, sized and inode-limited: the
            # filesystem enforces the output limits, and its pages count as the session's
            # memory. The host's output/ holds copies made after each step (sync_output).
            # Anonymous, made with the container: removed with it (also by `auto_remove`).
            Mount("/workspace/output", None, type="volume", driver_config=output_volume(limits),
                  labels={LABEL: "1", INSTALLATION_LABEL: installation()}),
        ],
    }


class DockerBackend:
    name = "docker"
    isolated = True
    owns_output = True
    warning: str | None = None

    def __init__(self, workspace: Workspace, limits: Limits, image: str | None = None) -> None:
        self.workspace = workspace
        self.limits = limits
        self.image = image
        self.container: str | None = None
        self._seen: dict[str, str] = {}  # output file -> sha256 of the host's copy
        self._output_digest: str | None = None
        self._left_out: set[str] = set()  # what the last sync left out (links, FIFOs)

    def launch(self) -> AttachChannel:
        image = self.image or image_tag()
        problem = engine_problem() or image_problem(image)
        if problem:
            raise SandboxUnavailable(f"The Docker sandbox cannot start: {problem}.")
        name = f"analyst-sbx-{uuid.uuid4().hex[:12]}"
        exits.watch()  # before the start: its end must not be missed
        try:
            container = client().containers.create(
                image, kernel_command(self.limits), **container_options(
                    self.workspace, self.limits, name))
        except (DockerException, OSError) as exc:
            raise SandboxUnavailable(
                f"Docker could not start the sandbox container: {reason(exc)}") from exc
        cid = container.id
        if cid is None:  # the engine answered a create without an id
            raise SandboxUnavailable("Docker created the sandbox container without an id.")
        self.container = cid
        owners.started(cid, lambda: _remove(cid))
        try:
            # Attached before the start, so not a byte of the keeper's is missed.
            raw = client().api.attach_socket(
                cid, params={"stdin": 1, "stdout": 1, "stderr": 0, "stream": 1})
            container.start()
            # After the start: the tmpfs is mounted then (before, the copy would land under it).
            self._restore_output()
        except (DockerException, OSError) as exc:
            self.stop()
            raise SandboxUnavailable(
                f"Docker could not start the sandbox container: {reason(exc)}") from exc
        return AttachChannel(getattr(raw, "_sock", raw), keep=raw)

    def _restore_output(self) -> None:
        """The host's copies of output/ into a new container (a restart keeps the files).

        Best effort: what does not fit the new container's limits stays on the host only."""
        self._seen, self._output_digest = {}, None
        container = self.container
        if container is None:  # (called only after a start, which sets it)
            return
        data = pack(self.workspace.output_dir, SANDBOX_UID, self._seen,
                    max_files=self.limits.output_files, max_bytes=self.limits.output_bytes)
        if data is None:
            return
        with data:
            try:
                client().api.put_archive(container, "/workspace/output", data)
            except (DockerException, OSError):
                self._seen = {}  # unknown what arrived: the next sync compares every byte

    def sync_output(self, state: object) -> set[str]:
        """After a step: make the host's output/ hold what the container's holds, by value.

        Only when the keeper's digest of output/ changed (one archive call otherwise saved).
        Returns plain-words reasons for what was left out (links, FIFOs, long names)."""
        if not isinstance(state, dict) or self.container is None:
            return set()
        if state.get("digest") == self._output_digest:
            return self._left_out
        try:
            chunks, _ = client().api.get_archive(self.container, "/workspace/output/.")
            listed = state.get("changed")
            changed = set(listed) if isinstance(listed, list) else None
            done = unpack(chunks, self.workspace.output_dir, self._seen, changed=changed,
                          max_files=self.limits.output_files, max_bytes=self.limits.output_bytes)
        except (DockerException, OSError, tarfile.TarError):
            return set()  # left for the next step's sync (the digest is not recorded)
        self._output_digest, self._left_out = state.get("digest"), done.skipped | beyond(state)
        return self._left_out

    def _state(self) -> dict | None:
        if self.container is None:
            return None
        try:
            return client().api.inspect_container(self.container)["State"]
        except (DockerException, OSError):
            return None

    def alive(self) -> bool:
        # The event watcher knows of an exit at once, without a call to the engine.
        return self.container is not None and not exits.ended(self.container)

    def vitals(self) -> Vitals:
        """Running, and the CPU time its processes used (the engine's one-shot stats)."""
        cid = self.container
        if cid is None or exits.ended(cid):
            return Vitals(False, None)
        try:
            if not client().api.inspect_container(cid)["State"].get("Running"):
                return Vitals(False, None)
        except NotFound:
            return Vitals(False, None)
        except (DockerException, OSError):
            return Vitals(True, None)  # a slow or busy engine says nothing of the container
        try:
            stats = client().api.stats(cid, stream=False, one_shot=True)
            used = stats["cpu_stats"]["cpu_usage"]["total_usage"]
        except (DockerException, OSError, KeyError, TypeError):
            return Vitals(True, None)
        return Vitals(True, used / 1e9 if isinstance(used, int | float) else None)

    def interrupt(self) -> None:
        if self.container:
            try:
                client().api.kill(self.container, signal="SIGINT")
            except (DockerException, OSError):
                pass  # gone already: the session notices when its reply never comes

    def death(self) -> Death:
        if self.container is None:
            return Death(False, NEVER_STARTED)
        ended, status, oom = exits.wait(self.container, timeout=3.0)
        if not ended:
            state = self._state()
            if state is None:
                return Death(False, CONTAINER_GONE)
            if state.get("Running"):
                return Death(False, NOT_ANSWERING)
            status, oom = state.get("ExitCode"), bool(state.get("OOMKilled"))
        if oom:
            return Death(True, OUT_OF_MEMORY)
        if exits.killed(self.container):
            # The engine was told to kill it (docker rm -f, docker kill, a stop): not its own end.
            return Death(False, CONTAINER_GONE)
        return Death(False, CONTAINER_EXITED,
                     exit_values(status if isinstance(status, int) else None))

    def stop(self) -> None:
        if self.container:
            cid, self.container = self.container, None
            _remove(cid)
            exits.forget(cid)


def _remove(cid: str) -> None:
    try:
        client().api.remove_container(cid, force=True, v=True)  # with its output volume
    except NotFound:
        pass
    except (DockerException, OSError):
        pass  # the watchdog or the next start's sweep removes it
    owners.stopped(cid)
