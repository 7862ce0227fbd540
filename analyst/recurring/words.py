"""The words a recurring report adds to its PDF, in the report's language (catalogue
context "recurring", analyst/words)."""

from __future__ import annotations

from typing import Any

from analyst.recurring.model import ReportTemplate
from analyst.report.period import period_text
from analyst.words import say


def rsay(language: str, key: str, **values: Any) -> str:
    """The sentence `key` in `language` (English when the language has none)."""
    return say(language, "recurring", key, **values)


def against(language: str, key: str, template: ReportTemplate) -> str:
    """The sentence `key` naming what the changes are measured against: the period the
    saving run covered ("vs Oct 2025", `key`_period), a reader's point of comparison; the
    run's date (`key`) only when its data had no dates."""
    if template.period:
        return rsay(language, f"{key}_period", period=period_text(*template.period, language))
    return rsay(language, key, date=template.run_date)
