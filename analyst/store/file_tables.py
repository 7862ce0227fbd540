"""Putting freshly read tables into a workspace's `input/`, replacing a file's old tables.

Every file is read into a scratch folder first (inside the workspace, so moves are atomic
renames). Then its tables get their final names: a file read again keeps the table names
it had (`sales` stays `sales`, with the new content), so code, answers and pins that name
the table keep working; a new file gets names not yet taken. Nothing in `input/` changes
when reading fails.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from analyst.datacard import DataCard
from analyst.ingest.naming import unique_file, unique_path
from analyst.store.workspace_state import STATE_DIR
from sandbox import Workspace


@contextmanager
def scratch(workspace: Workspace) -> Iterator[Workspace]:
    """An empty twin workspace on the same file system, removed afterwards."""
    folder = workspace.root / STATE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="read-", dir=folder) as tmp:
        yield Workspace(Path(tmp))


def place_tables(workspace: Workspace, twin: Workspace, fresh: list[DataCard],
                 old: list[DataCard]) -> list[DataCard]:
    """Move the tables of `fresh` (read into `twin`) into the workspace; return their cards.

    The i-th new table takes the name of the i-th old one (the file's earlier tables);
    old tables left over are deleted, new ones beyond them get free names.
    """
    placed = []
    for i, card in enumerate(fresh):
        if i < len(old):
            target = workspace.root / old[i].parquet_path
        else:
            target = unique_path(workspace.input_dir, card.table, ".parquet")
        os.replace(twin.root / card.parquet_path, target)
        placed.append(replace(card, table=target.stem,
                              parquet_path=target.relative_to(workspace.root).as_posix()))
    for extra in old[len(fresh):]:
        (workspace.root / extra.parquet_path).unlink(missing_ok=True)
    return placed


def place_original(workspace: Workspace, twin: Workspace, fresh: list[DataCard],
                   previous: str | None) -> str | None:
    """Move the kept original into `input/` (over the file's previous copy, if any).

    Returns its path relative to the workspace, or None when the ingester kept none.
    """
    tables = {Path(card.parquet_path).name for card in fresh}
    kept = [p for p in twin.input_dir.iterdir() if p.name not in tables]
    if len(kept) != 1:
        return None
    if previous is not None and Path(previous).parent.as_posix() == "input":
        target = workspace.root / previous
    else:
        target = unique_file(workspace.input_dir, kept[0].name)
    os.replace(kept[0], target)
    return target.relative_to(workspace.root).as_posix()


def put_back(workspace: Workspace, twin: Workspace, fresh: list[DataCard],
             recorded: list[DataCard]) -> None:
    """Copy tables read again into the recorded places that are empty (deleted meanwhile)."""
    if len(fresh) != len(recorded):
        raise ValueError("reading it again gave a different number of tables")
    for new, old in zip(fresh, recorded, strict=True):
        target = workspace.root / old.parquet_path
        if not target.exists():
            shutil.copyfile(twin.root / new.parquet_path, target)
