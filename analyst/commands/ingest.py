"""`python -m analyst ingest FILE [--sheet NAME] [--json]`: read a spreadsheet, print its data cards."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from analyst.ingest import IngestError, IngestOptions, ingest_file
from analyst.session.progress import Stage


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="CSV, TSV, TXT, XLSX, XLSM, XLSB, XLS, ODS or Parquet file")
    parser.add_argument("--sheet", help="Excel sheet to read instead of the one chosen automatically")
    parser.add_argument("--header-row", type=int, help="1-based row of the header")
    parser.add_argument("--decimal", choices=[",", "."], help="decimal separator of number columns")
    parser.add_argument("--date-order", choices=["DMY", "MDY", "YMD"], help="order of ambiguous dates")
    parser.add_argument("--encoding", help="text encoding of a CSV/TXT file, e.g. cp1251")
    parser.add_argument("--workspace", type=Path, help="workspace folder (default: a temporary one)")
    parser.add_argument("--json", action="store_true", help="print the data cards as JSON")


def run(args: argparse.Namespace) -> int:
    options = IngestOptions(sheet=args.sheet, header_row=args.header_row, decimal=args.decimal,
                            date_order=args.date_order, encoding=args.encoding)
    try:
        if args.workspace:
            cards = ingest_file(args.file, _Workspace(args.workspace), options, progress=print_stage)
        else:
            with tempfile.TemporaryDirectory(prefix="analyst-ingest-") as root:
                cards = ingest_file(args.file, _Workspace(Path(root)), options, progress=print_stage)
    except IngestError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - a bug of ours: still one line for the user, never a traceback
        print(f"error: {args.file.name} could not be read ({type(exc).__name__}: {exc}).", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps([card.to_dict() for card in cards], ensure_ascii=False, indent=2))
    else:
        for card in cards:
            print(card.to_prompt(include_samples=True))
            if card.excluded_rows:
                print("Excluded rows:")
                for row in card.excluded_rows:
                    print(f"- row {row.line} ({row.reason}): {row.text}")
            print()
    return 0


def print_stage(stage: Stage) -> None:
    """The stages on stderr, so `--json` on stdout stays one JSON document."""
    print(f"[{stage.fraction:4.0%}] {stage.text}", file=sys.stderr, flush=True)


def _Workspace(root: Path):
    try:
        from sandbox import Workspace
    except ImportError:
        from sandbox.workspace import Workspace
    return Workspace(root)
