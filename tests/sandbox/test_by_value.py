"""A host folder copied into a warm container by value (sandbox.by_value): only regular
files, only what changed, owned by root and read-only to the sandbox's uid, parents first."""

from __future__ import annotations

import io
import os
import random
import tarfile
from pathlib import Path

import pytest

from sandbox.by_value import changed_since, listing, tar_of


def tree(root: Path, rng: random.Random) -> dict[str, bytes]:
    """Random nested files, plus links and a FIFO that must never be copied; the files."""
    files: dict[str, bytes] = {}
    for _ in range(rng.randint(1, 25)):
        depth = rng.randint(0, 3)
        rel = "/".join([f"d{rng.randint(0, 3)}" for _ in range(depth)] + [f"f{rng.randint(0, 99)}.csv"])
        if any(rel.startswith(known + "/") or known.startswith(rel + "/") for known in files):
            continue  # a name already used for a folder, or the other way round
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        data = rng.randbytes(rng.randint(0, 3000))
        (root / rel).write_bytes(data)
        files[rel] = data
    os.symlink("/etc/passwd", root / "link.csv")
    os.symlink(next(iter(files)), root / "inner-link.csv")
    os.mkfifo(root / "pipe")
    return files


def unpacked(data: io.BufferedIOBase | object) -> tuple[list[tarfile.TarInfo], dict[str, bytes]]:
    with tarfile.open(fileobj=data, mode="r") as tar:  # type: ignore[arg-type]
        members = tar.getmembers()
        return members, {m.name: tar.extractfile(m).read() for m in members if m.isfile()}  # type: ignore[union-attr]


@pytest.mark.parametrize("seed", range(12))
def test_only_regular_files_cross_owned_by_root_with_their_folders_first(tmp_path: Path, seed: int) -> None:
    files = tree(tmp_path, random.Random(seed))
    listed = listing(tmp_path)
    assert set(listed) == set(files)
    with tar_of(tmp_path, changed_since({}, listed)) as data:
        members, contents = unpacked(data)
    assert contents == files
    names: list[str] = []
    for member in members:
        assert (member.uid, member.gid) == (0, 0)
        assert member.mode == (0o755 if member.isdir() else 0o644)
        assert member.isdir() or member.isfile()  # never a link, device or FIFO
        parent = member.name.rpartition("/")[0]
        assert not parent or parent in names, "a folder comes before what it holds"
        names.append(member.name)


@pytest.mark.parametrize("seed", range(12))
def test_only_what_is_new_or_changed_crosses_again(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    files = tree(tmp_path, rng)
    sent = listing(tmp_path)
    assert changed_since(sent, sent) == []
    touched = set(rng.sample(sorted(files), rng.randint(1, len(files))))
    for rel in touched:  # rewritten (a size or a time differs) ...
        (tmp_path / rel).write_bytes(files[rel] + b"\n1")
    added = {f"new{n}.csv" for n in range(rng.randint(0, 3))}
    for rel in added:  # ... or new
        (tmp_path / rel).write_bytes(b"x")
    assert set(changed_since(sent, listing(tmp_path))) == touched | added
