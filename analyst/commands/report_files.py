"""What every report run of the command line ends with: the files written and the lines
printed, the standard report and the recurring one alike (`report`, `recurring`)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from analyst.commands.language import chosen, words
from analyst.progress import Progress, tell
from analyst.settings import load_settings

if TYPE_CHECKING:
    from analyst.recurring import ReportTemplate
    from analyst.report import Report


def report_language(args: argparse.Namespace) -> str | None:
    """The report's own language: `--lang`, else ANALYST_LANG, else None (the data's)."""
    return args.lang or load_settings(secrets={}).language


def write_outputs(report: Report, args: argparse.Namespace,
                  stage: Progress | None, *, started: float,
                  template: ReportTemplate | None = None) -> list[Path]:
    """Write the PDF, the Excel workbook (`--xlsx`) and `template` (`--save-template`),
    print their paths on stdout and the time taken on stderr; the paths written.

    Every report run ends here, the standard one and the recurring one alike, so a cron
    job reads the same lines whichever it ran."""
    # Here, not at the top: the renderers import reportlab, which `analyst --help` must not
    # pay for (tests/cli/test_lazy_imports.py).
    from analyst.report import render_pdf, render_xlsx

    tell(stage, "pdf", report.title, "report")
    args.output.write_bytes(render_pdf(report))
    written: list[Path] = [args.output]
    if args.xlsx is not None:
        tell(stage, "xlsx", report.title, "report")
        args.xlsx.write_bytes(render_xlsx(report))
        written.append(args.xlsx)
    if args.save_template is not None and template is not None:
        # Here, not at the top: analyst.recurring costs about 0.45 s to import (measured),
        # which every command line call would pay (the commands are imported for --help).
        from analyst.recurring import save_template

        save_template(template, args.save_template)
        written.append(args.save_template)
    tell(stage, "done", report.title, "report")
    for path in written:
        print(path)
    if not args.quiet:
        sections = len(report.sections)
        print(words(chosen(args), "done", sections, seconds=round(time.perf_counter() - started, 1),
                    n=sections), file=sys.stderr)
    return written
