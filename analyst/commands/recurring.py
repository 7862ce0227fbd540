"""`analyst report ... --ask Q --save-template T.json` and `analyst report NEW... --template T.json`.

The recurring side of the report command (made for cron): a template is read before any
file, so a broken one costs nothing; a column the template cannot place by itself is asked
on stderr with the `--column OLD=NEW` that answers it, and then no PDF is written (a
report with a guessed column would be a silent wrong number); sections that cannot run
are named on stderr and in the PDF, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import sys

from analyst.brain.understand.phrases import data_language
from analyst.commands.ingest import stage_printer
from analyst.commands.language import CliNote, chosen, words
from analyst.commands.loading import CommandError, open_analysis
from analyst.commands.report_files import report_language, write_outputs
from analyst.commands.terminal import clean
from analyst.words.note import render


def column_answers(pairs: list[str]) -> dict[str, str]:
    """`--column "Product=Item"` -> {"Product": "Item"}."""
    answers = {}
    for pair in pairs:
        old, sep, new = pair.partition("=")
        if not sep or not old.strip() or not new.strip():
            raise CommandError(CliNote("column_format", pair=repr(pair)))
        answers[old.strip()] = new.strip()
    return answers


def run_recurring(args: argparse.Namespace, started: float) -> int:
    # Here, not at the top: about 0.45 s (measured), paid by every command line call since
    # the commands are imported to build the help.
    from analyst.recurring import first_run, load_template, run_template

    lang = chosen(args)
    template = load_template(args.template) if args.template is not None else None
    answers = column_answers(args.column)
    if answers and template is None:
        raise CommandError(CliNote("column_needs_template"))
    stage = None if args.quiet else stage_printer(lang)
    with open_analysis(args.files, args.workspace, args.backend, quiet=args.quiet,
                       language=lang) as analysis:
        if template is not None:
            if args.ask:
                raise CommandError(CliNote("ask_with_template"))
            result = run_template(analysis, template, answers=answers, title=args.title,
                                  language=report_language(args),
                                  include_code=not args.no_code)
            if result.questions:
                for question in result.questions:
                    print(clean(question.text(lang)), file=sys.stderr)
                example = result.questions[0]
                print(clean(words(lang, "nothing_written", column=example.column,
                                  candidate=example.candidates[0])), file=sys.stderr)
                return 1
        else:
            language = report_language(args) or data_language(analysis.cards, args.title)
            result = first_run(analysis, args.ask, brain="offline" if args.offline else "auto",
                               title=args.title, language=language,
                               include_code=not args.no_code)
        report = result.report
        if report is None:  # not reached: a run without questions has its report
            raise CommandError(CliNote("report_not_built"))
        for problem in result.problems:
            print(clean(words(lang, "problem_line", message=render(problem, lang))), file=sys.stderr)
        write_outputs(report, args, stage, started=started, template=result.template)
    return 1 if result.problems else 0
