"""Waiting for a place is said, can be stopped, and is shared with the command line.

Real processes hold the host's slots (the same flock'd files the app, the CLI and the API
use); the local backend keeps these quick, the Docker side is tests/analysis/
test_admission_docker.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from analyst.events import Event
from analyst.session.admission import Admission
from analyst.session.analysis import Analysis
from analyst.words import say
from benchmarks.sales_data import write_sales_csv
from sandbox.health import load_factor

ROOT = Path(__file__).resolve().parents[2]
# Holds every slot busy (never paused) until its stdin closes.
HOLDER = """
import sys
from analyst.session.admission import Admission
a = Admission(sys.argv[1], int(sys.argv[2]))
leases = [a.lease(lambda: None) for _ in range(int(sys.argv[2]))]
for lease in leases:
    assert lease.try_begin()
print("held", flush=True)
sys.stdin.read()
"""


def _hold(folder: Path, limit: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder), str(limit)],  # noqa: S603
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def _patience(seconds: float) -> float:
    return seconds * load_factor()


@pytest.mark.parametrize(("question", "lang"), [("total revenue", "en"),
                                                ("загальна виручка", "uk"),
                                                ("общая выручка", "ru"), ("总收入", "zh")])
def test_a_stop_ends_the_wait_and_nothing_runs(tmp_path: Path, question: str, lang: str) -> None:
    folder = tmp_path / "running"
    holder = _hold(folder, 2)
    try:
        with Analysis.open(tmp_path / "ws", backend="local",
                           admission=Admission(folder, 2, pause_after_s=0)) as analysis:
            analysis.add_file(write_sales_csv(tmp_path / "sales.csv", rows=500))
            events: list[Event] = []
            stream = analysis.ask(question, brain="offline")
            events.append(next(stream))  # told at once that it waits
            assert events[0].kind == "status"
            assert events[0].message == say(lang, "session", "waiting", place=1)
            assert events[0].data["limit"] == 2
            stopper = threading.Timer(0.5, analysis.interrupt)
            stopper.start()
            t0 = time.monotonic()
            events += list(stream)
            stopper.join()
            assert time.monotonic() - t0 < _patience(10) + 5
            answers = [e.answer for e in events if e.kind == "answer"]
            assert len(answers) == 1 and answers[0] is not None
            assert not answers[0].ok and answers[0].text == "Stopped before the end."
            assert answers[0].steps == ()
            assert not analysis.lease.holding
            assert analysis._place._session is None  # nothing started
            assert [a.text for a in analysis.history] == ["Stopped before the end."]
    finally:
        holder.communicate("")


@pytest.mark.slow  # a real process of our command line
def test_the_command_line_waits_for_a_place_the_app_holds(tmp_path: Path) -> None:
    """`python -m analyst ask` with ANALYST_DATA_DIR shared: it says it waits, then answers
    as soon as the other process gives its place back."""
    data = tmp_path / "data"
    holder = _hold(data / "running", 1)
    csv = write_sales_csv(tmp_path / "sales.csv", rows=800, seed=9)
    env = {**os.environ, "ANALYST_DATA_DIR": str(data), "ANALYST_MAX_RUNNING_SESSIONS": "1",
           "PYTHONPATH": str(ROOT)}
    cli = subprocess.Popen([sys.executable, "-m", "analyst", "ask", "--backend", "local",  # noqa: S603
                            "--offline", str(csv), "total revenue"],
                           cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
    try:
        assert cli.stderr is not None
        waiting = say("en", "session", "waiting", place=1)
        lines = []
        deadline = time.monotonic() + _patience(60) + 60
        while time.monotonic() < deadline:
            line = cli.stderr.readline()
            lines.append(line)
            if waiting in line or not line:
                break
        assert any(waiting in line for line in lines), lines
        assert cli.poll() is None  # still waiting: the place is the other process's
        holder.communicate("")  # the other process ends: its place is free at once
        out, err = cli.communicate(timeout=_patience(120) + 120)
    finally:
        if cli.poll() is None:
            cli.kill()
        if holder.poll() is None:
            holder.kill()
    import pandas as pd

    total = pd.read_csv(csv)["Revenue"].sum()
    assert cli.returncode == 0, err
    assert f"{total:,.2f}" in out


@pytest.mark.slow  # real processes of our command line
def test_two_command_lines_are_told_their_place_and_served_in_that_order(tmp_path: Path) -> None:
    """The second `analyst ask` to come says it is number 2 in line; when the place frees,
    the first one to come answers first."""
    data = tmp_path / "data"
    holder = _hold(data / "running", 1)
    csv = write_sales_csv(tmp_path / "sales.csv", rows=600, seed=4)
    env = {**os.environ, "ANALYST_DATA_DIR": str(data), "ANALYST_MAX_RUNNING_SESSIONS": "1",
           "PYTHONPATH": str(ROOT)}
    clis: list[subprocess.Popen[str]] = []
    try:
        for place in (1, 2):
            cli = subprocess.Popen([sys.executable, "-m", "analyst", "ask", "--backend", "local",  # noqa: S603
                                    "--offline", str(csv), "total revenue"],
                                   cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
            clis.append(cli)
            assert cli.stderr is not None
            told = say("en", "session", "waiting", place=place)
            deadline = time.monotonic() + _patience(60) + 60
            lines: list[str] = []
            while time.monotonic() < deadline:
                line = cli.stderr.readline()
                lines.append(line)
                if told in line or not line:
                    break
            assert any(told in line for line in lines), lines
        holder.communicate("")
        finished: list[int] = []
        deadline = time.monotonic() + _patience(120) + 120
        while len(finished) < 2 and time.monotonic() < deadline:
            finished += [i for i, cli in enumerate(clis) if cli.poll() is not None
                         and i not in finished]
            time.sleep(0.05)
        assert finished == [0, 1]
        assert all(cli.returncode == 0 for cli in clis)
    finally:
        for cli in clis:
            if cli.poll() is None:
                cli.kill()
        if holder.poll() is None:
            holder.kill()
