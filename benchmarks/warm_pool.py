"""Benchmark: users arriving over time, the warm pool off and then on, in one run.

Issue 30's acceptance load: 20 users, each arriving `--arrive-every` seconds after the last,
asking 3 offline questions 20-30 s apart (a user reading each answer), through `Analysis`
and the Docker backend under the host's admission limit, as the app does. The same users
(same files, same questions, same arrival and reading times) run twice: with
`ANALYST_WARM_SANDBOXES=0`, then with a pool of `--warm` containers started and full before
the first user arrives. Every answer is checked against plain pandas (benchmarks/sessions.py).

Usage: python benchmarks/warm_pool.py [--quick] [--users 20] [--questions 3]
       [--gap 20,30] [--arrive-every 4] [--warm N] [--limit N] [--rows R]
`--quick`: 6 users, 2 questions, 3-5 s apart, one arriving every 1.5 s (about a minute).
Prints per mode: lost answers (must be 0), p50/p95 of a user's first answer and of any
answer (asked -> answered, waiting included), and the ratios pool on / pool off.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pandas as pd  # noqa: E402

from analyst.events import Answer  # noqa: E402
from analyst.session.admission import Admission  # noqa: E402
from analyst.session.admission_settings import default_limit, default_questions  # noqa: E402
from analyst.session.analysis import Analysis  # noqa: E402
from analyst.session.warm import current_pool, default_size, start_pool  # noqa: E402
from benchmarks.sales_data import write_sales_csv  # noqa: E402
from benchmarks.sessions import QUESTIONS, pct, wrong  # noqa: E402
from sandbox import Limits, notice_english  # noqa: E402
from sandbox.engine import engine_problem, image_problem, image_tag  # noqa: E402


@dataclass
class User:
    index: int
    arrives_s: float
    gaps: list[float]
    firsts: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def plan(args: argparse.Namespace) -> list[User]:
    """The same arrivals and reading times for both modes."""
    rng = random.Random(30)  # noqa: S311  timings, not secrets
    low, high = (float(x) for x in args.gap.split(","))
    return [User(i, i * args.arrive_every, [rng.uniform(low, high) for _ in range(args.questions - 1)])
            for i in range(args.users)]


def serve(user: User, folder: Path, args: argparse.Namespace, limits: Limits,
          admission: Admission, t0: float) -> None:
    time.sleep(max(0.0, t0 + user.arrives_s - time.perf_counter()))
    csv = folder / f"sales_{user.index}.csv"
    frame = pd.read_csv(csv)
    analysis = Analysis.open(folder / f"ws{user.index}", backend="docker", limits=limits,
                             admission=admission)
    try:
        analysis.add_file(csv)  # the upload: before the first question, as in the app
        for k in range(args.questions):
            index = (user.index + k) % len(QUESTIONS)
            asked = time.perf_counter()
            answers: list[Answer] = [e.answer for e in analysis.ask(QUESTIONS[index][0], brain="offline")
                                     if e.kind == "answer" and e.answer is not None]
            took = time.perf_counter() - asked
            user.times.append(took)
            if k == 0:
                user.firsts.append(took)
            problem = (f"{len(answers)} answers" if len(answers) != 1 else
                       wrong(answers[0], analysis.workspace.root, frame, index))
            if problem:
                user.problems.append(problem)
            if k < len(user.gaps):
                time.sleep(user.gaps[k])
    except Exception as exc:  # noqa: BLE001  a lost answer, counted and shown
        user.problems.append(repr(exc))
    finally:
        analysis.close()


def run(mode: str, args: argparse.Namespace, base: Path, limits: Limits) -> list[User]:
    folder = base / mode
    folder.mkdir()
    for i in range(args.users):
        write_sales_csv(folder / f"sales_{i}.csv", rows=args.rows, seed=i)
    users = plan(args)
    admission = Admission(folder / "running", args.limit,  # as the app's: questions by cores
                          questions=default_questions(args.limit))
    t0 = time.perf_counter()
    threads = [threading.Thread(target=serve, args=(u, folder, args, limits, admission, t0),
                                daemon=True) for u in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return users


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--questions", type=int, default=3)
    parser.add_argument("--gap", default="20,30", help="seconds between a user's questions")
    parser.add_argument("--arrive-every", type=float, default=4.0)
    parser.add_argument("--warm", type=int, default=max(default_size(), 1),
                        help="warm containers with the pool on (default: the app's default)")
    parser.add_argument("--limit", type=int, default=default_limit())
    parser.add_argument("--rows", type=int, default=5000)
    args = parser.parse_args()
    if args.quick:
        args.users, args.questions, args.gap, args.arrive_every, args.rows = 6, 2, "3,5", 1.5, 2000
    problem = engine_problem() or image_problem(image_tag())
    if problem:
        print(f"The Docker sandbox is not usable: {notice_english(problem)}", file=sys.stderr)
        return 2
    limits = Limits(memory_bytes=1024**3, step_timeout_s=600)
    results: dict[str, list[User]] = {}
    started = time.strftime("%H:%M:%S")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ANALYST_WARM_SANDBOXES"] = "0"
        print("pool off ...", file=sys.stderr, flush=True)
        results["off"] = run("off", args, Path(tmp), limits)
        os.environ["ANALYST_WARM_SANDBOXES"] = str(args.warm)
        pool = start_pool("docker", limits)
        assert pool is not None and current_pool() is pool  # noqa: S101
        print(f"pool on: warming {args.warm} ...", file=sys.stderr, flush=True)
        pool.wait_ready(timeout=300)
        results["on"] = run("on", args, Path(tmp), limits)
        pool.stop()
    print(f"\n{args.users} users arriving every {args.arrive_every:g} s, {args.questions} questions "
          f"each {args.gap.replace(',', '-')} s apart, {args.rows} rows; Docker backend, limit "
          f"{args.limit} running, warm pool {args.warm} when on; {os.cpu_count()} CPUs; started "
          f"{started} UTC, load {os.getloadavg()[0]:.1f} at the end")
    print(f"{'pool':>4} {'lost':>5} {'1st p50':>8} {'1st p95':>8} {'any p50':>8} {'any p95':>8}")
    figures = {}
    for mode, users in results.items():
        firsts = [t for u in users for t in u.firsts]
        times = [t for u in users for t in u.times]
        lost = sum(len(u.problems) for u in users) + args.users * args.questions - len(times)
        figures[mode] = (statistics.median(firsts), pct(firsts, 0.95),
                         statistics.median(times), pct(times, 0.95))
        print(f"{mode:>4} {lost:>5} " + " ".join(f"{v:>8.2f}" for v in figures[mode]))
        for u in users:
            for p in u.problems:
                print(f"  user {u.index}: {p}")
    ratios = [on / off for on, off in zip(figures["on"], figures["off"], strict=True)]
    print(f"{'on/off':>4} {'':>5} " + " ".join(f"{r:>8.2f}" for r in ratios))
    print("seconds from asking to the answer, waiting for a place included; 1st: each user's "
          "first question (a container start, or a warm one); lost: questions without one "
          "right answer (must be 0). Acceptance (full run, pool on): 1st p95 <= 2 s, any p95 <= 3 s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
