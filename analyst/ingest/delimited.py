"""CSV / TSV / TXT: detect on a sample, then read the whole file with Arrow's C++ reader.

Detection (encoding, delimiter, header) looks at the whole records of the first few hundred
kilobytes (more when a quoted field runs past them, see `records`); the bulk is read by
`pyarrow.csv` with column types guessed from the sample. A typed column that meets a value
it cannot read is read again as text, and the column parser decides it as a whole.
"""

from __future__ import annotations

import csv
import re

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv

from analyst.datacard import ExcludedRow
from analyst.ingest.encoding import decode, utf8_with_replacements
from analyst.ingest.errors import IngestError
from analyst.ingest.header import Row, find_header
from analyst.ingest.options import IngestOptions
from analyst.ingest.records import CANDIDATES, head_text, records
from analyst.ingest.table import RawTable, row_text
from analyst.words.note import Note, Word

SAMPLE_BYTES = 128 * 1024
DELIMITERS = list(CANDIDATES)
SNIFF_RECORDS = 400
_NAMES = {",": "sep_comma", ";": "sep_semicolon", "\t": "sep_tab", "|": "sep_pipe"}
# Tokens that mean "no value" in typed columns (text columns keep them for the parsers).
NULLS = ["", "n/a", "N/A", "#N/A", "NA", "null", "NULL", "-", "—", "–", "nan", "NaN"]
_INT = re.compile(r"^-?(0|[1-9]\d{0,17})$")
_FLOAT = re.compile(r"^-?\d+\.\d+$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$")
_NEWLINE = re.compile(r"\r\n|\r|\n")
_QUOTED = re.compile(r'"[^"]*"')
_DIGIT_COMMA = re.compile(r"(?<=\d),(?=\d)")


def read_delimited(raw: bytes, options: IngestOptions, display_name: str) -> RawTable:
    decoded = decode(raw, options.encoding, display_name)
    buffer = decoded.utf8
    if b"\x00" in bytes(buffer[:SAMPLE_BYTES]):
        raise IngestError(Note("error_binary", file=display_name))
    text = head_text(buffer, SAMPLE_BYTES)
    delimiter = sniff_delimiter(text)
    rows = records(text, delimiter)
    header = find_header(rows, options.header_row)
    # Blank cells are None here: a line of bare delimiters (';;;;') is blank too.
    nonblank = [r for r in rows if any(c is not None and str(c).strip() for c in r.cells)]
    data_rows = nonblank[header.data_index:]
    width = max([len(header.names)] + [len(r.cells) for r in data_rows[:2000]])
    first_line = data_rows[0].number if data_rows else (header.rows[-1] + 1 if header.rows else 1)
    offset = _byte_offset(text, first_line)
    assumptions = [a for a in (decoded.assumption,) if a is not None]
    if delimiter != ",":
        assumptions.append(Note("separator", delimiter=Word(_NAMES[delimiter])))
    assumptions += header.sentences
    types = _guess_types(data_rows, width, options)
    try:
        table, bad = _read_arrow(buffer, offset, width, delimiter, types)
    except UnicodeError:
        decoded = utf8_with_replacements(bytes(buffer))
        buffer = decoded.utf8
        if decoded.assumption is not None:
            assumptions.insert(0, decoded.assumption)
        offset = _byte_offset(bytes(buffer[: offset * 2 + 1024]).decode("utf-8", "ignore"), first_line)
        table, bad = _read_arrow(buffer, offset, width, delimiter, types)
    frame = table.to_pandas()
    frame.columns = range(width)
    numbers = np.arange(first_line, first_line + len(frame))
    excluded = _locate(bad, buffer, offset, first_line)
    names = tuple(header.names) + ("",) * (width - len(header.names))
    return RawTable(frame, names[:width], numbers, header.rows[-1] if header.rows else None,
                    encoding=_encoding_label(decoded.encoding), delimiter=delimiter,
                    excluded=tuple(excluded), assumptions=tuple(assumptions), unit=header.unit)


def sniff_delimiter(text: str) -> str:
    """The delimiter that splits most records into the same number (> 1) of fields.

    Records, not lines: a quoted field's inner lines ("lorem, ipsum; dolor") must not vote.
    """
    lines = [ln for ln in text.splitlines()[:SNIFF_RECORDS] if ln.strip()]
    best, best_score = ",", 0.0
    for delimiter in DELIMITERS:
        counts = [len(r.cells) for r in records(text, delimiter, SNIFF_RECORDS) if _filled_line(r.cells)]
        multi = [c for c in counts if c > 1]
        if not multi:
            continue
        mode = max(set(multi), key=multi.count)
        consistency = counts.count(mode) / len(counts)
        score = consistency * min(mode, 50) ** 0.5
        if delimiter == ",":
            # "79,19" in a semicolon file splits as evenly as a real comma delimiter would.
            score *= 1 - 0.5 * _decimal_comma_share(lines)
        if score > best_score * 1.05:
            best, best_score = delimiter, score
    if best_score == 0.0:
        try:
            best = csv.Sniffer().sniff(text[:8192], delimiters="".join(DELIMITERS)).delimiter
        except csv.Error:
            best = ","
    return best


def _filled_line(cells) -> bool:
    """Not a blank line (a line of bare delimiters counts: it has fields)."""
    return len(cells) > 1 or (len(cells) == 1 and cells[0] is not None)


def _decimal_comma_share(lines: list[str]) -> float:
    """Share of lines whose unquoted commas all sit between digits, as decimal commas do."""
    hits = 0
    for line in lines:
        bare = _QUOTED.sub("", line)
        commas = bare.count(",")
        hits += bool(commas) and len(_DIGIT_COMMA.findall(bare)) == commas
    return hits / len(lines) if lines else 0.0


def _byte_offset(text: str, line: int) -> int:
    """Where 1-based `line` starts, in UTF-8 bytes."""
    if line <= 1:
        return 0
    for number, match in enumerate(_NEWLINE.finditer(text), start=2):
        if number == line:
            return len(text[: match.end()].encode("utf-8"))
    return len(text.encode("utf-8"))


def _guess_types(rows: list[Row], width: int, options: IngestOptions) -> dict[str, pa.DataType]:
    """Arrow types for columns whose sample is plain; the rest stay text for the parsers."""
    types: dict[str, pa.DataType] = {}
    for j in range(width):
        values = [str(r.cells[j]).strip() for r in rows[:5000]
                  if j < len(r.cells) and r.cells[j] is not None and str(r.cells[j]).strip()]
        values = [v for v in values if v not in NULLS]
        kind = pa.string()
        if values and all(_INT.match(v) for v in values):
            kind = pa.int64()
        elif values and all(_INT.match(v) or _FLOAT.match(v) for v in values):
            fractions = {len(v.split(".")[1]) for v in values if "." in v}
            # "1.234" alone may be a thousand with a dot separator: let the column decide.
            if fractions != {3} and options.decimal != ",":
                kind = pa.float64()
        elif values and all(_ISO_DATE.match(v) for v in values):
            kind = pa.timestamp("s")
        types[f"c{j}"] = kind
    return types


def _read_arrow(buffer, offset: int, width: int, delimiter: str, types: dict) -> tuple[pa.Table, list]:
    bad: list[tuple[str, str]] = []

    def on_invalid(row) -> str:
        short = row.actual_columns <= max(1, row.expected_columns // 3)
        bad.append((row.text, "footnote" if short else "wrong number of fields"))
        return "skip"

    names = [f"c{j}" for j in range(width)]
    while True:
        try:
            table = pacsv.read_csv(
                pa.py_buffer(buffer)[offset:],
                read_options=pacsv.ReadOptions(column_names=names, block_size=16 << 20),
                parse_options=pacsv.ParseOptions(delimiter=delimiter, newlines_in_values=True,
                                                 invalid_row_handler=on_invalid),
                convert_options=pacsv.ConvertOptions(column_types=types, null_values=NULLS,
                                                     strings_can_be_null=False),
            )
            return table, bad
        except pa.ArrowInvalid as exc:
            message = str(exc)
            if "UTF8" in message or "utf8" in message.lower():
                raise UnicodeError(message) from exc
            match = re.search(r"column #(\d+)", message)
            if "Empty CSV file" in message:  # a header line and nothing below it
                raise IngestError(Note("error_no_rows_below_header")) from exc
            if not match or types.get(names[int(match.group(1))]) == pa.string():
                raise IngestError(Note("error_not_a_table", detail=message)) from exc
            types[names[int(match.group(1))]] = pa.string()
            bad.clear()


def _locate(bad: list[tuple[str, str]], buffer, offset: int, first_line: int) -> list[ExcludedRow]:
    """Line numbers of rows the reader skipped, found by their text (they are few)."""
    data = bytes(buffer) if not isinstance(buffer, bytes) else buffer
    found = []
    for text, reason in bad[:200]:
        at = data.find(text.encode("utf-8"), offset)
        line = first_line + data.count(b"\n", offset, at) if at >= 0 else first_line
        found.append(ExcludedRow(line, reason, row_text([text])))
    return sorted(found, key=lambda r: r.line)


def _encoding_label(codec: str) -> str:
    return {"utf_8": "utf-8", "utf_8_sig": "utf-8-sig", "utf_16": "utf-16"}.get(codec, codec)
