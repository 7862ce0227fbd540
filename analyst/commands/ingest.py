"""`python -m analyst ingest FILE [--sheet NAME] [--json]`: read a spreadsheet, print its data cards."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from analyst.commands.language import add_language_argument, chosen, help_words, metavar, words
from analyst.commands.terminal import clean
from analyst.errors import user_message
from analyst.ingest import IngestError, IngestOptions, ingest_file
from analyst.session.progress import Progress, Stage
from analyst.words import say
from analyst.words.catalog import keys


def add_arguments(parser: argparse.ArgumentParser, language: str = "en") -> None:
    """The options of `ingest`, their help in `language` (context "cli_help")."""
    def text(key: str) -> str:
        return help_words(language, f"ingest_{key}")

    def name(key: str) -> str:
        return metavar(language, key)

    parser.add_argument("file", type=Path, metavar=name("data_file"), help=text("file"))
    parser.add_argument("--sheet", metavar=name("sheet"), help=text("sheet"))
    parser.add_argument("--header-row", type=int, metavar=name("header_row"),
                        help=text("header_row"))
    parser.add_argument("--decimal", choices=[",", "."], help=text("decimal"))
    parser.add_argument("--date-order", choices=["DMY", "MDY", "YMD"], help=text("date_order"))
    parser.add_argument("--encoding", metavar=name("encoding"), help=text("encoding"))
    parser.add_argument("--workspace", type=Path, metavar=name("workspace"),
                        help=text("workspace"))
    parser.add_argument("--json", action="store_true", help=text("json"))
    add_language_argument(parser, language=language)


def run(args: argparse.Namespace) -> int:
    lang = chosen(args)
    options = IngestOptions(sheet=args.sheet, header_row=args.header_row, decimal=args.decimal,
                            date_order=args.date_order, encoding=args.encoding)
    progress = stage_printer(lang)
    try:
        if args.workspace:
            cards = ingest_file(args.file, _Workspace(args.workspace), options, progress=progress)
        else:
            with tempfile.TemporaryDirectory(prefix="analyst-ingest-") as root:
                cards = ingest_file(args.file, _Workspace(Path(root)), options, progress=progress)
    except IngestError as exc:
        print(clean(words(lang, "ingest_error", message=user_message(exc, lang) or str(exc))),
              file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - a bug of ours: still one line for the user, never a traceback
        print(clean(words(lang, "ingest_bug", file=args.file.name, kind=type(exc).__name__,
                          detail=str(exc))), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps([card.to_dict() for card in cards], ensure_ascii=False, indent=2))
    else:
        reasons = set(keys("ingest_word"))
        for card in cards:
            print(card.to_prompt(include_samples=True))
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


def stage_printer(language: str) -> Progress:
    """A progress callback printing each stage on stderr (so `--json` on stdout stays one
    JSON document), in the app's own words for it (context "ui": one translation of each
    stage for the progress bar and the terminal)."""

    def show(stage: Stage) -> None:
        key = f"stage_{stage.key}" if stage.job == "ingest" else f"{stage.job}_stage_{stage.key}"
        text = say(language, "ui", key, name=stage.name)
        print(clean(f"[{stage.fraction:4.0%}] {text}"), file=sys.stderr, flush=True)

    return show


def _Workspace(root: Path):
    try:
        from sandbox import Workspace
    except ImportError:
        from sandbox.workspace import Workspace
    return Workspace(root)
