"""Reading a file again with corrected options replaces its tables: no `sales_2`."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from analyst.ingest import IngestError, IngestOptions
from analyst.session.analysis import Analysis

# A Kyiv-style export: title line, semicolons, decimal commas, day-first dates.
EXPORT = ("Звіт про продажі\n"
          "Дата;Товар;Сума\n05.01.2026;Чай;1 250,50\n17.01.2026;Кава;980,25\n"
          "03.02.2026;Чай;1 410,00\n")


@pytest.fixture
def upload(tmp_path: Path) -> Path:
    path = tmp_path / "upload_tmp_1"  # uploads arrive under temporary names
    path.write_bytes(EXPORT.encode("cp1251"))
    return path


def _listing(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "input").iterdir())


def test_reading_again_with_other_options_replaces_the_table_in_place(tmp_path, upload):
    root = tmp_path / "ws"
    (tmp_path / "other.csv").write_text("Region,Units\nNorth,3\nSouth,4\n")
    with Analysis.open(root, backend="local") as analysis:
        [wrong] = analysis.add_file(upload, "sales.csv", IngestOptions(header_row=1))
        analysis.add_file(tmp_path / "other.csv")
        assert "Сума" not in [c.name for c in wrong.columns]  # the title taken as header
        analysis.session.run("stale = 1")

        [fixed] = analysis.add_file(upload, "sales.csv", IngestOptions(header_row=2),
                                    replace=True)

        assert (fixed.table, fixed.parquet_path) == ("sales", "input/sales.parquet")
        assert [c.table for c in analysis.cards] == ["sales", "other"]  # same place
        assert analysis.cards[0] == fixed
        assert fixed.column("Сума").sum == pytest.approx(3640.75)
        table = pd.read_parquet(root / "input" / "sales.parquet")
        assert table["Сума"].sum() == pytest.approx(3640.75)
        assert _listing(root) == ["other.csv", "other.parquet", "sales.csv", "sales.parquet"]
        # The session restarted: no variable can hold the table as it was read before.
        assert analysis.session.run("stale").error.name == "NameError"
        answer = [e for e in analysis.ask("total Сума", brain="offline")][-1].answer
        assert answer.ok and "3" in answer.text

    saved = json.loads((root / ".analyst" / "files.json").read_text())["files"]
    assert [(f["name"], f["options"]) for f in saved] == [("sales.csv", {"header_row": 2}),
                                                         ("other.csv", {})]
    with Analysis.open(root, backend="local") as again:
        assert again.cards[0] == fixed and again.problems == []


def test_without_replace_a_second_reading_gets_tables_of_its_own(tmp_path, upload):
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(upload, "sales.csv", IngestOptions(header_row=1))
        [second] = analysis.add_file(upload, "sales.csv", IngestOptions(header_row=2))
        assert second.table == "sales_2" and len(analysis.cards) == 2


def test_a_reading_that_fails_changes_nothing(tmp_path, upload):
    root = tmp_path / "ws"
    with Analysis.open(root, backend="local") as analysis:
        [card] = analysis.add_file(upload, "sales.csv")
        before = (root / "input" / "sales.parquet").read_bytes()
        with pytest.raises(IngestError):
            analysis.add_file(upload, "sales.csv", IngestOptions(header_row=50), replace=True)
        assert analysis.cards == (card,)
        assert (root / "input" / "sales.parquet").read_bytes() == before
        assert _listing(root) == ["sales.csv", "sales.parquet"]


def test_a_newer_version_of_the_file_replaces_the_old_one_and_its_kept_copy(tmp_path, upload):
    root = tmp_path / "ws"
    with Analysis.open(root, backend="local") as analysis:
        analysis.add_file(upload, "sales.csv")
        newer = tmp_path / "upload_tmp_2"
        newer.write_bytes((EXPORT + "09.03.2026;Кава;1 000,00\n").encode("cp1251"))
        [card] = analysis.add_file(newer, "sales.csv", replace=True)
        assert card.rows == 4 and card.table == "sales"
        assert (root / "input" / "sales.csv").read_bytes() == newer.read_bytes()
        assert _listing(root) == ["sales.csv", "sales.parquet"]
