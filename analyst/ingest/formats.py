"""What a file really is, from its first bytes (extensions lie: images get renamed to .csv)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from analyst.ingest.errors import IngestError
from analyst.ingest.limits import OLE_MAGIC, check_not_encrypted, check_zip

_NOT_TABLES = [
    (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GIF8", "a GIF image"),
    (b"%PDF", "a PDF document"), (b"BM", "a bitmap image"), (b"RIFF", "a media file"),
    (b"\x1f\x8b", "a gzip archive"), (b"Rar!", "a RAR archive"), (b"7z\xbc\xaf", "a 7-Zip archive"),
    (b"II*\x00", "a TIFF image"), (b"MM\x00*", "a TIFF image"),
]


def detect_format(path: Path, display_name: str) -> str:
    """One of "xlsx" (also .xlsm), "xlsb", "ods", "xls", "parquet", "text"; IngestError for anything else."""
    with path.open("rb") as handle:
        head = handle.read(16)
    if head.startswith(b"PK\x03\x04"):
        check_zip(path, display_name)
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            mimetype = archive.read("mimetype")[:100] if "mimetype" in names else b""
        if "xl/workbook.xml" in names:
            return "xlsx"
        if "xl/workbook.bin" in names:
            return "xlsb"
        if mimetype.startswith(b"application/vnd.oasis.opendocument.spreadsheet"):
            return "ods"
        raise IngestError(f"{display_name} is a zip archive, not an Excel workbook; unzip it "
                          "and upload the spreadsheet inside.")
    if head.startswith(OLE_MAGIC):
        check_not_encrypted(head, path, display_name)
        return "xls"
    if head.startswith(b"PAR1"):
        return "parquet"
    for magic, what in _NOT_TABLES:
        if head.startswith(magic):
            raise IngestError(f"{display_name} is {what}, not a table; upload a CSV, Excel, "
                              "OpenDocument or Parquet file.")
    return "text"
