"""The lock files pin exactly one version of every dependency, inside pyproject.toml's ranges."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;#]+)")


def _pins(name: str) -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in (ROOT / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith((" ", "#")):
            found = PIN.match(line)
            assert found, f"{name}: not an exact pin: {line!r}"
            pins[canonicalize_name(found[1])] = found[2]
    return pins


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_every_runtime_dependency_is_locked_within_its_range() -> None:
    runtime, dev = _pins("requirements.txt"), _pins("requirements-dev.txt")
    for text in _project()["dependencies"]:
        wanted = Requirement(text)
        name = canonicalize_name(wanted.name)
        assert name in runtime, f"{wanted.name} is in pyproject.toml but not in requirements.txt"
        assert wanted.specifier.contains(runtime[name], prereleases=True), (text, runtime[name])
        assert dev.get(name) == runtime[name], f"{wanted.name}: the two lock files disagree"


def test_every_dev_dependency_is_locked_within_its_range() -> None:
    dev = _pins("requirements-dev.txt")
    for text in _project()["optional-dependencies"]["dev"]:
        wanted = Requirement(text)
        name = canonicalize_name(wanted.name)
        assert name in dev, f"{wanted.name} is a dev dependency but not in requirements-dev.txt"
        assert wanted.specifier.contains(dev[name], prereleases=True), (text, dev[name])


def test_the_dev_lock_holds_the_whole_runtime_lock() -> None:
    runtime, dev = _pins("requirements.txt"), _pins("requirements-dev.txt")
    assert {k: dev.get(k) for k in runtime} == runtime
