"""Formula cells of an .xlsx/.xlsm sheet, read from its XML (calamine gives values only).

Only what values cannot tell is looked up here: whether the sheet has formulas at all,
and which formula cells were saved without a result (files written by scripts). One
byte-level pass over the sheet's XML, no workbook model: a 200,000-row sheet is scanned
in a fraction of the time openpyxl needs to open it.
"""

from __future__ import annotations

import copy
import html
import posixpath
import re
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

_ATTRIBUTE = re.compile(r'([\w:]+)\s*=\s*"([^"]*)"')
# `<f` (`<f>`, `<f t="shared" ...>`) or `:f` (`<x:f>`) is looked for with plain byte searches,
# much faster than a regular expression over a sheet of tens of megabytes.
_FORMULA_HINT = re.compile(rb"<(?:\w+:)?f[\s>/]")  # confirmed on the whole XML once a hint is seen
_CHUNK = 8 << 20
# A cell whose formula is followed by no value, or an empty one (<v/>, <v></v>).
_NO_RESULT = re.compile(
    rb'<c r="([A-Z]{1,3})([0-9]+)"[^>]*>\s*(?:<f[^>]*/>|<f[^>]*>[^<]*</f>)\s*(?:<v\s*/>|<v>\s*</v>)?\s*</c>')


@dataclass(frozen=True)
class Formulas:
    present: bool
    missing: tuple[tuple[int, int], ...]
    """(1-based row, 0-based column) of each formula cell saved without a result."""


def sheet_formulas(path: Path, sheet: str) -> Formulas:
    """The formula facts of one sheet; no formulas when the sheet's XML cannot be found."""
    try:
        with zipfile.ZipFile(path) as archive:
            member = _sheet_member(archive, sheet)
            if member is None:
                return Formulas(False, ())
            data = _read_if_formulas(archive, member)
    except (zipfile.BadZipFile, OSError, KeyError):
        return Formulas(False, ())
    if data is None:
        return Formulas(False, ())
    missing = tuple((int(m[2]), _column_index(m[1])) for m in _NO_RESULT.finditer(data))
    return Formulas(True, missing)


def formula_count(path: Path, limit: int) -> int:
    """Formula cells in all the workbook's sheets (`<f>` elements, a shared formula's every
    cell included), streamed; counting stops past `limit` (so a bomb costs no more)."""
    count, tail = 0, b""
    with zipfile.ZipFile(path) as archive:
        for _, member in sheet_members(archive, 64 << 20):
            with archive.open(member) as stream:
                while chunk := stream.read(_CHUNK):
                    cut = chunk.rfind(b">") + 1  # a tag is never split between two counts
                    count += len(_FORMULA_HINT.findall(tail + chunk[:cut]))
                    tail = chunk[cut:]
                    if count > limit:
                        return count
            count += len(_FORMULA_HINT.findall(tail))
            tail = b""
    return count


def _read_if_formulas(archive: zipfile.ZipFile, member: str) -> bytes | None:
    """The sheet's XML when it holds a formula; None when not (streamed, nothing kept)."""
    tail = b""
    with archive.open(member) as stream:
        while chunk := stream.read(_CHUNK):
            if b"<f" in chunk or b":f" in chunk or b"<f" in tail + chunk[:2]:
                data = archive.read(member)
                return data if _FORMULA_HINT.search(data) else None
            tail = chunk[-2:]
    return None


def _sheet_member(archive: zipfile.ZipFile, sheet: str) -> str | None:
    """The zip member of a sheet, from the workbook's sheet list and its relationships.

    Read with regular expressions, not an XML parser: the file is an upload, and these two
    small parts only need three attributes (no entities, no parser to attack).
    """
    book = archive.read("xl/workbook.xml").decode("utf-8", errors="replace")
    rel_id = next((_relationship(a) for a in _tags(book, "sheet")
                   if html.unescape(a.get("name", "")) == sheet), None)
    if rel_id is None:
        return None
    rels = archive.read("xl/_rels/workbook.xml.rels").decode("utf-8", errors="replace")
    target = next((a.get("Target") for a in _tags(rels, "Relationship") if a.get("Id") == rel_id), None)
    if not target:
        return None
    target = html.unescape(target)
    member = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
    return member if member in archive.namelist() else None


def sheet_members(archive: zipfile.ZipFile, limit: int) -> list[tuple[str, str]]:
    """(name, zip member) of every worksheet, in workbook order; chart sheets left out.

    The two small parts are read bounded by `limit` real bytes (whatever the directory says),
    since this runs on uploads before any size is trusted.
    """
    book = _read_bounded(archive, "xl/workbook.xml", limit).decode("utf-8", errors="replace")
    rels = _read_bounded(archive, "xl/_rels/workbook.xml.rels", limit).decode("utf-8", errors="replace")
    targets = {a.get("Id"): html.unescape(a.get("Target", "")) for a in _tags(rels, "Relationship")
               if a.get("Type", "").endswith("/worksheet")}
    names = set(archive.namelist())
    found = []
    for attributes in _tags(book, "sheet"):
        target = targets.get(_relationship(attributes))
        if not target:
            continue
        member = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
        if member in names:
            found.append((html.unescape(attributes.get("name", "")), member))
    return found


def _read_bounded(archive: zipfile.ZipFile, member: str, limit: int) -> bytes:
    """At most `limit` bytes of the member as it really decompresses (OSError beyond that)."""
    info = copy.copy(archive.getinfo(member))
    info.file_size = sys.maxsize  # zipfile would stop at the uploader's claim; the reader does not
    with archive.open(info) as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise OSError(f"{member} unpacks to more than {limit} bytes")
    return data


def _relationship(attributes: dict[str, str]) -> str | None:
    """The `r:id` of a sheet, whatever prefix the file gave the relationships namespace."""
    return next((v for k, v in attributes.items() if k.endswith(":id")), None)


def _tags(xml: str, name: str) -> list[dict[str, str]]:
    """The attributes of every `<name .../>` element (any namespace prefix on the element)."""
    found = []
    for tag in re.finditer(rf"<(?:\w+:)?{name}\s([^>]*)>", xml):
        found.append(dict(_ATTRIBUTE.findall(tag[1])))
    return found


def _column_index(letters: bytes) -> int:
    index = 0
    for letter in letters:
        index = index * 26 + (letter - 64)
    return index - 1
