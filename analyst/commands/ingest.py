"""`python -m analyst ingest FILE [--sheet NAME] [--json]`: read a spreadsheet, print its data cards."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from analyst.catalogue import keys
from analyst.commands.language import add_language_argument, chosen, words
from analyst.commands.terminal import clean
from analyst.datacard import ROLES, DataCard
from analyst.errors import user_message
from analyst.ingest import IngestError, IngestOptions, ingest_file
from analyst.progress import Progress, Stage
from analyst.words import say
from analyst.words.note import render
from analyst.words.number_formats import format_int, format_number
from sandbox import Workspace


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path,
                        help="CSV, TSV, TXT, XLSX, XLSM, XLSB, XLS, ODS or Parquet file")
    parser.add_argument("--sheet", help="Excel sheet to read instead of the one chosen automatically")
    parser.add_argument("--header-row", type=int, help="1-based row of the header")
    parser.add_argument("--decimal", choices=[",", "."], help="decimal separator of number columns")
    parser.add_argument("--date-order", choices=["DMY", "MDY", "YMD"],
                        help="order of ambiguous dates")
    parser.add_argument("--encoding", help="text encoding of a CSV/TXT file, e.g. cp1251")
    parser.add_argument("--workspace", type=Path,
                        help="workspace folder (default: a temporary one)")
    parser.add_argument("--json", action="store_true", help="print the data cards as JSON")
    add_language_argument(parser)


def run(args: argparse.Namespace) -> int:
    lang = chosen(args)
    options = IngestOptions(sheet=args.sheet, header_row=args.header_row, decimal=args.decimal,
                            date_order=args.date_order, encoding=args.encoding)
    progress = stage_printer(lang)
    try:
        if args.workspace:
            cards = ingest_file(args.file, Workspace(args.workspace), options, progress=progress)
        else:
            with tempfile.TemporaryDirectory(prefix="analyst-ingest-") as root:
                cards = ingest_file(args.file, Workspace(Path(root)), options, progress=progress)
    except IngestError as exc:
        print(clean(words(lang, "ingest_error", message=user_message(exc, lang) or str(exc))),
              file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - a bug of ours: still one line for the user, never a traceback
        print(clean(words(lang, "ingest_bug", file=args.file.name, kind=type(exc).__name__,
                          detail=str(exc))), file=sys.stderr)
        return 1
    if args.json:
        # Shown here: each assumption in the reader's language, as the text output says it.
        shown = [card.to_dict() | {"assumptions": [render(a, lang) for a in card.assumptions]}
                 for card in cards]
        print(json.dumps(shown, ensure_ascii=False, indent=2))
    else:
        reasons = set(keys("ingest_word"))
        for card in cards:
            print(clean(card_text(card, lang)))
            if card.excluded_rows:
                count = len(card.excluded_rows)
                print(words(lang, "excluded_rows", count, n=count))
                for row in card.excluded_rows:
                    reason = (say(lang, "ingest_word", row.reason) if row.reason in reasons
                              else row.reason)
                    print(clean(words(lang, "excluded_row", line=row.line, reason=reason,
                                      text=row.text)))
            print()
    return 0


def card_text(card: DataCard, language: str) -> str:
    """The data card as a person reads it, in `language` (context "cli"; the counts of rows
    and columns are the app's own, context "ui"): the table and its file, its size, the
    dates it covers, each column with its role, empty cells and range, and how the file was
    read (the ingester's `Note`s said in `language`). Numbers are written the language's way.
    The model reads `card.to_prompt()` instead."""
    sheet = say(language, "ui", "sheet_of", sheet=card.sheet) if card.sheet else ""
    lines = [words(language, "card_title", table=card.table, file=card.source_file, sheet=sheet),
             words(language, "card_size",
                   rows=say(language, "ui", "n_rows", plural=card.rows,
                            n=format_int(card.rows, language)),
                   columns=say(language, "ui", "n_columns", plural=len(card.columns),
                               n=format_int(len(card.columns), language)))]
    if card.date_range:
        lines.append(words(language, "card_dates", first=card.date_range[0],
                           last=card.date_range[1]))
    lines.append(words(language, "card_columns"))
    for col in card.columns:
        role = words(language, f"card_role_{col.role}") if col.role in ROLES else col.role
        if col.set_by_user:
            role = words(language, "card_by_user", role=role)
        missing = (words(language, "card_missing", col.missing, n=col.missing) if col.missing
                   else words(language, "card_no_missing"))
        span = ""
        if col.first and col.last:
            span = words(language, "card_range", low=col.first, high=col.last)
        elif col.min is not None and col.max is not None:
            span = words(language, "card_range", low=_number(col.min, language),
                         high=_number(col.max, language))
        lines.append(words(language, "card_column", name=col.name, role=role, missing=missing,
                           range=span))
    if card.assumptions:
        lines.append(words(language, "card_read"))
        lines.extend(f"- {render(note, language)}" for note in card.assumptions)
    return "\n".join(lines)


def _number(value: float, language: str) -> str:
    """A column's bound the language's way: whole numbers without decimals."""
    return (format_int(value, language) if float(value).is_integer()
            else format_number(value, 2, language))


def stage_printer(language: str) -> Progress:
    """A progress callback printing each stage on stderr (so `--json` on stdout stays one
    JSON document), in the app's own words for it (context "ui": one translation of each
    stage for the progress bar and the terminal)."""

    def show(stage: Stage) -> None:
        key = f"stage_{stage.key}" if stage.job == "ingest" else f"{stage.job}_stage_{stage.key}"
        text = say(language, "ui", key, name=stage.name)
        print(clean(f"[{stage.fraction:4.0%}] {text}"), file=sys.stderr, flush=True)

    return show
