"""Small images made on the real engine for the deploy tests (no registry is reachable)."""

from __future__ import annotations

import io
import subprocess
import tarfile

import docker

TEST_LABEL = "s36.deploy.test"


def import_one_file_image(tag: str, text: bytes) -> None:
    """An image of one file (`marker.txt` holding `text`), tagged `tag`, labelled as a test's."""
    layer = io.BytesIO()
    with tarfile.open(fileobj=layer, mode="w") as tar:
        info = tarfile.TarInfo("marker.txt")
        info.size = len(text)
        tar.addfile(info, io.BytesIO(text))
    engine = docker.from_env()
    repository, _, version = tag.partition(":")
    try:
        engine.api.import_image_from_data(layer.getvalue(), repository=repository, tag=version,
                                          changes=[f"LABEL {TEST_LABEL}=1"])
    finally:
        engine.close()


def present(tag: str) -> bool:
    return subprocess.run(["docker", "image", "inspect", tag], capture_output=True,
                          check=False, timeout=60).returncode == 0
