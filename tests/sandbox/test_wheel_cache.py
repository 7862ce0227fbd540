"""The wheels an offline build needs, kept in a folder builds and checkouts share
(sandbox/wheels.py, `sandbox.build.download_wheels`): a set of requirements resolved once is
not resolved again while its wheels are all there; a changed set, or a wheel gone, is.

The real pip runs against a folder of tiny wheels made here (no index: PIP_NO_INDEX).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from sandbox import wheels
from sandbox.build import download_wheels


def tiny_wheel(folder: Path, name: str, version: str, *requires: str) -> Path:
    """A pure-Python wheel pip accepts for any target (py3-none-any)."""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{name}/__init__.py", "")
        archive.writestr(f"{info}/METADATA", "Metadata-Version: 2.1\n"
                         f"Name: {name}\nVersion: {version}\n"
                         + "".join(f"Requires-Dist: {r}\n" for r in requires))
        archive.writestr(f"{info}/WHEEL", "Wheel-Version: 1.0\nGenerator: test\n"
                         "Root-Is-Purelib: true\nTag: py3-none-any\n")
        archive.writestr(f"{info}/RECORD", "")
    return path


def test_a_stamp_names_its_set_and_holds_only_while_its_wheels_are_there(tmp_path: Path) -> None:
    requirements = tmp_path / "requirements.txt"
    requirements.write_text("alpha==1.0\n")
    target = ["--python-version", "3.11", "--platform", "manylinux2014_x86_64"]
    key = wheels.stamp_key(requirements, target)
    # Another target, or other text, is another set.
    assert key != wheels.stamp_key(requirements, [*target, "--platform", "manylinux_2_28_x86_64"])
    requirements.write_text("alpha==1.1\n")
    assert key != wheels.stamp_key(requirements, target)
    requirements.write_text("alpha==1.0\n")
    assert key == wheels.stamp_key(requirements, target)

    cache = tmp_path / "cache"
    with wheels.held(cache, key):  # makes the stamps' folder
        assert wheels.stamped(cache, key) is None  # never stamped
    found = [tiny_wheel(cache, "alpha", "1.0", "beta"), tiny_wheel(cache, "beta", "2.0")]
    wheels.stamp(cache, key, found)
    assert wheels.stamped(cache, key) == sorted(found)
    assert not list((cache / wheels.STAMPS).glob("*.partial"))
    found[1].unlink()
    assert wheels.stamped(cache, key) is None  # a wheel gone: not complete


def test_a_context_gets_links_to_the_sets_wheels_only(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    needed = [tiny_wheel(cache, "alpha", "1.0"), tiny_wheel(cache, "beta", "2.0")]
    tiny_wheel(cache, "alpha", "0.9")  # an older lock's: not this set's
    house = tmp_path / "context" / "wheelhouse"
    wheels.link_into(needed, house)
    wheels.link_into(needed, house)  # twice: the links made are kept
    assert sorted(p.name for p in house.iterdir()) == [w.name for w in needed]
    for wheel in needed:
        assert (house / wheel.name).stat().st_ino == wheel.stat().st_ino  # no second copy


@pytest.mark.slow  # runs pip (three resolves)
def test_a_complete_set_is_not_resolved_again(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    index = tmp_path / "index"
    index.mkdir()
    tiny_wheel(index, "alpha", "1.0", "beta>=2")
    tiny_wheel(index, "beta", "2.0")
    tiny_wheel(index, "gamma", "3.0")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(index))
    cache = tmp_path / "cache"
    cache.mkdir()
    tiny_wheel(cache, "gamma", "2.9")  # another set's wheel, already there
    requirements = tmp_path / "requirements.txt"
    requirements.write_text("alpha==1.0\nbeta==2.0\n")

    def download() -> tuple[list[str], list[str]]:
        said: list[str] = []
        found = download_wheels(requirements, cache, said.append)
        return [w.name for w in found], said

    first, said = download()
    assert first == ["alpha-1.0-py3-none-any.whl", "beta-2.0-py3-none-any.whl"], said
    assert any(line.startswith("$ ") for line in said)  # pip ran
    assert all((cache / name).is_file() for name in first)
    assert not list(cache.glob(".incoming-*"))

    again, said = download()
    assert again == first
    assert not any(line.startswith("$ ") for line in said), said  # no pip: the stamp holds
    assert said == [f"The wheels of requirements.txt are in {cache} already."]

    (cache / first[1]).unlink()  # a wheel gone: resolved again, and back
    restored, said = download()
    assert restored == first and (cache / first[1]).is_file()
    assert any(line.startswith("$ ") for line in said)

    requirements.write_text("gamma==3.0\n")  # another lock: another set, only its wheels
    other, said = download()
    assert other == ["gamma-3.0-py3-none-any.whl"] and any(s.startswith("$ ") for s in said)
    assert (cache / "gamma-2.9-py3-none-any.whl").is_file()  # other sets' wheels stay
