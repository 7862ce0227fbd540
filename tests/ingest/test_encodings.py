"""Text encodings of real exports, detected without being told, and the encoding override."""

from __future__ import annotations

import codecs

import pytest

from analyst.ingest import IngestError, IngestOptions, ingest_file
from tests.ingest.conftest import cents, english

SHENZHEN_CSV = (
    "日期,地区,产品,销售额\n"
    "2026-01-05,南山区,笔记本电脑,\"12,345.67\"\n"
    "2026-01-20,福田区,显示器,2500.05\n"
    "2026-02-03,宝安区,键盘,999.99\n"
    "合计,,,\"15,845.71\"\n"
)
TOKYO_CSV = (
    "売上データ（2026年1月）\n"
    "日付,店舗,商品,数量,金額\n"
    "2026/01/05,新宿店,コーヒー豆,3,\"¥4,500\"\n"
    "2026/01/18,渋谷店,ドリップバッグ,10,\"¥12,800\"\n"
    "2026/01/31,池袋店,マグカップ,2,\"¥3,960\"\n"
    "合計,,,15,\"¥21,260\"\n"
)
PARIS_CSV = (
    "Date;Client;Catégorie;Montant €\n"
    "05/01/2026;Société Générale;Matériel;1 234,56\n"
    "20/01/2026;Crédit Agricole;Logiciel;2 500,05\n"
    "03/02/2026;Café Noël;Déjeuner;99,99\n"
    "Total;;;3 834,60\n"
)


def check_shenzhen(card, frame):
    assert list(frame.columns) == ["日期", "地区", "产品", "销售额"]
    assert card.rows == 3
    assert cents(card.column("销售额").sum) == 15845.71
    assert card.date_range == ("2026-01-05", "2026-02-03")
    assert frame["产品"].tolist() == ["笔记本电脑", "显示器", "键盘"]
    assert [r.reason for r in card.excluded_rows] == ["total row"]


def test_gb18030(ingest):
    card, frame = ingest("深圳.csv", SHENZHEN_CSV, encoding="gb18030")
    assert card.encoding == "gb18030"
    check_shenzhen(card, frame)


def test_utf8_with_byte_order_mark(ingest):
    card, frame = ingest("bom.csv", codecs.BOM_UTF8 + SHENZHEN_CSV.encode("utf-8"))
    assert card.encoding == "utf-8-sig"
    assert frame.columns[0] == "日期"  # no stray \ufeff in the first name
    check_shenzhen(card, frame)


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le"])
def test_utf16_with_and_without_byte_order_mark(ingest, codec):
    # Excel's "Unicode text" is UTF-16 with tabs.
    card, frame = ingest("unicode.txt", SHENZHEN_CSV.replace(",", "\t").replace('"12\t345.67"', "12345.67")
                         .replace('"15\t845.71"', "15845.71"), encoding=codec)
    assert card.encoding.startswith("utf_16") or card.encoding.startswith("utf-16")
    assert card.delimiter == "\t"
    check_shenzhen(card, frame)


def test_shift_jis_with_yen_amounts_and_a_title_line(ingest):
    card, frame = ingest("売上.csv", TOKYO_CSV, encoding="shift_jis")
    assert card.encoding in ("cp932", "shift_jis")
    assert card.header_row == 2
    assert list(frame.columns) == ["日付", "店舗", "商品", "数量", "金額"]
    assert card.rows == 3
    assert frame["金額"].sum() == 21260
    assert card.column("金額").role == "money"
    assert frame["数量"].sum() == 15
    assert card.date_range == ("2026-01-05", "2026-01-31")


def test_cp1252_french_export(ingest):
    card, frame = ingest("ventes.csv", PARIS_CSV, encoding="cp1252")
    assert card.encoding == "cp1252"
    assert list(frame.columns) == ["Date", "Client", "Catégorie", "Montant €"]
    assert frame["Client"].tolist() == ["Société Générale", "Crédit Agricole", "Café Noël"]
    assert cents(card.column("Montant €").sum) == 3834.60
    assert card.date_range == ("2026-01-05", "2026-02-03")


def test_encoding_override_changes_the_text(workspace, tmp_path):
    path = tmp_path / "ventes.csv"
    path.write_bytes(PARIS_CSV.encode("cp1252"))
    (guessed,) = ingest_file(path, workspace)
    (forced,) = ingest_file(path, workspace, IngestOptions(encoding="cp1251"))
    assert guessed.sample_rows[0][1] == "Société Générale"
    assert forced.encoding == "cp1251"
    assert forced.sample_rows[0][1] == "Sociйtй Gйnйrale"  # what the user asked for, visibly
    assert "Encoding set by you: cp1251." in english(forced.assumptions)
    with pytest.raises(IngestError, match="'klingon' is not an encoding"):
        ingest_file(path, workspace, IngestOptions(encoding="klingon"))
