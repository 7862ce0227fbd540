"""The image tag this checkout needs: a hash of everything that goes into the image.

A changed kernel means a new tag, so the app knows the image it has is stale instead of
running old code. Both the engine (to check the image) and the build (to make it) need
the tag; it lives below them so neither imports the other for it.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

IMAGE_DIR = Path(__file__).resolve().parent / "image"
DOCKERFILE = Path(__file__).resolve().parent / "Dockerfile"
KERNEL = Path(__file__).resolve().parent / "kernel.py"
KEEPER = Path(__file__).resolve().parent / "keeper.py"
REPOSITORY = "analyst-sandbox"


def image_inputs() -> list[Path]:
    """The files whose bytes make the tag (and are copied into the build context)."""
    files = [DOCKERFILE, IMAGE_DIR / "requirements.txt"]
    files += [path for path in (KERNEL, KEEPER) if path.exists()]
    return files


def image_tag() -> str:
    """The tag of the image this checkout needs (``ANALYST_SANDBOX_IMAGE`` overrides it)."""
    override = os.environ.get("ANALYST_SANDBOX_IMAGE", "").strip()
    if override:
        return override
    digest = hashlib.sha256()
    for path in image_inputs():
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return f"{REPOSITORY}:{digest.hexdigest()[:12]}"
