"""The generated tables, read by the real ingester into one workspace (cards and values)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from analyst.ingest import ingest_file
from analyst.query.values import category_values
from sandbox import Workspace
from tests.query.tables import SHAPES, write

K = TypeVar("K")


def ingested(keys: Iterable[K], writer: Callable[[K, Path], Path],
             root: Path) -> dict[K, tuple[Any, Any, Path]]:
    """key -> (card, category values, file): each file `writer(key, root)` writes, read by
    the real ingester into one workspace under `root`."""
    ws = Workspace(root / "ws").ensure()
    out = {}
    for key in keys:
        path = writer(key, root)
        [card] = ingest_file(path, ws)
        out[key] = (card, category_values(ws.root, card), path)
    return out


@pytest.fixture(scope="session")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """name -> (card, values, csv path)."""
    return ingested(SHAPES, write, tmp_path_factory.mktemp("query_tables"))


def data_folder(tables: dict[str, Any]) -> Path:
    return next(iter(tables.values()))[2].parent
