"""The line for a place: waiters, in threads or in processes of their own, are served in
the order they arrived, woken when a place is given back (not by looking again and again),
told their place, and a waiter that dies leaves the line without holding it up."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from analyst.session.admission import WAKE_S, Admission
from analyst.session.line import Wait
from sandbox.health import load_factor

ROOT = Path(__file__).resolve().parents[2]


def _until(condition, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds * load_factor()
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


class Waiter(threading.Thread):
    """Waits for a place, notes when it got it, keeps it `hold_s`, gives it back."""

    def __init__(self, admission: Admission, index: int, served: list[int],
                 hold_s: float) -> None:
        super().__init__(daemon=True)
        self.lease = admission.lease(lambda: None)
        self.index, self.served, self.hold_s = index, served, hold_s
        self.waits: list[Wait] = []
        self.granted_at = 0.0

    def run(self) -> None:
        for wait in self.lease.waiting():
            self.waits.append(wait)
        self.granted_at = self.lease.granted_at
        self.served.append(self.index)
        time.sleep(self.hold_s)
        self.lease.end()
        self.lease.release()


def _holders(admission: Admission, limit: int) -> list:
    leases = [admission.lease(lambda: None) for _ in range(limit)]
    assert all(lease.try_begin() for lease in leases)
    return leases


@pytest.mark.parametrize("seed", range(8))
def test_threads_are_served_in_the_order_they_arrived(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    limit, count = rng.randint(1, 3), rng.randint(5, 20)
    admission = Admission(tmp_path / "running", limit, pause_after_s=3600)
    holders = _holders(admission, limit)
    served: list[int] = []
    waiters = []
    for index in range(count):  # each joins once the one before stands in line
        waiter = Waiter(admission, index, served, hold_s=rng.choice([0, 0.01, 0.05]))
        waiter.start()
        # In line, and told its place: the ticket is in the line's file a moment before the
        # waiter has its first `Wait` (read too early under load: an empty list).
        _until(lambda n=index, w=waiter: len(admission.line.waiting()) == n + 1
               and bool(w.waits))
        waiters.append(waiter)
    for index, waiter in enumerate(waiters):
        assert waiter.waits[0].place == index + 1  # told its place as it arrived
    for holder in holders:
        holder.end()
        holder.release()
    for waiter in waiters:
        waiter.join(30 * load_factor())
    # In the order they got their place (noted before the next one is woken).
    assert sorted(served, key=lambda i: waiters[i].granted_at) == list(range(count))
    for waiter in waiters:  # a place in line only ever moves forward
        places = [w.place for w in waiter.waits]
        assert places == sorted(places, reverse=True)
    assert admission.line.waiting() == []


WAITER = """
import os, sys, time
from analyst.session.admission import Admission
a = Admission(sys.argv[1], int(sys.argv[2]), pause_after_s=3600)
lease = a.lease(lambda: None)
for wait in lease.waiting():
    pass
fd = os.open(sys.argv[3], os.O_WRONLY | os.O_APPEND | os.O_CREAT)
os.write(fd, f"{sys.argv[4]} {lease.granted_at!r}\\n".encode())
os.close(fd)
time.sleep(float(sys.argv[5]))
lease.end()
lease.release()
"""


@pytest.mark.parametrize("seed", range(3))
def test_processes_are_served_in_the_order_they_arrived(tmp_path: Path, seed: int) -> None:
    """Every process of the data folder stands in the same line."""
    rng = random.Random(100 + seed)
    limit, count = rng.randint(1, 2), rng.randint(4, 8)
    folder = tmp_path / "running"
    admission = Admission(folder, limit, pause_after_s=3600)
    holders = _holders(admission, limit)
    log = tmp_path / "served.log"
    procs = []
    try:
        for index in range(count):
            procs.append(subprocess.Popen(
                [sys.executable, "-c", WAITER, str(folder), str(limit), str(log), str(index),
                 str(rng.choice([0, 0.05]))], cwd=ROOT))
            _until(lambda n=index: len(admission.line.waiting()) == n + 1, 60)
        for holder in holders:
            holder.end()
            holder.release()
        for proc in procs:
            assert proc.wait(60 * load_factor()) == 0
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    # CLOCK_MONOTONIC is one clock for every process of the machine.
    lines = [line.split() for line in log.read_text().splitlines()]
    assert [index for index, _ in sorted(lines, key=lambda x: float(x[1]))] == [
        str(i) for i in range(count)]


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_a_place_given_back_wakes_the_first_at_once(tmp_path: Path, limit: int) -> None:
    """Served on the ring of the one who gives a place back, well before the waiter's own
    wake-up tick (WAKE_S), and without waking again and again meanwhile."""
    admission = Admission(tmp_path / "running", limit, pause_after_s=3600)
    holders = _holders(admission, limit)
    served: list[int] = []
    waiter = Waiter(admission, 0, served, hold_s=0)
    waiter.start()
    _until(lambda: len(admission.line.waiting()) == 1)
    time.sleep(2.5 * WAKE_S)  # a waiter that looked every 0.2 s would have woken ~12 times
    assert len(waiter.waits) <= 4
    released = time.monotonic()
    holders[-1].end()
    holders[-1].release()
    waiter.join(10)
    assert served == [0]
    assert waiter.granted_at - released < 0.5 * WAKE_S * max(1.0, load_factor())


def test_a_waiter_that_dies_leaves_the_line(tmp_path: Path) -> None:
    folder = tmp_path / "running"
    admission = Admission(folder, 1, pause_after_s=3600)
    holders = _holders(admission, 1)
    doomed = subprocess.Popen([sys.executable, "-c", WAITER, str(folder), "1",
                               str(tmp_path / "log"), "dead", "0"], cwd=ROOT)
    _until(lambda: len(admission.line.waiting()) == 1, 60)
    served: list[int] = []
    waiter = Waiter(admission, 1, served, hold_s=0)
    waiter.start()
    _until(lambda: len(admission.line.waiting()) == 2)
    assert waiter.waits[-1].place == 2
    os.kill(doomed.pid, signal.SIGKILL)
    doomed.wait()
    _until(lambda: waiter.waits and waiter.waits[-1].place == 1 or bool(served))
    holders[0].end()
    holders[0].release()
    waiter.join(10)
    assert served == [1]
    assert not (tmp_path / "log").exists()
    assert not any(folder.joinpath("line").glob("*.ticket"))


def test_a_bell_closed_while_it_is_rung_rings_the_next(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The first waiter leaves just as a place is given back: its bell is opened for the
    ring, then its reader closes. The ring goes to the next waiter, no error escapes (a
    broken pipe here once killed the giver's thread and left the next waiter asleep)."""
    from analyst.session import line as line_module

    queue = line_module.Line(tmp_path / "line")
    first, second = queue.join(), queue.join()
    real_open = os.open
    closed: list[int] = []

    def open_then_first_leaves(path, flags, *args):
        fd = real_open(path, flags, *args)
        if str(path).endswith(f"{first.number:012d}.bell") and flags & os.O_WRONLY:
            os.close(first._bell_fd)  # the reader goes between the writer's open and write
            closed.append(first.number)
        return fd

    monkeypatch.setattr(line_module.os, "open", open_then_first_leaves)
    queue.ring_first()
    monkeypatch.setattr(line_module.os, "open", real_open)
    assert closed == [first.number]
    assert second.sleep(0.5), "the next waiter was not rung"
    os.close(first._ticket_fd)
    second.leave()
