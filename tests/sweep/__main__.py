"""`python -m tests.sweep`: every question of the sweep with its outcome, and the totals.

`python -m tests.sweep --known` prints, instead, `tests/sweep/known.py` as today's code
makes it: the questions answered wrong, each with what it answered.
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.sweep.question import POINT_2
from tests.sweep.questions import ALL
from tests.sweep.run import Result, sweep


def main(argv: list[str]) -> int:
    start = time.perf_counter()
    results: list[Result] = []
    known = "--known" in argv
    with tempfile.TemporaryDirectory(prefix="sweep-") as folder:
        for result in sweep(ALL, Path(folder)):
            results.append(result)
            if not known:
                print(line(result), flush=True)
    if known:
        print(known_module(results))
        return 0
    print(totals(results))
    print(f"{len(results)} questions in {time.perf_counter() - start:.1f} s")
    return 0


def line(result: Result) -> str:
    q, v = result.question, result.verdict
    detail = f"  <- {v.why}" if v.outcome != "exact" else ""
    return (f"{v.outcome:<8} {result.seconds:5.2f}s {q.measure:<10} {q.table:<20} "
            f"{q.language} {q.text}{detail}")


def totals(results: list[Result]) -> str:
    counts = Counter(r.verdict.outcome for r in results)
    listed = [r for r in results if r.question.measure in POINT_2]
    exact = sum(r.verdict.outcome == "exact" for r in listed)
    share = exact / len(listed) * 100 if listed else 0.0
    return (f"exact {counts['exact']}, declined {counts['declined']}, wrong {counts['wrong']} "
            f"of {len(results)}; exact {exact} of {len(listed)} ({share:.1f}%) on the measures "
            f"of issue 26 point 2")


_TABLE = re.compile(r" Table \S+ \(file [^)]*\)\.")
"""The answer's "Table x (file x.csv)." sentence: the question's id names the file already."""


def known_module(results: list[Result]) -> str:
    lines = ["# ruff: noqa: E501", "# Written by a program: one question and its reason a line.",
             '"""The sweep\'s questions answered wrong today, each with what it answered',
             '(written by `python -m tests.sweep --known`; a fix removes its line)."""',
             "", "WRONG_TODAY: dict[str, str] = {"]
    for r in results:
        if r.verdict.outcome == "wrong":
            reason = f"{_TABLE.sub('', r.verdict.reading)} -> {r.verdict.why}"
            lines += [f"    {r.question.id!r}:", f"        {reason!r},"]
    return "\n".join([*lines, "}"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
