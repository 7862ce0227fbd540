"""Which earlier answers were computed from a version of a file that has since been replaced.

Each step keeps the SHA-256 of the tables it read (`Step.inputs`). When a file of the
session is replaced by a newer version its tables keep their names with new content, so a
step whose recorded hash differs from the table's hash now is from the earlier version. A
hash that was never recorded ("", records of older versions) says nothing and is not
counted: unknown is not stale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from analyst.record.answer import Answer
from analyst.record.step import FileHash, Step, file_sha256


def earlier_inputs(step: Step, root: Path) -> tuple[FileHash, ...]:
    """The tables `step` read whose content has changed since it ran."""
    return tuple(i for i in step.inputs
                 if i.sha256 and file_sha256(Path(root) / i.path) != i.sha256)


def earlier_files(answer: Answer, root: Path, names: Mapping[str, str]) -> tuple[str, ...]:
    """The files (by the names the user knows, `names`: table path -> file name, see
    `table_files`) an answer used an earlier version of."""
    found = [names.get(i.path, Path(i.path).name) for step in answer.steps
             for i in earlier_inputs(step, root)]
    return tuple(dict.fromkeys(found))


def table_files(cards: Sequence[Any]) -> dict[str, str]:
    """Table path (`input/<table>.parquet`) -> the file it was read from, for data cards."""
    return {c.parquet_path: c.source_file for c in cards}
