"""How many warm sandboxes the app keeps (ANALYST_WARM_SANDBOXES, analyst.session.warm), and
that their memory is taken from what the default number of running sessions comes from."""

from __future__ import annotations

import random

import pytest

from analyst.session.admission_settings import default_limit, read_limit
from analyst.session.host import SESSION_MEMORY, usable_cores, usable_memory
from analyst.session.warm import ENV, SESSIONS_PER_WARM, default_size, read_size
from analyst.settings import load_settings

RNG = random.Random(20261205)


def test_the_default_is_one_per_core_while_memory_holds_eight_sessions_for_each() -> None:
    places = usable_memory() // SESSION_MEMORY
    assert default_size() == max(0, min(int(usable_cores()), places // SESSIONS_PER_WARM))
    assert read_size({}) == (default_size(), None)
    assert load_settings(env={}, secrets={}).warm_sandboxes == default_size()


@pytest.mark.parametrize("value", [0, 1, 2, *RNG.sample(range(3, 200), 5)])
def test_a_whole_number_is_taken_as_it_is_and_zero_turns_the_pool_off(value: int) -> None:
    for raw in (str(value), f"  {value} "):
        assert read_size({ENV: raw}) == (value, None)
    assert load_settings(env={ENV: str(value)}, secrets={}).warm_sandboxes == value


@pytest.mark.parametrize("raw", ["-1", "-40", "two", "1.5", "on", "∞", "2 containers"])
def test_a_bad_value_says_so_and_uses_the_default(raw: str) -> None:
    value, problem = read_size({ENV: raw})
    assert value == default_size() and problem is not None
    assert ENV in str(problem) and repr(raw) in str(problem)
    settings = load_settings(env={ENV: raw}, secrets={})
    assert settings.warm_sandboxes == default_size()
    assert [p for p in settings.problems if ENV in str(p)]


@pytest.mark.parametrize("warm", [0, 1, 2, 5, *RNG.sample(range(6, 400), 4)])
def test_each_warm_sandbox_takes_one_sessions_memory_and_no_place(warm: int) -> None:
    memory = usable_memory() - warm * SESSION_MEMORY
    expected = max(2, memory // SESSION_MEMORY)
    assert default_limit({ENV: str(warm)}) == expected
    assert read_limit({ENV: str(warm)}) == (expected, None)
    # Never more places with more warm sandboxes; an explicit limit is not touched.
    assert default_limit({ENV: str(warm + 1)}) <= default_limit({ENV: str(warm)})
    assert read_limit({ENV: str(warm), "ANALYST_MAX_RUNNING_SESSIONS": "7"}) == (7, None)
