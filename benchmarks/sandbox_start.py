"""Benchmark: how long a Docker sandbox session takes to start, and a warm step's round trip.

Usage: python benchmarks/sandbox_start.py [--rounds 10] [--backend docker]
Prints medians of: `start()` (container up, kernel answering), the first `print(1)` after
it, the warm `print(1)` round trip, and `close()`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sandbox import Limits, open_session


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--backend", default="docker", choices=("docker", "local"))
    args = parser.parse_args()
    start, first, warm, close = [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for round_no in range(args.rounds):
            session = open_session(Path(tmp) / f"ws{round_no}", backend=args.backend,
                                   limits=Limits(memory_bytes=1024**3))
            t0 = time.perf_counter()
            session.start()
            t1 = time.perf_counter()
            if session.run("print(1)").stdout != "1\n":
                raise SystemExit("the session did not answer print(1)")
            t2 = time.perf_counter()
            time.sleep(2.0)  # the background pre-import ends, as between two questions
            samples = []
            for _ in range(30):
                t = time.perf_counter()
                session.run("print(1)")
                samples.append(time.perf_counter() - t)
            t3 = time.perf_counter()
            session.close()
            close.append(time.perf_counter() - t3)
            start.append(t1 - t0)
            first.append(t2 - t1)
            warm.append(statistics.median(samples))
    def ms(xs: list[float]) -> str:
        return f"{statistics.median(xs) * 1000:.1f} ms"

    print(f"{args.backend}, {args.rounds} rounds (medians): start {ms(start)}, "
          f"first print(1) {ms(first)}, warm print(1) {ms(warm)}, close {ms(close)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
