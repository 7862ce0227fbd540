"""`ingest_file`: one uploaded file in, clean Parquet tables and their data cards out."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from analyst.catalogue import message
from analyst.datacard import DataCard
from analyst.ingest.arrow_profile import column_cards, duplicate_rows, first_rows
from analyst.ingest.clean import CleanTable, clean
from analyst.ingest.delimited import read_delimited
from analyst.ingest.errors import IngestError
from analyst.ingest.fast import FastTable, read_fast
from analyst.ingest.formats import detect_format
from analyst.ingest.limits import check_rows, check_size
from analyst.ingest.naming import safe_file_name, table_slug, unique_file, unique_path
from analyst.ingest.options import IngestOptions
from analyst.ingest.profile import column_card, distinct, role_of, sample_rows
from analyst.ingest.roles import apply_roles
from analyst.ingest.sheets import Item, workbook_items
from analyst.ingest.table import RawTable
from analyst.ingest.wide_cards import with_long_tables
from analyst.ingest.workbook_guard import CheckedWorkbook, check_workbook
from analyst.progress import Progress, tell
from analyst.words.note import CONTEXT, Name, Note


def ingest_file(
    path: str | Path,
    workspace: Any,
    options: IngestOptions | None = None,
    display_name: str | None = None,
    progress: Progress | None = None,
) -> list[DataCard]:
    """Read `path` into `workspace.input_dir` as Parquet and describe each table.

    `workspace` is a `sandbox.Workspace` (anything with an `input_dir` Path will do).
    `display_name` is the name the user uploaded, when `path` is a temporary file.
    Raises `IngestError` with one human sentence when the file cannot be used.
    `progress` is told each stage (`analyst.progress`): read, types, write, card, done.
    """
    path = Path(path)
    options = options or IngestOptions()
    name = display_name or path.name
    if not path.is_file():
        raise IngestError(Note("error_not_found", file=name))
    check_size(path, name)
    kind = detect_format(path, name)
    # Bounds first: nothing of a workbook is allocated before its real extent is known.
    checked = check_workbook(path, name) if kind == "xlsx" else None
    tell(progress, "read", name)
    # Hashing a large upload takes as long as reading it; hashlib lets go of the GIL.
    with ThreadPoolExecutor(max_workers=1) as pool:
        digest = pool.submit(sha256_of, path)
        try:
            tables = _read(path, kind, options, name, progress, checked)
        except IngestError as exc:
            raise named(exc, name) from exc.__cause__
        except (ValueError, KeyError, IndexError, OSError, pa.ArrowException) as exc:
            raise IngestError(Note("error_unreadable", file=name, kind=type(exc).__name__, detail=str(exc))) from exc
        sha256 = digest.result()
    input_dir = Path(workspace.input_dir)
    input_dir.mkdir(parents=True, exist_ok=True)
    cards = []
    tell(progress, "write", name)
    for item in tables:
        if isinstance(item, FastTable):
            tell(progress, "card", name)  # written and described at once, in Arrow
            cards.append(_fast_card(item, name, sha256, input_dir))
            continue
        raw, cleaned, slug = item
        _check_not_empty(raw, cleaned, name)
        check_rows(len(cleaned.frame), name)
        target = unique_path(input_dir, slug, ".parquet")
        _write_parquet(cleaned.frame, target)
        tell(progress, "card", name)
        cards.append(_card(raw, cleaned, name, sha256, target, input_dir.parent))
    cards = with_long_tables(cards, input_dir.parent)
    cards = apply_roles(cards, options.roles, input_dir.parent)
    original = unique_file(input_dir, safe_file_name(name))
    shutil.copyfile(path, original)
    tell(progress, "done", name)
    return cards


def named(error: IngestError, name: str) -> IngestError:
    """The same sentence, saying which file it is about: a user who dropped five files
    must not have to guess ("The file has no rows" -> "sales.csv has no rows")."""
    text = str(error)
    if name in text:
        return error
    note = error.args[0] if error.args else None
    # A message id the catalogue lacks comes back as itself (gettext), from the cached
    # compiled catalogue: no .po file is parsed on the error path.
    if isinstance(note, Note) and message("en", CONTEXT, f"{note.key}_in") != f"{note.key}_in":
        return IngestError(Note(f"{note.key}_in", note.count, file=name, **note.values))
    if text.startswith("The file "):
        return IngestError(f"{name} {text[len('The file '):]}")
    return IngestError(f"{name}: {text[:1].lower()}{text[1:]}")


def _fast_card(fast: FastTable, name: str, sha256: str, input_dir: Path) -> DataCard:
    table = fast.table
    if table.num_rows == 0 or table.num_columns == 0:
        raise IngestError(Note("error_no_rows_below_header_in", file=name))
    check_rows(table.num_rows, name)
    target = unique_path(input_dir, table_slug(Path(name).stem), ".parquet")
    # Writing Parquet and counting are both Arrow C++ work that lets go of the GIL: overlap them.
    with ThreadPoolExecutor(max_workers=1) as pool:
        written = pool.submit(pq.write_table, table, target)
        columns = column_cards(table, fast.kinds, fast.notes)
        written.result()
    assumptions = list(fast.assumptions)
    duplicates = duplicate_rows(table, columns)
    if duplicates:
        assumptions.append(Note("duplicates", duplicates, n=duplicates))
    dates = next((c for c in columns if c.role == "date" and c.first), None)
    return DataCard(
        table=target.stem, source_file=name, source_sha256=sha256, sheet=None, sheets=(),
        rows=table.num_rows, columns=columns, header_row=fast.header_row, encoding=fast.encoding,
        delimiter=fast.delimiter, excluded_rows=fast.excluded, assumptions=tuple(assumptions),
        sample_rows=first_rows(table), parquet_path=target.relative_to(input_dir.parent).as_posix(),
        date_range=(dates.first, dates.last) if dates and dates.first and dates.last else None,
    )


def _read(path: Path, kind: str, options: IngestOptions, name: str,
          progress: Progress | None = None,
          checked: CheckedWorkbook | None = None) -> Sequence[Item | FastTable]:
    stem = table_slug(Path(name).stem)
    if kind == "parquet":
        frame = pd.read_parquet(path)
        frame.columns = [str(c) for c in frame.columns]
        return [(None, CleanTable(frame, assumptions=(Note("parquet"),)), stem)]
    if kind == "text":
        data = path.read_bytes()
        fast = read_fast(data, options, name)
        if fast is not None:
            return [fast]
        raw = read_delimited(data, options, name)
        tell(progress, "types", name)
        return _one(raw, options, stem)
    from analyst.ingest.excel import read_workbook  # openpyxl is slow to import

    raws = read_workbook(path, kind, options, name,
                         checked.formula_sheets if checked is not None else None)
    if kind == "xlsx":
        from analyst.ingest.excel_formats import with_formats

        raws = with_formats(path, raws)
    tell(progress, "types", name)
    if len(raws) == 1:
        fallback = table_slug(raws[0].sheet) if raws[0].sheet else "table"
        return _one(raws[0], options, table_slug(Path(name).stem, fallback))
    return workbook_items(raws, options, name)


def _one(raw: RawTable, options: IngestOptions, slug: str) -> list[Item]:
    return [(raw, clean(raw, options), slug)]


def _check_not_empty(raw: RawTable | None, cleaned: CleanTable, name: str) -> None:
    if cleaned.frame.empty or not len(cleaned.frame.columns):
        if raw and raw.sheet:
            raise IngestError(Note("error_no_rows_below_header_sheet", file=name, sheet=Name(raw.sheet)))
        raise IngestError(Note("error_no_rows_below_header_in", file=name))


def _write_parquet(frame: pd.DataFrame, target: Path) -> None:
    table = pa.Table.from_pandas(frame, preserve_index=False)
    pq.write_table(table, target)


def _card(raw, cleaned: CleanTable, name: str, sha256: str, target: Path, root: Path) -> DataCard:
    frame = cleaned.frame
    columns = []
    for column in frame.columns:
        unique = distinct(frame[column])
        role = role_of(column, frame[column], cleaned.kinds.get(column), unique)
        reading = cleaned.notes.get(column)
        note, currency = (reading.text(), reading.currency) if reading else (None, None)
        columns.append(column_card(column, frame[column], role, note, unique, currency))
    dates = next((c for c in columns if c.role == "date" and c.first), None)
    return DataCard(
        table=target.stem,
        source_file=name,
        source_sha256=sha256,
        sheet=raw.sheet if raw else None,
        sheets=raw.sheets if raw else (),
        rows=len(frame),
        columns=tuple(columns),
        header_row=raw.header_row if raw else None,
        encoding=raw.encoding if raw else None,
        delimiter=raw.delimiter if raw else None,
        excluded_rows=cleaned.excluded,
        assumptions=cleaned.assumptions,
        sample_rows=sample_rows(frame),
        parquet_path=target.relative_to(root).as_posix(),
        date_range=(dates.first, dates.last) if dates and dates.first and dates.last else None,
        budget_sheet=cleaned.budget_sheet,
    )


def sha256_of(path: Path) -> str:
    """SHA-256 of a file, read in blocks (uploads can be hundreds of megabytes)."""
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()
