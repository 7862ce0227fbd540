"""The host's side of the local fork server (`forkserver.py`): started once per app process,
on the first local session, and asked for each session's keeper.

`launch` hands the server the keeper's pipes and gets back a `ForkedKeeper`: the part of
`subprocess.Popen` the local backend uses (pid, poll, wait, returncode), its exit status
told by the server, which is the keeper's parent.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from sandbox.errors import SandboxUnavailable
from sandbox.tag import KEEPER, KERNEL

FORKSERVER = Path(__file__).with_name("forkserver.py")
START_TIMEOUT_S = 60.0  # a loaded machine takes seconds to import pandas; a hung one longer
UNKNOWN_EXIT = 255  # the server ended before it could say how the keeper ended


@dataclass(frozen=True)
class Request:
    """One session's keeper: who it runs as, where, with what, and its and the kernel's argv."""

    cwd: str
    env: dict[str, str]
    keeper: list[str]
    kernel: list[str]
    uid: int | None = None
    gid: int | None = None
    groups: tuple[int, ...] = ()
    nproc: int = 0

    def message(self) -> bytes:
        return json.dumps({"cwd": self.cwd, "env": self.env, "keeper": self.keeper,
                           "kernel": self.kernel, "uid": self.uid, "gid": self.gid,
                           "groups": list(self.groups), "nproc": self.nproc}).encode()


class ForkedKeeper:
    """A keeper the fork server started: its pipes, pid and exit status."""

    def __init__(self, status: socket.socket, stdin: int, stdout: int) -> None:
        self._status = status
        self._buffer = b""
        self.returncode: int | None = None
        self.stdin = open(stdin, "wb", buffering=0)  # noqa: SIM115 - closed by the backend
        self.stdout = open(stdout, "rb", buffering=0)  # noqa: SIM115 - same
        self.pid = 0
        deadline = time.monotonic() + START_TIMEOUT_S
        # "pid" comes from the server, "ok" from the fork: either may come first.
        started = self._until("ok", "error", deadline=deadline)
        while started is not None and self.pid == 0:
            self._until("pid", deadline=deadline)
            if self.returncode is not None or time.monotonic() > deadline:
                break
        if started is None or not started.startswith("ok") or self.pid == 0:
            self._discard()
            why = started.partition(" ")[2] if started else "the fork server did not answer"
            raise SandboxUnavailable(f"Cannot start the local Python kernel: {why}")

    def poll(self) -> int | None:
        if self.returncode is None:
            self._until(deadline=0.0)
        return self.returncode

    def wait(self) -> int:
        while self.returncode is None:
            self._until(deadline=None)
        return self.returncode

    def _until(self, *words: str, deadline: float | None) -> str | None:
        """Read the status lines (recording pid and exit) until one starts with one of
        `words`, the deadline passes (None: none) or the server closes the socket."""
        while True:
            while b"\n" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\n", 1)
                line = raw.decode(errors="replace")
                kind, _, value = line.partition(" ")
                if kind == "pid":
                    self.pid = int(value)
                elif kind == "exit":
                    self.returncode = int(value)
                if kind in words or kind == "exit":
                    return line
            timeout = None if deadline is None else max(deadline - time.monotonic(), 0.0)
            self._status.settimeout(timeout)
            try:
                data = self._status.recv(4096)
            except (TimeoutError, BlockingIOError):
                return None
            except OSError:
                data = b""
            if not data:
                if self.returncode is None:
                    self.returncode = UNKNOWN_EXIT
                return None
            self._buffer += data

    def _discard(self) -> None:
        for file in (self.stdin, self.stdout, self._status):
            file.close()


class Zygote:
    """One fork server and the lock its control socket is written under."""

    def __init__(self, env: dict[str, str]) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._control = ours
        self._lock = threading.Lock()
        try:
            self._proc = subprocess.Popen(  # noqa: S603 - our own server, argv from us
                [sys.executable, "-I", str(FORKSERVER), "--control", str(theirs.fileno()),
                 "--kernel", str(KERNEL), "--keeper", str(KEEPER)],
                pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, env=env, cwd="/",
            )
        finally:
            theirs.close()

    def alive(self) -> bool:
        return self._proc.poll() is None

    def launch(self, request: Request, stderr: int) -> ForkedKeeper:
        """A keeper for `request`, its stderr `stderr` (the host's log descriptor)."""
        stdin_r, stdin_w = os.pipe()
        stdout_r, stdout_w = os.pipe()
        status_ours, status_theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            with self._lock:
                socket.send_fds(self._control, [request.message()],
                                [stdin_r, stdout_w, stderr, status_theirs.fileno()])
        except OSError:  # the server ended: `launch` asks a new one
            for fd in (stdin_w, stdout_r):
                os.close(fd)
            status_ours.close()
            raise
        finally:
            for fd in (stdin_r, stdout_w):
                os.close(fd)
            status_theirs.close()
        return ForkedKeeper(status_ours, stdin_w, stdout_r)

    def close(self) -> None:
        self._control.close()
        try:
            self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()


_lock = threading.Lock()
_zygote: list[Zygote] = []


def zygote(env: dict[str, str]) -> Zygote:
    """This process's fork server, started (again, if it ended) with `env`."""
    with _lock:
        if _zygote and not _zygote[0].alive():
            _zygote.pop().close()
        if not _zygote:
            _zygote.append(Zygote(env))
        return _zygote[0]


def launch(env: dict[str, str], request: Request, stderr: int) -> ForkedKeeper:
    """A keeper from this process's fork server; once more from a new one when the server
    ended between the check and the request."""
    # The server ended between the check and the request: `zygote` starts another.
    with contextlib.suppress(OSError):
        return zygote(env).launch(request, stderr)
    try:
        return zygote(env).launch(request, stderr)
    except OSError as exc:
        raise SandboxUnavailable(f"Cannot start the local Python kernel: {exc}") from exc
