"""Grids of cases whose every case costs a sandbox run (a kernel, a report, a PDF) or many
model requests: the full run keeps the whole grid, the fast tier a few cases that still show
every value of every factor (issue 28, point 3).

A grid whose cases cost milliseconds is kept whole in both tiers and needs nothing from here.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import pytest

FULL_RUN_ONLY = pytest.mark.slow
"""What the cases left out of the fast tier are marked with: the full run (`.ci/run`) keeps
them, `-m "not slow"` does not."""


def each_value_once(*factors: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The fewest cases in which every value of every factor appears: case j takes value
    j mod len(f) of each factor f (as many cases as the longest factor has values)."""
    if not factors or not all(factors):
        raise ValueError("each factor needs at least one value")
    longest = max(len(f) for f in factors)
    return [tuple(f[j % len(f)] for f in factors) for j in range(longest)]


def every_pair(*factors: Sequence[Any]) -> list[tuple[Any, ...]]:
    """Cases in which every pair of values of every two factors appears (pairwise), chosen
    greedily from the full product: the case that covers the most pairs not yet covered, the
    first such case in the product's order on a tie (so the choice is the same every run)."""
    if len(factors) < 2:
        return each_value_once(*factors)
    product = list(itertools.product(*factors))

    def pairs(case: tuple[Any, ...]) -> set[tuple[int, int, int, int]]:
        # By index, not value: a value need not be hashable.
        at = [list(f).index(v) for f, v in zip(factors, case, strict=True)]
        return {(i, at[i], j, at[j]) for i, j in itertools.combinations(range(len(at)), 2)}

    indexed = [pairs(case) for case in product]
    uncovered = set().union(*indexed)
    chosen: list[tuple[Any, ...]] = []
    while uncovered:
        best = max(range(len(product)), key=lambda k: (len(indexed[k] & uncovered), -k))
        chosen.append(product[best])
        uncovered -= indexed[best]
    return chosen


def tiered(cases: Sequence[Any], fast: Callable[[int, Any], bool], *,
           one_name: bool = False) -> list[Any]:
    """`cases` as parameters for `pytest.mark.parametrize` (or a fixture's `params`), in order
    and with their usual ids; those `fast(index, case)` picks run in both tiers, the others in
    the full run only. A tuple is a case of several names unless `one_name` says it is the
    value of one."""
    return [pytest.param(*(case if isinstance(case, tuple) and not one_name else (case,)),
                         marks=() if fast(i, case) else FULL_RUN_ONLY)
            for i, case in enumerate(cases)]


def grid(*factors: Sequence[Any], pairwise: bool = False) -> list[Any]:
    """Every combination of `factors`; those of `each_value_once` (or, with `pairwise`, of
    `every_pair`) run in both tiers, the others in the full run only."""
    fast = (every_pair if pairwise else each_value_once)(*factors)  # a list: values may not hash
    return tiered(list(itertools.product(*factors)), lambda _, case: case in fast)


def first_fast(cases: Sequence[Any], fast: int = 1, *, one_name: bool = False) -> list[Any]:
    """`cases` in order, the first `fast` of them in both tiers (for cases that are not a
    product of factors, e.g. generated seeds)."""
    return tiered(cases, lambda i, _: i < fast, one_name=one_name)


def pairs(*factors: Sequence[Any], marks: Callable[[tuple[Any, ...]], Sequence[Any]] = lambda _: ()
          ) -> list[Any]:
    """For a grid whose every case costs seconds (a kernel restart, a report, a process):
    the full run keeps the cases of `every_pair` (each pair of values of every two factors
    still meets in some case), the fast tier those of them that show each value once. The
    rest of the product is left out: what a left-out case checked, a kept case that shares
    each of its pairs checks too (`left_out` lists them for the record). `marks(case)` adds
    a case's own marks (e.g. `docker` for a case on the Docker backend)."""
    kept = every_pair(*factors)
    fast: list[int] = []
    shown: list[set[int]] = [set() for _ in factors]
    for i, case in enumerate(kept):
        at = [list(f).index(v) for f, v in zip(factors, case, strict=True)]
        if any(a not in s for a, s in zip(at, shown, strict=True)):
            fast.append(i)
            for a, s in zip(at, shown, strict=True):
                s.add(a)
    return [pytest.param(*case, marks=[*marks(case), *(() if i in fast else (FULL_RUN_ONLY,))])
            for i, case in enumerate(kept)]


def left_out(*factors: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The cases of the product that `pairs` does not run."""
    kept = every_pair(*factors)
    return [case for case in itertools.product(*factors) if case not in kept]
