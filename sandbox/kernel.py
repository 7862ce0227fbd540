"""The persistent Python runner of one sandbox session (stdlib only; runs inside the sandbox).

Started by the keeper (`keeper.py`), which holds the host's control channel: the runner reads
requests from `--fd-in` and writes replies to `--fd-out`, one frame each (a 4-byte big-endian
length, then JSON): `{"op": "run", "code": "..."}` answered by the step's result (`figures`: what
it last gave `send_figures({...})`, never what it printed). Variables live in one namespace
across steps, like a notebook. The host interrupts a step with SIGINT (through the keeper),
which becomes a KeyboardInterrupt in the user's code and keeps the variables. Its stdio is
/dev/null: what the step prints is captured, what a child writes to fd 1/2 goes nowhere.

Each reply says how many threads the step left running (`threads`: the host restarts the
session, since such a thread could change later results) and whether the background pre-import
still runs (`busy`: the keeper freezes the runner between steps only when not). pandas and
matplotlib are imported lazily, in a background thread: the first answer is fast, later warm.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import importlib.abc
import importlib.util
import io
import json
import linecache
import math
import os
import resource
import signal
import struct
import sys
import threading
import time
import traceback
import warnings

MAX_VALUE_CHARS = 20_000
MAX_TABLE_ROWS = 500
MAX_CELL_CHARS = 1_000
MAX_TABLE_BYTES = 2 * 1024 * 1024  # a reply stays well under the keeper's frame limit
MAX_FIGURES_BYTES = 1024 * 1024
FIGURES_FUNCTION = "send_figures"  # the one definition of the name (the host imports it)
HEADER = struct.Struct(">I")
_executing = False


class BoundedText(io.TextIOBase):
    """A stdout/stderr replacement keeping only the head and the tail of what is written."""

    def __init__(self, limit: int) -> None:
        self.half = max(limit // 2, 1)
        self.head: list[str] = []
        self.head_len = 0
        self.tail = ""
        self.total = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        size = len(text)
        self.total += size
        if self.head_len < self.half:
            take = text[: self.half - self.head_len]
            self.head.append(take)
            self.head_len += len(take)
            text = text[len(take):]
        if text:
            self.tail = (self.tail + text)[-self.half:]
        return size

    @property
    def encoding(self) -> str:  # type: ignore[override]  # some libraries ask; read-only here
        return "utf-8"

    def getvalue(self) -> str:
        head = "".join(self.head)
        cut = self.total - len(head) - len(self.tail)
        if cut <= 0:
            return head + self.tail
        return f"{head}\n[... {cut:,} characters cut ...]\n{self.tail}"


def _on_sigint(signum, frame):
    # Only interrupt the user's code; a late SIGINT between steps must not end the session.
    if _executing:
        raise KeyboardInterrupt


class _PatchSavefig(importlib.abc.MetaPathFinder):
    """Mark figures saved by the user's code, so auto-save at step end skips them."""

    def find_spec(self, name, path, target=None):
        if name != "matplotlib.figure":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        original = spec.loader.exec_module

        def exec_module(module):
            original(module)
            _wrap_savefig(module.Figure)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]  # the patch itself
        return spec


def _wrap_savefig(figure_class) -> None:
    original = figure_class.savefig

    def savefig(self, *args, **kwargs):
        self._sandbox_saved = True
        return original(self, *args, **kwargs)

    figure_class.savefig = savefig


def _jsonable(v):
    """A cell value as JSON: exact where possible, None for missing, text otherwise."""
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return v if math.isfinite(v) else None
    kind = type(v).__name__
    if kind in ("NaTType", "NAType"):
        return None
    if type(v).__module__ == "numpy" and hasattr(v, "item"):
        return _jsonable(v.item())
    if hasattr(v, "isoformat"):
        try:
            return v.isoformat()
        except (TypeError, ValueError):
            pass
    return str(v)  # Decimal, Interval, ...: text keeps every digit


def _table(value):
    """{"columns", "index", "data", ...} for a pandas DataFrame or Series, else None."""
    if not type(value).__module__.startswith("pandas") or type(value).__name__ not in ("DataFrame", "Series"):
        return None
    frame = value.to_frame() if type(value).__name__ == "Series" else value
    rows = MAX_TABLE_ROWS
    while True:
        head = frame.head(rows)
        table = {
            "columns": [_cell(str(c)) for c in head.columns],
            "index": [_cell(_jsonable(i)) for i in head.index],
            "data": [[_cell(_jsonable(v)) for v in row]
                     for row in head.itertuples(index=False, name=None)],
            "rows_total": len(frame),
            "truncated": len(frame) > len(head),
        }
        if rows <= 1 or len(json.dumps(table, default=str)) <= MAX_TABLE_BYTES:
            return table
        rows //= 2  # too wide to send whole: fewer rows, still marked truncated


def _cell(v):
    """Long text in a cell is cut: a table preview, not a dump."""
    if isinstance(v, str) and len(v) > MAX_CELL_CHARS:
        return v[:MAX_CELL_CHARS] + "…"
    return v


def _display(value):
    text = repr(value)
    if len(text) > MAX_VALUE_CHARS:
        text = text[:MAX_VALUE_CHARS] + f"\n[... {len(text) - MAX_VALUE_CHARS:,} characters cut ...]"
    try:
        table = _table(value)
    except Exception:  # noqa: BLE001 - a strange subclass must not break the step
        table = None
    return {"text": text, "table": table}


def _error(exc: BaseException, filename: str) -> dict:
    """Name, message and the traceback of the user's frames only."""
    te = traceback.TracebackException.from_exception(exc)
    # Drop the runner's own frames: the user only wrote the step.
    te.stack = traceback.StackSummary.from_list([f for f in te.stack if f.filename != __file__])
    return {"name": type(exc).__name__, "message": str(exc), "traceback": "".join(te.format())[-MAX_VALUE_CHARS:]}


def _save_open_figures(step: int) -> None:
    """Save figures left open (as a notebook would display them), then close all figures."""
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is None:
        return
    for number in plt.get_fignums():
        figure = plt.figure(number)
        if getattr(figure, "_sandbox_saved", False) or not figure.axes:
            continue
        index = 1
        while os.path.exists(path := f"output/figure-{step:03d}-{index}.png"):
            index += 1
        try:
            figure.savefig(path, dpi=100, bbox_inches="tight")
        except Exception as exc:  # noqa: BLE001 - report, keep the step's result
            print(f"Could not save the open figure: {exc}", file=sys.stderr)
    plt.close("all")


def _reap_children() -> None:
    """Collect exited children of the step's code: zombies would use up the pids limit.

    A `subprocess.Popen` kept across steps may then report exit status 0 instead of its own;
    that is the price of a fork bomb not disabling the session.
    """
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


class Runner:
    def __init__(self, max_output: int) -> None:
        self.namespace: dict = {"__name__": "__main__", "__builtins__": builtins}
        self.max_output = max_output
        self.step = 0
        self.pid = os.getpid()
        self.figures: dict | None = None

    def send_figures(self, figures: dict) -> None:
        """The step's figures for the host, as JSON (other values as their text)."""
        text = json.dumps(figures, default=str, ensure_ascii=False) if isinstance(figures, dict) else ""
        if not text or len(text.encode()) > MAX_FIGURES_BYTES:
            raise ValueError(f"{FIGURES_FUNCTION}() takes a dict of at most {MAX_FIGURES_BYTES:,} bytes as JSON")
        self.figures = json.loads(text)

    def run(self, code: str) -> dict:
        global _executing
        self.step += 1
        filename = f"<step {self.step}>"
        _reap_children()  # what the keeper killed after the last step, while we were frozen
        out, err = BoundedText(self.max_output), BoundedText(self.max_output)
        reply: dict = {"error": None, "value": None, "interrupted": False}
        # Put back before every step: an earlier step may have replaced or deleted it.
        self.figures, self.namespace[FIGURES_FUNCTION] = None, self.send_figures
        sys.stdout, sys.stderr = out, err
        try:
            linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
            tree = ast.parse(code, filename)
            last = None
            if tree.body and isinstance(final := tree.body[-1], ast.Expr):
                tree.body.pop()
                last = ast.Expression(final.value)
            body = compile(tree, filename, "exec")
            tail = compile(last, filename, "eval") if last is not None else None
            try:
                _executing = True
                exec(body, self.namespace)  # noqa: S102 - running the step is the job
                value = eval(tail, self.namespace) if tail is not None else None  # noqa: S307 - same
            finally:
                _executing = False
            if value is not None:
                reply["value"] = _display(value)
                self.namespace["_"] = value
        except KeyboardInterrupt as exc:
            reply["interrupted"] = True
            reply["error"] = _error(exc, filename)
        except BaseException as exc:  # noqa: BLE001 - SystemExit too: the session goes on
            reply["error"] = _error(exc, filename)
        if os.getpid() != self.pid:
            # A child forked by the step's code got here: it must never answer as the kernel.
            os._exit(0)
        _reap_children()
        try:
            _save_open_figures(self.step)
        except BaseException as exc:  # noqa: BLE001
            print(f"Could not save open figures: {exc}", file=sys.stderr)
        reply["figures"] = self.figures
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        reply["stdout"], reply["stderr"] = out.getvalue(), err.getvalue()
        reply["threads"] = _threads_left()
        reply["busy"] = _preloading.is_set()
        return reply


def _threads_left() -> int:
    """Threads of this interpreter still running besides ours (a short grace to end)."""
    for _ in range(10):
        ours = {threading.main_thread().ident, _preloader_ident, *_preload_threads}
        left = [t for t in sys._current_frames() if t not in ours]
        if not left:
            return 0
        time.sleep(0.005)
    return len(left)


_preloading = threading.Event()
_preloader_ident: int | None = None
_preload_threads: set[int | None] = set()
"""Threads started by the pre-import (matplotlib's "building the font cache" timer): not the
step's, though they may run while a fast first step ends."""
_thread_start = threading.Thread.start


def _start_thread(self: threading.Thread) -> None:
    _thread_start(self)
    if _preloader_ident is not None and threading.get_ident() == _preloader_ident:
        _preload_threads.add(self.ident)


def _preload(modules: list[str]) -> None:
    global _preloader_ident
    _preloader_ident = threading.get_ident()  # before any import can start a thread
    try:
        for name in modules:
            try:
                __import__(name)
            except Exception:  # noqa: BLE001, S110 - a missing package is the step's business
                pass
    finally:
        if threading.Thread.start is _start_thread:
            threading.Thread.start = _thread_start  # type: ignore[method-assign]
        _preloading.clear()


def _read_exact(fd: int, n: int) -> bytes:
    chunks, got = [], 0
    while got < n:
        chunk = os.read(fd, n - got)
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def serve(args: argparse.Namespace) -> int:
    """Requests from the keeper, one frame each, until it closes the pipe."""
    global _preloader_ident
    # Children the step starts must not inherit the pipes to the keeper.
    os.set_inheritable(args.fd_in, False)
    os.set_inheritable(args.fd_out, False)
    runner = Runner(args.max_output)
    if args.preload:
        threading.Thread.start = _start_thread  # type: ignore[method-assign]
        _preloading.set()
        loader = threading.Thread(target=_preload, args=(args.preload.split(","),), daemon=True)
        loader.start()
        _preloader_ident = loader.ident
    while True:
        # Step code (or a child) can set our descriptors non-blocking: the flag lives on the
        # shared open file, so it is set back before each use.
        os.set_blocking(args.fd_in, True)
        head = _read_exact(args.fd_in, HEADER.size)
        if len(head) < HEADER.size:
            return 0  # the keeper is gone
        (size,) = HEADER.unpack(head)
        try:
            request = json.loads(_read_exact(args.fd_in, size))
        except ValueError:
            return 2
        reply = runner.run(str(request.get("code", "")))
        reply["id"] = request.get("id")
        body = json.dumps(reply, default=str).encode()
        out = HEADER.pack(len(body)) + body
        os.set_blocking(args.fd_out, True)
        view = memoryview(out)
        while view:
            view = view[os.write(args.fd_out, view):]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fd-in", type=int, required=True, help="requests from the keeper")
    parser.add_argument("--fd-out", type=int, required=True, help="replies to the keeper")
    parser.add_argument("--max-output", type=int, default=64_000, help="characters kept per stream")
    parser.add_argument("--path", action="append", default=[], help="folder put on sys.path")
    parser.add_argument("--preload", default="", help="modules imported in the background")
    parser.add_argument("--fsize", type=int, default=0, help="largest file the code may write")
    parser.add_argument("--memory", type=int, default=0, help="address-space limit (local only)")
    args = parser.parse_args(argv)

    # The working directory is the workspace root: relative paths like input/x work.
    sys.path[:0] = [os.path.abspath(p) for p in args.path] + [""]
    if args.fsize:  # writing past it raises OSError (EFBIG): Python ignores SIGXFSZ
        resource.setrlimit(resource.RLIMIT_FSIZE, (args.fsize, args.fsize))
    if args.memory:
        resource.setrlimit(resource.RLIMIT_AS, (args.memory, args.memory))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    os.environ.setdefault("MPLBACKEND", "Agg")  # plt.show() must never block
    warnings.filterwarnings("ignore", message=".*non-interactive.*cannot be shown")
    sys.meta_path.insert(0, _PatchSavefig())
    signal.signal(signal.SIGINT, _on_sigint)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))  # stop now, even mid-step
    return serve(args)


if __name__ == "__main__":
    sys.exit(main())
