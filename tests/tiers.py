"""Test tiers by marker, correct by construction (issue 28, point 2).

The fast tier (`-m "not docker and not browser and not slow"`) is only honest when every
test that needs Docker, a browser, a process of our own command line or a network beyond
this machine carries the marker that says so. Two mechanisms keep it so:

- **Fixtures mark.** A test whose fixtures reach the Docker engine (`docker_image`,
  `expected_backend`) or a browser (`page`, `browser`, `context`) gets the marker at
  collection, before `-m` selects: nobody has to remember it.
- **What a test does is watched.** While a test sets up, runs and tears down, every process
  it starts (`subprocess.Popen`, which asyncio and Playwright use too) and every socket it
  connects are seen. A test that started `docker`, the browser, `analyst`/`sandbox`/
  `streamlit` (as a script or `python -m`), connected to the Docker engine's socket, or
  connected to an address off this machine, without the matching marker, fails with the
  marker it needs. The reader server every upload goes through (`analyst.ingest.server`) is
  part of the product's call, not our command line: it needs no marker. Threads count when
  the test (or a thread it started) started them; those an earlier test left running do not.

Markers: `docker` (the engine), `browser` (Chromium), `slow` (starts our command line as a
process, builds or installs things; a browser test starts the app it drives under its own
marker; also set by hand on cases of a costly grid whose other cases stay in the fast tier,
tests/grids.py, and on the cases measured at seconds each, tests/costs.py), `network` (an address other than loopback).
"""

from __future__ import annotations

import ipaddress
import os
import socket
import subprocess
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests import costs

DOCKER_FIXTURES = frozenset({"docker_image", "expected_backend"})
BROWSER_FIXTURES = frozenset({"page", "browser", "context", "browser_type_launch_args"})
OUR_COMMANDS = frozenset({"analyst", "sandbox", "streamlit"})
# Processes the product starts for itself inside a call, not our command line: every upload
# is read by the reader server (`analyst.ingest.bounded`), one per test process.
PRODUCT_HELPERS = frozenset({"analyst.ingest.server"})
NEEDS = {
    "docker": "the Docker engine",
    "browser": "a browser",
    "slow": "a process of our own command line",
    "network": "a network address off this machine",
}


# What the running test used (a test runs one at a time per process). Only the main thread
# and threads started while this test ran count: a thread an earlier test left behind (a
# pool, an idle-session reaper) is not this test's doing.
_seen: set[tuple[str, str]] = set()
_seen_lock = threading.Lock()
_running: list[int] = [0]  # a number per test, so threads know which test started them
_original_thread_start = threading.Thread.start


def _owner(thread: threading.Thread) -> int | None:
    if thread is threading.main_thread():
        return _running[0]
    owner = getattr(thread, "_tier_owner", None)
    return owner if isinstance(owner, int) else None


def _owned_thread_start(self: threading.Thread) -> None:
    self._tier_owner = _owner(threading.current_thread())  # type: ignore[attr-defined]
    _original_thread_start(self)


def _note(marker: str, what: str) -> None:
    if _owner(threading.current_thread()) != _running[0]:
        return
    with _seen_lock:
        _seen.add((marker, what))


def uses_of_command(argv: Sequence[str]) -> Iterator[tuple[str, str]]:
    """The markers a process started with `argv` needs, each with what showed it."""
    if not argv:
        return
    words = [str(a) for a in argv]
    program = Path(words[0]).name
    shown = " ".join(words[:4])
    if program == "docker":
        yield "docker", shown
    if "chrom" in program or any("playwright" in w and "driver" in w for w in words[:2]):
        yield "browser", shown
    if program in OUR_COMMANDS:
        yield "slow", shown
    if program.startswith("python"):
        for flag, module in zip(words, words[1:], strict=False):
            if (flag == "-m" and module.split(".")[0] in OUR_COMMANDS
                    and module not in PRODUCT_HELPERS):
                yield "slow", shown


def uses_of_address(family: int, address: Any) -> Iterator[tuple[str, str]]:
    """The markers a socket connection to `address` needs."""
    if family == getattr(socket, "AF_UNIX", None):
        path = address.decode() if isinstance(address, bytes) else str(address)
        if path.endswith("docker.sock"):
            yield "docker", path
        return
    if family not in (socket.AF_INET, socket.AF_INET6) or not isinstance(address, tuple):
        return
    host = str(address[0])
    if host == "localhost":
        return
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        yield "network", host
        return
    if not (ip.is_loopback or ip.is_unspecified):
        yield "network", host


_original_popen_init = subprocess.Popen.__init__
_original_connect = socket.socket.connect
_original_connect_ex = socket.socket.connect_ex


def _argv(args: Any) -> list[str]:
    if isinstance(args, (str, bytes, os.PathLike)):
        return [os.fsdecode(args)]
    return [os.fsdecode(a) if isinstance(a, (bytes, os.PathLike)) else str(a) for a in args]


def _watched_popen_init(self: subprocess.Popen[Any], args: Any, *rest: Any, **kw: Any) -> None:
    argv = _argv(args)
    if kw.get("shell"):
        argv = argv[0].split()
    for marker, what in uses_of_command(argv):
        _note(marker, what)
    _original_popen_init(self, args, *rest, **kw)


def _watched_connect(self: socket.socket, address: Any) -> None:
    for marker, what in uses_of_address(self.family, address):
        _note(marker, what)
    return _original_connect(self, address)


def _watched_connect_ex(self: socket.socket, address: Any) -> int:
    for marker, what in uses_of_address(self.family, address):
        _note(marker, what)
    return _original_connect_ex(self, address)


def _watch_the_engine_api() -> None:
    """Every request of the Docker SDK counts, not only a new connection: its client is one
    per process and keeps its connection, so the socket shows only the first test's use."""
    try:
        from docker.api.client import APIClient
    except ImportError:  # no SDK, no engine calls
        return
    original = APIClient.send

    def send(self: Any, request: Any, **kwargs: Any) -> Any:
        _note("docker", f"Docker API {request.method} {request.path_url.split('?')[0]}")
        return original(self, request, **kwargs)

    APIClient.send = send  # type: ignore[method-assign]


def install() -> None:
    threading.Thread.start = _owned_thread_start  # type: ignore[method-assign]
    _watch_the_engine_api()
    subprocess.Popen.__init__ = _watched_popen_init  # type: ignore[method-assign]
    socket.socket.connect = _watched_connect  # type: ignore[method-assign]
    socket.socket.connect_ex = _watched_connect_ex  # type: ignore[method-assign]


def mark_by_fixtures(items: list[pytest.Item]) -> None:
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if names & DOCKER_FIXTURES and item.get_closest_marker("docker") is None:
            item.add_marker(pytest.mark.docker)
        if names & BROWSER_FIXTURES and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)


def missing_markers(item: pytest.Item, seen: set[tuple[str, str]]) -> list[str]:
    """One line per marker `item` needed by what it did but does not carry."""
    lines = []
    for marker in NEEDS:
        whats = sorted({what for m, what in seen if m == marker})
        # A browser test starts the app it drives: its tier already leaves it out.
        covered = marker == "slow" and item.get_closest_marker("browser") is not None
        if whats and item.get_closest_marker(marker) is None and not covered:
            lines.append(f"@pytest.mark.{marker}: it used {NEEDS[marker]} ({whats[0]})")
    return lines


def begin() -> None:
    with _seen_lock:
        _seen.clear()
        _running[0] += 1


def check(item: pytest.Item) -> None:
    with _seen_lock:
        seen = set(_seen)
        _seen.clear()
    lines = missing_markers(item, seen)
    if lines:
        pytest.fail("this test needs the marker of its tier (tests/tiers.py):\n  "
                    + "\n  ".join(lines), pytrace=False)


# The hooks (tests/conftest.py imports them; `-p tests.tiers` loads them alone).
def pytest_configure(config: pytest.Config) -> None:
    install()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_by_fixtures(items)  # before -m selects
    retry_browser_tests(items)
    costs.mark_costly(items)
    costs.order_by_cost(items)


def retry_browser_tests(items: list[pytest.Item]) -> None:
    """A browser test gets one second attempt (pytest-rerunfailures), and only a browser test.

    Why: end to end in Chromium on a shared two-core machine, about one run in sixty stopped
    at a page that never drew its uploader or chat input, with nothing in the app's log, and
    one such failure stops a whole CI run. The first attempt is not hidden: its failure, what
    the page showed and where the app's threads waited are printed at the end of the run
    (tests/conftest.py), to find the cause from."""
    for item in items:
        if item.get_closest_marker("browser") is not None and item.get_closest_marker("flaky") is None:
            item.add_marker(pytest.mark.flaky(reruns=1))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    begin()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    result = yield
    check(item)
    return result
