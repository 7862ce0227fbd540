"""Build the app's own image from a checkout, offline like the sandbox's.

The pieces are the sandbox build's (`sandbox.build`): the debootstrap'ed bookworm base, the
host's pip downloading wheels for CPython 3.11, the engine's build with no network. What is
the app's: the context (the checkout's packages, the app's lock, and one wheelhouse holding
the app's wheels and the sandbox's, so the app can build the sandbox image on first start
with no index either) and the tag, a hash of everything that goes in.
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable
from pathlib import Path

import sandbox
from analyst.errors import AnalystError

REPOSITORY = "analyst-app"
LABEL = "analyst.app"
DOCKERFILE = Path(__file__).resolve().parent / "Dockerfile"
SOURCES = ("analyst", "sandbox", "ui", "pages", "app.py", "pyproject.toml", "README.md")
BUILD_TOOLS = "setuptools>=70.1"  # pyproject's backend; bdist_wheel inside since 70.1
_SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".build")


class AppBuildError(AnalystError, sandbox.BuildError):
    """The app's image could not be built; the message says what to do (caught where the
    sandbox's build errors are)."""


def checkout() -> Path:
    """The checkout this package runs from: the image is built from its files."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "pyproject.toml").is_file() or not (root / "app.py").is_file():
        raise AppBuildError("the app's image is built from a checkout of the project "
                            "(pyproject.toml beside app.py); run this command from one")
    return root


def _source_files(root: Path) -> list[Path]:
    files: list[Path] = []
    for name in SOURCES:
        path = root / name
        if path.is_file():
            files.append(path)
        else:
            files += sorted(p for p in path.rglob("*") if p.is_file()
                            and "__pycache__" not in p.parts and p.suffix != ".pyc"
                            and not any(part.endswith(".egg-info") for part in p.parts))
    return files


def image_tag(root: Path | None = None) -> str:
    """`analyst-app:<hash>` of the Dockerfile, both locks and every source file."""
    root = root or checkout()
    digest = hashlib.sha256()
    inputs = [DOCKERFILE, root / "requirements.txt", sandbox.IMAGE_DIR / "requirements.txt"]
    for path in inputs + _source_files(root):
        digest.update(str(path.relative_to(root) if path.is_relative_to(root) else path.name)
                      .encode())
        digest.update(path.read_bytes())
    return f"{REPOSITORY}:{digest.hexdigest()[:12]}"


def _prepare_context(root: Path, context: Path, offline: bool,
                     progress: Callable[[str], None]) -> None:
    shutil.rmtree(context, ignore_errors=True)
    (context / "wheelhouse").mkdir(parents=True)
    shutil.copy2(DOCKERFILE, context / "Dockerfile")
    shutil.copy2(root / "requirements.txt", context / "requirements.txt")
    for name in SOURCES:
        source = root / name
        if source.is_dir():
            shutil.copytree(source, context / "src" / name, ignore=_SKIPPED)
        else:
            (context / "src").mkdir(exist_ok=True)
            shutil.copy2(source, context / "src" / name)
    if not offline:
        return
    # The package itself is built in the image: its build backend comes from the wheelhouse too.
    build_tools = context / "build-requirements.txt"
    build_tools.write_text(BUILD_TOOLS + "\n")
    # The user's cache, shared by checkouts: a fresh clone does not resolve the locks again.
    cache = sandbox.user_wheel_cache()
    for requirements in (root / "requirements.txt", sandbox.IMAGE_DIR / "requirements.txt",
                         build_tools):
        sandbox.link_wheels(sandbox.download_wheels(requirements, cache, progress),
                            context / "wheelhouse")


def build(*, offline: bool = True, progress: Callable[[str], None] = print,
          workdir: Path | None = None) -> str:
    """Build the app's image and return its tag; also tags `analyst-app:latest`."""
    sandbox.engine_ready(AppBuildError)
    root = checkout()
    return sandbox.build_from("app-context", image_tag(root), REPOSITORY,
                              lambda context: _prepare_context(root, context, offline, progress),
                              offline=offline, progress=progress, workdir=workdir,
                              labels={LABEL: "1"})
