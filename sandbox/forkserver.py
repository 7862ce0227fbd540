"""The local kernels' fork server: one Python per app process that imports pandas and
matplotlib once and forks every local session's keeper and kernel from that state.

Why: a kernel's start was its imports. pandas and matplotlib.pyplot cost about 0.8 s of CPU
each time (`python -X importtime`), paid by every local session, so by a test suite that
opens a thousand of them; a fork costs milliseconds. (A container cannot share a process
with the next one: the Docker backend keeps its warm pool instead.)

Runs as the app's user, started by the host (`sandbox.zygote`) with a scrubbed environment
and no descriptor but its control socket: it holds nothing a session could want. Each
request on the control socket (SOCK_SEQPACKET: one JSON message with four descriptors:
the keeper's stdin, stdout and stderr and a status socket) names the session's user, its
folder, environment and process limit and the keeper's and the kernel's arguments. The fork
drops everything else it inherited, starts its own session, becomes that user and runs the
keeper, which forks the kernel (`keeper.Forked`). The status socket hears `pid N` from the
server at once, `ok` from the fork when it is the session's user (or `error TEXT`), and
`exit C` from the server when the keeper has ended (C as Popen says it: -N for signal N).

Stdlib only besides what it pre-imports; the kernel and keeper are read from their files
(the server runs as the app's user, which can read the checkout).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import json
import os
import resource
import select
import signal
import socket
import sys
import tempfile
import threading
import traceback
import types
from typing import Any

PR_SET_DUMPABLE = 4
PRELOAD = ("pandas", "matplotlib.pyplot")
MAX_REQUEST_BYTES = 1 << 20


def load(name: str, path: str) -> types.ModuleType:
    """The module at `path`, run under `name` (never as __main__: its main() is ours to call)."""
    module = types.ModuleType(name)
    module.__file__ = path
    sys.modules[name] = module  # dataclasses and pickling look their module up here
    with open(path, encoding="utf-8") as file:
        exec(compile(file.read(), path, "exec"), module.__dict__)  # noqa: S102 - our own file
    return module


def preload(kernel: types.ModuleType) -> None:
    """What every kernel would import first, with the kernel's savefig mark in place."""
    sys.meta_path.insert(0, kernel._PatchSavefig())
    for name in PRELOAD:
        with contextlib.suppress(Exception):  # a missing package is the step's business
            __import__(name)


def _dumpable(flag: int) -> None:
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, flag, 0, 0, 0)


def _close_all_but(*keep: int) -> None:
    """Every descriptor from 3 up closes except `keep`: a fork inherits the server's."""
    low = 3
    for fd in sorted(k for k in keep if k >= 3):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, resource.getrlimit(resource.RLIMIT_NOFILE)[0])


def _default_signals() -> None:
    signal.set_wakeup_fd(-1)
    for sig in (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)


class Forked:
    """A child made by `os.fork` (the local fork server's kernels), with the part of Popen's
    interface the keeper uses; `returncode` as Popen says it (-N: killed by signal N). Both
    keeper threads ask; as in Popen, one waits while the other is told "running"."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._lock = threading.Lock()

    def poll(self) -> int | None:
        if self.returncode is None and self._lock.acquire(blocking=False):
            try:
                self._reap(os.WNOHANG)
            finally:
                self._lock.release()
        return self.returncode

    def wait(self) -> int:
        while self.returncode is None:
            with self._lock:
                self._reap(0)
        return self.returncode

    def _reap(self, flags: int) -> None:
        if self.returncode is not None:
            return
        try:
            done, status = os.waitpid(self.pid, flags)
        except ChildProcessError:  # reaped already: nothing left to learn
            self.returncode = 255
            return
        if done:
            self.returncode = os.waitstatus_to_exitcode(status)

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            os.kill(self.pid, sig)


class Server:
    def __init__(self, control: socket.socket, kernel: types.ModuleType,
                 keeper: types.ModuleType) -> None:
        self.control = control
        self.kernel = kernel
        self.keeper = keeper
        self.children: dict[int, int] = {}  # keeper pid -> its status socket

    def serve(self) -> None:
        """Requests until the host closes the control socket (it ended); the sessions'
        processes are not ours to end: each keeper ends when its host channel closes."""
        wake_r, wake_w = os.pipe()
        os.set_blocking(wake_r, False)
        os.set_blocking(wake_w, False)
        signal.set_wakeup_fd(wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        control = self.control.fileno()
        while True:
            ready = select.select([control, wake_r], [], [])[0]
            if wake_r in ready:
                with contextlib.suppress(BlockingIOError):
                    while os.read(wake_r, 512):
                        pass
                self.reap()
            if control in ready:
                message, fds, _, _ = socket.recv_fds(self.control, MAX_REQUEST_BYTES, 4)
                if not message:
                    os._exit(0)
                self.start(message, fds)

    def start(self, message: bytes, fds: list[int]) -> None:
        if len(fds) != 4:
            for fd in fds:
                os.close(fd)
            return
        stdin, stdout, stderr, status = fds
        pid = os.fork()
        if pid == 0:
            self.become_keeper(json.loads(message), stdin, stdout, stderr, status)
        for fd in (stdin, stdout, stderr):
            os.close(fd)
        self.children[pid] = status
        _say(status, f"pid {pid}")

    def reap(self) -> None:
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if not pid:
                return
            fd = self.children.pop(pid, None)
            if fd is not None:
                _say(fd, f"exit {os.waitstatus_to_exitcode(status)}")
                os.close(fd)

    def become_keeper(self, request: dict[str, Any], stdin: int, stdout: int, stderr: int,
                      status: int) -> None:
        """In the fork: the session's keeper, as the session's user. Never returns."""
        try:
            _default_signals()
            os.setsid()  # its own session and group: the host's stop kills the group
            for fd, target in ((stdin, 0), (stdout, 1), (stderr, 2)):
                os.dup2(fd, target)
            _close_all_but(status)
            os.chdir(request["cwd"])
            os.environ.clear()
            os.environ.update(request["env"])
            tempfile.tempdir = None  # from the session's environment, not the server's
            if request.get("uid") is not None:
                # As subprocess does for user=/group=/extra_groups=: groups, then gid, then uid.
                os.setgroups(request["groups"])
                os.setresgid(request["gid"], request["gid"], request["gid"])
                os.setresuid(request["uid"], request["uid"], request["uid"])
            if request.get("nproc"):
                nproc = int(request["nproc"])
                resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
            sys.argv = [str(self.keeper.__file__)]
        except BaseException as exc:  # noqa: BLE001 - said to the host, then this fork ends
            _say(status, f"error {type(exc).__name__}: {exc}")
            os._exit(71)
        _say(status, "ok")
        os.close(status)
        code = 70
        try:
            code = self.keeper.main([*request["keeper"], "--", *request["kernel"]],
                                    spawn=self.fork_kernel)
        except BaseException:  # noqa: BLE001 - the keeper's log is stderr, the host's file
            traceback.print_exc()
        finally:
            os._exit(code)

    def fork_kernel(self, argv: list[str], req_r: int, rep_w: int, devnull: int,
                    keep_stderr: bool) -> Any:
        """The keeper's `spawn`: the kernel as a fork of the keeper, already warm."""
        pid = os.fork()
        if pid:
            return Forked(pid)
        code = 70
        try:
            os.dup2(devnull, 0)
            os.dup2(devnull, 1)
            if not keep_stderr:
                os.dup2(devnull, 2)
            _close_all_but(req_r, rep_w)
            _default_signals()
            _dumpable(1)  # as after exec: the keeper made itself (and so this fork) undumpable
            _reseed()
            code = self.kernel.main([*argv, "--fd-in", str(req_r), "--fd-out", str(rep_w)])
        except BaseException:  # noqa: BLE001 - goes to the kernel's log
            traceback.print_exc()
        finally:
            os._exit(code)


def _reseed() -> None:
    """Forks share the server's random state: numpy's global generator is reseeded
    (Python's `random` reseeds itself after a fork)."""
    np_random = sys.modules.get("numpy.random")
    if np_random is not None:
        np_random.seed()


def _say(fd: int, line: str) -> None:
    with contextlib.suppress(OSError):  # the host stopped listening: the session is being closed
        os.write(fd, (line + "\n").encode())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--control", type=int, required=True)
    parser.add_argument("--kernel", required=True)
    parser.add_argument("--keeper", required=True)
    args = parser.parse_args(argv)
    _dumpable(0)  # a kernel of the same user (no root: no own uid) cannot trace the server
    kernel = load("sandbox_kernel", args.kernel)
    keeper = load("sandbox_keeper", args.keeper)
    preload(kernel)
    control = socket.socket(fileno=args.control)
    Server(control, kernel, keeper).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
