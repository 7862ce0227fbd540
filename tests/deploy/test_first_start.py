"""The first start of the service makes the sandbox image present: nothing to do when it
is there; loaded from a `docker save` archive left in the data folder when it is not."""

from __future__ import annotations

import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from analyst.deploy.first_start import ARCHIVE_NAMES, ensure_sandbox_image
from tests.deploy.images import import_one_file_image, present

pytestmark = pytest.mark.docker


@pytest.fixture()
def tiny_image(docker_image: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A one-file image standing for the sandbox's (ANALYST_SANDBOX_IMAGE names it)."""
    tag = f"s36-first-start:{uuid.uuid4().hex[:8]}"
    import_one_file_image(tag, b"stand-in for the sandbox image\n")
    monkeypatch.setenv("ANALYST_SANDBOX_IMAGE", tag)
    yield tag
    subprocess.run(["docker", "rmi", "-f", tag], capture_output=True, check=False, timeout=60)


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
    assert not present(tiny_image)
    said: list[str] = []
    assert ensure_sandbox_image(tmp_path, said.append) is None
    assert present(tiny_image)
    assert said == [f"Loading the sandbox image from {archive}..."]
