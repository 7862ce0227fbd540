"""`DataCard.from_dict` is the exact inverse of `to_dict`, also through JSON, for real files."""

from __future__ import annotations

import json
from pathlib import Path

from analyst.datacard import ColumnCard, DataCard, ExcludedRow
from tests.ingest.test_csv_real_world import KYIV
from tests.ingest.workbooks import shenzhen_workbook


def _round_trip(card: DataCard) -> DataCard:
    return DataCard.from_dict(json.loads(json.dumps(card.to_dict(), ensure_ascii=False)))


def test_a_kyiv_export_card_comes_back_equal(ingest):
    card, _ = ingest("продажі.csv", KYIV, encoding="cp1251")
    assert card.excluded_rows and card.assumptions and card.sample_rows  # a rich card
    back = _round_trip(card)
    assert back == card
    assert isinstance(back.columns[0], ColumnCard) and isinstance(back.excluded_rows[0], ExcludedRow)
    assert back.to_prompt(include_samples=True) == card.to_prompt(include_samples=True)


def test_a_workbook_card_comes_back_equal(ingest, tmp_path: Path):
    path = shenzhen_workbook(tmp_path / "深圳 sales.xlsx", cached=True)
    card, _ = ingest(path.name, None)
    assert card.sheet and card.sheets
    assert _round_trip(card) == card


def test_keys_of_a_newer_version_are_ignored_and_missing_optional_ones_defaulted(ingest):
    card, _ = ingest("продажі.csv", KYIV, encoding="cp1251")
    data = card.to_dict()
    data["from_the_future"] = 1
    data["columns"][0]["also_new"] = True
    del data["extra"]
    assert DataCard.from_dict(data) == card
