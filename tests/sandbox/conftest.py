from __future__ import annotations

from collections.abc import Iterator

import pytest

from sandbox import Limits, Workspace, open_session
from sandbox.session import KernelSession

# Short timeouts so the failure tests stay quick; everything else at the defaults.
TEST_LIMITS = Limits(step_timeout_s=20, grace_s=2, output_bytes=64 * 1024**2,
                     memory_bytes=1024**3)


@pytest.fixture(params=["local", pytest.param("docker", marks=pytest.mark.docker)])
def backend(request: pytest.FixtureRequest) -> str:
    if request.param == "docker":
        request.getfixturevalue("docker_image")
    return request.param


@pytest.fixture
def workspace(tmp_path) -> Workspace:
    return Workspace(tmp_path / "ws").ensure()


@pytest.fixture
def session(workspace: Workspace, backend: str) -> Iterator[KernelSession]:
    with open_session(workspace, backend=backend, limits=TEST_LIMITS) as opened:
        yield opened


@pytest.fixture(scope="module",
                params=["local", pytest.param("docker", marks=pytest.mark.docker)])
def steps_session(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
                  ) -> Iterator[KernelSession]:
    """One session per backend for a module's tests that only run steps and read what they
    return (issue 28, point 3): a kernel start each was most of their cost. Tests that kill,
    time out, tamper with or restart the kernel, or fill the output folder, take a fresh
    `session`."""
    if request.param == "docker":
        request.getfixturevalue("docker_image")
    workspace = Workspace(tmp_path_factory.mktemp("steps") / "ws").ensure()
    with open_session(workspace, backend=request.param, limits=TEST_LIMITS) as opened:
        yield opened


@pytest.fixture(scope="module")
def shared_docker_session(tmp_path_factory: pytest.TempPathFactory, docker_image: str
                          ) -> Iterator[KernelSession]:
    """One Docker session for a module's probes that only run steps and read what they
    return (a container start each was most of their cost): each probe still ends by showing
    the session works. Probes that fill a filesystem, fork or kill get a `docker_session`."""
    workspace = Workspace(tmp_path_factory.mktemp("probes") / "ws").ensure()
    with open_session(workspace, backend="docker", limits=TEST_LIMITS) as opened:
        yield opened


@pytest.fixture
def docker_session(workspace: Workspace, docker_image: str) -> Iterator[KernelSession]:
    with open_session(workspace, backend="docker", limits=TEST_LIMITS) as opened:
        yield opened
