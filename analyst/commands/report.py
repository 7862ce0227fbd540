"""`python -m analyst report FILE... -o OUT.pdf [--xlsx OUT.xlsx]`: the standard report, end to end.

Ingest every file, run the standard recipes in the sandbox, render the PDF (and Excel).
`--ask "QUESTION"` adds one section per question; `--save-template T.json` keeps the report
as a recurring one (sections as structured steps, the run's key figures and period);
`--template T.json` runs a saved one again on new files and shows the changes
(`analyst.templates`; `--column OLD=NEW` answers a column question it asked).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from analyst.commands.ingest import stage_printer
from analyst.commands.language import CliNote, chosen, help_words, metavar, words
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
from analyst.planner.phrases import LANGUAGES, data_language
from analyst.session.progress import tell


def add_arguments(parser: argparse.ArgumentParser, language: str = "en") -> None:
    """The options of `report`, their help in `language` (context "cli_help")."""
    def text(key: str, **values: str) -> str:
        return help_words(language, f"report_{key}", **values)

    def name(key: str) -> str:
        return metavar(language, key)

    parser.add_argument("files", nargs="+", type=Path, metavar=name("file"), help=text("files"))
    parser.add_argument("-o", "--output", type=Path, required=True, metavar=f"{name('out')}.pdf",
                        help=text("output"))
    parser.add_argument("--xlsx", type=Path, default=None, metavar=f"{name('out')}.xlsx",
                        help=text("xlsx"))
    parser.add_argument("--title", default=None, metavar=name("title"), help=text("title"))
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=text("lang"))
    add_offline_argument(parser, text("offline"), language)
    parser.add_argument("--no-code", action="store_true", help=text("no_code"))
    parser.add_argument("--quiet", action="store_true", help=text("quiet"))
    parser.add_argument("--ask", action="append", default=[], metavar=name("question"),
                        help=text("ask", question=name("question")))
    parser.add_argument("--save-template", type=Path, default=None,
                        metavar=f"{name('template')}.json", help=text("save_template"))
    parser.add_argument("--template", type=Path, default=None,
                        metavar=f"{name('template')}.json", help=text("template", file=name("file")))
    parser.add_argument("--column", action="append", default=[],
                        metavar=f"{name('old')}={name('new')}",
                        help=text("column", old=name("old"), new=name("new")))
    add_common_arguments(parser, language)


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
