"""An upload cannot stop the server: hostile workbooks end in a plain refusal or the small table.

Each attack workbook is ingested in a child process (one for the module, reading the files
one after another) bounded by RLIMIT_AS, a CPU bound and a wall-clock timeout per file, so a
bomb that gets through fails the test instead of the machine. The child must
exit normally, with the refusal sentence (or the three-row table read correctly), and its
peak memory (VmHWM) must stay under the bound.
"""

from __future__ import annotations

import json
import select
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.security.bomb_workbooks import REVENUE, sheet_xml, workbook

ROOT = Path(__file__).resolve().parents[2]
ADDRESS_SPACE = 3 << 30  # the far cell asks for 550 GB; anything that tries dies here
PEAK_MB = 600
WALL_SECONDS = 120

_CHILD = textwrap.dedent("""
    import json, resource, sys
    from pathlib import Path
    resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
    from analyst.ingest.errors import IngestError
    from analyst.ingest.pipeline import ingest_file
    class Folder:
        input_dir = Path()
    for line in sys.stdin:
        asked = json.loads(line)
        # Each file gets the whole CPU bound and its own peak: the bound counts from the CPU
        # used so far, and writing 5 to clear_refs resets VmHWM to the memory held now.
        used = sum(resource.getrusage(resource.RUSAGE_SELF)[:2])
        resource.setrlimit(resource.RLIMIT_CPU, (int(used) + {wall}, resource.RLIM_INFINITY))
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
        Folder.input_dir = Path(asked["input"])
        try:
            cards = ingest_file(Path(asked["path"]), Folder(), display_name=Path(asked["path"]).name)
            outcome = {{"rows": [c.rows for c in cards],
                        "paths": [str(Folder.input_dir / (c.table + ".parquet")) for c in cards]}}
        except IngestError as exc:
            outcome = {{"refused": str(exc)}}
        peak = next(line for line in open("/proc/self/status") if line.startswith("VmHWM"))
        outcome["peak_mb"] = int(peak.split()[1]) / 1024
        print(json.dumps(outcome), flush=True)
""").format(limit=ADDRESS_SPACE, wall=WALL_SECONDS)


Ingest = Callable[[Path, Path], dict]
"""A workbook's path and the case's folder -> the child's outcome."""


class Reader:
    """One bounded child for the module's workbooks, read one after another: its imports
    (seconds) are paid once, while each file still meets the memory bound and has its own
    peak and CPU bound. A child that died is started again for the next file."""

    def __init__(self, log: Path) -> None:
        self.log = log
        self.child: subprocess.Popen[str] | None = None

    def read(self, path: Path, tmp_path: Path) -> dict:
        if self.child is None or self.child.poll() is not None:
            self.child = subprocess.Popen([sys.executable, "-c", _CHILD], cwd=ROOT, text=True,
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=self.log.open("a"))
        assert self.child.stdin is not None and self.child.stdout is not None
        self.child.stdin.write(json.dumps({"path": str(path), "input": str(tmp_path / "input")}) + "\n")
        self.child.stdin.flush()
        ready, _, _ = select.select([self.child.stdout], [], [], WALL_SECONDS)
        answer = self.child.stdout.readline() if ready else ""
        if not answer:
            self.stop()
            raise AssertionError(f"the reader died on {path.name}: {self.log.read_text()[-800:]}")
        return json.loads(answer)

    def stop(self) -> None:
        if self.child is not None:
            self.child.kill()
            self.child.wait()
            self.child = None


@pytest.fixture(scope="module")
def reader(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Reader]:
    started = Reader(tmp_path_factory.mktemp("reader") / "stderr.txt")
    yield started
    started.stop()


@pytest.fixture()
def ingest_in_child(reader: Reader) -> Ingest:
    def ingest(path: Path, tmp_path: Path) -> dict:
        outcome = reader.read(path, tmp_path)
        assert outcome["peak_mb"] < PEAK_MB, f"{path.name} took {outcome['peak_mb']:.0f} MB"
        return outcome
    return ingest


def assert_small_table(outcome: dict) -> None:
    import pandas as pd

    assert "refused" not in outcome, outcome.get("refused")
    assert outcome["rows"][0] == 3
    frame = pd.read_parquet(outcome["paths"][0])
    assert frame.select_dtypes("number").sum().sum() == pytest.approx(REVENUE)


FAR_CELLS = [  # (sheet index holding the far cell, 1-based row, 0-based column)
    (0, 1_048_576, 16_383),  # XFD1048576, the report's case
    (0, 5, 16_383),          # far right, next to the table
    (0, 900_000, 5_000),     # both, neither at Excel's edge
    (1, 1_048_576, 16_383),  # on the second sheet, the table on the first
    (0, 60_000_000, 1),      # a row beyond Excel's grid
]


@pytest.mark.parametrize("kind", ["xlsx", "xlsm"])
@pytest.mark.parametrize(("sheet", "row", "column"), FAR_CELLS)
def test_one_far_away_cell_is_refused_with_the_figure_and_the_limit(
        ingest_in_child: Ingest, tmp_path: Path, kind: str, sheet: int, row: int, column: int) -> None:
    sheets = [sheet_xml(), sheet_xml()]
    sheets[sheet] = sheet_xml(extra_cells=((row, column, 1),))
    path = workbook(tmp_path / f"far.{kind}", sheets, kind=kind)
    assert path.stat().st_size < 5_000
    outcome = ingest_in_child(path, tmp_path)
    refusal = outcome.get("refused", "")
    assert "limit" in refusal and f"Sheet{sheet + 1}" in refusal, outcome
    columns = max(column + 1, 3)  # the range spans the table's columns too
    cells = row * columns
    assert f"{cells:,}" in refusal or f"column {columns:,}" in refusal, refusal


@pytest.mark.parametrize("kind", ["xlsx", "xlsm"])
@pytest.mark.parametrize("dimension", ["A1:XFD1048576", "A1:C1048576", "XFD1048576", "A1:ZZZ99999999"])
def test_a_declared_dimension_is_not_believed_and_the_small_table_is_read(
        ingest_in_child: Ingest, tmp_path: Path, kind: str, dimension: str) -> None:
    path = workbook(tmp_path / f"dimension.{kind}", [sheet_xml(dimension=dimension)], kind=kind)
    assert_small_table(ingest_in_child(path, tmp_path))


@pytest.mark.parametrize("count", [401, 2_000])
def test_thousands_of_sheets_are_refused_by_count(ingest_in_child: Ingest, tmp_path: Path, count: int) -> None:
    path = workbook(tmp_path / "sheets.xlsx", [sheet_xml()] * count)
    refusal = ingest_in_child(path, tmp_path).get("refused", "")
    assert f"{count:,}" in refusal and "400" in refusal, refusal


@pytest.mark.parametrize("kind", ["xlsx", "xlsm"])
@pytest.mark.parametrize("real_mb", [2, 50])
def test_a_sheet_larger_than_its_directory_entry_is_refused(
        ingest_in_child: Ingest, tmp_path: Path, kind: str, real_mb: int) -> None:
    path = workbook(tmp_path / f"lie.{kind}", [sheet_xml(padding=real_mb << 20)], kind=kind, lie_about=1)
    refusal = ingest_in_child(path, tmp_path).get("refused", "")
    assert "zip bomb" in refusal, refusal


@pytest.mark.parametrize("kind", ["xlsx", "xlsm"])
def test_a_far_cell_within_the_limits_is_read_within_the_memory_bound(
        ingest_in_child: Ingest, tmp_path: Path, kind: str) -> None:
    """C1048576: 3.1 million cells, under the limit: read, not refused.

    (The lone cell a million rows down may be kept as a row or set aside as a stray note;
    either is the ingester's ordinary judgment, not this test's subject.)
    """
    sheets = [sheet_xml(extra_cells=((1_048_576, 2, 1),))]
    outcome = ingest_in_child(workbook(tmp_path / f"deep.{kind}", sheets, kind=kind), tmp_path)
    assert "refused" not in outcome, outcome["refused"]
    assert outcome["rows"][0] in (3, 4)


def test_the_same_small_table_without_tricks_is_read(ingest_in_child: Ingest, tmp_path: Path) -> None:
    """The control: the builders make a readable workbook, so a refusal above is the guard's."""
    assert_small_table(ingest_in_child(workbook(tmp_path / "plain.xlsx", [sheet_xml()]), tmp_path))
