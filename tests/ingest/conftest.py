"""Helpers: a real workspace per test, and `ingest` returning the one card of a file."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pandas as pd
import pytest

from analyst.datacard import DataCard
from analyst.ingest import IngestOptions, ingest_file
from analyst.words.note import Note

try:
    from sandbox import Workspace
except ImportError:  # sandbox/__init__ not exported yet
    from sandbox.workspace import Workspace


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return Workspace(tmp_path / "ws")


@pytest.fixture
def ingest(workspace, tmp_path):
    """ingest(name, content: str | bytes, encoding="utf-8", **options) -> (card, frame) of the
    file's one table (a wide table's tidy long table is not counted)."""

    def run(name: str, content, encoding: str = "utf-8", **options) -> tuple[DataCard, pd.DataFrame]:
        path = tmp_path / name
        if isinstance(content, str):
            content = content.encode(encoding)
        if isinstance(content, bytes):
            path.write_bytes(content)
        # A wide table comes with its tidy long table's card: the file's own table is one.
        (card,) = [c for c in ingest_file(path, workspace, IngestOptions(**options)) if not c.wide_table]
        frame = pd.read_parquet(workspace.root / card.parquet_path)
        return card, frame

    return run


def english(notes: Iterable[Note]) -> tuple[str, ...]:
    """Assumptions in English, as the prompts (and these checks) read them."""
    return tuple(n.english for n in notes)


def cents(value: float) -> float:
    return round(value, 2)
