"""An engine that hangs rather than refuses (issue 30, point 4's gap): it accepts the
connection and never answers. Placement asks each listed engine with a short ping of its own
(`PROBE_S` times the machine's load), so such an engine is passed over and marked down in
seconds, instead of every new session waiting a whole API timeout (60 s) on it."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sandbox import Limits, SandboxError
from sandbox import engines as engines_module
from sandbox.engine import API_TIMEOUT_S, engine_problem
from sandbox.engines import HOSTS_ENV, Engine, engines, place
from sandbox.health import load_factor

pytestmark = pytest.mark.docker  # the Docker SDK's calls, even to a socket that is no engine

PROBE_S = 1.0
"""The probe's base in these tests (the product's is longer; the mechanism is the same)."""


@pytest.fixture
def silent(tmp_path: Path) -> Iterator[str]:
    """A Unix socket that accepts every connection and never says a word."""
    path = tmp_path / "silent.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def hold() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    yield f"unix://{path}"
    stop.set()
    thread.join(5)
    for conn in held:
        conn.close()
    server.close()


@pytest.fixture(autouse=True)
def _short_probe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engines_module, "PROBE_S", PROBE_S)


def bound() -> float:
    """What the probe may take here, with room for a loaded machine; far below the API's."""
    return min(PROBE_S * load_factor() * 3 + 3, API_TIMEOUT_S / 2)


def test_a_silent_engine_is_down_in_seconds_not_an_api_timeout(silent: str) -> None:
    engine = Engine(silent)
    started = time.monotonic()
    load = engine.load(Limits())
    took = time.monotonic() - started
    assert not load.up
    assert took < bound(), f"{took:.1f} s"
    assert engine.down  # asked again only after RECHECK_S


def test_no_engine_answering_is_said_in_seconds(silent: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    refusing = f"unix://{tmp_path / 'nothing-here.sock'}"
    monkeypatch.setenv(HOSTS_ENV, f"{silent},{refusing}")
    started = time.monotonic()
    with pytest.raises(SandboxError) as raised:
        place(Limits())
    assert time.monotonic() - started < 2 * bound()
    assert silent in str(raised.value) and refusing in str(raised.value)


def test_a_session_goes_past_a_silent_engine_to_one_that_answers(
        silent: str, monkeypatch: pytest.MonkeyPatch) -> None:
    problem = engine_problem()
    if problem is not None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but the Docker engine is not usable: {problem}")
        pytest.skip(str(problem))
    main = os.environ.get("DOCKER_HOST") or "unix:///var/run/docker.sock"
    monkeypatch.setenv(HOSTS_ENV, f"{silent},{main}")
    started = time.monotonic()
    chosen = place(Limits())
    assert time.monotonic() - started < 2 * bound()
    assert chosen.url == main
    assert [each.down for each in engines()] == [True, False]
