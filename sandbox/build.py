"""Build the sandbox image, online (public base image) or offline (no registry at all).

The image tag carries a hash of everything that goes into the image (Dockerfile, pinned
requirements, the in-container kernel), so a changed kernel means a new tag and the app
knows the image it has is stale instead of running old code.

Offline build, for air-gapped servers and CI: a Debian bookworm root filesystem made with
`debootstrap` and imported through the engine's API is the base; wheels downloaded by the
host's pip (tagged for CPython 3.11, bookworm's Python) are installed with no network.
Both builds install the same pinned versions from `sandbox/image/requirements.txt`.

The engine is reached through the Docker SDK (no `docker` binary); only the tools that are
not Docker's run as commands: `debootstrap`, `tar` (to stream the root filesystem) and the
host's `pip download`.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from docker.errors import DockerException

from sandbox import engine, wheels
from sandbox.engines import connect, parse_hosts
from sandbox.errors import SandboxError
from sandbox.notices import english
from sandbox.tag import KEEPER, KERNEL, REPOSITORY, image_inputs, image_tag

# The debootstrap'ed base; ANALYST_SANDBOX_BASE names another (e.g. to prove a from-scratch build).
OFFLINE_BASE = os.environ.get("ANALYST_SANDBOX_BASE", "analyst-sandbox-base:bookworm")
BASE_PACKAGES = "python3,python3-venv,ca-certificates,fonts-dejavu-core,fonts-wqy-microhei"
WHEEL_PLATFORMS = (
    "manylinux2014_x86_64",
    "manylinux_2_17_x86_64",
    "manylinux_2_24_x86_64",
    "manylinux_2_27_x86_64",
    "manylinux_2_28_x86_64",
    "manylinux_2_31_x86_64",
    "manylinux_2_34_x86_64",
)

Progress = Callable[[str], None]


class BuildError(SandboxError, RuntimeError):  # RuntimeError: what callers caught before
    """The image could not be built; the message says what to do."""


def default_workdir() -> Path:
    """`.build/` of a checkout; for an installed package (no checkout around it) the user's cache."""
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "pyproject.toml").is_file():
        return checkout / ".build"
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "analyst-sandbox-build"


def image_exists(tag: str | None = None) -> bool:
    return engine.image_id(tag or image_tag()) is not None


def _run(cmd: list[str], progress: Progress, *, cwd: Path | None = None, stdin=None) -> None:
    progress("$ " + " ".join(cmd[:6]) + (" ..." if len(cmd) > 6 else ""))
    proc = subprocess.Popen(
        cmd,
        cwd=cwd,
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
    )
    tail: list[str] = []
    assert proc.stdout is not None  # noqa: S101  stdout=PIPE: never None (narrows the type)
    for line in proc.stdout:
        line = line.rstrip()
        if line:
            progress("  " + line[:200])
            tail = (tail + [line])[-15:]
    if proc.wait() != 0:
        raise BuildError(f"`{' '.join(cmd[:3])}` failed:\n" + "\n".join(tail))


def _debian_mirror() -> str:
    for source in [Path("/etc/apt/sources.list"), *Path("/etc/apt/sources.list.d").glob("*")]:
        try:
            text = source.read_text()
        except OSError:
            continue
        for match in re.finditer(r"(?:URIs:\s*|deb\s+(?:\[[^\]]*\]\s+)?)(https?://\S+)", text):
            url = match.group(1).rstrip("/")
            # Only a plain Debian archive will do: not security, not third-party repos.
            if url.endswith("/debian") and "security" not in url:
                return url
    return "http://deb.debian.org/debian"


def ensure_offline_base(workdir: Path, progress: Progress) -> None:
    """The debootstrap'ed base image (`OFFLINE_BASE`): reused when present. Also the base of
    the app's own image (`analyst.deploy.image`)."""
    if image_exists(OFFLINE_BASE):
        progress(f"Base image {OFFLINE_BASE} already present.")
        return
    if shutil.which("debootstrap") is None:
        raise BuildError(
            "The offline build needs debootstrap: install it with `apt-get install -y debootstrap`."
        )
    rootfs = workdir / "rootfs"
    shutil.rmtree(rootfs, ignore_errors=True)
    mirror = _debian_mirror()
    progress(f"Making a Debian bookworm root filesystem from {mirror} (about a minute)...")
    _run(
        ["debootstrap", "--variant=minbase", f"--include={BASE_PACKAGES}", "bookworm", str(rootfs), mirror],
        progress,
    )
    shutil.rmtree(rootfs / "var/cache/apt/archives", ignore_errors=True)
    progress(f"Importing it as {OFFLINE_BASE}...")
    tar = subprocess.Popen(["tar", "-C", str(rootfs), "-c", "."], stdout=subprocess.PIPE)
    repository, _, tag = OFFLINE_BASE.partition(":")
    try:
        answer = engine.client().api.import_image_from_stream(
            tar.stdout, repository=repository, tag=tag or None)
    except (DockerException, OSError) as exc:
        raise BuildError(f"The engine could not import the base image: {engine.reason(exc)}") from exc
    finally:
        tar.wait()
    if engine.image_id(OFFLINE_BASE) is None:  # the engine answers errors in the body too
        raise BuildError(f"The engine could not import the base image: {str(answer)[-300:]}")
    shutil.rmtree(rootfs, ignore_errors=True)


def _prepare_context(context: Path, offline: bool, progress: Progress,
                     wheelhouse: Path | None = None) -> None:
    shutil.rmtree(context, ignore_errors=True)
    (context / "wheelhouse").mkdir(parents=True)
    for path in image_inputs():
        shutil.copy2(path, context / path.name)
    for needed in (KERNEL, KEEPER):
        if not needed.exists():
            raise BuildError(f"sandbox/{needed.name} is missing: the image cannot run steps.")
    if offline and wheelhouse is not None:
        # Wheels carried in (the app's image brings the sandbox's): no index needed at all.
        progress(f"Taking the wheels from {wheelhouse}...")
        for wheel in wheelhouse.glob("*.whl"):
            shutil.copy2(wheel, context / "wheelhouse" / wheel.name)
    elif offline:
        found = download_wheels(context / "requirements.txt", wheels.user_wheel_cache(), progress)
        wheels.link_into(found, context / "wheelhouse")


def download_wheels(requirements: Path, dest: Path, progress: Progress) -> list[Path]:
    """The host's pip fetches wheels for bookworm's CPython 3.11 into `dest`, to install with
    no network; returns the wheels these requirements need. A set already complete in `dest`
    (sandbox/wheels.py: its stamp) is not resolved again."""
    target = ["--only-binary=:all:", "--python-version", "3.11", "--implementation", "cp"]
    for platform in WHEEL_PLATFORMS:
        target += ["--platform", platform]
    key = wheels.stamp_key(requirements, target)
    with wheels.held(dest, key):
        found = wheels.stamped(dest, key)
        if found is not None:
            progress(f"The wheels of {requirements.name} are in {dest} already.")
            return found
        progress("Downloading wheels for CPython 3.11 with the host's pip...")
        # Into a folder of its own, so what this set needs is exactly what lands there; the
        # wheels `dest` has already come from there (--find-links), not from the index.
        incoming = Path(tempfile.mkdtemp(prefix=".incoming-", dir=dest))
        try:
            _run([sys.executable, "-m", "pip", "download", "--quiet", *target,
                  "--find-links", str(dest), "-d", str(incoming), "-r", str(requirements)],
                 progress)
            found = [dest / wheel.name for wheel in sorted(incoming.glob("*.whl"))]
            for wheel in found:
                os.replace(incoming / wheel.name, wheel)  # atomic: a reader sees a whole file
        finally:
            shutil.rmtree(incoming, ignore_errors=True)
        wheels.stamp(dest, key, found)
        return found


def build(*, offline: bool = False, progress: Progress = print, workdir: Path | None = None,
          wheelhouse: Path | None = None) -> str:
    """Build the image for this checkout and return its tag; also tags `analyst-sandbox:latest`.

    `wheelhouse`: a folder of wheels already downloaded (offline only); else the host's pip."""
    engine_ready()
    return build_from("context", image_tag(), REPOSITORY,
                      lambda context: _prepare_context(context, offline, progress, wheelhouse),
                      offline=offline, progress=progress, workdir=workdir)


def engine_ready(error: type[BuildError] = BuildError) -> None:
    """Raises `error` saying what is wrong when the engine cannot build."""
    problem = engine.engine_problem()
    if problem:
        said = english(problem)
        raise error(f"{said[0].upper()}{said[1:]}.")


def build_from(context_name: str, tag: str, repository: str, prepare: Callable[[Path], None], *,
               offline: bool, progress: Progress, workdir: Path | None,
               labels: dict[str, str] | None = None) -> str:
    """Build `tag` (also `<repository>:latest`) from the context `prepare` fills in
    `workdir/<context_name>` (default `default_workdir()`); offline: on `OFFLINE_BASE`, with
    no network. Returns the tag."""
    workdir = workdir or default_workdir()
    workdir.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    context = workdir / context_name
    prepare(context)
    options: dict = {"path": str(context), "tag": tag, "rm": True, "forcerm": True, "decode": True}
    if labels:
        options["labels"] = labels
    if offline:
        ensure_offline_base(workdir, progress)
        options.update(network_mode="none", buildargs={"BASE": OFFLINE_BASE})
    progress(f"Building {tag} ({'offline' if offline else 'online'})...")
    engine_build(options, progress)
    engine.client().api.tag(tag, repository, "latest")
    shutil.rmtree(context, ignore_errors=True)
    progress(f"Built {tag} in {time.monotonic() - started:.0f} s.")
    return tag


def engine_build(options: dict, progress: Progress) -> None:
    """`docker build` through the API: its log lines as progress, its error as BuildError."""
    tail: list[str] = []
    try:
        for chunk in engine.client().api.build(**options):
            if "error" in chunk:
                raise BuildError("the image build failed:\n" + "\n".join(tail[-15:] + [
                    str(chunk.get("error", "")).strip()]))
            for line in str(chunk.get("stream", "")).splitlines():
                if line.strip():
                    progress("  " + line.rstrip()[:200])
                    tail = (tail + [line.rstrip()])[-15:]
    except (DockerException, OSError) as exc:
        raise BuildError(f"the engine could not build the image: {engine.reason(exc)}") from exc


def load_into(url: str, progress: Progress = print) -> str:
    """Copy this checkout's image from the local engine (DOCKER_HOST or the socket) into the
    engine at `url`, through the engines' own save and load (no registry); its tag."""
    tag = image_tag()
    hosts = parse_hosts(url)  # HostsError (a SandboxError) when it is not an engine's address
    if len(hosts) != 1:
        raise BuildError("--host takes one engine's address, e.g. unix:///path/to/docker.sock.")
    target_url = hosts[0]
    started = time.monotonic()
    progress(f"Loading {tag} into {target_url} (the whole image crosses, about a minute)...")
    try:
        target = connect(target_url)
        # Streamed, engine to engine: the image (GBs) is never held whole in memory.
        target.images.load(engine.client().api.get_image(tag))
        target.api.tag(tag, REPOSITORY, "latest")
        target.images.get(tag)
    except (DockerException, OSError) as exc:
        raise BuildError(f"the image could not be loaded into {target_url}: {engine.reason(exc)}") from exc
    progress(f"Loaded {tag} into {target_url} in {time.monotonic() - started:.0f} s.")
    return tag


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sandbox build", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--offline",
        action="store_true",
        help="no registry: debootstrap a Debian base and install wheels downloaded by the host",
    )
    parser.add_argument("--if-missing", action="store_true", help="do nothing when the image exists")
    parser.add_argument(
        "--host", metavar="URL",
        help="also load the image into this engine (one of ANALYST_DOCKER_HOSTS): built here "
             "first when missing, then copied engine to engine",
    )


def run(args: argparse.Namespace) -> int:
    def say(line: str) -> None:
        print(line, flush=True)

    try:
        if (args.if_missing or args.host) and image_exists():
            print(f"Sandbox image {image_tag()} is present.")
        else:
            build(offline=args.offline, progress=say)
        if args.host:
            load_into(args.host, say)
    except SandboxError as exc:  # BuildError, or a --host that is not an engine's address
        print(f"Could not build the sandbox image: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
