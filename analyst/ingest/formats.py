"""What a file really is, from its first bytes (extensions lie: images get renamed to .csv)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from analyst.ingest.errors import IngestError
from analyst.ingest.limits import OLE_MAGIC, check_not_encrypted, check_zip
from analyst.words.note import Note, Word

_NOT_TABLES = [
    (b"\x89PNG", "png_image"), (b"\xff\xd8\xff", "jpeg_image"), (b"GIF8", "gif_image"),
    (b"%PDF", "pdf_document"), (b"BM", "bitmap_image"), (b"RIFF", "media_file"),
    (b"\x1f\x8b", "gzip_archive"), (b"Rar!", "rar_archive"), (b"7z\xbc\xaf", "sevenzip_archive"),
    (b"II*\x00", "tiff_image"), (b"MM\x00*", "tiff_image"),
]


def detect_format(path: Path, display_name: str) -> str:
    """One of "xlsx" (also .xlsm), "xlsb", "ods", "xls", "parquet", "text"; IngestError for anything else.

    An "xlsx" is not read before `workbook_guard.check_workbook` has passed it."""
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
        raise IngestError(Note("error_zip_archive", file=display_name))
    if head.startswith(OLE_MAGIC):
        check_not_encrypted(head, path, display_name)
        return "xls"
    if head.startswith(b"PAR1"):
        return "parquet"
    for magic, what in _NOT_TABLES:
        if head.startswith(magic):
            raise IngestError(Note("error_not_table_kind", file=display_name, what=Word(what)))
    return "text"
