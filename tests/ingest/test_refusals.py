"""Files that cannot become a table are refused with one plain sentence, never a crash."""

from __future__ import annotations

import io
import struct
import zlib

import msoffcrypto
import pytest

from analyst.ingest import IngestError, ingest_file
from tests.ingest.workbooks import simple_workbook, zip_bomb


def refuse(path, workspace, match: str) -> str:
    with pytest.raises(IngestError, match=match) as info:
        ingest_file(path, workspace)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def png_bytes() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\x00\x00")) + chunk(b"IEND", b""))


def test_image_renamed_to_csv(workspace, tmp_path):
    path = tmp_path / "sales.csv"
    path.write_bytes(png_bytes())
    refuse(path, workspace, r"sales.csv is a PNG image, not a table")


def test_empty_file(workspace, tmp_path):
    path = tmp_path / "empty.csv"
    path.write_bytes(b"")
    refuse(path, workspace, r"empty.csv is empty")


def test_blank_lines_only(workspace, tmp_path):
    path = tmp_path / "blank.csv"
    path.write_text("\n\n  \n")
    refuse(path, workspace, r"no rows with data|no data rows")


def test_excel_file_with_no_rows(workspace, tmp_path):
    refuse(simple_workbook(tmp_path / "nothing.xlsx", {"Sheet1": []}), workspace, r"no rows of data|empty")
    header_only = simple_workbook(tmp_path / "header.xlsx", {"Sheet1": [["Date", "Region", "Revenue"]]})
    refuse(header_only, workspace, r"no data rows")


def test_size_limit(workspace, tmp_path, monkeypatch):
    monkeypatch.setenv("ANALYST_MAX_UPLOAD_MB", "0.001")
    path = tmp_path / "big.csv"
    path.write_text("a,b\n" + "1,2\n" * 1000)
    refuse(path, workspace, r"big.csv is .* above the upload limit of .*ANALYST_MAX_UPLOAD_MB")


def test_row_limit(workspace, tmp_path, monkeypatch):
    monkeypatch.setenv("ANALYST_MAX_ROWS", "10")
    path = tmp_path / "long.csv"
    path.write_text("a,b\n" + "1,2\n" * 11)
    refuse(path, workspace, r"long.csv has 11 rows, above the limit of 10 rows \(ANALYST_MAX_ROWS\)")
    path.write_text("a,b\n" + "1,2\n" * 10)
    (card,) = ingest_file(path, workspace)
    assert card.rows == 10


def test_zip_bomb(workspace, tmp_path):
    message = refuse(zip_bomb(tmp_path / "bomb.xlsx", megabytes=40), workspace, r"zip bomb")
    assert "bomb.xlsx" in message


def test_password_protected_workbook(workspace, tmp_path):
    plain = simple_workbook(tmp_path / "plain.xlsx", {"Data": [["a", "b"], [1, 2]]})
    encrypted = tmp_path / "secret.xlsx"
    with plain.open("rb") as source, encrypted.open("wb") as target:
        office = msoffcrypto.OfficeFile(source)
        office.encrypt("s3cret", target)
    assert encrypted.read_bytes()[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an OLE container now
    refuse(encrypted, workspace, r"secret.xlsx is protected with a password; open it in Excel")


def test_zip_that_is_not_a_workbook(workspace, tmp_path):
    import zipfile

    path = tmp_path / "export.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("readme.txt", "hello")
    refuse(path, workspace, r"zip archive, not an Excel workbook")


def test_damaged_workbook(workspace, tmp_path):
    path = tmp_path / "broken.xlsx"
    data = io.BytesIO()
    simple_workbook(tmp_path / "ok.xlsx", {"S": [["a"], [1]]})
    data.write((tmp_path / "ok.xlsx").read_bytes()[:300])
    path.write_bytes(data.getvalue())
    refuse(path, workspace, r"broken.xlsx")
