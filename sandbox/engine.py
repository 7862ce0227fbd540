"""The Docker engine through its SDK: one client per process, plain-words problems, events.

No `docker` binary is needed: the SDK talks to the engine's API (DOCKER_HOST, or the local
socket). Errors arrive as exceptions with the engine's own message, never as CLI text to
parse. The engine's event stream tells how a container ended (exit status, OOM kill).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import docker
from docker.errors import DockerException

from sandbox.problems import engine_silent, image_missing
from sandbox.result import Notice
from sandbox.tag import image_tag  # noqa: F401  (the tag callers check against)

LABEL = "analyst.sandbox"
API_TIMEOUT_S = 60  # one API call; a cold engine can be slow to create the first container

_client: docker.DockerClient | None = None
_client_lock = threading.Lock()


def client() -> docker.DockerClient:
    """The process's one engine client (created at first use; thread-safe).

    Raises `DockerException` when no engine can be reached; `engine_problem()` says it in words.
    """
    global _client
    with _client_lock:
        if _client is None:
            _client = docker.from_env(timeout=API_TIMEOUT_S)
        return _client


def reason(exc: BaseException) -> str:
    """The engine's own words for a failed call, on one line."""
    if isinstance(exc, docker.errors.APIError) and exc.explanation:
        text = exc.explanation
    else:
        text = str(exc) or type(exc).__name__
    if isinstance(text, bytes):
        text = text.decode(errors="replace")
    return " ".join(str(text).split())[:300]


def engine_problem() -> Notice | None:
    """None when a Docker engine answers, else what is wrong (`sandbox.problems`)."""
    try:
        client().ping()
    except (DockerException, OSError) as exc:
        return engine_silent(reason(exc))
    return None


def image_id(tag: str) -> str | None:
    """The local image's id for `tag`, or None when there is no such image (or no engine)."""
    try:
        return client().images.get(tag).id
    except (DockerException, OSError):  # ImageNotFound among them
        return None


def image_problem(tag: str) -> Notice | None:
    """None when the image exists locally, else how to get it (`sandbox.problems`)."""
    return image_missing(tag) if image_id(tag) is None else None


class Exits:
    """How our containers ended, from the engine's event stream (one watcher per process).

    `State.OOMKilled` races with the exit under load (the engine may record the exit before
    the cgroup's OOM notice), so the watcher keeps every `oom` and `die` event of our
    containers as it arrives, and `wait()` can give a late OOM notice a moment.
    """

    def __init__(self, connect: Callable[[], docker.DockerClient] = client) -> None:
        self._connect = connect  # the engine whose events these are (`sandbox.engines`)
        self._cond = threading.Condition()
        self._exit: dict[str, int | None] = {}  # container id -> exit status
        self._oom: set[str] = set()
        self._killed: set[str] = set()  # told to die through the engine (not our SIGINTs)
        self._thread: threading.Thread | None = None
        self._since = time.time()

    def watch(self) -> None:
        """Start the watcher if needed; call before creating a container whose end matters."""
        with self._cond:
            if self._thread is not None and self._thread.is_alive():
                return
            ready = threading.Event()
            self._thread = threading.Thread(target=self._run, args=(ready.set,),
                                            name="docker-events", daemon=True)
            self._thread.start()
        ready.wait(5)

    def _run(self, ready: Callable[[], None]) -> None:
        while True:
            since = self._since
            try:
                stream = self._connect().events(
                    since=int(since), decode=True,
                    filters={"type": "container", "label": f"{LABEL}=1", "event": ["oom", "die", "kill"]},
                )
            except (DockerException, OSError):
                ready()
                time.sleep(1.0)
                continue
            ready()
            try:
                for event in stream:
                    self._record(event)
            except (DockerException, OSError, ValueError):
                pass
            # The stream ended (engine restart, socket timeout): pick it up again from
            # a little before now, so nothing in between is missed (duplicates are harmless).
            self._since = time.time() - 2
            time.sleep(0.2)

    def _record(self, event: dict) -> None:
        cid = event.get("id") or event.get("Actor", {}).get("ID")
        if not cid:
            return
        with self._cond:
            action = event.get("Action") or event.get("status")
            attributes = event.get("Actor", {}).get("Attributes", {}) or {}
            if action == "oom":
                self._oom.add(cid)
            elif action == "kill":
                if attributes.get("signal") not in ("2", "SIGINT"):  # ours: an interrupt
                    self._killed.add(cid)
            else:
                code = attributes.get("exitCode")
                self._exit[cid] = int(code) if code and code.lstrip("-").isdigit() else None
            self._cond.notify_all()

    def ended(self, cid: str) -> bool:
        with self._cond:
            return cid in self._exit

    def wait(self, cid: str, timeout: float) -> tuple[bool, int | None, bool]:
        """(ended, exit status, OOM-killed) once `cid` died or `timeout` passed.

        A SIGKILL exit (137) gives a late OOM notice up to two more seconds.
        """
        deadline = time.monotonic() + timeout
        with self._cond:
            while cid not in self._exit and time.monotonic() < deadline:
                self._cond.wait(max(deadline - time.monotonic(), 0.01))
            if cid not in self._exit:
                return False, None, cid in self._oom
            status = self._exit[cid]
            late = time.monotonic() + 2.0
            while status == 137 and cid not in self._oom and time.monotonic() < late:
                self._cond.wait(max(late - time.monotonic(), 0.01))
            return True, status, cid in self._oom

    def killed(self, cid: str) -> bool:
        with self._cond:
            return cid in self._killed

    def forget(self, cid: str) -> None:
        with self._cond:
            self._exit.pop(cid, None)
            self._oom.discard(cid)
            self._killed.discard(cid)


exits = Exits()
