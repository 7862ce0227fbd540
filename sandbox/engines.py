"""Several Docker engines: `ANALYST_DOCKER_HOSTS` lists them, a session goes to the one with
the most free places, and one that stops answering is marked down.

Unset, there is one engine: DOCKER_HOST or the local socket, through `engine.client()` and
its event watcher, exactly as with no list at all. Each listed engine has its own client
and event watcher, and its containers get input/ and lib/ by value (copied in through the
archive API, as a warm container's): a host path means nothing on another machine, so no
container on a listed engine bind-mounts one.
"""

from __future__ import annotations

import math
import os
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

import docker
from docker.errors import DockerException, ImageNotFound, NotFound
from docker.utils import kwargs_from_env

from sandbox import engine
from sandbox.engine import API_TIMEOUT_S, LABEL, Exits, reason
from sandbox.errors import SandboxError, SandboxUnavailable
from sandbox.health import load_factor
from sandbox.limits import Limits
from sandbox.problems import engine_silent, image_missing
from sandbox.result import Notice

HOSTS_ENV = "ANALYST_DOCKER_HOSTS"
SCHEMES = ("unix", "tcp", "ssh")
RECHECK_S = 30.0
"""A down engine is asked again (one ping) when a session is placed this long after."""
PROBE_S = 5.0
"""A listed engine must answer a ping within this long (times the machine's load) to be
offered a session: one that hangs rather than refuses is passed over at once, not waited on
for a whole API timeout (`API_TIMEOUT_S`) at every placement."""
GOING_S = 5.0
"""How long a listed engine that killed a container is watched for its own end (dockerd
stops its containers, within its `--shutdown-timeout`, then closes its API)."""


class HostsError(SandboxError):
    """ANALYST_DOCKER_HOSTS holds something that is not an engine's address."""


def parse_hosts(text: str) -> tuple[str, ...]:
    """The engine URLs of `text` (separated by commas, spaces or new lines), in their order,
    each once. Raises HostsError naming the first entry that is not an engine's address."""
    urls: list[str] = []
    for entry in (part.strip() for part in re.split(r"[,\s]+", text)):
        if not entry:
            continue
        scheme, sep, rest = entry.partition("://")
        well_formed = (sep and scheme in SCHEMES and rest
                       and (rest.startswith("/") if scheme == "unix" else "/" not in rest.rstrip("/")))
        if not well_formed:
            raise HostsError(
                f"{HOSTS_ENV}: {entry!r} is not a Docker engine's address; write each as "
                "unix:///path/to/docker.sock, tcp://host:2376 or ssh://user@host, "
                "separated by commas.")
        if entry not in urls:
            urls.append(entry)
    return tuple(urls)


@dataclass(frozen=True)
class Load:
    """What placement knows of one engine."""

    places: int
    """Sessions it has room for (its memory over one session's)."""
    used: int
    """Sandbox containers running on it now (of any process or installation)."""
    up: bool = True

    @property
    def free(self) -> int:
        return self.places - self.used


def most_free(loads: Sequence[Load]) -> int | None:
    """The index of the engine a new session goes to: of those up, the one with the most free
    places, the first listed of equals; None when none is up. A full engine still takes a
    session: how many run at once is the host's limit (`ANALYST_MAX_RUNNING_SESSIONS`)."""
    best: int | None = None
    for index, load in enumerate(loads):
        if load.up and (best is None or load.free > loads[best].free):
            best = index
    return best


def connect(url: str, timeout: int = API_TIMEOUT_S) -> docker.DockerClient:
    """A client of the engine at `url`; TLS for tcp:// as the SDK reads it from the
    environment (DOCKER_TLS_VERIFY, DOCKER_CERT_PATH), ssh:// through the ssh command.
    The SDK asks the engine's version at once, so a silent engine fails here."""
    if url.startswith("tcp://"):
        tls = kwargs_from_env().get("tls", False)
        return docker.DockerClient(base_url=url, tls=tls, timeout=timeout)
    return docker.DockerClient(base_url=url, timeout=timeout,
                               use_ssh_client=url.startswith("ssh://"))


class Engine:
    """One Docker engine: its client, its event watcher, its room and whether it answers.
    No I/O until a call needs the engine."""

    def __init__(self, url: str | None) -> None:
        self.url = url
        """None: DOCKER_HOST or the local socket (`engine.client()`); else a listed URL."""
        self.by_value = url is not None
        """Its containers get input/ and lib/ copied in, never a host folder bound."""
        self._client: docker.DockerClient | None = None
        self._lock = threading.Lock()
        self.exits = engine.exits if url is None else Exits(self.client)
        self._down_since: float | None = None
        self._places: int | None = None

    def __repr__(self) -> str:
        return f"Engine({self.url or 'default'})"

    def client(self) -> docker.DockerClient:
        if self.url is None:
            return engine.client()
        with self._lock:
            if self._client is None:
                self._client = connect(self.url)
            return self._client

    def answers(self) -> bool:
        try:
            return bool(self.client().ping())
        except (DockerException, OSError):
            return False

    def answers_soon(self) -> bool:
        """It answers a ping within PROBE_S times the machine's load (a client of its own
        with that timeout: the session's client waits a whole API timeout)."""
        if self.url is None:
            return self.answers()
        try:
            probe = connect(self.url, timeout=math.ceil(PROBE_S * load_factor()))
            try:
                return bool(probe.ping())
            finally:
                probe.close()
        except (DockerException, OSError):
            return False

    def going(self, within_s: float = GOING_S) -> bool:
        """It stops answering within `within_s` (marked down then): asked after it killed a
        container, which a shutting-down dockerd does to all of them before it goes."""
        deadline = time.monotonic() + within_s
        while True:
            if not self.answers():
                self.mark_down()
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.25)

    def mark_down(self) -> None:
        with self._lock:
            self._down_since = time.monotonic()

    @property
    def down(self) -> bool:
        """Marked down and not yet found answering again (asked at most every RECHECK_S)."""
        with self._lock:
            since = self._down_since
        if since is None:
            return False
        if time.monotonic() - since < RECHECK_S:
            return True
        if self.answers():
            with self._lock:
                self._down_since = None
            return False
        self.mark_down()
        return True

    def load(self, limits: Limits) -> Load:
        """Its places and the sandbox containers running on it; not up when it does not answer."""
        if self.down:
            return Load(0, 0, up=False)
        if not self.answers_soon():
            self.mark_down()
            return Load(0, 0, up=False)
        try:
            api = self.client().api
            if self._places is None:
                memory = int(api.info().get("MemTotal") or 0)
                self._places = max(1, memory // max(limits.memory_bytes, 1))
            used = len(api.containers(filters={"label": f"{LABEL}=1"}, quiet=True))
        except (DockerException, OSError):
            self.mark_down()
            return Load(0, 0, up=False)
        return Load(self._places, used)

    def problem(self, image: str) -> Notice | None:
        """None when it answers and has `image`, else what is wrong (`sandbox.problems`)."""
        if self.url is None:  # the single engine: its words as before
            return engine.engine_problem() or engine.image_problem(image)
        try:
            self.client().ping()
        except (DockerException, OSError) as exc:
            self.mark_down()
            return engine_silent(f"{self.url}: {reason(exc)}")
        try:
            self.client().images.get(image)
        except (ImageNotFound, NotFound):
            return image_missing(f"{image} on {self.url}")
        except (DockerException, OSError) as exc:
            return engine_silent(f"{self.url}: {reason(exc)}")
        return None


_cache: dict[str, tuple[Engine, ...]] = {}
_cache_lock = threading.Lock()


def engines() -> tuple[Engine, ...]:
    """The engines of ANALYST_DOCKER_HOSTS (the same objects while it is unchanged); unset:
    the one engine of DOCKER_HOST or the local socket. Raises HostsError for a bad list."""
    text = os.environ.get(HOSTS_ENV, "").strip()
    with _cache_lock:
        if text not in _cache:
            _cache[text] = (tuple(Engine(url) for url in parse_hosts(text)) if text
                            else (Engine(None),))
        return _cache[text]


def place(limits: Limits) -> Engine:
    """The engine a new session starts on (the one engine, with no list: no call made).

    Raises SandboxUnavailable when no listed engine answers."""
    listed = engines()
    if len(listed) == 1:
        return listed[0]
    chosen = most_free([each.load(limits) for each in listed])
    if chosen is None:
        raise SandboxUnavailable(
            f"The Docker sandbox cannot start: no engine of {HOSTS_ENV} answers "
            f"({', '.join(str(each.url) for each in listed)}); start one of them or "
            "change the list.")
    return listed[chosen]


def problem(image: str) -> Notice | None:
    """None when some engine answers and has `image` (what `auto` needs to pick Docker),
    else the first engine's problem."""
    first: Notice | None = None
    for each in engines():
        found = each.problem(image)
        if found is None:
            return None
        first = first or found
    return first
