"""`python -m analyst report FILE... -o OUT.pdf [--xlsx OUT.xlsx]`: the standard report, end to end.

Ingest every file, run the standard recipes in the sandbox, render the PDF (and Excel).
`--ask "QUESTION"` adds one section per question; `--save-template T.json` keeps the report
as a recurring one (sections as structured steps, the run's key figures and period);
`--template T.json` runs a saved one again on new files and shows the changes
(`analyst.recurring`; `--column OLD=NEW` answers a column question it asked).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from analyst.brain.understand.phrases import LANGUAGES, data_language
from analyst.commands.ingest import stage_printer
from analyst.commands.language import CliNote, chosen, words
from analyst.commands.loading import (
    CommandError,
    add_common_arguments,
    add_offline_argument,
    fail,
    open_analysis,
)
from analyst.commands.recurring import run_recurring
from analyst.commands.report_files import report_language, write_outputs
from analyst.commands.terminal import clean
from analyst.progress import tell


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE", help="data files")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.pdf",
                        help="where to write the PDF")
    parser.add_argument("--xlsx", type=Path, default=None, metavar="OUT.xlsx",
                        help="also write the report as an Excel workbook")
    parser.add_argument("--title", default=None, help="report title (default: from the files)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of the report's words and of the messages (default: "
                             "ANALYST_LANG; else the report is in the language of the data: "
                             "title, column and sheet names, and the messages in the locale's)")
    add_offline_argument(parser, "accepted for symmetry with ask: the standard report is always "
                         "computed by the verified recipes, with no language model")
    parser.add_argument("--no-code", action="store_true",
                        help="leave the code of the steps out of the appendix")
    parser.add_argument("--quiet", action="store_true", help="print only the output paths")
    parser.add_argument("--ask", action="append", default=[], metavar="QUESTION",
                        help="add a section answering QUESTION (repeat for more)")
    parser.add_argument("--save-template", type=Path, default=None, metavar="T.json",
                        help="save this report as a recurring report, to run again on next "
                             "month's file with --template")
    parser.add_argument("--template", type=Path, default=None, metavar="T.json",
                        help="run a saved recurring report on FILE... and show each key "
                             "figure's change against the saved run")
    parser.add_argument("--column", action="append", default=[], metavar="OLD=NEW",
                        help="with --template: the new file's column NEW is the saved "
                             "report's column OLD (when it asks which one)")
    add_common_arguments(parser)


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    lang = chosen(args)
    try:
        for target in (args.output, args.xlsx, args.save_template):
            if target is not None and not target.parent.exists():
                raise CommandError(CliNote("no_such_folder", folder=str(target.parent)))
        if args.template is not None or args.ask or args.save_template is not None:
            return run_recurring(args, started)
        with open_analysis(args.files, args.workspace, args.backend,
                           quiet=args.quiet, language=lang) as analysis:
            # One language for the narratives, the tables and the renderer's labels.
            language = report_language(args) or data_language(analysis.cards, args.title)
            failed = []
            for event in analysis.standard_report(language=language):
                if event.kind == "code" and not args.quiet:
                    print(clean(words(lang, "computing", message=event.message)), file=sys.stderr)
                elif event.kind == "warning" and not args.quiet:
                    print(clean(words(lang, "warning_line", message=event.message)),
                          file=sys.stderr)
                elif event.kind == "error":
                    failed.append(event.message)
                    print(clean(words(lang, "problem_line", message=event.message)),
                          file=sys.stderr)
                elif event.kind == "answer" and event.answer and not event.answer.steps:
                    raise CommandError(event.answer.text)
            # The same stages as the app's progress bar, on stderr.
            stage = None if args.quiet else stage_printer(lang)
            tell(stage, "assemble", args.title or words(lang, "the_report"), "report")
            report = analysis.report(title=args.title, include_code=not args.no_code,
                                     language=language)
            write_outputs(report, args, stage, started=started)
        return 1 if failed else 0
    except Exception as exc:  # noqa: BLE001 - every failure becomes one line, never a traceback
        return fail(exc, lang)
