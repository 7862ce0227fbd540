"""Refuse an .xlsx/.xlsm whose reading would exhaust the server, before the reader allocates.

Calamine allocates a sheet's whole used range (first to last cell) at once: one cell at
XFD1048576 beside a three-row table asks for 17 billion cells (about 550 GB) and the process
aborts. So each sheet's XML is streamed here, bounded, and the range is measured from the
cells actually present (their `r` references), never from the declared `<dimension>`. Each
part's real decompressed size is counted while streaming, never taken from the zip directory,
which the uploader wrote.

A sparse far-away cell is refused rather than read: every reader we use builds the dense
grid, and a sheet that truly spans a billion cells is not a table someone means to analyse.

The same pass notes which sheets hold a formula at all, so the formula reader
(`sheet_xml.sheet_formulas`) does not decompress every sheet a second time to learn that
most hold none.
"""

from __future__ import annotations

import copy
import re
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from analyst.ingest.errors import IngestError
from analyst.ingest.limits import current_limits, max_unzipped_bytes
from analyst.ingest.sheet_xml import _column_index, sheet_members
from analyst.words.note import Name, Note

_CHUNK = 4 << 20
# A cell reference as an attribute: `r="AB12"`; a row's `r="12"` has no letters.
_CELL_REF = {3: re.compile(rb'r="([A-Z]{3})[0-9]'), 2: re.compile(rb'r="([A-Z]{2})[0-9]')}


@dataclass(frozen=True)
class SheetExtent:
    """The used range of one sheet as the reader will allocate it: from A1 to the last cell."""

    last_row: int
    last_column: int
    """1-based; 16384 is XFD."""

    @property
    def cells(self) -> int:
        return self.last_row * self.last_column


@dataclass(frozen=True)
class CheckedWorkbook:
    """What the guard's pass learnt besides the bounds."""

    formula_sheets: frozenset[str]
    """Names of the worksheets whose XML holds a formula tag (`<f`, or a prefixed `:f`);
    every other sheet is read by its values alone."""


def check_workbook(path: Path, display_name: str) -> CheckedWorkbook:
    """IngestError with the figure and the limit when the workbook is beyond a bound."""
    limits = current_limits()
    unzipped_limit = max_unzipped_bytes()
    try:
        with zipfile.ZipFile(path) as archive:
            sheets = sheet_members(archive, unzipped_limit)
            if len(sheets) > limits.max_sheets:
                raise IngestError(Note("error_too_many_sheets", file=display_name, n=len(sheets),
                                       limit=limits.max_sheets))
            sheet_of = {member: name for name, member in sheets}
            total = 0
            formulas: set[str] = set()
            for member in archive.namelist():  # every part: shared strings can be a bomb too
                scan = _Scan()
                claimed, unpacked = archive.getinfo(member).file_size, 0
                for chunk in _stream(archive, member):
                    total += len(chunk)
                    unpacked += len(chunk)
                    # Larger than its directory entry says: the reader would follow the data.
                    if total > unzipped_limit or unpacked > claimed:
                        raise IngestError(Note("error_zip_bomb", file=display_name, mb=total / 1024 / 1024))
                    if member in sheet_of:
                        scan.add(chunk)
                if member in sheet_of:
                    if scan.formulas:
                        formulas.add(sheet_of[member])
                    _check_extent(_extent(archive, member, scan, limits.max_cells), sheet_of[member],
                                  display_name)
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise IngestError(Note("error_damaged_workbook", file=display_name)) from exc
    return CheckedWorkbook(frozenset(formulas))


def _check_extent(extent: SheetExtent, sheet: str, display_name: str) -> None:
    limits = current_limits()
    if extent.cells > limits.max_cells:
        raise IngestError(Note("error_too_many_cells", file=display_name, sheet=Name(sheet),
                               n=extent.cells, rows=extent.last_row, columns=extent.last_column,
                               limit=limits.max_cells))
    if extent.last_column > limits.max_columns:
        raise IngestError(Note("error_too_many_columns", file=display_name, sheet=Name(sheet),
                               n=extent.last_column, limit=limits.max_columns))


def _stream(archive: zipfile.ZipFile, member: str) -> Iterator[bytes]:
    """The member's bytes as they really decompress, whatever size the directory claims.

    zipfile stops at the declared size; the reader does not, so the claim is lifted here and
    the caller counts what comes out. Chunks are cut after a `>` so no reference is split.
    """
    info = copy.copy(archive.getinfo(member))
    info.file_size = sys.maxsize
    carry = b""
    with archive.open(info) as stream:
        while block := stream.read(_CHUNK):
            block = carry + block
            cut = block.rfind(b">") + 1
            if cut == 0 and len(block) > _CHUNK:
                cut = len(block) - 64  # text without tags: no reference can be longer than this
            carry = block[cut:]
            if cut:
                yield block[:cut]
    if carry:
        yield carry


class _Scan:
    """One cheap pass: the last column exactly, the last row only to its number of digits.

    Counting every reference of a 200,000-row sheet in Python costs more than reading it;
    a search for a longer row number than seen so far runs in C and rarely matches.
    """

    def __init__(self) -> None:
        self.last_column = 0
        self.row_digits = 0
        self.formulas = False

    def add(self, chunk: bytes) -> None:
        # Chunks end after a `>`, so a tag is never split between two of them.
        self.formulas = self.formulas or b"<f" in chunk or b":f" in chunk
        for width in (3, 2):
            letters = set(_CELL_REF[width].findall(chunk))
            if letters:
                self.last_column = max(self.last_column, max(_column_index(x) + 1 for x in letters))
                return self._add_rows(chunk)
        while self.last_column < 26:
            # Only letters beyond the last column seen: one search in C, which rarely matches.
            beyond = re.search(rb'r="([%c-Z])[0-9]' % (65 + self.last_column), chunk)
            if beyond is None:
                break
            self.last_column = _column_index(beyond[1]) + 1
        self._add_rows(chunk)

    def _add_rows(self, chunk: bytes) -> None:
        while self.row_digits < 10 and _digits(self.row_digits + 1).search(chunk):
            self.row_digits += 1

    @property
    def row_bound(self) -> int:
        return 10 ** self.row_digits - 1


def _extent(archive: zipfile.ZipFile, member: str, scan: _Scan, limit: int) -> SheetExtent:
    """The exact extent when the cheap bound could pass the limit: a second pass, rare."""
    if scan.row_bound * scan.last_column <= limit:
        return SheetExtent(scan.row_bound, scan.last_column)
    exact = re.compile(rb'\sr="[A-Z]{0,3}([0-9]{%d})"' % scan.row_digits)
    last = b""
    for chunk in _stream(archive, member):
        found = exact.findall(chunk)
        if found:
            last = max(last, max(found))  # equal lengths: the largest text is the largest number
    return SheetExtent(int(last or b"0"), scan.last_column)


def _digits(count: int) -> re.Pattern[bytes]:
    """A cell or row reference whose row number has at least `count` digits."""
    return re.compile(rb'r="[A-Z]{0,3}[0-9]{%d}' % count)
