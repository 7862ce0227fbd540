"""Benchmark: a 10-step analysis of a 45,000-row sales CSV in three designs, same CPU limit.

(a) a new hardened container per step (the tutorial design): every step imports pandas and
    reloads the CSV;
(b) this project's session: one container, one persistent interpreter;
(c) the same persistent kernel as a plain local process (the floor), put in a cgroup with
    the same CPU quota when this host lets us (root, cgroup v1), else unquota'd (said so).

Usage: python benchmarks/sandbox_steps.py [--rounds 5] [--cpus 1]
Prints per-step medians, totals, ratios, warm `print(1)` overhead, a warm step that writes a
small file (in Docker it pays the copy of `output/` to the host) and first-result time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sandbox import Limits, Workspace, open_session
from sandbox.docker_backend import container_options
from sandbox.engine import client, image_tag

LOAD = "import pandas as pd\nimport matplotlib.pyplot as plt\n" \
       "df = pd.read_csv('input/sales.csv', parse_dates=['date'])\n"
STEPS = [
    ("load", LOAD + "len(df)"),
    ("by region", "df.groupby('region')['revenue'].sum()"),
    ("by product", "df.groupby('product')[['units', 'revenue']].sum().sort_values('revenue')"),
    ("by month", "df.set_index('date')['revenue'].resample('MS').sum()"),
    ("describe", "df.describe()"),
    ("top customers", "df.groupby('customer')['revenue'].sum().nlargest(10)"),
    ("pivot", "df.pivot_table(index='region', columns='product', values='revenue', aggfunc='sum')"),
    ("bar chart", ("df.groupby('region')['revenue'].sum().plot.bar()\n"
                  "plt.savefig('output/regions.png')\nplt.close('all')")),
    ("line chart", ("df.set_index('date')['revenue'].resample('MS').sum().plot()\n"
                   "plt.savefig('output/months.png')\nplt.close('all')")),
    ("histogram", ("df['revenue'].plot.hist(bins=40)\nplt.savefig('output/hist.png')\n"
                  "plt.close('all')")),
]


def make_workspace(root: Path) -> Workspace:
    import numpy as np
    import pandas as pd

    ws = Workspace(root).ensure()
    rng = np.random.default_rng(7)
    n = 45_000
    units = rng.integers(1, 50, n)
    price = rng.choice([9.99, 19.5, 45.0, 120.0, 310.0], n)
    pd.DataFrame({
        "date": pd.Timestamp("2025-01-01") + pd.to_timedelta(rng.integers(0, 730, n), "D"),
        "region": rng.choice(["North", "South", "East", "West", "Central"], n),
        "product": rng.choice([f"P{i:02d}" for i in range(40)], n),
        "customer": rng.choice([f"C{i:04d}" for i in range(2000)], n),
        "units": units,
        "revenue": (units * price).round(2),
    }).to_csv(ws.input_dir / "sales.csv", index=False)
    (ws.input_dir / "sales.csv").chmod(0o644)
    return ws


def design_a(ws: Workspace, limits: Limits, image: str) -> list[float]:
    """A new `docker run` per step with the same hardening; every step reloads the data."""
    times = []
    for index, (_, code) in enumerate(STEPS):
        name = f"analyst-bench-{uuid.uuid4().hex[:8]}"
        # Removed here after its exit (auto-remove would race the wait and the removal).
        options = {**container_options(ws, limits, name), "auto_remove": False}
        source = code if index == 0 else LOAD + code
        started = time.perf_counter()
        container = client().containers.create(image, ["python", "-c", source], **options)
        container.start()
        status = container.wait()["StatusCode"]
        container.remove(force=True, v=True)  # with its output volume
        times.append(time.perf_counter() - started)
        if status != 0:
            raise SystemExit(f"design (a) step {index + 1} failed with status {status}")
    return times


def run_session(session) -> list[float]:
    times = []
    for index, (_, code) in enumerate(STEPS):
        started = time.perf_counter()
        result = session.run(code)
        times.append(time.perf_counter() - started)
        if not result.ok:
            raise SystemExit(f"{session.backend} step {index + 1} failed: {result.error}")
    return times


def cpu_cgroup(cpus: float) -> Path | None:
    """A cgroup v1 CPU quota for the local kernel, so (c) gets the containers' CPU limit."""
    base = Path("/sys/fs/cgroup/cpu")
    if not (base / "cpu.cfs_quota_us").exists() or os.geteuid() != 0:
        return None
    group = base / "analyst-bench"
    try:
        group.mkdir(exist_ok=True)
        (group / "cpu.cfs_period_us").write_text("100000")
        (group / "cpu.cfs_quota_us").write_text(str(int(cpus * 100000)))
    except OSError:
        return None
    return group


def warm_overhead(session, n: int = 50, code: str = "print(1)") -> float:
    session.run(code)
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        session.run(code)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


# A step that writes one small file: in Docker it also pays the copy of output/ to the host
# (one archive call when output/ changed); the bytes differ each time, so it always changed.
WRITE = "import os\nopen('output/note.txt', 'w').write(os.urandom(8).hex() * 256)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cpus", type=float, default=1.0)
    args = parser.parse_args()
    limits = Limits(cpus=args.cpus, memory_bytes=2 * 1024**3)
    image = image_tag()
    group = cpu_cgroup(args.cpus)
    a, b, c, first, warm_b, warm_c, write_b, write_c = [], [], [], [], [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        ws = make_workspace(Path(tmp) / "ws")
        for round_no in range(args.rounds):  # interleaved, so drift hits all designs alike
            print(f"round {round_no + 1}/{args.rounds}", file=sys.stderr, flush=True)
            a.append(design_a(ws, limits, image))
            started = time.perf_counter()
            with open_session(ws, backend="docker", limits=limits) as session:
                session.run("print(1)")
                first.append(time.perf_counter() - started)
                time.sleep(1.5)  # let the background pre-import finish, as between two questions
                b.append(run_session(session))
                warm_b.append(warm_overhead(session))
                write_b.append(warm_overhead(session, 15, WRITE))
            with open_session(ws, backend="local", limits=limits) as session:
                session.start()
                if group is not None:
                    (group / "cgroup.procs").write_text(str(session._backend._proc.pid))
                time.sleep(1.5)
                c.append(run_session(session))
                warm_c.append(warm_overhead(session))
                write_c.append(warm_overhead(session, 15, WRITE))
    if group is not None:
        group.rmdir()

    def med(rows: list[list[float]], i: int) -> float:
        return statistics.median(r[i] for r in rows)

    print(f"\n{'step':<15}{'(a) run/step':>14}{'(b) session':>14}{'(c) local':>12}")
    for i, (name, _) in enumerate(STEPS):
        print(f"{name:<15}{med(a, i):>13.3f}s{med(b, i):>13.3f}s{med(c, i):>11.3f}s")
    ta, tb, tc = (statistics.median(sum(r) for r in rows) for rows in (a, b, c))
    print(f"{'total':<15}{ta:>13.2f}s{tb:>13.2f}s{tc:>11.2f}s")
    quota = f"{args.cpus:g} CPU" + ("" if group else " for containers; (c) NOT quota'd")
    print(f"\nCPU limit: {quota}; {args.rounds} rounds; medians.")
    print(f"(a)/(b) = {ta / tb:.1f}x  (acceptance: >= 5x)")
    print(f"(b)/(c) = {tb / tc:.2f}x (acceptance: <= 1.5x)")
    print(f"warm print(1) round trip: session {statistics.median(warm_b) * 1000:.2f} ms, "
          f"local {statistics.median(warm_c) * 1000:.2f} ms (acceptance: <= 10 ms)")
    print(f"warm step writing a 4 KB file: session {statistics.median(write_b) * 1000:.1f} ms, "
          f"local {statistics.median(write_c) * 1000:.1f} ms")
    print(f"session from nothing to first result: {statistics.median(first):.3f} s "
          "(acceptance: <= 1 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
