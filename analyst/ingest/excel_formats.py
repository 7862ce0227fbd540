"""The workbook's number formats as evidence of money and percents.

An accounting-formatted P&L stores bare numbers; only the cell format ("#,##0.00 $",
"[$€-407]", Excel's accounting "_(* #,##0_)") says they are money. The values come from
whatever reads the workbook (`excel.py`); this looks at the formats of the first rows of
each table and tells, per column, "money" or "percent" when most cells agree.

The formats are read from the sheet's XML up to the last row probed, and from the styles
part (`sheet_xml`'s byte-level approach), not through openpyxl: opening a workbook with
openpyxl parses every sheet to its end when the file has no `<dimension>` (files written
by scripts), which took 7.5 s of a 200,000-row sheet's 11 s ingest.
"""

from __future__ import annotations

import html
import re
import zipfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from analyst.ingest.sheet_xml import _ATTRIBUTE, _column_index, _sheet_member
from analyst.ingest.table import RawTable

PROBE_ROWS = 60
_CURRENCY = re.compile(r"[$€£¥₴₽￥]|\[\$[^\]]*\]|\bUSD\b|\bEUR\b|грн|руб|р\.|zł|kr|_\(\*|_-\*|\"[A-Z]{3}\"")
_PERCENT = re.compile(r"%")
_CHUNK = 1 << 20
_ROW = re.compile(rb"<(?:\w+:)?row\b([^>]*?)(?:/>|>(.*?)</(?:\w+:)?row>)", re.DOTALL)
_CELL = re.compile(rb"<(?:\w+:)?c\b([^>]*?)(?:/>|>(.*?)</(?:\w+:)?c>)", re.DOTALL)
_VALUE = re.compile(rb"<(?:\w+:)?v>([^<]*)</(?:\w+:)?v>")
_TEXT = re.compile(rb"<(?:\w+:)?t(?:\s[^>]*)?>([^<]*)</(?:\w+:)?t>")
_CELL_REF = re.compile(r"([A-Z]{1,3})(\d+)")


_PADDED = re.compile(r"0{2,}")


def format_kind(number_format: str | None) -> str | None:
    """ "money", "percent", "padded:N" (whole numbers shown with leading zeros to N digits:
    zip codes, store and account codes) or None for an Excel number format string."""
    if not number_format or number_format == "General":
        return None
    if _PADDED.fullmatch(number_format.split(";")[0].strip()):
        return f"padded:{len(number_format.split(';')[0].strip())}"
    if _PERCENT.search(number_format.split(";")[0]):
        return "percent"
    if _CURRENCY.search(number_format):
        return "money"
    return None


def with_formats(path: Path, raws: list[RawTable]) -> list[RawTable]:
    """`raws` with `column_formats` filled from the workbook; unchanged when it cannot be read."""
    try:
        with zipfile.ZipFile(path) as archive:
            styles = _style_formats(archive)
            return [_annotated(archive, styles, raw) for raw in raws]
    except Exception:  # noqa: BLE001 - evidence only: a workbook we cannot re-open keeps its values
        return raws


def _annotated(archive: zipfile.ZipFile, styles: list[str | None], raw: RawTable) -> RawTable:
    if raw.sheet is None or not len(raw.row_numbers):
        return raw
    member = _sheet_member(archive, raw.sheet)
    if member is None:
        return raw
    wanted = [int(n) for n in raw.row_numbers[:PROBE_ROWS]]
    rows = _sheet_rows(archive, member, styles, set(wanted), wanted[-1])
    offset = _offset(raw, rows)
    if offset is None:
        return raw
    votes: dict[int, list[str | None]] = {}
    for i, number in enumerate(wanted):
        for j in range(raw.frame.shape[1]):
            cells = rows.get(number, [])
            k = j + offset
            if k < len(cells) and isinstance(cells[k][0], int | float) and not isinstance(cells[k][0], bool):
                votes.setdefault(j, []).append(format_kind(cells[k][1]))
        if i >= PROBE_ROWS:
            break
    formats = {}
    for j, kinds in votes.items():
        for kind in ("money", "percent", *sorted({k for k in kinds if k and k.startswith("padded:")})):
            if kinds.count(kind) >= max(1, 0.6 * len(kinds)):
                formats[j] = kind
                break
    return replace(raw, column_formats=formats) if formats else raw


def _offset(raw: RawTable, rows: dict[int, list[tuple[Any, str | None]]]) -> int | None:
    """Where the table's first column sits in the sheet (readers may skip empty leading columns)."""
    number = int(raw.row_numbers[0])
    cells = rows.get(number)
    if not cells:
        return None
    first = [raw.frame.iat[0, j] for j in range(raw.frame.shape[1])]
    for offset in range(0, 8):
        probe = [cells[j + offset][0] if j + offset < len(cells) else None for j in range(len(first))]
        pairs = list(zip(first, probe, strict=True))
        if all(_same(a, b) for a, b in pairs) and any(a is not None and b is not None for a, b in pairs):
            return offset
    return None


def _same(a: Any, b: Any) -> bool:
    # numpy's integers are not `int`: a whole-number column's cells (np.int64) must compare
    # as numbers too, or a sheet of whole amounts never gets its formats read.
    a = a.item() if isinstance(a, np.generic) else a
    if a is pd.NA or a is pd.NaT:
        a = None  # a blank cell of a nullable column
    if b is None and isinstance(a, int | float):
        return True  # a formula without a saved result, computed by the reader
    if a is None or b is None:
        return a is None and (b is None or str(b).strip() == "")
    if hasattr(a, "year") and isinstance(b, float):
        return True  # a date: the sheet's XML holds its serial number
    if isinstance(a, int | float) and isinstance(b, int | float):
        return abs(float(a) - float(b)) < 1e-6
    return str(a).strip() == str(b).strip()


def _sheet_rows(archive: zipfile.ZipFile, member: str, styles: list[str | None],
                wanted: set[int], last: int) -> dict[int, list[tuple[Any, str | None]]]:
    """(value, number format) of each cell of the `wanted` rows, read no further than `last`."""
    data = _head_of(archive, member, last)
    strings: dict[int, str] | None = None
    rows: dict[int, list[tuple[Any, str | None]]] = {}
    number = 0
    for row in _ROW.finditer(data):
        attributes = dict(_ATTRIBUTE.findall(row[1].decode("utf-8", "replace")))
        number = int(attributes.get("r", number + 1))
        if number > last:
            break
        if number not in wanted or row[2] is None:
            continue
        cells: list[tuple[Any, str | None]] = []
        for cell in _CELL.finditer(row[2]):
            found = dict(_ATTRIBUTE.findall(cell[1].decode("utf-8", "replace")))
            ref = _CELL_REF.fullmatch(found.get("r", ""))
            column = _column_index(ref[1].encode()) if ref else len(cells)
            cells.extend([(None, None)] * (column - len(cells)))
            style = int(found.get("s", 0))
            value: Any = None
            body = cell[2] or b""
            kind = found.get("t", "n")
            raw_value = _VALUE.search(body)
            if kind == "n" and raw_value:
                value = float(raw_value[1])
            elif kind == "s" and raw_value:
                strings = _shared_strings(archive) if strings is None else strings
                value = strings.get(int(raw_value[1]))
            elif kind in ("str", "inlineStr"):
                text = raw_value[1] if kind == "str" and raw_value else b"".join(_TEXT.findall(body))
                value = html.unescape(text.decode("utf-8", "replace"))
            elif kind == "b" and raw_value:
                value = raw_value[1].strip() == b"1"
            cells.append((value, styles[style] if style < len(styles) else None))
        rows[number] = cells
    return rows


def _head_of(archive: zipfile.ZipFile, member: str, last: int) -> bytes:
    """The sheet's XML up to the first row after `last` (streamed; the rest is never read)."""
    data = b""
    with archive.open(member) as stream:
        while chunk := stream.read(_CHUNK):
            data += chunk
            # Rows are written in order; a row numbered past `last` ends the probe.
            if any(int(m[1]) > last for m in re.finditer(rb'<(?:\w+:)?row\b[^>]*?\sr="(\d+)"', chunk)):
                break
    return data


def _shared_strings(archive: zipfile.ZipFile) -> dict[int, str]:
    """The workbook's shared strings by index (only read when a probed cell uses one)."""
    try:
        data = archive.read("xl/sharedStrings.xml")
    except KeyError:
        return {}
    items = re.finditer(rb"<(?:\w+:)?si\b[^>]*>(.*?)</(?:\w+:)?si>", data, re.DOTALL)
    return {i: html.unescape(b"".join(_TEXT.findall(m[1])).decode("utf-8", "replace"))
            for i, m in enumerate(items)}


def _style_formats(archive: zipfile.ZipFile) -> list[str | None]:
    """Number format of each cell style (`s` index), from the styles part."""
    from openpyxl.styles.numbers import BUILTIN_FORMATS

    try:
        xml = archive.read("xl/styles.xml").decode("utf-8", "replace")
    except KeyError:
        return []
    custom = {int(a["numFmtId"]): html.unescape(a.get("formatCode", ""))
              for a in (dict(_ATTRIBUTE.findall(t)) for t in
                        re.findall(r"<(?:\w+:)?numFmt\s([^>]*)>", xml)) if "numFmtId" in a}
    block = re.search(r"<(?:\w+:)?cellXfs\b[^>]*>(.*?)</(?:\w+:)?cellXfs>", xml, re.DOTALL)
    if block is None:
        return []
    formats: list[str | None] = []
    for tag in re.findall(r"<(?:\w+:)?xf\s([^>]*)>", block[1]):
        number = int(dict(_ATTRIBUTE.findall(tag)).get("numFmtId", 0))
        formats.append(custom.get(number, BUILTIN_FORMATS.get(number)))
    return formats
