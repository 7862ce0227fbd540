"""The Docker backend: one hardened, long-lived container per session running the kernel."""

from __future__ import annotations

import contextlib
import tarfile
import uuid
from typing import TYPE_CHECKING, Any

from docker.errors import DockerException, NotFound
from docker.types import DriverConfig, LogConfig, Mount, Ulimit

from sandbox import owners
from sandbox.archive import beyond, pack, unpack
from sandbox.backend_protocol import Death
from sandbox.by_value import Listing, changed_since, listing, tar_of
from sandbox.engine import LABEL, image_tag, reason
from sandbox.engines import Engine, engines, place
from sandbox.errors import SandboxUnavailable
from sandbox.health import Vitals
from sandbox.limits import Limits
from sandbox.notices import (
    CONTAINER_EXITED,
    CONTAINER_GONE,
    ENGINE_DOWN,
    NEVER_STARTED,
    NOT_ANSWERING,
    OUT_OF_MEMORY,
    exit_values,
)
from sandbox.owners import INSTALLATION_LABEL, OWNER_LABEL, installation, owner_token
from sandbox.problems import english
from sandbox.protocol import AttachChannel
from sandbox.result import Notice
from sandbox.workspace import Workspace

if TYPE_CHECKING:
    from sandbox.pool import WarmPool

SANDBOX_UID = 10001  # the image's non-root user
KERNEL_IN_IMAGE = "/opt/sandbox/kernel.py"
KEEPER_IN_IMAGE = "/opt/sandbox/keeper.py"
PRELOAD = "pandas,matplotlib.pyplot"
INPUT_IN_IMAGE = "/workspace/input"
LIB_IN_IMAGE = "/workspace/lib"
WARM_LABEL = "analyst.warm"


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


def container_options(workspace: Workspace | None, limits: Limits, name: str,
                      by_value: bool = False) -> dict[str, Any]:
    """Keyword arguments of `containers.create`; every hardening setting lives here.

    `workspace` None: a warm container (`sandbox.pool`), made before its session is known.
    Only its labels and the sources of input/ and lib/ differ (its own volumes, filled by
    value when it is handed out); every other option is the same by construction.
    `by_value`: a session's container that gets those volumes too (an engine of
    ANALYST_DOCKER_HOSTS, which may not see this host's folders)."""
    mb = 1024 * 1024
    labels = {LABEL: "1", "analyst.session": name,
              "analyst.workspace": str(workspace.root) if workspace else "",
              INSTALLATION_LABEL: installation(), OWNER_LABEL: owner_token()}
    if workspace is None:
        labels[WARM_LABEL] = "1"
    return {
        "name": name,
        "hostname": "sandbox",
        "labels": labels,
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
            *_read_only_mounts(None if by_value else workspace, limits),
            # output/ is the container's own tmpfs volume, sized and inode-limited: the
            # filesystem enforces the output limits, and its pages count as the session's
            # memory. The host's output/ holds copies made after each step (sync_output).
            # Anonymous, made with the container: removed with it (also by `auto_remove`).
            Mount("/workspace/output", None, type="volume", driver_config=output_volume(limits),
                  labels={LABEL: "1", INSTALLATION_LABEL: installation()}),
        ],
    }


def _read_only_mounts(workspace: Workspace | None, limits: Limits) -> list[Mount]:
    """input/ and lib/: the session's host folders, read-only; for a warm container its own
    anonymous volumes (removed with it), whose root and files are root's: the sandbox's uid
    reads them and cannot write (no capability lets it), as with a read-only bind."""
    if workspace is not None:
        ws = workspace.root
        return [Mount("/workspace/input", str(ws / "input"), type="bind", read_only=True),
                Mount("/workspace/lib", str(ws / "lib"), type="bind", read_only=True)]
    return [Mount(target, None, type="volume", labels={LABEL: "1", INSTALLATION_LABEL: installation()})
            for target in (INPUT_IN_IMAGE, LIB_IN_IMAGE)]


def create_and_attach(image: str, limits: Limits, workspace: Workspace | None,
                      name: str, on: Engine | None = None) -> tuple[str, AttachChannel]:
    """Create, attach to and start one hardened container on the engine `on` (default: the
    first); its id and the keeper's channel.

    The container is remembered by `owners` (removed at exit). Raises SandboxUnavailable."""
    on = on or engines()[0]
    client = on.client
    on.exits.watch()  # before the start: its end must not be missed
    try:
        container = client().containers.create(
            image, kernel_command(limits),
            **container_options(workspace, limits, name, by_value=on.by_value))
    except (DockerException, OSError) as exc:
        raise SandboxUnavailable(
            f"Docker could not start the sandbox container: {reason(exc)}") from exc
    cid = container.id
    if cid is None:  # the engine answered a create without an id
        raise SandboxUnavailable("Docker created the sandbox container without an id.")
    owners.started(cid, lambda: remove_container(cid, on))
    try:
        # Attached before the start, so not a byte of the keeper's is missed.
        raw = client().api.attach_socket(
            cid, params={"stdin": 1, "stdout": 1, "stderr": 0, "stream": 1})
        container.start()
    except (DockerException, OSError) as exc:
        remove_container(cid, on)
        on.exits.forget(cid)
        raise SandboxUnavailable(
            f"Docker could not start the sandbox container: {reason(exc)}") from exc
    return cid, AttachChannel(getattr(raw, "_sock", raw), keep=raw)


class DockerBackend:
    name = "docker"
    isolated = True
    owns_output = True
    warning: Notice | None = None

    def __init__(self, workspace: Workspace, limits: Limits, image: str | None = None,
                 pool: WarmPool | None = None) -> None:
        self.workspace = workspace
        self.limits = limits
        self.image = image
        self.pool = pool
        """Warm containers to take one from at a launch (`sandbox.pool`); None: start cold."""
        self.engine: Engine | None = None
        """Where the running (or last) container is: placed at each launch (`sandbox.engines`)."""
        self.container: str | None = None
        self.warm = False
        """The running container came from the pool."""
        self.by_value = False
        """Its input/ and lib/ cross by value (warm, or on a listed engine): no bound folder."""
        self._sent: dict[str, Listing] = {}  # input/, lib/ -> what was copied in last
        self._seen: dict[str, str] = {}  # output file -> sha256 of the host's copy
        self._output_digest: str | None = None
        self._left_out: set[str] = set()  # what the last sync left out (links, FIFOs)

    def _on(self) -> Engine:
        return self.engine or engines()[0]

    def launch(self) -> AttachChannel:
        image = self.image or image_tag()
        self.engine = on = place(self.limits)
        channel = self._launch_warm(image, on)
        if channel is not None:
            return channel
        try:
            problem = on.problem(image)
            if problem:
                raise SandboxUnavailable(f"The Docker sandbox cannot start: {english(problem)}.")
            self.warm, self.by_value, self._sent = False, on.by_value, {}
            cid, channel = create_and_attach(image, self.limits, self.workspace,
                                             f"analyst-sbx-{uuid.uuid4().hex[:12]}", on)
        except SandboxUnavailable:
            if on.url is None or on.answers():
                raise
            on.mark_down()  # gone between its placement and the start: the next one, if any
            return self.launch()
        self.container = cid
        # After the start: the tmpfs is mounted then (before, the copy would land under it).
        self._restore_output()
        if not self.sync_input():
            self.stop()
            raise SandboxUnavailable(
                f"The Docker sandbox cannot start: the engine {on.url} refused the session's files.")
        return channel

    def _launch_warm(self, image: str, on: Engine) -> AttachChannel | None:
        """A container of the pool, made for this image and these limits on this engine, with
        the workspace's input/, lib/ and output/ copied in; None when there is none ready."""
        if self.pool is None or not self.pool.fits(image, self.limits) or self.pool.engine is not on:
            return None
        warm = self.pool.take()
        if warm is None:
            return None
        self.container, self.warm, self.by_value, self._sent = warm.id, True, True, {}
        if not self.sync_input():
            self.stop()  # half filled: never used, never given back
            return None
        self._restore_output()
        return warm.channel

    def sync_input(self) -> bool:
        """Before a step of a container that holds copies: copy what changed in the host's
        input/ and lib/ in, by value (a bound container sees the host's folders: nothing to
        do). False when the engine refused the copy."""
        if not self.by_value or self.container is None:
            return True
        for folder, target in ((self.workspace.input_dir, INPUT_IN_IMAGE),
                               (self.workspace.lib_dir, LIB_IN_IMAGE)):
            now = listing(folder)
            if set(self._sent.get(target, {})) - set(now):
                # A removed file: the archive API only adds, and a table the session no
                # longer has must not be read again. A new container gets the folder as is.
                self.pool = None
                return False
            changed = changed_since(self._sent.get(target, {}), now)
            if not changed:
                continue
            with tar_of(folder, changed) as data:
                try:
                    self._on().client().api.put_archive(self.container, target, data)
                except (DockerException, OSError):
                    self.pool = None  # the restart this causes starts a container of its own
                    return False
            self._sent[target] = now
        return True

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
                self._on().client().api.put_archive(container, "/workspace/output", data)
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
            chunks, _ = self._on().client().api.get_archive(self.container, "/workspace/output/.")
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
            return self._on().client().api.inspect_container(self.container)["State"]
        except (DockerException, OSError):
            return None

    def alive(self) -> bool:
        # The event watcher knows of an exit at once, without a call to the engine.
        return self.container is not None and not self._on().exits.ended(self.container)

    def vitals(self) -> Vitals:
        """Running, and the CPU time its processes used (the engine's one-shot stats)."""
        cid, on = self.container, self._on()
        if cid is None or on.exits.ended(cid):
            return Vitals(False, None)
        try:
            if not on.client().api.inspect_container(cid)["State"].get("Running"):
                return Vitals(False, None)
        except NotFound:
            return Vitals(False, None)
        except (DockerException, OSError):
            return Vitals(True, None)  # a slow or busy engine says nothing of the container
        try:
            stats = on.client().api.stats(cid, stream=False, one_shot=True)
            used = stats["cpu_stats"]["cpu_usage"]["total_usage"]
        except (DockerException, OSError, KeyError, TypeError):
            return Vitals(True, None)
        return Vitals(True, used / 1e9 if isinstance(used, int | float) else None)

    def interrupt(self) -> None:
        if self.container:
            # Gone already: the session notices when its reply never comes.
            with contextlib.suppress(DockerException, OSError):
                self._on().client().api.kill(self.container, signal="SIGINT")

    def death(self) -> Death:
        if self.container is None:
            return Death(False, NEVER_STARTED)
        on = self._on()
        if on.url is not None and not on.answers():
            # A listed engine that stopped answering: marked down, so the restart this
            # death causes places the session on another (the host's files are all here).
            on.mark_down()
            return Death(False, ENGINE_DOWN)
        ended, status, oom = on.exits.wait(self.container, timeout=3.0)
        if not ended:
            state = self._state()
            if state is None:
                return Death(False, CONTAINER_GONE)
            if state.get("Running"):
                return Death(False, NOT_ANSWERING)
            status, oom = state.get("ExitCode"), bool(state.get("OOMKilled"))
        if oom:
            return Death(True, OUT_OF_MEMORY)
        if on.exits.killed(self.container):
            # The engine was told to kill it (docker rm -f, docker kill, a stop): not its own
            # end. A listed engine that is shutting down kills its containers while it still
            # answers for a moment: so it is watched a little longer before that is said.
            return Death(False, ENGINE_DOWN if on.url is not None and on.going() else CONTAINER_GONE)
        return Death(False, CONTAINER_EXITED,
                     exit_values(status if isinstance(status, int) else None))

    def stop(self) -> None:
        if self.container:
            cid, self.container, on = self.container, None, self._on()
            remove_container(cid, on)
            on.exits.forget(cid)


def remove_container(cid: str, on: Engine | None = None) -> None:
    # Gone already (NotFound), or the watchdog or the next start's sweep removes it.
    with contextlib.suppress(DockerException, OSError):
        (on or engines()[0]).client().api.remove_container(cid, force=True, v=True)  # with its output volume
    owners.stopped(cid)
