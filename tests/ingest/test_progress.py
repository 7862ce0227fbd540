"""Reading a file tells its stages, in order, ending at 'done' (1.0); the CLI prints them on
stderr and leaves `--json` on stdout intact."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from analyst.ingest import IngestError, ingest_file
from analyst.progress import Stage
from tests.ingest.ods_files import ods_workbook
from tests.ingest.workbooks import monthly_workbook, simple_workbook

ROOT = Path(__file__).resolve().parents[2]


def _small_csv(path: Path) -> Path:
    path.write_text("Date;Region;Revenue\n01.02.2026;Kyiv;1 234,50\n02.02.2026;Lviv;99,50\n", encoding="utf-8")
    return path


def _big_csv(path: Path) -> Path:  # above the fast path's 1 MB
    rows = [f"2026-01-{i % 28 + 1:02d},Region {i % 7},{i % 50},{i * 1.25:.2f}" for i in range(60_000)]
    path.write_text("Date,Region,Quantity,Revenue\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return path


def _parquet(path: Path) -> Path:
    pd.DataFrame({"a": [1, 2], "b": ["x", "y"]}).to_parquet(path)
    return path


MAKERS = {
    "small.csv": _small_csv,
    "big.csv": _big_csv,
    "book.xlsx": lambda p: simple_workbook(p, {"S": [["Region", "Revenue"]] + [[f"R{i}", i] for i in range(30)]}),
    "months.xlsx": monthly_workbook,
    "book.ods": lambda p: ods_workbook(p, {"S": [["Region", "Revenue"]] + [[f"R{i}", i] for i in range(30)]}),
    "table.parquet": _parquet,
}


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_stages_grow_from_reading_to_done(tmp_path, workspace, name):
    path = MAKERS[name](tmp_path / name)
    stages: list[Stage] = []
    ingest_file(path, workspace, progress=stages.append)
    keys = [s.key for s in stages]
    assert keys[0] == "read" and keys[-1] == "done" and stages[-1].fraction == 1.0
    assert "write" in keys and "card" in keys
    fractions = [s.fraction for s in stages]
    assert fractions == sorted(fractions) and all(0 < f <= 1 for f in fractions)
    assert all(s.name == name and name in s.text for s in stages)


def test_a_refused_file_never_says_done(tmp_path, workspace):
    path = tmp_path / "empty.csv"
    path.write_text("Region,Revenue\n", encoding="utf-8")
    stages: list[Stage] = []
    with pytest.raises(IngestError):
        ingest_file(path, workspace, progress=stages.append)
    assert "done" not in [s.key for s in stages]


@pytest.mark.slow  # a real process of our command line
def test_the_cli_prints_stages_on_stderr_and_json_on_stdout(tmp_path):
    path = _big_csv(tmp_path / "sales.csv")
    done = subprocess.run([sys.executable, "-m", "analyst", "ingest", str(path), "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    (card,) = json.loads(done.stdout)
    assert card["rows"] == 60_000
    lines = done.stderr.strip().splitlines()
    # The app's own stage words since 68971e0 ("Reading sales.csv…", "Read sales.csv.").
    assert "Reading sales.csv" in lines[0] and "Read sales.csv" in lines[-1], lines
    assert "[100%]" in lines[-1]
