"""`ingest_file`: every upload is read in a child process, bounded in memory, CPU and time.

A file is the most hostile thing the server reads: a 5 KB workbook can ask a reader for
550 GB, and a reader written in Rust aborts the whole process when an allocation fails. So
the app never reads a file itself: the reader server (`analyst.ingest.server`, started once
per app process, the readers imported once) forks a child per file, bounded by RLIMIT_AS,
RLIMIT_CPU and an alarm (`child`). Whatever the child does, the caller gets the cards or an
`IngestError` whose sentence names the bound and its setting.
"""

from __future__ import annotations

import atexit
import logging
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Client, Connection
from pathlib import Path
from typing import Any

from analyst.datacard import DataCard
from analyst.ingest import child
from analyst.ingest.errors import IngestError
from analyst.ingest.limits import current_limits
from analyst.ingest.options import IngestOptions
from analyst.progress import Progress, Stage
from analyst.words.note import Note

log = logging.getLogger(__name__)

SERVER_MODULE = "analyst.ingest.server"
_START_SECONDS = 60.0  # a cold start imports pandas, Arrow and the readers
_GRACE = 5.0  # beyond the child's own alarm, for the server to report its end
# A reader in Rust or C++ aborts (or faults) when an allocation is refused; the kernel's
# out-of-memory killer sends SIGKILL.
_OUT_OF_MEMORY = frozenset({-signal.SIGABRT, -signal.SIGSEGV, -signal.SIGBUS, -signal.SIGKILL})
_OUT_OF_TIME = frozenset({-signal.SIGALRM, -signal.SIGXCPU})


@dataclass
class _Server:
    process: subprocess.Popen[bytes]
    address: str


_GONE: Any = object()
"""`_final_reply`'s word for a connection the server closed without a last reply."""
_lock = threading.Lock()
_server: list[_Server] = []
_stops_at_exit: list[bool] = []


def start(formulas: bool = False) -> None:
    """Start the reader server without waiting for it: a command line that will read a file
    calls this first, so the server's imports run beside its own. `formulas`: the server
    builds the formula library's table ahead too (`child.warm_up`), for a process that
    reads many files."""
    with _lock:
        if _server and _server[0].process.poll() is None:
            return
        if _server:
            _stop(_server.pop())
        _server[:] = [_start(formulas)]


def warm() -> None:
    """Start the reader server now, the formula library's table built ahead (the app reads
    many files), so the first upload does not wait for its imports. Safe to call from a
    background thread at start-up."""
    start(formulas=True)
    _connect().close()


def stop() -> None:
    """Stop the reader server (it also stops by itself when this process ends)."""
    with _lock:
        if _server:
            _stop(_server.pop())


def ingest_file(
    path: str | Path,
    workspace: Any,
    options: IngestOptions | None = None,
    display_name: str | None = None,
    progress: Progress | None = None,
) -> list[DataCard]:
    """Read `path` into `workspace.input_dir` as Parquet and describe each table.

    The contract of the reading itself (`analyst.ingest.pipeline.ingest_file`), run in a
    bounded child: `IngestError` with one human sentence when the file cannot be used, a
    limit included (ANALYST_INGEST_MEMORY_MB, ANALYST_INGEST_SECONDS).
    """
    path = Path(path).absolute()
    name = display_name or path.name
    limits = current_limits()
    job = child.Job(
        path=path, input_dir=Path(workspace.input_dir).absolute(), options=options,
        display_name=display_name,
        settings={k: v for k, v in os.environ.items() if k.startswith("ANALYST_")},
        memory_bytes=int(limits.ingest_memory_mb * 1024 * 1024), seconds=limits.ingest_seconds,
    )
    before = _files(job.input_dir)
    heard = [False]  # whether the child began: a job the server never started is sent again

    def told(stage: Stage) -> None:
        heard[0] = True
        if progress is not None:
            progress(stage)

    for attempt in (1, 2):
        connection = _connect()
        try:
            connection.send(job)
            reply = _final_reply(connection, time.monotonic() + limits.ingest_seconds + _GRACE, told)
        except OSError:
            reply = _GONE
        finally:
            connection.close()
        if reply is not _GONE or heard[0] or attempt == 2:
            break
        # The server ended between our connecting and its forking (killed, or dying then):
        # nothing was read; a new server reads the file.
        log.warning("the file reader ended before reading %s; starting it again", name)
        stop()
    try:
        return _outcome(reply, name, limits.ingest_memory_mb, limits.ingest_seconds)
    except IngestError:
        # A child stopped half-way may have written some tables: a refused file leaves nothing.
        for left in _files(job.input_dir) - before:
            left.unlink(missing_ok=True)
        raise


def _stop_at_exit() -> None:
    # A thread still waiting for the server's start (`warm` at the app's start) holds the
    # lock for up to a minute: the exit does not wait for it.
    held = _lock.acquire(timeout=1.0)
    try:
        servers = list(_server)
        _server.clear()
    finally:
        if held:
            _lock.release()
    for server in servers:
        _stop(server)


def _files(folder: Path) -> set[Path]:
    return set(folder.iterdir()) if folder.is_dir() else set()


def _final_reply(connection: Connection, deadline: float, progress: Progress) -> Any:
    """The child's last word (or the server's on its end), telling `progress` each stage on
    the way; None when neither came before `deadline`, `_GONE` when the server closed the
    connection without either."""
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not connection.poll(left):
            return None
        try:
            reply = connection.recv()
        except (EOFError, OSError):
            return _GONE  # the server itself is gone, and the child with it
        if isinstance(reply, child.Progressed):
            progress(reply.stage)
            continue
        return reply


def _outcome(reply: child.Reply | None, name: str, memory_mb: float,
             seconds: float) -> list[DataCard]:
    if isinstance(reply, child.Read):
        return list(reply.cards)
    if isinstance(reply, child.Refused):
        raise reply.error
    if isinstance(reply, child.Failed):
        log.error("reading %s failed in the child: %s", name, reply.traceback)
        raise IngestError(Note("error_unreadable", file=name, kind=reply.kind, detail=reply.message))
    code = reply.code if isinstance(reply, child.Exited) else None
    if reply is _GONE:
        log.error("the file reader ended while reading %s", name)
        raise IngestError(Note("error_ingest_stopped", file=name, code="?"))
    if reply is None or code in _OUT_OF_TIME:
        raise IngestError(Note("error_ingest_time", file=name, limit=seconds))
    if isinstance(reply, child.OutOfMemory) or code in _OUT_OF_MEMORY:
        raise IngestError(Note("error_ingest_memory", file=name, limit=memory_mb))
    log.error("the reading child of %s ended with exit code %s and no reply", name, code)
    raise IngestError(Note("error_ingest_stopped", file=name, code="?" if code is None else code))


def _connect() -> Connection:
    """A connection to the running reader server, started (again) when there is none."""
    with _lock:
        server = _server[0] if _server else None
        if server is not None and server.process.poll() is None:
            try:
                return _wait_for(server)  # started early (`start`), it may still be importing
            except IngestError:
                log.warning("the reader server stopped answering; starting a new one")
        if server is not None:
            _stop(server)
        _server[:] = [_start()]
        return _wait_for(_server[0])


def _start(formulas: bool = False) -> _Server:
    if not _stops_at_exit:
        # The server ends by itself when this process's end closes its stdin, but a process
        # that ends normally would leave a running `Popen` behind (a ResourceWarning, and a
        # server outliving its owner for as long as the interpreter takes to close).
        atexit.register(_stop_at_exit)
        _stops_at_exit.append(True)
    folder = tempfile.mkdtemp(prefix="analyst-reader-")  # 0700: only this user connects
    address = os.path.join(folder, "socket")
    # `python -c` puts "" (the working directory) on this process's path: it is passed by
    # name, or the server would import another copy of the readers than this process's own.
    paths = [os.path.abspath(p) if p else os.getcwd() for p in sys.path]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    # stdin is the server's life line: it ends when this process closes it (or dies).
    # -P: the working directory is not put on sys.path (a folder named `analyst` there would
    # be imported instead of ours); this process's own path travels in PYTHONPATH.
    flags = [child.FORMULAS] if formulas else []
    process = subprocess.Popen([sys.executable, "-P", "-m", SERVER_MODULE, address, *flags],  # noqa: S603 - our own module
                               stdin=subprocess.PIPE, env=env, close_fds=True)
    return _Server(process, address)


def _wait_for(server: _Server) -> Connection:
    deadline = time.monotonic() + _START_SECONDS
    while True:
        try:
            return Client(server.address, family="AF_UNIX")
        except (FileNotFoundError, ConnectionRefusedError):
            if server.process.poll() is not None or time.monotonic() > deadline:
                raise IngestError(Note("error_reader_unavailable")) from None
            time.sleep(0.02)


def _stop(server: _Server) -> None:
    if server.process.stdin is not None:
        server.process.stdin.close()
    try:
        server.process.wait(5)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()
