"""A CSV file made inert for download: no cell is a formula when a spreadsheet opens it.

A step's table carries the user's cells as they were (`=HYPERLINK(...)`, `@SUM(...)`,
`+1+1`, a DDE call); a colleague opening the downloaded CSV in a spreadsheet would run them.
OWASP's CSV-injection guidance: a cell (or header) beginning with `=`, `+`, `-`, `@`, a tab
or a carriage return gets a leading single quote, so the spreadsheet reads it as text. A
number (`-12.5`, `+3`, `1e-3`) is left as it is: a negative amount stays a number.

Done at the download door, on the bytes of whatever file a step wrote (the model's own
code writes CSVs too), with the csv module: no type guessing, every other cell's text
unchanged (every cell is quoted, which spreadsheets read as the same value).
"""

from __future__ import annotations

import csv
import io
import itertools
import re

SPREADSHEET_TEXT = (".csv", ".tsv")
"""Suffixes of the text tables a spreadsheet opens (and so runs formulas in)."""
TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (OWASP)."""
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
_DELIMITERS = ",;\t|"
_SAMPLE = 64 * 1024


def inert_cell(text: str) -> str:
    """`text` as a spreadsheet should read it: as text when it could start a formula."""
    if text.startswith(TRIGGERS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def inert_csv(data: bytes) -> bytes:
    """The CSV `data` with every cell (headers too) passed through `inert_cell`.

    Bytes that are not UTF-8 are carried through unchanged (surrogate escapes); the
    delimiter is the one the file uses (comma, semicolon, tab or bar).
    """
    text = data.decode("utf-8", "surrogateescape")
    bom = text.startswith("\ufeff")
    text = text.removeprefix("\ufeff")
    delimiter = _delimiter(text[:_SAMPLE])
    out = io.StringIO(newline="")
    # Every cell quoted: a spreadsheet set to another list separator (";" in much of Europe)
    # then cannot split "a;=1+1" into a second cell that starts a formula.
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n", quoting=csv.QUOTE_ALL)
    for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter):
        writer.writerow([inert_cell(cell) for cell in row])
    return (("\ufeff" if bom else "") + out.getvalue()).encode("utf-8", "surrogateescape")


def _delimiter(sample: str) -> str:
    """The candidate that cuts the first rows into the most columns, the same number on
    every row (csv.Sniffer guesses wrong when cells hold "1,000" or "a;b"); else ","."""
    best, score = ",", (False, 1)
    for candidate in _DELIMITERS:
        rows = [len(r) for r in itertools.islice(
            csv.reader(io.StringIO(sample, newline=""), delimiter=candidate), 50)]
        rows = rows[:-1] if len(rows) > 1 else rows  # the sample may cut the last row
        here = (len(set(rows)) == 1, min(rows, default=1))
        if here[1] > 1 and here > score:
            best, score = candidate, here
    return best
