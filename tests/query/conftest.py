"""The generated tables, read by the real ingester into one workspace (cards and values)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from analyst.ingest import ingest_file
from analyst.query.values import category_values
from sandbox import Workspace
from tests.query.tables import SHAPES, write


@pytest.fixture(scope="session")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """name -> (card, values, csv path)."""
    root = tmp_path_factory.mktemp("query_tables")
    ws = Workspace(root / "ws").ensure()
    out = {}
    for name in SHAPES:
        path = write(name, root)
        [card] = ingest_file(path, ws)
        out[name] = (card, category_values(ws.root, card), path)
    return out


def data_folder(tables: dict[str, Any]) -> Path:
    return next(iter(tables.values()))[2].parent
