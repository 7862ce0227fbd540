"""Before the app serves: the sandbox image this app needs is there, or is made so.

In order: present (nothing to do); an archive of it in the data folder (`docker save`
output, for a server that has never built anything: loaded through the engine); built
offline from the wheels the app's image carries on the debootstrap base, when the engine
has that base (it has when the app's image was built on it); else built online. A failure
is said in one line and the app starts all the same: its Settings page says what is missing
and offers the build.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import sandbox

ARCHIVE_NAMES = ("analyst-sandbox.tar", "analyst-sandbox.tar.gz")


def archive(data_dir: Path) -> Path | None:
    for name in ARCHIVE_NAMES:
        if (data_dir / name).is_file():
            return data_dir / name
    return None


def ensure_sandbox_image(data_dir: Path, progress: Callable[[str], None] = print) -> str | None:
    """Make the sandbox image present; None when it is, else the problem in one sentence."""
    problem = sandbox.engine_problem()
    if problem:
        return f"the sandbox image cannot be checked: {sandbox.notice_english(problem)}"
    tag = sandbox.image_tag()
    if sandbox.image_exists(tag):
        progress(f"Sandbox image {tag} is present.")
        return None
    saved = archive(data_dir)
    if saved is not None:
        progress(f"Loading the sandbox image from {saved}...")
        with saved.open("rb") as stream:
            sandbox.engine_client().images.load(stream)
        if sandbox.image_exists(tag):
            return None
        progress(f"{saved} does not hold {tag}; building it instead.")
    wheels = Path(os.environ.get("ANALYST_SANDBOX_WHEELHOUSE", "/opt/analyst/wheelhouse"))
    offline = any(wheels.glob("*.whl")) and sandbox.image_exists(sandbox.OFFLINE_BASE)
    try:
        sandbox.build_image(offline=offline, progress=progress,
                            wheelhouse=wheels if offline else None)
    except sandbox.BuildError as exc:
        return f"the sandbox image {tag} could not be built: {exc}"
    return None
