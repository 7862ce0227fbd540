"""The app's warm pool as sessions use it (issue 30, point 2): an analysis started while the
process's pool (analyst.session.warm) is full answers from a warm container, every figure
right; a process that exits takes its ready containers with it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
from docker.errors import NotFound

from analyst.session.analysis import Analysis
from analyst.session.warm import ENV, current_pool, start_pool, stop_pool
from benchmarks.sales_data import write_sales_csv
from sandbox import Limits
from sandbox.docker_backend import WARM_LABEL
from sandbox.engine import client

pytestmark = pytest.mark.docker
LIMITS = Limits(memory_bytes=1024**3, step_timeout_s=300)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app_pool(docker_image: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(ENV, "1")
    pool = start_pool("docker", LIMITS)
    assert pool is not None and pool.wait_ready(timeout=120)
    try:
        yield
    finally:
        stop_pool()


def test_an_analysis_takes_a_warm_container_and_answers_right(app_pool: None, tmp_path: Path) -> None:
    pool = current_pool()
    assert pool is not None
    warm = pool.ready_ids()
    csv = write_sales_csv(tmp_path / "sales.csv", rows=500, seed=30)
    frame = pd.read_csv(csv)
    with Analysis.open(tmp_path / "ws", backend="docker", limits=LIMITS) as analysis:
        analysis.add_file(csv)  # arrives after the container was made: copied in by value
        answers = [e.answer for e in analysis.ask("revenue by region", brain="offline")
                   if e.kind == "answer" and e.answer is not None]
        assert len(answers) == 1 and answers[0].ok, answers
        tables = [p for s in answers[0].steps for p in s.tables if p.endswith(".parquet")]
        got = pd.read_parquet(analysis.workspace.root / tables[0]).set_index("Region")["Revenue"]
        expected = frame.groupby("Region")["Revenue"].sum()
        assert got.sort_index().round(6).to_dict() == expected.sort_index().round(6).to_dict()
        assert pool.handed == 1 and warm[0] not in pool.ready_ids()
        labels = client().api.inspect_container(warm[0])["Config"]["Labels"]
        assert labels[WARM_LABEL] == "1"
    with pytest.raises(NotFound):  # the session closed: removed, not given back
        client().api.inspect_container(warm[0])


def test_size_zero_or_the_local_backend_start_no_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "0")
    assert start_pool("docker", LIMITS) is None and current_pool() is None
    monkeypatch.setenv(ENV, "2")
    assert start_pool("local", LIMITS) is None and current_pool() is None


@pytest.mark.slow
def test_a_process_that_exits_removes_its_ready_containers(docker_image: str) -> None:
    child = (
        "from sandbox.pool import WarmPool\n"
        "from tests.sandbox.conftest import TEST_LIMITS\n"
        "pool = WarmPool(1, TEST_LIMITS).start()\n"
        "assert pool.wait_ready(timeout=120)\n"
        "print(*pool.ready_ids())\n"  # then the interpreter exits without stopping it
    )
    out = subprocess.run([sys.executable, "-c", child], cwd=ROOT, capture_output=True, text=True,
                         timeout=180, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    ids = out.stdout.split()
    assert len(ids) == 1
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            client().api.inspect_container(ids[0])
        except NotFound:
            return
        time.sleep(0.2)
    pytest.fail(f"the warm container {ids[0]} outlived its process")
