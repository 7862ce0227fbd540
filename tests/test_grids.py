"""tests/grids.py: a grid keeps every case in the full run, and its fast cases still show every
value of every factor (issue 28, point 3)."""

from __future__ import annotations

import itertools
import random

import pytest

from tests.grids import (
    FULL_RUN_ONLY,
    each_value_once,
    every_pair,
    first_fast,
    grid,
    left_out,
    pairs,
    tiered,
)


def _factors(rng: random.Random) -> list[list[object]]:
    kinds = [lambda i: f"v{i}", lambda i: i, lambda i: (i, "x"), lambda i: bool(i % 2)]
    factors = []
    for _ in range(rng.randint(1, 4)):
        make = rng.choice(kinds)
        values = list(dict.fromkeys(make(i) for i in range(rng.randint(1, 6))))
        factors.append(values)
    return factors


def _fast(param: object) -> bool:
    return FULL_RUN_ONLY.mark not in [getattr(m, "mark", m) for m in param.marks]  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(200))
def test_a_grid_keeps_every_case_and_its_fast_cases_show_every_value(seed):
    factors = _factors(random.Random(seed))
    params = grid(*factors)
    assert [tuple(p.values) for p in params] == list(itertools.product(*factors))
    fast = [tuple(p.values) for p in params if _fast(p)]
    assert len(fast) == max(len(f) for f in factors)  # no more than the longest factor needs
    for i, values in enumerate(factors):
        assert {case[i] for case in fast} == set(values)


@pytest.mark.parametrize("seed", range(50))
def test_each_value_once_is_the_fewest_cases(seed):
    factors = _factors(random.Random(seed))
    cases = each_value_once(*factors)
    assert len(cases) == max(len(f) for f in factors)
    assert all(case in list(itertools.product(*factors)) for case in cases)


def test_a_factor_without_values_is_refused():
    with pytest.raises(ValueError):
        each_value_once(["a"], [])


@pytest.mark.parametrize("fast", range(0, 5))
def test_first_fast_marks_all_after_the_first(fast):
    cases = [("a", 1), ("b", 2), ("c", 3)]
    params = first_fast(cases, fast)
    assert [tuple(p.values) for p in params] == cases
    assert [_fast(p) for p in params] == [i < fast for i in range(3)]


def test_a_tuple_is_one_value_when_one_name_says_so():
    [param] = tiered([("a", 1)], lambda *_: True, one_name=True)
    assert param.values == (("a", 1),)
    [param] = tiered(["a"], lambda *_: True)
    assert param.values == ("a",)


@pytest.mark.parametrize("seed", range(120))
def test_a_pairwise_grid_keeps_every_case_and_its_fast_cases_show_every_pair(seed):
    factors = _factors(random.Random(seed))
    params = grid(*factors, pairwise=True)
    assert [tuple(p.values) for p in params] == list(itertools.product(*factors))
    fast = [tuple(p.values) for p in params if _fast(p)]
    for i, j in itertools.combinations(range(len(factors)), 2):
        assert {(c[i], c[j]) for c in fast} == set(itertools.product(factors[i], factors[j]))
    chosen = every_pair(*factors)  # the same cases every run, and no others
    assert fast == [c for c in itertools.product(*factors) if c in chosen]
    assert len(chosen) == len(set(map(repr, chosen)))


@pytest.mark.parametrize("seed", range(100))
def test_pairs_keep_every_pair_and_their_fast_cases_show_every_value(seed):
    factors = _factors(random.Random(seed))
    params = pairs(*factors)
    kept = [tuple(p.values) for p in params]
    assert len(set(map(repr, kept))) == len(kept)
    product = list(itertools.product(*factors))
    assert all(case in product for case in kept)
    for i, j in itertools.combinations(range(len(factors)), 2):
        assert {(repr(a), repr(b)) for a in factors[i] for b in factors[j]} == {
            (repr(c[i]), repr(c[j])) for c in kept}
    fast = [tuple(p.values) for p in params if _fast(p)]
    for i, values in enumerate(factors):
        assert {repr(case[i]) for case in fast} == {repr(v) for v in values}
    assert len(kept) + len(left_out(*factors)) == len(product)


def test_pairs_add_a_cases_own_marks():
    params = pairs(["local", "docker"], [1, 2, 3],
                   marks=lambda case: [pytest.mark.docker] if case[0] == "docker" else [])
    for p in params:
        names = {m.name for m in p.marks}
        assert ("docker" in names) == (p.values[0] == "docker")
