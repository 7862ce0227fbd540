"""OpenDocument spreadsheets (.ods) written by hand: a zip of `mimetype` and `content.xml`.

No writer library is needed for the few cell types users' files hold: text, numbers,
dates (as LibreOffice saves them: `office:date-value` beside the shown text).
"""

from __future__ import annotations

import datetime as dt
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
       'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
       'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
       'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
_MANIFEST = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
             'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
             '<manifest:file-entry manifest:full-path="/" manifest:version="1.2" '
             'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
             '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
             '</manifest:manifest>')


def _cell(value) -> str:
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, dt.date):
        shown = value.strftime("%d.%m.%Y")
        return (f'<table:table-cell office:value-type="date" office:date-value="{value.isoformat()}">'
                f"<text:p>{shown}</text:p></table:table-cell>")
    if isinstance(value, int | float) and not isinstance(value, bool):
        return (f'<table:table-cell office:value-type="float" office:value="{value!r}">'
                f"<text:p>{value}</text:p></table:table-cell>")
    return f'<table:table-cell office:value-type="string"><text:p>{escape(str(value))}</text:p></table:table-cell>'


def ods_workbook(path: Path, sheets: dict[str, list[list]], hidden: tuple[str, ...] = ()) -> Path:
    tables = []
    for name, rows in sheets.items():
        style = ' table:style-name="hidden"' if name in hidden else ""
        body = "".join("<table:table-row>" + "".join(_cell(v) for v in row) + "</table:table-row>"
                       for row in rows)
        tables.append(f"<table:table table:name={quoteattr(name)}{style}>{body}</table:table>")
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_NS} office:version="1.2">'
               '<office:automatic-styles><style:style style:name="hidden" style:family="table">'
               '<style:table-properties table:display="false"/></style:style></office:automatic-styles>'
               f"<office:body><office:spreadsheet>{''.join(tables)}</office:spreadsheet></office:body>"
               "</office:document-content>")
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet",
                         compress_type=zipfile.ZIP_STORED)
        archive.writestr("META-INF/manifest.xml", _MANIFEST, compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
    return path
