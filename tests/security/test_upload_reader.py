"""Every upload is read outside the app's process: a file that breaks the reader ends in a
refusal that names the bound and its setting, and the next file is read as ever.

These go through `analyst.ingest.ingest_file`, the one entry the app, the command line and
the restore of a session use. The workbook guard's own limits are lifted where a test needs
the reader itself to meet the hostile file (so the child's bounds are what stops it); when
the reader ran inside this process, each of these would have ended the test run itself
(calamine aborts the process when an allocation of 550 GB fails).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from analyst.ingest import IngestError, ingest_file
from analyst.progress import Stage
from tests.security.bomb_workbooks import REVENUE, sheet_xml, workbook


class Folder:
    def __init__(self, root: Path) -> None:
        self.input_dir = root / "input"


def read(path: Path, root: Path, progress: list[Stage] | None = None) -> pd.DataFrame:
    (card,) = ingest_file(path, Folder(root), progress=None if progress is None else progress.append)
    return pd.read_parquet(root / card.parquet_path)


def assert_still_reads(tmp_path: Path) -> None:
    """The control after every attack: the same reader reads an honest workbook at once."""
    frame = read(workbook(tmp_path / "plain.xlsx", [sheet_xml()]), tmp_path / "after")
    assert frame.select_dtypes("number").sum().sum() == pytest.approx(REVENUE)


def refusal(path: Path, root: Path) -> str:
    with pytest.raises(IngestError) as refused:
        ingest_file(path, Folder(root))
    text = str(refused.value)
    assert "Traceback" not in text and path.name in text, text
    # A refused file leaves nothing behind in the workspace.
    assert not (root / "input").exists() or not any((root / "input").iterdir())
    return text


FAR = [(1_048_576, 16_383), (1_048_576, 2_000), (400_000, 16_383), (2_000_000, 500)]


@pytest.mark.parametrize(("row", "column"), FAR)
@pytest.mark.parametrize("memory_mb", [256, 1024])
def test_a_workbook_that_asks_for_more_memory_than_the_bound_is_refused_by_the_reader(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, row: int, column: int, memory_mb: int) -> None:
    monkeypatch.setenv("ANALYST_MAX_CELLS", str(10**13))  # the guard lets it through: the
    monkeypatch.setenv("ANALYST_MAX_COLUMNS", "20000")    # reader itself meets the far cell
    monkeypatch.setenv("ANALYST_INGEST_MEMORY_MB", str(memory_mb))
    path = workbook(tmp_path / "far.xlsx", [sheet_xml(extra_cells=((row, column, 1),))])
    assert path.stat().st_size < 5_000
    text = refusal(path, tmp_path / "attack")
    assert f"{memory_mb:,} MB" in text and "ANALYST_INGEST_MEMORY_MB" in text, text
    assert_still_reads(tmp_path)


@pytest.mark.parametrize(("row", "column"), FAR)
def test_the_guard_refuses_the_5_kb_far_cell_workbook_before_the_reader_allocates(
        tmp_path: Path, row: int, column: int) -> None:
    path = workbook(tmp_path / "far.xlsx", [sheet_xml(extra_cells=((row, column, 1),))])
    text = refusal(path, tmp_path / "attack")
    assert "ANALYST_MAX_CELLS" in text or "ANALYST_MAX_COLUMNS" in text, text
    assert_still_reads(tmp_path)


@pytest.fixture(scope="module")
def chain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """50,000 formulas saved without results (seconds to write): written once, as the
    reader only reads it, whatever bound a case sets."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Step", "Value"])
    sheet.append([1, 1])
    for n in range(3, 50_003):
        sheet.append([n - 1, f"=B{n - 1}+1"])
    path = tmp_path_factory.mktemp("chain") / "chain.xlsx"
    book.save(path)
    return path


@pytest.mark.parametrize("seconds", [1, 2])
def test_a_file_that_takes_longer_than_the_wall_clock_bound_is_stopped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seconds: int, chain: Path) -> None:
    # 50,000 formulas saved without results, and time enough to compute them all: the
    # reading takes far longer than the bound, which stops it.
    monkeypatch.setenv("ANALYST_MAX_FORMULAS", "1000000")
    monkeypatch.setenv("ANALYST_FORMULA_SECONDS", "600")
    monkeypatch.setenv("ANALYST_INGEST_SECONDS", str(seconds))
    path = chain
    text = refusal(path, tmp_path / "attack")
    assert f"{seconds:,} seconds" in text and "ANALYST_INGEST_SECONDS" in text, text
    assert_still_reads(tmp_path)


def test_settings_changed_after_the_reader_started_are_the_ones_applied(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert_still_reads(tmp_path)  # the reader is running now
    for rows in (2, 1):
        monkeypatch.setenv("ANALYST_MAX_ROWS", str(rows))
        text = refusal(workbook(tmp_path / f"rows{rows}.xlsx", [sheet_xml()]), tmp_path / f"r{rows}")
        assert f"above the limit of {rows} row" in text and "ANALYST_MAX_ROWS" in text, text
    monkeypatch.delenv("ANALYST_MAX_ROWS")
    assert_still_reads(tmp_path)


def test_the_stages_of_reading_arrive_in_order_from_the_child(tmp_path: Path) -> None:
    stages: list[Stage] = []
    read(workbook(tmp_path / "plain.xlsx", [sheet_xml()]), tmp_path, stages)
    keys = [s.key for s in stages]
    assert keys[0] == "read" and keys[-1] == "done", keys
    assert [s.fraction for s in stages] == sorted(s.fraction for s in stages)
    assert all(s.name == "plain.xlsx" for s in stages)



def reader_servers() -> list[int]:
    """Processes this one started that run the reader server (from /proc, not our state)."""
    found = []
    for task in Path("/proc/self/task").iterdir():
        for pid in (task / "children").read_text().split():
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if b"analyst.ingest.server" in cmdline:
                found.append(int(pid))
    return found


@pytest.mark.parametrize("signal_number", [9, 15])
def test_a_reader_that_was_killed_is_started_again_for_the_next_file(tmp_path: Path, signal_number: int) -> None:
    import os
    import time

    for folder in ("first", "again"):
        (tmp_path / folder).mkdir()
    assert_still_reads(tmp_path / "first")
    (server,) = reader_servers()
    os.kill(server, signal_number)
    deadline = time.monotonic() + 10
    while server in reader_servers() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert_still_reads(tmp_path / "again")
    assert server not in reader_servers() and len(reader_servers()) == 1
