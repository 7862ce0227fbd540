"""The finance pack through the command line, on P&L workbooks it has never seen (generated
here in five languages; costs positive or stored as accounting negatives; with interest and
tax below the operating line; a loss-making month).

`analyst report FILE -o OUT.pdf --offline` builds the pack: the P&L by month and by quarter
with the year's total, the margins, the structure of expenses, notable changes; KPI tiles of
the year (revenue, gross profit, operating profit, gross margin, net profit); the methodology
says what each line was taken for. The figures are read back from the PDF's text (pypdf) and
every page is rendered by poppler's pdftoppm.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from analyst.words import say
from analyst.words.number_formats import format_money, format_percent
from tests.cli.test_ask_report_cli import analyst
from tests.grids import tiered
from tests.ingest.finance_books import NET_LABELS, PNL_LABELS, pnl_workbook

# The report speaks the statement's language, read from its row labels (the period headers
# are Excel dates, the label column has no name): no --lang is given.
# One workbook per language, the traits spread over them (costs positive and negative, with
# and without interest and tax, a loss month or none): each is a CLI report, seconds of CI.
# The fast tier keeps en and uk (between them every value of every trait, and a report in
# another language than English), the full run all five (tests/grids.py).
# The year's figures on more shapes (CSV, parentheses, blank subtotals, partial actuals) are
# test_finance_sweep_pnl_cli.py's.
VARIANTS = [
    ("en", True, True, None),
    ("uk", False, False, 5),
    ("ru", True, False, 2),
    ("zh", False, True, 7),
    ("de", False, True, 4),
]

# Two English words in a row: a sentence or heading left untranslated (names of the data,
# such as the period headers "Jan 2025" or "FY 2025", are one word and a number).
_ENGLISH_RUN = re.compile(r"\b[A-Za-z]{3,}[ ,;:]+[A-Za-z]{3,}\b")


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _pdf_text(path: Path) -> str:
    # One line: a label the page wraps ("Cost of / sales") is still found.
    return re.sub(r"\s+", " ", _plain("\n".join(page.extract_text() for page in PdfReader(path).pages)))


@pytest.mark.parametrize(("language", "negative", "net", "loss_month"),
                         tiered(VARIANTS, lambda _, case: case[0] in ("en", "uk")))
def test_the_finance_pack_states_the_years_figures(language: str, negative: bool, net: bool,
                                                   loss_month: int | None, tmp_path: Path) -> None:
    path, info = pnl_workbook(tmp_path / f"pnl_{language}.xlsx", language=language,
                              negative_costs=negative, net=net, loss_month=loss_month,
                              seed=len(language) * 7 + int(negative))
    out = tmp_path / "pack.pdf"
    run = analyst("report", str(path), "-o", str(out), "--offline", "--backend", "local",
                  "--workspace", str(tmp_path / "ws"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    text = _pdf_text(out)
    lang = "en" if language == "de" else language  # German data: an English report
    revenue, cogs, opex = sum(info["revenue"]), sum(info["cogs"]), sum(info["opex"])
    operating = revenue - cogs - opex
    net_profit = operating - sum(info["below"])
    for value in (revenue, revenue - cogs, operating, net_profit):
        assert _plain(format_money(value, None, lang)) in text, (value, language)
    assert _plain(format_percent((revenue - cogs) / revenue, language=lang)) in text
    for key in ("title_pnl_month", "title_pnl_quarter", "title_margin_trend",
                "title_expense_structure", "title_notable_changes", "lines_name"):
        assert say(lang, "planner", key) in text, key
    assert say(lang, "planner", "report_title_finance") in text
    # The methodology names each line's kind: the materials line is a cost of sales, tax is
    # below the operating line.
    labels = PNL_LABELS[language]
    assert labels[5] in text and _plain(say(lang, "planner", "kind_cogs")).capitalize() in text
    if net:
        assert NET_LABELS[language][1] in text
    # The KPI tiles; net profit only from a statement with lines below the operating line
    # (without them it is said absent, never the operating profit again: issue 26).
    for key in ("col_revenue", "col_gross_profit", "col_operating_profit", "kpi_gross_margin",
                *(("kpi_net_profit",) if net else ())):
        assert say(lang, "planner", key) in text, key
    if lang != "en":
        # Everything but the code appendix is in the reader's language.
        # Names of the data are quoted ('Line item', the tidy table's column) and stay.
        # So are the file's name and the hash's name (SHA-256).
        words = re.sub(r"(?<!\w)'[^']*'(?!\w)|\S+\.xlsx|SHA-256", "", text.split(say(lang, "report", "steps"))[0])
        assert not _ENGLISH_RUN.findall(words), _ENGLISH_RUN.findall(words)
        for key in ("title_pnl_month", "title_expense_structure", "lines_name", "col_revenue",
                    "pack_line_item", "kind_cogs"):
            assert say("en", "planner", key) not in words, key
        assert say("en", "report", "methodology") not in words
    if loss_month:
        # The loss month's operating profit is in the monthly table, in the reader's style.
        month = loss_month - 1
        loss = info["revenue"][month] - info["cogs"][month] - info["opex"][month]
        assert loss < 0 and _plain(format_money(loss, None, lang)) in text
    pages = subprocess.run(["pdftoppm", "-png", "-r", "40", str(out), str(tmp_path / "page")],
                           capture_output=True, text=True, timeout=120)
    assert pages.returncode == 0 and not pages.stderr.strip(), pages.stderr
    assert len(list(tmp_path.glob("page*.png"))) == len(PdfReader(out).pages) >= 6
