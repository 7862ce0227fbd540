"""Attack workbooks written part by part with `zipfile`: what no spreadsheet program would save.

Each builder writes a valid .xlsx/.xlsm container around a small honest table (three rows of
region, month, revenue) and adds one hostile trait: a cell at the far end of the grid, a
declared dimension covering the whole grid, thousands of sheets, or a sheet part whose real
size is far beyond what the zip directory says.
"""

from __future__ import annotations

import struct
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

TABLE = [("Region", "Month", "Revenue"), ("North", "Jan", 120.5), ("South", "Feb", 80.25), ("East", "Mar", 42.0)]
REVENUE = 242.75
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_SHEET_TYPE = _REL + "/worksheet"
_CONTENT_TYPES = {
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
    "xlsm": "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
}


def column_letters(index: int) -> str:
    """0-based column index to Excel letters (0 -> A, 16383 -> XFD)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _cell(ref: str, value: object) -> str:
    if isinstance(value, str):
        return f'<c r="{ref}" t="inlineStr"><is><t>{escape(value)}</t></is></c>'
    return f'<c r="{ref}"><v>{value}</v></c>'


def sheet_xml(extra_cells: tuple[tuple[int, int, object], ...] = (), dimension: str | None = None,
              padding: int = 0) -> bytes:
    """The table at A1:C4, then each (1-based row, 0-based column, value) in `extra_cells`.

    `padding` adds that many bytes of XML comment inside sheetData (real size, tiny when zipped).
    """
    rows: dict[int, list[str]] = {}
    for r, values in enumerate(TABLE, start=1):
        rows[r] = [_cell(f"{column_letters(c)}{r}", v) for c, v in enumerate(values)]
    for r, c, v in extra_cells:
        rows.setdefault(r, []).append(_cell(f"{column_letters(c)}{r}", v))
    body = "".join(f'<row r="{r}">{"".join(cells)}</row>' for r, cells in sorted(rows.items()))
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    pad = f"<!--{'x' * padding}-->" if padding else ""
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{_MAIN}" '
            f'xmlns:r="{_REL}">{dim}<sheetData>{body}{pad}</sheetData></worksheet>').encode()


def workbook(path: Path, sheets: list[bytes], kind: str = "xlsx", lie_about: int | None = None) -> Path:
    """A workbook of these sheet XMLs (named Sheet1..n); `lie_about` is a sheet index whose
    directory entry claims the part is 1 KB whatever its real size."""
    names = [f"Sheet{i}" for i in range(1, len(sheets) + 1)]
    book = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="{_MAIN}" '
            f'xmlns:r="{_REL}"><sheets>'
            + "".join(f'<sheet name="{n}" sheetId="{i}" r:id="rId{i}"/>' for i, n in enumerate(names, 1))
            + "</sheets></workbook>")
    rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships '
            'xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            + "".join(f'<Relationship Id="rId{i}" Type="{_SHEET_TYPE}" Target="worksheets/sheet{i}.xml"/>'
                      for i in range(1, len(sheets) + 1))
            + "</Relationships>")
    types = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types '
             'xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
             '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
             '<Default Extension="xml" ContentType="application/xml"/>'
             f'<Override PartName="/xl/workbook.xml" ContentType="{_CONTENT_TYPES[kind]}"/>'
             + "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/'
                       'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                       for i in range(1, len(sheets) + 1))
             + "</Types>")
    root_rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships '
                 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                 '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                 'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", types)
        archive.writestr("_rels/.rels", root_rels)
        archive.writestr("xl/workbook.xml", book)
        archive.writestr("xl/_rels/workbook.xml.rels", rels)
        for i, xml in enumerate(sheets, 1):
            archive.writestr(f"xl/worksheets/sheet{i}.xml", xml)
    if lie_about is not None:
        _shrink_declared_size(path, f"xl/worksheets/sheet{lie_about}.xml", 1024)
    return path


def _shrink_declared_size(path: Path, member: str, claimed: int) -> None:
    """Rewrite the uncompressed size of `member` in its local header and the central directory."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(member)
    struct.pack_into("<I", data, info.header_offset + 22, claimed)  # local file header
    name = member.encode()
    at = data.find(b"PK\x01\x02")
    while at != -1:
        name_length = struct.unpack_from("<H", data, at + 28)[0]
        if bytes(data[at + 46:at + 46 + name_length]) == name:
            struct.pack_into("<I", data, at + 24, claimed)  # central directory entry
            break
        at = data.find(b"PK\x01\x02", at + 4)
    path.write_bytes(bytes(data))
