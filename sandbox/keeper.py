"""The keeper: holds the control channel of a sandbox session; runs no user code (stdlib only).

The host talks to the keeper over the keeper's stdin/stdout (Docker's attach stream, or the
local backend's pipes) in frames: a 4-byte big-endian length, then that many bytes of JSON.
The keeper starts the kernel (`kernel.py`, which runs the steps) as its child and relays
requests and replies over two private pipes. Step code cannot reach or replace the channel:

- the keeper makes itself non-dumpable, so a process of the same uid can neither open its
  file descriptors under /proc nor ptrace it; the kernel's own stdin/stdout/stderr are
  /dev/null, so nothing the step (or a child) writes to fd 1/2 goes anywhere;
- in a container the keeper is PID 1: signals it has no handler for never reach it, and
  kill(-1) spares it;
- replies come over a Unix socket whose every byte carries its writer's pid (SO_PASSCRED,
  checked by the OS kernel, not claimed by the writer): bytes a forked child or any other
  process writes on the inherited descriptor are dropped, so only the kernel can answer;
- a reply larger than MAX_FRAME_BYTES, unreadable, or that nobody asked for is tampering:
  the keeper tells the host so, kills the kernel and exits (the host restarts the session);
- when a step's reply arrives the kernel is frozen (SIGSTOP) until the next request, and in
  a container every other process is killed, so nothing a step leaves running runs on
  after its result is returned.

Pings are answered by the keeper itself. After `--idle-seconds` without a request it exits.
With `--output DIR`, each reply carries `output`: the count, bytes and a digest of what is
under DIR (so the host fetches files only when they changed), and the host may ask
`{"op": "drop"}` to remove what the last step created there (past the output limit).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import hashlib
import json
import os
import select
import signal
import socket
import stat
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Protocol

HEADER = struct.Struct(">I")
MAX_FRAME_BYTES = 8 * 1024 * 1024  # the host refuses larger frames as well
PR_SET_DUMPABLE = 4


def read_exact(fd: int, n: int) -> bytes:
    """Exactly n bytes from fd, or fewer at end of file."""
    chunks, got = [], 0
    while got < n:
        chunk = os.read(fd, min(n - got, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def frame(message: dict) -> bytes:
    body = json.dumps(message, default=str).encode()
    return HEADER.pack(len(body)) + body


class Worker(Protocol):
    """The kernel's process: a `subprocess.Popen`, or the fork server's `Forked`."""
    pid: int
    def poll(self) -> int | None: ...
    def wait(self) -> int: ...
    def send_signal(self, sig: int) -> None: ...


# (the kernel's argv, request pipe's read end, reply socket, /dev/null, keep stderr?)
Spawn = Callable[[list[str], int, int, int, bool], Worker]


def popen_worker(argv: list[str], req_r: int, rep_w: int, devnull: int, keep_stderr: bool) -> Worker:
    """The kernel as a new program (in a container, and anywhere no fork server runs)."""
    return subprocess.Popen(  # noqa: S603 - our own kernel, argv from our host
        [*argv, "--fd-in", str(req_r), "--fd-out", str(rep_w)],
        pass_fds=(req_r, rep_w), stdin=devnull, stdout=devnull,
        stderr=None if keep_stderr else devnull,
    )


class Keeper:
    def __init__(self, args: argparse.Namespace, worker: list[str], spawn: Spawn) -> None:
        self.in_container = args.in_container and os.getpid() == 1
        self.idle_s = args.idle_seconds
        self.output = args.output
        # What was under --output when the running step began (first taken at the first
        # request: the host restores the session's files after the keeper has started).
        self.last_paths: dict[str, tuple] | None = None  # path -> (mode, size, mtime_ns)
        self.known: dict[str, tuple] = {}
        self.host_in, self.host_out = os.dup(0), os.dup(1)  # not inherited by children
        devnull = os.open(os.devnull, os.O_RDWR)
        keep_stderr = not self.in_container  # the local backend's kernel.log
        for fd in (0, 1) + (() if keep_stderr else (2,)):
            os.dup2(devnull, fd)
        req_r, self.req_w = os.pipe()
        # A socket, not a pipe: the OS tells who wrote each byte (see the module's notes).
        self.replies, ours = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.replies.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
        rep_w = ours.detach()
        self.buffer = bytearray()
        os.set_inheritable(req_r, True)
        os.set_inheritable(rep_w, True)
        self.worker = spawn(worker, req_r, rep_w, devnull, keep_stderr)
        for fd in (req_r, rep_w, devnull):
            os.close(fd)
        self.lock = threading.Lock()  # one writer on the host channel; `pending` with it
        self.pending: object = None
        self.frozen = False

    # -- the host side ----------------------------------------------------------------------

    def to_host(self, message: dict | bytes) -> None:
        data = message if isinstance(message, bytes) else frame(message)
        with self.lock:
            write_all(self.host_out, data)

    def serve_host(self) -> None:
        """Requests from the host; ends the process at EOF or when idle too long."""
        while True:
            ready, _, _ = select.select([self.host_in], [], [], self.idle_s)
            if not ready:
                self.exit(0)  # idle too long: end the session
            head = read_exact(self.host_in, HEADER.size)
            if len(head) < HEADER.size:
                self.exit(0)  # the host went away
            (size,) = HEADER.unpack(head)
            body = read_exact(self.host_in, size) if size <= MAX_FRAME_BYTES else b""
            try:
                request = json.loads(body)
            except ValueError:
                self.exit(2)
            if request.get("op") == "run":
                with self.lock:
                    if self.output and self.last_paths is None:
                        self.last_paths = output_state(self.output)[1]
                    self.known = self.last_paths or {}
                    self.pending = request.get("id")
                    self.thaw()
                write_all(self.req_w, HEADER.pack(size) + body)
            elif request.get("op") == "drop" and self.output:
                with self.lock:
                    state, paths = output_state(self.output)
                    removed = drop(self.output, sorted(paths.keys() - self.known.keys(), key=len,
                                                       reverse=True))
                    state, self.last_paths = output_state(self.output)
                state["changed"] = []  # what is left was there before the step
                self.to_host({"id": request.get("id"), "removed": removed, "output": state})
            else:
                alive = self.worker.poll() is None
                self.to_host({"id": request.get("id"), "pong": alive, "pid": self.worker.pid})

    # -- the kernel side --------------------------------------------------------------------

    def serve_worker(self) -> None:
        """Replies from the kernel, checked before they go to the host."""
        while True:
            head = self.read_reply(HEADER.size)
            if len(head) < HEADER.size:
                self.exit(self.worker_status())
            (size,) = HEADER.unpack(head)
            if size > MAX_FRAME_BYTES:
                self.tampered("reply_too_big", mb=size / 1024 / 1024, limit_mb=MAX_FRAME_BYTES >> 20)
            body = self.read_reply(size)
            try:
                reply = json.loads(body)
            except ValueError:
                reply = None
            if not isinstance(reply, dict):
                self.tampered("not_a_reply")
            with self.lock:
                if self.pending is None or reply.get("id") != self.pending:
                    answered = False
                else:
                    answered = True
                    self.pending = None
                    if not reply.get("busy") or reply.get("threads"):
                        self.freeze()
                    if self.in_container:
                        self.kill_strays()
            if not answered:
                self.tampered("unasked")
            if self.output:  # measured with everything frozen or gone: it stays true
                reply["output"], self.last_paths = output_state(self.output)
                reply["output"]["changed"] = changed_files(self.known, self.last_paths)
                self.to_host(reply)
            else:
                self.to_host(HEADER.pack(size) + body)

    def read_reply(self, n: int) -> bytes:
        """Exactly n bytes the kernel wrote (fewer at end of file); others' bytes are dropped.

        Linux never returns bytes of two writers in one recvmsg on a socket with SO_PASSCRED,
        so dropping a foreign chunk leaves the kernel's own byte stream whole."""
        while len(self.buffer) < n:
            data, ancillary, _, _ = self.replies.recvmsg(1 << 20, socket.CMSG_SPACE(_CREDS.size))
            if not data:
                break
            if _writer(ancillary) == self.worker.pid:
                self.buffer += data
        out = bytes(self.buffer[:n])
        del self.buffer[:n]
        return out

    def freeze(self) -> None:
        if not self.frozen and self.worker.poll() is None:
            os.kill(self.worker.pid, signal.SIGSTOP)
            self.frozen = True

    def thaw(self) -> None:
        if self.frozen and self.worker.poll() is None:
            os.kill(self.worker.pid, signal.SIGCONT)
        self.frozen = False

    def kill_strays(self) -> None:
        """Every process but us and the kernel ends, until none is left running (a fork bomb's
        survivors keep forking while they are killed; two seconds at most). A zombie runs
        nothing: ours (orphans go to PID 1) are collected, the frozen kernel collects its own."""
        deadline = time.monotonic() + 2.0
        while time.monotonic() < deadline:
            others = [p for p in _processes() if p[0] not in (1, self.worker.pid)]
            for pid, parent, state in others:
                if state not in "ZX":
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                elif parent == 1:
                    with contextlib.suppress(ChildProcessError):
                        os.waitpid(pid, os.WNOHANG)
            # Done when only the frozen kernel's dead are left (an orphan's zombie is ours).
            if all(state == "X" or (state == "Z" and parent == self.worker.pid)
                   for _, parent, state in others):
                return
            time.sleep(0.002)

    def worker_status(self) -> int:
        code = self.worker.wait()
        return 128 - code if code < 0 else code  # killed by signal N: 128 + N, as a shell says

    def tampered(self, reason: str, **values: float) -> None:  # `notices.TAMPERINGS` id
        try:
            self.to_host({"id": self.pending, "tampered": reason, "values": values})
        finally:
            self.exit(3)

    def exit(self, code: int) -> None:
        if self.worker.poll() is None:
            self.worker.send_signal(signal.SIGKILL)
        os._exit(code)


_CREDS = struct.Struct("3i")  # struct ucred: pid, uid, gid


def _writer(ancillary: list[tuple[int, int, bytes]]) -> int | None:
    """The pid the OS recorded as the writer of a received chunk."""
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS and len(data) >= _CREDS.size:
            return int(_CREDS.unpack_from(data)[0])
    return None


MAX_CHANGED = 1000


def _processes() -> list[tuple[int, int, str]]:
    """(pid, parent pid, state letter) of every process this /proc shows."""
    found = []
    for name in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError, IndexError):  # gone meanwhile
            with open(f"/proc/{name}/stat", "rb") as f:  # "pid (comm) S ppid ...": comm any bytes
                fields = f.read().rsplit(b")", 1)[1].split()
            found.append((int(name), int(fields[1]), fields[0].decode()))
    return found


def changed_files(before: dict[str, tuple], now: dict[str, tuple]) -> list[str] | None:
    """Regular files written since `before` (by mtime in nanoseconds: the engine's archive
    keeps whole seconds, so the host could not tell a rewrite with the same bytes), or None
    when there are more than MAX_CHANGED."""
    changed = sorted(rel for rel, sig in now.items()
                     if stat.S_ISREG(sig[0]) and before.get(rel) != sig)
    return changed if len(changed) <= MAX_CHANGED else None


def output_state(root: str) -> tuple[dict, dict[str, tuple]]:
    """Files, bytes and a digest of (path, type, size, mtime) of everything under root, the
    deepest folder and the longest name (the engine's archive stops at PATH_MAX, so the
    host learns here what it cannot be handed), and the relative paths of everything there.
    Walked by directory descriptors, so a tree deeper than PATH_MAX is counted too, and
    never through a link."""
    digest, files, size = hashlib.sha256(), 0, 0
    paths: dict[str, tuple[int, int, int]] = {}  # relative path -> (mode, size, mtime_ns)
    depth = longest = 0
    try:
        top = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return {"files": 0, "bytes": 0, "digest": "", "depth": 0, "longest": 0}, paths
    stack = [(top, "")]
    while stack:
        fd, prefix = stack.pop()
        try:
            entries = sorted(os.scandir(fd), key=lambda e: e.name)
        except OSError:
            entries = []
        for entry in entries:
            rel = prefix + entry.name
            try:
                info = entry.stat(follow_symlinks=False)
                if entry.is_dir(follow_symlinks=False):
                    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
                    stack.append((os.open(entry.name, flags, dir_fd=fd), rel + "/"))
            except OSError:
                continue
            files += 1
            size += info.st_size
            paths[rel] = (info.st_mode, info.st_size, info.st_mtime_ns)
            if stat.S_ISDIR(info.st_mode):
                depth = max(depth, rel.count("/") + 1)
            else:
                longest = max(longest, len(rel))
            digest.update(f"{rel}\0{info.st_mode}\0{info.st_size}\0{info.st_mtime_ns}\n"
                          .encode(errors="surrogateescape"))
        os.close(fd)
    return {"files": files, "bytes": size, "digest": digest.hexdigest(), "depth": depth,
            "longest": longest}, paths


def drop(root: str, paths: list[str]) -> int:
    """Remove entries under root by relative path (deepest first, so folders are empty by
    then), never through a link; return how many."""
    removed = 0
    for rel in paths:
        parts = [p for p in rel.split("/") if p not in ("", ".")]
        if not parts or ".." in parts:
            continue
        try:
            fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return removed
        try:
            for part in parts[:-1]:
                nxt = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
                os.close(fd)
                fd = nxt
            try:
                os.unlink(parts[-1], dir_fd=fd)
            except IsADirectoryError:
                os.rmdir(parts[-1], dir_fd=fd)
            removed += 1
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def _no_dump() -> None:
    """Neither /proc/<us>/fd nor ptrace for processes of our uid (the kernel, its children)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)


def main(argv: list[str] | None = None, spawn: Spawn = popen_worker) -> int:
    argv = sys.argv[1:] if argv is None else argv
    split = argv.index("--") if "--" in argv else len(argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle-seconds", type=float, default=1800)
    parser.add_argument("--output", default="", help="the folder whose state replies carry")
    parser.add_argument("--in-container", action="store_true",
                        help="PID 1 of a sandbox container: kill stray processes after steps")
    args = parser.parse_args(argv[:split])
    worker = argv[split + 1:]
    if not worker:
        parser.error("the kernel's command follows `--`")
    _no_dump()
    keeper = Keeper(args, worker, spawn)
    signal.signal(signal.SIGINT, lambda *_: keeper.worker.send_signal(signal.SIGINT))
    signal.signal(signal.SIGTERM, lambda *_: keeper.exit(0))
    threading.Thread(target=keeper.serve_host, name="host", daemon=True).start()
    keeper.serve_worker()
    return 0


if __name__ == "__main__":
    sys.exit(main())
