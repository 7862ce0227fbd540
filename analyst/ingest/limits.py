"""Refuse what would hurt the server: huge files, huge tables, zip bombs, encrypted books."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

from analyst.ingest.errors import IngestError

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# An encrypted .xlsx is an OLE container holding this stream instead of a zip.
ENCRYPTED_STREAM = "EncryptedPackage".encode("utf-16-le")
# A real sheet's XML compresses 5-30x; a bomb compresses hundreds of times.
MAX_RATIO = 200
RATIO_CHECK_FROM = 20 * 1024 * 1024


def _env_number(name: str, default: float) -> float:
    raw = os.environ.get(name, "").strip()
    try:
        return float(raw) if raw else default
    except ValueError:
        return default


def max_upload_bytes() -> int:
    return int(_env_number("ANALYST_MAX_UPLOAD_MB", 200) * 1024 * 1024)


def max_rows() -> int:
    return int(_env_number("ANALYST_MAX_ROWS", 5_000_000))


def max_unzipped_bytes() -> int:
    return int(_env_number("ANALYST_MAX_UNZIPPED_MB", 2000) * 1024 * 1024)


def check_size(path: Path, display_name: str) -> int:
    size = path.stat().st_size
    limit = max_upload_bytes()
    if size > limit:
        raise IngestError(
            f"{display_name} is {size / 1024 / 1024:.0f} MB, above the upload limit of "
            f"{limit / 1024 / 1024:.0f} MB (ANALYST_MAX_UPLOAD_MB)."
        )
    if size == 0:
        raise IngestError(f"{display_name} is empty: there is nothing to read.")
    return size


def check_rows(rows: int, display_name: str) -> None:
    limit = max_rows()
    if rows > limit:
        raise IngestError(
            f"{display_name} has {rows:,} rows, above the limit of {limit:,} rows "
            "(ANALYST_MAX_ROWS); split the file or raise the limit."
        )


def check_zip(path: Path, display_name: str) -> None:
    """Look at the declared sizes in the zip directory before anything is decompressed."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError) as exc:
        raise IngestError(f"{display_name} is damaged: it cannot be opened as a workbook.") from exc
    total = sum(m.file_size for m in members)
    bomb = total > max_unzipped_bytes() or any(
        m.file_size > RATIO_CHECK_FROM and m.file_size > MAX_RATIO * max(m.compress_size, 1)
        for m in members
    )
    if bomb:
        raise IngestError(
            f"{display_name} would unpack to {total / 1024 / 1024:,.0f} MB from a much smaller "
            "file, which is how a zip bomb looks; it was not opened."
        )


def check_not_encrypted(head: bytes, path: Path, display_name: str) -> None:
    if head.startswith(OLE_MAGIC) and ENCRYPTED_STREAM in path.read_bytes()[:4 * 1024 * 1024]:
        raise IngestError(
            f"{display_name} is protected with a password; open it in Excel, remove the "
            "password (File > Info > Protect Workbook) and upload it again."
        )
