"""Shared fixtures. Keep this small: area fixtures belong in tests/<area>/conftest.py."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session")
def docker_image() -> str:
    """The sandbox image tag, once a Docker engine answers and the image exists.

    Without an engine or image the test is skipped with the reason, except under CI=true,
    where the sandbox is part of what must be proven: there it is a failure.
    """
    from sandbox.engine import engine_problem, image_problem, image_tag

    tag = image_tag()
    problem = engine_problem() or image_problem(tag)
    if problem:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but the Docker sandbox is not usable: {problem}")
        pytest.skip(f"Docker sandbox not usable: {problem}")
    return tag
