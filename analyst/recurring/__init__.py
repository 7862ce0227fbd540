"""Recurring reports: a report saved as a template and run again on next month's file.

`model` (the `ReportTemplate` record), `files` (its JSON file, versioned), `capture` (a
template from a finished run), `matching` (its columns found in new files), `changes` (key
figures against the saved run) and `run` (the runs themselves, in an `Analysis`).
"""

from analyst.recurring.files import TemplateError, load_template, save_template
from analyst.recurring.matching import ColumnQuestion, MissingColumn
from analyst.recurring.model import ReportTemplate
from analyst.recurring.run import RunResult, first_run, run_template

__all__ = ["ColumnQuestion", "MissingColumn", "ReportTemplate", "RunResult", "TemplateError",
           "first_run", "load_template", "run_template", "save_template"]
