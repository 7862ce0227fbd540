"""A workspace remembers its files and answers: reopening it brings back the data cards
(read again from the kept originals with the same options) and the history."""

from __future__ import annotations

import json
from pathlib import Path

from analyst.events import Answer
from analyst.ingest import IngestOptions
from analyst.session.analysis import Analysis

EXPORT = ("Дата;Товар;Регіон;Сума\n05.01.2026;Чай;Київ;1 250,50\n17.01.2026;Кава;Львів;980,25\n"
          "03.02.2026;Чай;Львів;1 410,00\n21.02.2026;Какао;Київ;1 105,75\n"
          "09.03.2026;Кава;Київ;1 630,00\nРазом;;;6 376,50\n")
OTHER = "Date,Product,Revenue\n2026-01-05,Tea,100.50\n2026-02-07,Coffee,200.25\n"


def _answer(analysis: Analysis, question: str) -> Answer:
    return next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")


def test_reopening_brings_back_cards_and_history(tmp_path: Path) -> None:
    upload = tmp_path / "tmp_upload_1234"  # uploads arrive under temporary names
    upload.write_bytes(EXPORT.encode("cp1251"))
    (tmp_path / "sales.csv").write_text(OTHER)
    options = IngestOptions(decimal=",", encoding="cp1251", date_order="DMY")
    with Analysis.open(tmp_path / "ws", backend="local") as first:
        first.add_file(upload, display_name="продажі.csv", options=options)
        first.add_file(tmp_path / "sales.csv")
        cards = first.cards
        asked = _answer(first, "загальна сума")
        assert asked.ok and "6\u00a0376,50" in asked.text
        for _ in first.standard_report():
            pass
    upload.unlink()  # nothing is uploaded again

    saved = json.loads((tmp_path / "ws" / ".analyst" / "files.json").read_text())
    assert [f["name"] for f in saved["files"]] == ["продажі.csv", "sales.csv"]
    assert saved["files"][0]["options"] == {"decimal": ",", "date_order": "DMY",
                                            "encoding": "cp1251"}

    with Analysis.open(tmp_path / "ws", backend="local") as again:
        assert again.cards == cards
        assert again.problems == []
        assert [a.question for a in again.history] == ["загальна сума", "Standard report"]
        assert again.history[0].text == asked.text
        assert again.history[0].steps[0].result.ok  # steps and results come back too
        # The report is built from the earlier session's standard analysis.
        report = again.report()
        assert report.kpis[0].label == "Total Сума" and report.kpis[0].value == 6376.50
        answer = _answer(again, "сума по регіонах")
        assert "Київ: 3\u00a0986,25" in answer.text  # 1250.50 + 1105.75 + 1630.00
        assert len(again.history) == 3


def test_the_same_file_added_again_is_not_read_twice(tmp_path: Path) -> None:
    (tmp_path / "sales.csv").write_text(OTHER)
    with Analysis.open(tmp_path / "ws", backend="local") as first:
        [card] = first.add_file(tmp_path / "sales.csv")
    with Analysis.open(tmp_path / "ws", backend="local") as again:
        assert again.add_file(tmp_path / "sales.csv") == [card]
        assert again.cards == (card,)
    assert sorted(p.name for p in (tmp_path / "ws" / "input").iterdir()) == [
        "sales.csv", "sales.parquet"]


def _sales_workspace(tmp_path: Path) -> tuple[Path, list]:
    (tmp_path / "sales.csv").write_text(OTHER)
    with Analysis.open(tmp_path / "ws", backend="local") as first:
        cards = first.add_file(tmp_path / "sales.csv")
    return tmp_path / "ws", cards


def test_cards_come_back_from_the_saved_json_without_reading_the_file_again(tmp_path: Path):
    root, cards = _sales_workspace(tmp_path)
    saved = json.loads((root / ".analyst" / "files.json").read_text())["files"][0]
    assert saved["cards"] == [c.to_dict() for c in cards]
    assert set(saved["tables"]) == {"input/sales.parquet"}
    # Proof that nothing is read again: the kept original may even be gone.
    (root / "input" / "sales.csv").unlink()
    with Analysis.open(root, backend="local") as again:
        assert again.cards == tuple(cards) and again.problems == []


def test_a_changed_table_file_is_reported_not_used(tmp_path: Path):
    root, _ = _sales_workspace(tmp_path)
    with Analysis.open(tmp_path / "other", backend="local") as elsewhere:
        (tmp_path / "more.csv").write_text(OTHER + "2026-03-01,Tea,999\n")
        [other] = elsewhere.add_file(tmp_path / "more.csv")
    (root / "input" / "sales.parquet").write_bytes((tmp_path / "other" / other.parquet_path).read_bytes())
    with Analysis.open(root, backend="local") as again:
        assert again.cards == ()
        assert again.problems == [("sales.csv could not be read again: input/sales.parquet "
                                   "holds a different table now")]


def test_a_deleted_table_is_read_again_from_the_kept_original(tmp_path: Path):
    root, cards = _sales_workspace(tmp_path)
    (root / "input" / "sales.parquet").unlink()
    with Analysis.open(root, backend="local") as again:
        assert again.cards == tuple(cards) and again.problems == []
    assert (root / "input" / "sales.parquet").is_file()


def test_a_deleted_table_with_a_changed_kept_copy_is_reported_not_used(tmp_path: Path):
    root, _ = _sales_workspace(tmp_path)
    (root / "input" / "sales.parquet").unlink()
    (root / "input" / "sales.csv").write_text(OTHER + "2026-03-01,Tea,999\n")
    with Analysis.open(root, backend="local") as again:
        assert again.cards == ()
        assert again.problems == [("sales.csv could not be read again: the kept copy has "
                                   "changed since it was added")]


def test_a_record_of_an_older_version_is_read_again_and_upgraded(tmp_path: Path):
    root, cards = _sales_workspace(tmp_path)
    files = root / ".analyst" / "files.json"
    data = json.loads(files.read_text())
    for record in data["files"]:  # as written before cards were kept
        del record["cards"], record["tables"]
    files.write_text(json.dumps(data))
    with Analysis.open(root, backend="local") as again:
        assert again.cards == tuple(cards) and again.problems == []
    assert json.loads(files.read_text())["files"][0]["cards"] == [c.to_dict() for c in cards]
