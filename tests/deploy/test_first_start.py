"""The first start of the service makes the sandbox image present: nothing to do when it
is there; loaded from a `docker save` archive left in the data folder when it is not."""

from __future__ import annotations

import io
import subprocess
import tarfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import docker
import pytest

from analyst.deploy.first_start import ARCHIVE_NAMES, ensure_sandbox_image

pytestmark = pytest.mark.docker
TEST_LABEL = "s36.deploy.test"


@pytest.fixture()
def tiny_image(docker_image: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A one-file image standing for the sandbox's (ANALYST_SANDBOX_IMAGE names it)."""
    tag = f"s36-first-start:{uuid.uuid4().hex[:8]}"
    layer = io.BytesIO()
    with tarfile.open(fileobj=layer, mode="w") as tar:
        body = b"stand-in for the sandbox image\n"
        info = tarfile.TarInfo("marker.txt")
        info.size = len(body)
        tar.addfile(info, io.BytesIO(body))
    engine = docker.from_env()
    repository, _, version = tag.partition(":")
    engine.api.import_image_from_data(layer.getvalue(), repository=repository, tag=version,
                                      changes=[f"LABEL {TEST_LABEL}=1"])
    monkeypatch.setenv("ANALYST_SANDBOX_IMAGE", tag)
    yield tag
    subprocess.run(["docker", "rmi", "-f", tag], capture_output=True, check=False, timeout=60)
    engine.close()


def _present(tag: str) -> bool:
    return subprocess.run(["docker", "image", "inspect", tag], capture_output=True,
                          check=False, timeout=60).returncode == 0


def test_a_present_image_is_left_as_it_is(tmp_path: Path, tiny_image: str) -> None:
    said: list[str] = []
    assert ensure_sandbox_image(tmp_path, said.append) is None
    assert said == [f"Sandbox image {tiny_image} is present."]


@pytest.mark.parametrize("name", ARCHIVE_NAMES)
def test_a_saved_image_in_the_data_folder_is_loaded(tmp_path: Path, tiny_image: str,
                                                    name: str) -> None:
    archive = tmp_path / name
    save = subprocess.run(["docker", "save", tiny_image], capture_output=True, check=True,
                          timeout=120).stdout
    if name.endswith(".gz"):
        import gzip

        save = gzip.compress(save)
    archive.write_bytes(save)
    subprocess.run(["docker", "rmi", tiny_image], capture_output=True, check=True, timeout=60)
    assert not _present(tiny_image)
    said: list[str] = []
    assert ensure_sandbox_image(tmp_path, said.append) is None
    assert _present(tiny_image)
    assert said == [f"Loading the sandbox image from {archive}..."]
