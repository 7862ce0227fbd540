"""`python -m tests.sweep`: every question of the sweep with its outcome, and the totals."""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.sweep.question import POINT_2
from tests.sweep.questions import ALL
from tests.sweep.run import Result, sweep


def main() -> int:
    start = time.perf_counter()
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="sweep-") as folder:
        for result in sweep(ALL, Path(folder)):
            results.append(result)
            q, v = result.question, result.verdict
            detail = f"  <- {v.why}" if v.outcome == "wrong" else ""
            print(f"{v.outcome:<8} {q.measure:<10} {q.table:<20} {q.language} {q.text}{detail}",
                  flush=True)
    print(totals(results))
    print(f"{len(results)} questions in {time.perf_counter() - start:.1f} s")
    return 0


def totals(results: list[Result]) -> str:
    counts = Counter(r.verdict.outcome for r in results)
    listed = [r for r in results if r.question.measure in POINT_2]
    exact = sum(r.verdict.outcome == "exact" for r in listed)
    share = exact / len(listed) * 100 if listed else 0.0
    return (f"exact {counts['exact']}, declined {counts['declined']}, wrong {counts['wrong']} "
            f"of {len(results)}; exact {exact} of {len(listed)} ({share:.1f}%) on the measures "
            f"of issue 26 point 2")


if __name__ == "__main__":
    sys.exit(main())
