"""The head of a delimited text cut between whole records, never inside a quoted field.

A quoted field may hold line breaks and delimiters and run past any fixed cut: a 200 KB
comment in the first data row left a 128 KB sample with a header and half a record, and
its inner lines decided the delimiter. The sample here grows until, whichever delimiter
the file uses, its last record is whole (or the file ends), and the records are parsed
with the same quoting rules the body is read with.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from itertools import islice

from analyst.ingest.header import Row

CANDIDATES = (",", ";", "\t", "|")
MAX_SAMPLE_BYTES = 16 * 1024 * 1024
"""The sample stops growing here: Arrow reads the body in blocks of this size and cannot read
a longer field anyway (a file with an unclosed quote would otherwise be parsed whole)."""
# Python's csv refuses fields over 128 KiB by default; Arrow, which reads the body, has no
# such limit, and a long quoted comment is a valid field. Raised once, never lowered.
csv.field_size_limit(max(csv.field_size_limit(), 2**31 - 1))
# A line no file holds (private-use characters, no quote, no delimiter): after the sample
# it becomes a record of its own, unless the sample ended inside a quoted field.
_SENTINEL = "\ue000\ue001"


def head_text(buffer: bytes | memoryview, size: int) -> str:
    """At least `size` bytes of the text's head as whole lines, grown (doubling) until no
    candidate delimiter leaves its last record inside a quoted field, or the file ends."""
    limit = size
    while True:
        whole = limit >= len(buffer)
        text = bytes(buffer[:limit]).decode("utf-8", errors="ignore")
        if not whole and "\n" in text:
            text = text[: text.rfind("\n") + 1]
        if whole or limit >= MAX_SAMPLE_BYTES or not any(_ends_open(text, d) for d in CANDIDATES):
            return text
        limit = min(limit * 2, MAX_SAMPLE_BYTES)


def records(text: str, delimiter: str, limit: int | None = None) -> list[Row]:
    """The whole records of `text` (the first `limit`), each with its first line's 1-based
    number; blank cells are None.

    A record cut by the end of the sample (inside a quoted field) is left out: half a row
    would say the wrong width and the wrong types.
    """
    parsed = list(islice(_parse(text, delimiter), None if limit is None else limit + 1))
    # The last one parsed is the sentinel, or the cut record that swallowed it, or one past
    # `limit`: every record before it is whole.
    return [Row(line, [c if c.strip() else None for c in cells]) for line, cells in parsed[:-1]]


def _ends_open(text: str, delimiter: str) -> bool:
    last = None
    for _, cells in _parse(text, delimiter):
        last = cells
    return last != [_SENTINEL]


def _parse(text: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    ending = "" if not text or text.endswith(("\n", "\r")) else "\n"
    reader = csv.reader(io.StringIO(text + ending + _SENTINEL + "\n", newline=""), delimiter=delimiter)
    line = 1
    try:
        for cells in reader:
            yield line, cells
            line = reader.line_num + 1
    except csv.Error:
        return  # malformed quoting (only with a NUL, which the caller refuses first)
