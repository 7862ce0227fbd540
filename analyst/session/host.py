"""What this host gives sessions: the cores and memory it may use (a container's cgroup
limits counted), and the room one session is given. Both the admission (how many run) and
the warm pool (how many wait ready) are sized from these."""

from __future__ import annotations

import os
from pathlib import Path

SESSION_MEMORY = 512 * 1024**2  # what one session is given room for (idle ~200 MB, peaks more)


def usable_cores(cgroup: Path = Path("/sys/fs/cgroup")) -> float:
    """The cores this process may use: those it may run on (affinity), fewer when its
    cgroup has a CPU quota (`docker run --cpus 2` on a 64-core host: 2, not 64)."""
    try:
        cores = float(len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        cores = float(os.cpu_count() or 1)
    quota = _cgroup_quota(cgroup)
    return max(1.0, min(cores, quota)) if quota else max(1.0, cores)


def _cgroup_quota(cgroup: Path) -> float | None:
    try:  # cgroup v2: "max 100000" or "200000 100000"
        ceiling, every = (cgroup / "cpu.max").read_text().split()[:2]
        return None if ceiling == "max" else int(ceiling) / int(every)
    except (OSError, ValueError):
        pass
    try:  # cgroup v1: -1 means no quota
        quota = int((cgroup / "cpu" / "cpu.cfs_quota_us").read_text())
        period = int((cgroup / "cpu" / "cpu.cfs_period_us").read_text())
        return quota / period if quota > 0 and period > 0 else None
    except (OSError, ValueError):
        return None


def usable_memory(cgroup: Path = Path("/sys/fs/cgroup")) -> int:
    """The machine's memory, less when this process's cgroup is limited (a container)."""
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError):
        memory = 4 * 1024**3
    for limit_file in (cgroup / "memory.max", cgroup / "memory" / "memory.limit_in_bytes"):
        try:
            limit = int(limit_file.read_text().strip())  # "max" (v2, none): ValueError
        except (OSError, ValueError):
            continue
        return min(memory, limit)  # v1's "none" is a huge number: min() keeps the machine's
    return memory
