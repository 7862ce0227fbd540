"""The generated tables, read by the real ingester into one workspace (cards and values)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from analyst.brain.understand.values import category_values
from analyst.ingest import ingest_file
from analyst.session.analysis import Analysis
from sandbox import Workspace
from tests.query import measure_tables
from tests.query.tables import SHAPES, write
from tests.sessions import Sessions

K = TypeVar("K")


def ingested(keys: Iterable[K], writer: Callable[[K, Path], Path], root: Path,
             read: Callable[[Path, Any], Any] = ingest_file) -> dict[K, tuple[Any, Any, Path]]:
    """key -> (card, category values, file): each file `writer(key, root)` writes, read by
    `read` (the real ingester) into one workspace under `root`."""
    ws = Workspace(root / "ws").ensure()
    out = {}
    for key in keys:
        path = writer(key, root)
        [card] = read(path, ws)
        out[key] = (card, category_values(ws.root, card), path)
    return out


@pytest.fixture(scope="session")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """name -> (card, values, csv path)."""
    return ingested(SHAPES, write, tmp_path_factory.mktemp("query_tables"))


def data_folder(tables: dict[str, Any]) -> Path:
    return next(iter(tables.values()))[2].parent


@pytest.fixture(scope="module")
def raw(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The measures' generated tables (`measure_tables`) as CSV files."""
    folder = tmp_path_factory.mktemp("measures_raw")
    return {name: measure_tables.write(name, folder) for name in measure_tables.TABLES}


@pytest.fixture(scope="module")
def analysis(raw: dict[str, Path],
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    """One analysis over them: a real ingest, the local sandbox."""
    with Analysis.open(tmp_path_factory.mktemp("measures_ws"), backend="local") as analysis:
        for path in raw.values():
            analysis.add_file(path)
        yield analysis


@pytest.fixture(scope="module")
def opened(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str, Path], Analysis]]:
    """(key, file) -> a local session holding that file, made once per key while it is among
    the eight used last (`tests.sessions`): every question about one generated file is
    asked in one session (opening one costs more than a question)."""
    paths: dict[str, Path] = {}

    def load(key: str, analysis: Analysis) -> None:
        analysis.add_file(paths[key])

    sessions: Sessions[str, None] = Sessions(lambda: tmp_path_factory.mktemp("ws"), load, keep=8)

    def get(key: str, path: Path) -> Analysis:
        paths.setdefault(key, path)
        return sessions(key)[0]

    yield get
    sessions.close()
