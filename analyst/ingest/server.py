"""The reader server: `python -m analyst.ingest.server SOCKET`, one per app process.

It imports the readers once (`child.PRELOAD`: pandas, Arrow, openpyxl, calamine: seconds of
imports) and forks a bounded child per upload, so each file starts warm and is read outside
the app's process. A client connects to SOCKET and sends a `child.Job`; the child answers on
that connection and, once it has ended, the server adds `child.Exited` with how it ended (a
child killed by a limit cannot say so itself).

Why not `multiprocessing`'s forkserver: its children re-run the parent's main script
(Streamlit's or pytest's launcher) before every job. The server stops when the app closes
its stdin, that is when the app's process ends.
"""

from __future__ import annotations

import contextlib
import gc
import os
import select
import socket
import sys
from multiprocessing.connection import Connection

from analyst.ingest import child

_REAP_EVERY = 0.1  # seconds: how soon a dead child's end is reported


def serve(address: str, formulas: bool = False) -> None:
    child.warm_up(formulas)
    # What is imported now is shared with every child, page for page, until written: the
    # collector's first pass in a child would touch (and so copy) all of it.
    gc.freeze()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(address)
    listener.listen(64)
    jobs: dict[int, Connection] = {}
    while True:
        ready, _, _ = select.select([listener, sys.stdin], [], [], _REAP_EVERY)
        if sys.stdin in ready and not os.read(sys.stdin.fileno(), 1):
            break  # the app is gone; running children end by their own alarm
        if listener in ready:
            accepted, _ = listener.accept()
            connection = Connection(accepted.detach())
            pid = os.fork()
            if pid == 0:
                listener.close()
                for other in jobs.values():
                    other.close()
                _child(connection)
            jobs[pid] = connection
        _reap(jobs)
    listener.close()
    with contextlib.suppress(OSError):  # the private folder `bounded` made for the socket
        os.unlink(address)
        os.rmdir(os.path.dirname(address))


def _child(connection: Connection) -> None:
    code = 1
    try:
        child.run(connection.recv(), connection)
        code = 0
    finally:
        os._exit(code)  # never back into the server's loop


def _reap(jobs: dict[int, Connection]) -> None:
    while jobs:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        connection = jobs.pop(pid, None)
        if connection is None:
            continue
        with contextlib.suppress(OSError):  # the client gave up waiting
            connection.send(child.Exited(os.waitstatus_to_exitcode(status)))
        connection.close()


if __name__ == "__main__":
    serve(sys.argv[1], formulas=child.FORMULAS in sys.argv[2:])
