"""The default number of running sessions comes from what this process may use: the cores
it may run on and its cgroup's CPU quota, the memory and its cgroup's limit (a container
given 2 CPUs and 4 GB on a 64-core host counts 2 and 4 GB)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from analyst.session.host import usable_cores, usable_memory

AFFINITY = len(os.sched_getaffinity(0))
MACHINE = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def _v2(root: Path, cpu: str | None, memory: str | None) -> Path:
    root.mkdir()
    if cpu is not None:
        (root / "cpu.max").write_text(cpu + "\n")
    if memory is not None:
        (root / "memory.max").write_text(memory + "\n")
    return root


def _v1(root: Path, quota: int | None, period: int, memory: int | None) -> Path:
    (root / "cpu").mkdir(parents=True)
    (root / "memory").mkdir()
    if quota is not None:
        (root / "cpu" / "cpu.cfs_quota_us").write_text(f"{quota}\n")
        (root / "cpu" / "cpu.cfs_period_us").write_text(f"{period}\n")
    if memory is not None:
        (root / "memory" / "memory.limit_in_bytes").write_text(f"{memory}\n")
    return root


@pytest.mark.parametrize("seed", range(20))
def test_a_quota_below_the_cores_counts_and_one_above_does_not(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    period = rng.choice([50_000, 100_000, 250_000])
    cpus = rng.choice([0.5, 1, 1.5, 2, 3, 8, 64])
    quota = int(cpus * period)
    expected = max(1.0, min(float(AFFINITY), cpus))
    assert usable_cores(_v2(tmp_path / "v2", f"{quota} {period}", None)) == pytest.approx(expected)
    assert usable_cores(_v1(tmp_path / "v1", quota, period, None)) == pytest.approx(expected)


@pytest.mark.parametrize("layout", ["none", "v2-max", "v1-unlimited"])
def test_no_quota_means_the_cores_it_may_run_on(tmp_path: Path, layout: str) -> None:
    root = {"none": lambda: _v2(tmp_path / "x", None, None),
            "v2-max": lambda: _v2(tmp_path / "x", "max 100000", "max"),
            "v1-unlimited": lambda: _v1(tmp_path / "x", -1, 100_000, 2**63 - 4096)}[layout]()
    assert usable_cores(root) == AFFINITY
    assert usable_memory(root) == MACHINE


@pytest.mark.parametrize("gigabytes", [0.5, 1, 2, 4, 16, 10_000])
def test_a_memory_limit_below_the_machine_counts(tmp_path: Path, gigabytes: float) -> None:
    limit = int(gigabytes * 1024**3)
    assert usable_memory(_v2(tmp_path / "v2", None, str(limit))) == min(MACHINE, limit)
    assert usable_memory(_v1(tmp_path / "v1", None, 100_000, limit)) == min(MACHINE, limit)
