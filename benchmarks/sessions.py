"""Benchmark: N concurrent sessions x 10 offline questions each, through the analyst layer
and the Docker backend, under the host's admission limit. All N in one run.

Each session is an `Analysis` with its own generated sales file (its own seed, so an
answer that crossed sessions is a wrong figure) asking real offline questions in four
languages, one after another with a short "thinking" pause between them, all sessions at
once. Every answer is checked against plain pandas on that session's raw file.

The admission and the warm pool are the app's (`--limit`, `--running`, `--warm` change
them): sessions' containers from memory, questions at once from the cores, the pool
started and full before the users come, growing while new sessions wait for a container.

Usage: python benchmarks/sessions.py [--sessions 1,10,20,40] [--questions 10]
       [--limit N] [--running Q] [--warm W] [--pause-after S] [--think S] [--rows R]
Prints, per N: lost answers (no answer, a failed one or a wrong figure: must be 0),
spurious restarts (steps whose sandbox restarted: must be 0), pauses (idle sessions
stopped for others, then resumed), waits, p50/p95 per question (asked -> answered, waiting
included) and the ratio to N=1's p50 measured in the same run, the first answer of a
session, throughput, and peak memory: this installation's containers (their cgroups,
sampled), this process, and the machine (used minus what it used before the run). Then
where the time goes (waiting in line, cold questions whose container started in them, the
run), the CPU per question (this process, the containers, the engine's daemons, and the
rest of the machine: other users of a shared machine show there), and issue 30's
closed-loop judgement: throughput against the best N's, p95 against the ideal.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from analyst.events import Answer  # noqa: E402
from analyst.session.admission import Admission  # noqa: E402
from analyst.session.admission_settings import (  # noqa: E402
    PAUSE_AFTER_S,
    default_limit,
    default_questions,
)
from analyst.session.analysis import Analysis  # noqa: E402
from analyst.session.warm import ENV as WARM_ENV  # noqa: E402
from analyst.session.warm import current_pool, default_size, start_pool, stop_pool  # noqa: E402
from benchmarks.sales_data import write_sales_csv  # noqa: E402
from sandbox import Limits, notice_english  # noqa: E402
from sandbox.docker_backend import WARM_LABEL  # noqa: E402
from sandbox.engine import client, engine_problem, image_problem, image_tag  # noqa: E402
from sandbox.owners import OWNER_LABEL, owner_token  # noqa: E402

MB = 1024 * 1024


def _month(df: pd.DataFrame) -> pd.Series:
    return df["Date"].str[:7]


# (question, kind, key: a column or a function of the frame, measure)
QUESTIONS: tuple[tuple[str, str, Any, str], ...] = (
    ("total revenue", "total", None, "Revenue"),
    ("revenue by region", "group", "Region", "Revenue"),
    ("виручка по регіонах", "group", "Region", "Revenue"),
    ("quantity by channel", "group", "Channel", "Quantity"),
    ("выручка по каналам", "group", "Channel", "Revenue"),
    ("revenue by month", "group", _month, "Revenue"),
    ("top 5 products by revenue", "top", "Product", "Revenue"),
    ("各地区的收入", "group", "Region", "Revenue"),
    ("revenue by category", "group", "Category", "Revenue"),
    ("quantity by region", "group", "Region", "Quantity"),
)


def wrong(answer: Answer, root: Path, frame: pd.DataFrame, index: int) -> str | None:
    """Why the answer is not the right one (None: right), from the table it saved."""
    text, kind, by, measure = QUESTIONS[index]
    if not answer.ok:
        return f"{text!r} failed: {answer.text[:120]}"
    tables = [p for s in answer.steps for p in s.tables if p.endswith(".parquet")]
    if not tables:
        return f"{text!r} saved no table"
    table = pd.read_parquet(root / tables[0])
    if kind == "total":
        got = float(table.set_index("metric").loc["Total Revenue", "value"])
        want = float(frame[measure].sum())
        return None if abs(got - want) <= 1e-6 else f"{text!r}: {got} != {want}"
    keys = by(frame) if callable(by) else frame[by]
    expected = frame.groupby(keys)[measure].sum()
    if kind == "top":
        ranked = table[table["rank"].notna()]
        top = expected.sort_values(ascending=False).iloc[:5]
        same = (list(ranked[by]) == list(top.index)
                and np.allclose(ranked[measure].to_numpy(float), top.to_numpy(float), atol=1e-6))
        return None if same else f"{text!r}: the top 5 differ"
    column = "month" if callable(by) else by
    got_series = table.set_index(column)[measure].sort_index()
    same = (list(got_series.index) == list(expected.index)
            and np.allclose(got_series.to_numpy(float), expected.to_numpy(float), atol=1e-6))
    return None if same else f"{text!r}: the figures differ"


@dataclass
class Session:
    index: int
    analysis: Analysis
    frame: pd.DataFrame
    times: list[float] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)
    cold: list[bool] = field(default_factory=list)
    """Per question: its session had no container when it was asked (one starts in it)."""
    problems: list[str] = field(default_factory=list)
    lost: int = 0
    restarts: int = 0
    resumed: int = 0
    waited_notices: int = 0


def ask_all(session: Session, questions: int, think: float, start: threading.Barrier) -> None:
    rng = random.Random(session.index)  # noqa: S311  think times, not secrets
    start.wait()
    for k in range(questions):
        index = (session.index + k) % len(QUESTIONS)
        asked = time.perf_counter()
        cold = session.analysis._place._session is None  # a container starts for it
        answers: list[Answer] = []
        told = False
        try:
            for event in session.analysis.ask(QUESTIONS[index][0], brain="offline"):
                if event.kind == "status" and "waiting_s" in event.data:
                    told = True  # no place was free: the question waited and was told so
                if event.kind == "answer" and event.answer is not None:
                    answers.append(event.answer)
        except Exception as exc:  # noqa: BLE001  a lost answer, counted and shown
            session.problems.append(f"{QUESTIONS[index][0]!r} raised {exc!r}")
            session.lost += 1
            continue
        session.times.append(time.perf_counter() - asked)
        session.waits.append(session.analysis.lease.waited_s)
        session.cold.append(cold)
        session.waited_notices += told
        if len(answers) != 1:
            session.problems.append(f"{QUESTIONS[index][0]!r}: {len(answers)} answers")
            session.lost += 1
            continue
        answer = answers[0]
        session.restarts += sum(1 for s in answer.steps
                                if s.result is not None and s.result.restarted)
        session.resumed += sum(1 for w in answer.warnings if "paused" in w or "призупинено" in w
                               or "приостановлен" in w or "暂停" in w)
        problem = wrong(answer, session.analysis.workspace.root, session.frame, index)
        if problem:
            session.problems.append(problem)
            session.lost += 1
        if k + 1 < questions and think > 0:
            time.sleep(rng.uniform(0, 2 * think))  # the user reads the answer
    session.analysis.close()  # the user leaves: the place is free for the others at once


def ours(prefix: str) -> list[str]:
    """Ids of the running containers of this run's sessions: by their workspace label, and
    the warm ones this process started and handed to a session (not those still ready)."""
    listed = client().api.containers(filters={"label": "analyst.sandbox"})
    me = owner_token()
    pool = current_pool()
    ready = set(pool.ready_ids()) if pool is not None else set()
    return [c["Id"] for c in listed
            if str(c.get("Labels", {}).get("analyst.workspace", "")).startswith(prefix)
            or (WARM_LABEL in c.get("Labels", {}) and c["Labels"].get(OWNER_LABEL) == me
                and c["Id"] not in ready)]


def cgroup_memory(cid: str) -> int | None:
    for path in (f"/sys/fs/cgroup/memory/docker/{cid}/memory.usage_in_bytes",  # v1, cgroupfs
                 f"/sys/fs/cgroup/system.slice/docker-{cid}.scope/memory.current",  # v2, systemd
                 f"/sys/fs/cgroup/docker/{cid}/memory.current"):  # v2, cgroupfs
        with contextlib.suppress(OSError, ValueError):
            return int(Path(path).read_text())
    return None


def cgroup_cpu(cid: str) -> float | None:
    """CPU seconds the container used so far (its cgroup)."""
    for path in (f"/sys/fs/cgroup/cpuacct/docker/{cid}/cpuacct.usage",  # v1, cgroupfs
                 f"/sys/fs/cgroup/cpu,cpuacct/docker/{cid}/cpuacct.usage"):
        with contextlib.suppress(OSError, ValueError):
            return int(Path(path).read_text()) / 1e9
    for path in (f"/sys/fs/cgroup/system.slice/docker-{cid}.scope/cpu.stat",  # v2
                 f"/sys/fs/cgroup/docker/{cid}/cpu.stat"):
        with contextlib.suppress(OSError, ValueError):
            for line in Path(path).read_text().splitlines():
                if line.startswith("usage_usec"):
                    return int(line.split()[1]) / 1e6
    return None


def engine_cpu() -> float:
    """CPU seconds of the engine's daemons (dockerd, containerd) so far."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            text = stat.read_text()
            name = text[text.index("(") + 1:text.rindex(")")]
            if name in ("dockerd", "containerd") or name.startswith("containerd-shim"):
                fields = text[text.rindex(")") + 2:].split()
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def machine_cpu() -> float:
    """CPU seconds the whole machine was busy so far (every user of it)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    return (sum(values) - values[3] - values[4]) / os.sysconf("SC_CLK_TCK")


def own_rss() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def machine_used() -> int:
    info = {}
    for line in Path("/proc/meminfo").read_text().splitlines():
        name, value = line.split(":", 1)
        info[name] = int(value.split()[0]) * 1024
    return info["MemTotal"] - info["MemAvailable"]


class Sampler:
    """Every 0.25 s: our running containers, their memory, the machine's used memory."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.most_running = 0
        self.containers_peak = 0
        self.machine_peak = 0
        self.process_peak = 0
        self.unreadable = False
        self.container_cpu: dict[str, float] = {}
        """Each container's CPU seconds when last seen (a container's last 0.25 s are lost)."""
        self.cpu: dict[str, float] = {}
        """CPU seconds used during the run: this process, the engine, the machine."""
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._done.is_set():
            ids = ours(self.prefix)
            self.most_running = max(self.most_running, len(ids))
            for cid in ids:
                used = cgroup_cpu(cid)
                if used is not None:
                    self.container_cpu[cid] = used
            sizes = [cgroup_memory(cid) for cid in ids]
            self.unreadable |= any(s is None for s in sizes)
            self.containers_peak = max(self.containers_peak, sum(s or 0 for s in sizes))
            self.machine_peak = max(self.machine_peak, machine_used())
            self.process_peak = max(self.process_peak, own_rss())
            self._done.wait(0.25)

    def __enter__(self) -> Sampler:
        self._start = (sum(os.times()[:2]), engine_cpu(), machine_cpu())
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()
        ends = (sum(os.times()[:2]), engine_cpu(), machine_cpu())
        self.cpu = {name: end - start for name, start, end
                    in zip(("process", "engine", "machine"), self._start, ends, strict=True)}
        self.cpu["containers"] = sum(self.container_cpu.values())


@dataclass
class Outcome:
    n: int
    seconds: float
    times: list[float]
    firsts: list[float]
    waits: list[float]
    colds: list[bool]
    cpu: dict[str, float]
    lost: int
    restarts: int
    pauses: int
    resumed: int
    waited: int
    most_running: int
    containers_peak: int
    machine_peak: int
    machine_before: int
    process_peak: int
    left: int
    problems: list[str]


def run_n(n: int, args: argparse.Namespace, base: Path, limits: Limits) -> Outcome:
    folder = base / f"n{n}"
    folder.mkdir()
    admission = Admission(folder / "running", args.limit, args.pause_after,
                          questions=args.running)
    sessions = []
    for i in range(n):
        csv = write_sales_csv(folder / f"sales_{i}.csv", rows=args.rows, seed=1000 * n + i)
        analysis = Analysis.open(folder / f"ws{i}", backend="docker", limits=limits,
                                 admission=admission)
        analysis.add_file(csv)
        sessions.append(Session(i, analysis, pd.read_csv(csv)))
    pool = current_pool()
    if pool is not None:  # the app's pool is full before its users come (it fills at start)
        pool.wait_ready(timeout=300)
    start = threading.Barrier(n + 1)
    threads = [threading.Thread(target=ask_all, args=(s, args.questions, args.think, start),
                                daemon=True) for s in sessions]
    before = machine_used()
    with Sampler(str(folder)) as sampler:
        for thread in threads:
            thread.start()
        start.wait()
        t0 = time.perf_counter()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - t0
        for session in sessions:
            session.analysis.close()
    left = len(ours(str(folder)))
    problems = [f"session {s.index}: {p}" for s in sessions for p in s.problems]
    lost = sum(s.lost for s in sessions)
    return Outcome(
        n=n, seconds=seconds, times=[t for s in sessions for t in s.times],
        firsts=[s.times[0] for s in sessions if s.times],
        waits=[w for s in sessions for w in s.waits], lost=lost,
        colds=[c for s in sessions for c in s.cold], cpu=sampler.cpu,
        restarts=sum(s.restarts for s in sessions), pauses=admission.pauses,
        resumed=sum(s.resumed for s in sessions),
        waited=sum(s.waited_notices for s in sessions),
        most_running=sampler.most_running, containers_peak=sampler.containers_peak,
        machine_peak=sampler.machine_peak, machine_before=before,
        process_peak=sampler.process_peak, left=left,
        problems=problems)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def where(outcomes: list[Outcome]) -> None:
    """Where a question's time goes: waiting in line for a place, then its run; a cold
    question's run includes its session's container start (warm pool or new)."""
    print(f"\n{'N':>3} {'wait p50':>8} {'wait p95':>8} {'cold':>5} {'cold p50':>8} "
          f"{'cold p95':>8} {'run p50':>7} {'run p95':>7} {'warm run p95':>12}")
    for o in outcomes:
        runs = [t - w for t, w in zip(o.times, o.waits, strict=True)]
        cold = [t for t, c in zip(o.times, o.colds, strict=True) if c]
        warm_runs = [r for r, c in zip(runs, o.colds, strict=True) if not c]
        print(f"{o.n:>3} {pct(o.waits, 0.5):>8.2f} {pct(o.waits, 0.95):>8.2f} {len(cold):>5} "
              f"{pct(cold, 0.5):>8.2f} {pct(cold, 0.95):>8.2f} {pct(runs, 0.5):>7.2f} "
              f"{pct(runs, 0.95):>7.2f} {pct(warm_runs, 0.95):>12.2f}")
    print(f"\n{'N':>3} {'process':>8} {'containers':>10} {'engine':>7} {'others':>7}   "
          "CPU ms per question")
    for o in outcomes:
        count = max(1, len(o.times))
        c = {k: 1000 * v / count for k, v in o.cpu.items()}
        others = c["machine"] - c["process"] - c["containers"] - c["engine"]
        print(f"{o.n:>3} {c['process']:>8.0f} {c['containers']:>10.0f} {c['engine']:>7.0f} "
              f"{others:>7.0f}")
    print("wait: in line for a place (s); cold: questions whose session had no container "
          "(it started in them), their whole time; run: asked to answered less the wait; "
          "warm run: the run of questions whose container was running.")


def judge(outcomes: list[Outcome]) -> None:
    """Issue 30's closed-loop acceptance, from this run's own figures: each N's throughput
    within 80% of the best N's, and its p95 at most twice the ideal, N x the mean service
    time (the first N's mean question time, N=1 by default) / the cores."""
    if not outcomes or not outcomes[0].times:
        return
    service = statistics.fmean(outcomes[0].times)
    cores = os.cpu_count() or 1
    best = max(len(o.times) / o.seconds for o in outcomes)
    print(f"\nmean service time {service:.2f} s (N={outcomes[0].n}); {cores} cores; best "
          f"throughput {best:.2f} questions/s")
    print(f"{'N':>3} {'q/s / best':>10} {'ideal p95 s':>11} {'p95 / ideal':>11}  acceptance")
    for o in outcomes:
        share = len(o.times) / o.seconds / best
        ideal = max(service, o.n * service / cores)
        ratio = pct(o.times, 0.95) / ideal
        verdict = ("" if o is not outcomes[-1] else "met" if share >= 0.8 and ratio <= 2.0
                   else "NOT met")
        print(f"{o.n:>3} {share:>10.2f} {ideal:>11.2f} {ratio:>11.2f}  {verdict}")
    print("acceptance (the largest N): throughput >= 0.80 of the best N's, p95 <= 2x ideal; "
          "think time and a session's first start are in every question's time")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", default="1,10,20,40")
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--limit", type=int, default=default_limit(),
                        help="sessions whose container runs at once (default: this host's, "
                             "from memory, as the app)")
    parser.add_argument("--warm", type=int, default=default_size(),
                        help="warm sandboxes kept ready, growing while questions without a "
                             "container wait (default: the app's; 0: none)")
    parser.add_argument("--running", type=int, default=None,
                        help="questions running at once (default: this host's, from cores, "
                             "as the app)")
    parser.add_argument("--pause-after", type=float, default=PAUSE_AFTER_S,
                        help="idle seconds before a session may be paused (default: the app's)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds between two questions of a session (uniform 0..2x)")
    parser.add_argument("--rows", type=int, default=5000)
    args = parser.parse_args()
    counts = [int(x) for x in args.sessions.split(",") if x.strip()]
    if args.running is None:
        args.running = default_questions(args.limit)
    problem = engine_problem() or image_problem(image_tag())
    if problem:
        print(f"The Docker sandbox is not usable: {notice_english(problem)}", file=sys.stderr)
        return 2
    limits = Limits(memory_bytes=1024**3, step_timeout_s=600)
    outcomes = []
    started = time.strftime("%H:%M:%S")
    os.environ[WARM_ENV] = str(args.warm)
    start_pool("docker", limits)  # as the app does at its start (none when --warm 0)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for n in counts:
                print(f"N={n} ...", file=sys.stderr, flush=True)
                outcomes.append(run_n(n, args, Path(tmp), limits))
    finally:
        stop_pool()
    base = statistics.median(outcomes[0].times) if outcomes and outcomes[0].times else float("nan")
    print(f"\nsessions x {args.questions} questions, Docker backend, {args.limit} sessions' "
          f"containers and {args.running} questions running at once, {args.warm} warm, pause after "
          f"{args.pause_after:g} s idle, think 0-{2 * args.think:g} s, "
          f"{args.rows} rows per file; {os.cpu_count()} CPUs; started {started} UTC, "
          f"load {os.getloadavg()[0]:.1f} at the end")
    print(f"{'N':>3} {'lost':>5} {'restarts':>8} {'pauses':>6} {'resumed':>7} {'waited':>6} "
          f"{'wait p95':>8} {'p50 s':>7} {'p95 s':>7} {'p50/b':>6} {'p95/b':>6} {'1st p50':>7} {'q/s':>5} "
          f"{'most':>4} {'cont MB':>7} {'proc MB':>7} {'host+MB':>7} {'wall s':>7}")
    for o in outcomes:
        p50, p95 = statistics.median(o.times) if o.times else float("nan"), pct(o.times, 0.95)
        print(f"{o.n:>3} {o.lost:>5} {o.restarts:>8} {o.pauses:>6} {o.resumed:>7} "
              f"{o.waited:>6} {pct(o.waits, 0.95):>8.2f} {p50:>7.2f} {p95:>7.2f} {p50 / base:>6.1f} {p95 / base:>6.1f} "
              f"{statistics.median(o.firsts) if o.firsts else float('nan'):>7.2f} "
              f"{len(o.times) / o.seconds:>5.2f} {o.most_running:>4} "
              f"{o.containers_peak // MB:>7} {o.process_peak // MB:>7} "
              f"{(o.machine_peak - o.machine_before) // MB:>7} {o.seconds:>7.1f}")
    print("lost: questions without a right answer (none, failed, or a figure unlike pandas'); "
          "restarts: steps whose sandbox restarted; pauses: idle sessions stopped for others; "
          "resumed: answers that said so; waited: questions that waited for a place (and were "
          "told so); wait p95: their time waiting; p50/b, p95/b: to the first N's p50 (N=1 by "
          "default), measured in this run; most: "
          "running containers at once (from the engine); cont MB: their memory at its peak "
          "(cgroups); proc MB: this process's peak RSS (the host side of all sessions); host+MB: the machine's peak "
          "used memory above its level before that N (other users of the machine included).")
    where(outcomes)
    judge(outcomes)
    if any(o.containers_peak == 0 for o in outcomes):
        print("(container memory unreadable from the cgroups here)")
    failed = False
    for o in outcomes:
        for p in o.problems[:10]:
            print(f"N={o.n}: {p}")
        if o.left:
            print(f"N={o.n}: {o.left} container(s) left running after the sessions closed")
        if o.most_running > args.limit:
            print(f"N={o.n}: {o.most_running} containers ran at once, above the limit")
        failed |= bool(o.lost or o.restarts or o.left or o.most_running > args.limit)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
