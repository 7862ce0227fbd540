"""Acceptance sweep, ask and report part (issue 11, acceptance point 2): P&L statements in
the sweep's shapes and in the shapes not covered elsewhere, generated here
(`finance_books.pnl_sheet`): month headers in en/iso/slash/uk/ru/de/zh spellings or real
Excel dates, quarter and FY total columns, "Total …" rows in five languages or subtotal rows
with no label at all (only arithmetic finds them), costs positive, negative (xlsx, accounting
format) or in parentheses "(1,234.50)", partial actuals (the months after September empty or
"TBD"), a stray token in a line, two- and three-row merged headers (year over months, year
over quarters over months).

Every variant goes through the functions the command line calls, in-process (one local
session per variant): the card `ingest --json` prints, then `ask --offline --json`'s answer
to a line's year total, a month's value, the gross margin and the largest expense line,
checked to the cent against pandas on the generated lines. A handful, chosen so that every
trait is among them, go through the `analyst` command, and five are reported in-process and
one by `report --offline` in Docker: the PDF's text holds the year's revenue, operating
profit and gross margin as the report's number style prints them.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
from pypdf import PdfReader

from analyst.brain.understand.phrases import data_language
from analyst.commands import ask as ask_command
from analyst.commands.loading import open_analysis
from analyst.report import render_pdf
from analyst.session.analysis import Analysis
from analyst.words.number_formats import format_money, format_percent
from tests.cli.test_ask_report_cli import analyst
from tests.grids import tiered
from tests.ingest.finance_books import pnl_sheet

# name: (file suffix, pnl_sheet's arguments). Each trait is in several variants.
VARIANTS: dict[str, tuple[str, dict]] = {
    "en-quarters": (".csv", dict(language="en", quarters=True)),
    "uk-iso-blank": (".csv", dict(language="uk", spelling="iso", subtotals="blank")),
    "ru-slash-parens": (".csv", dict(language="ru", spelling="slash", sign="parentheses", quarters=True)),
    "de-months-negative": (".csv", dict(language="de", spelling="de", sign="negative")),
    "zh-partial-tbd": (".csv", dict(language="zh", spelling="zh", actual_months=9, empty="TBD")),
    "en-parens-blank": (".csv", dict(language="en", sign="parentheses", subtotals="blank")),
    "en-partial-empty": (".csv", dict(language="en", spelling="iso", actual_months=7, quarters=True)),
    "uk-stray": (".csv", dict(language="uk", spelling="uk", stray="see note", sign="negative")),
    "ru-ru-stray-parens": (".csv", dict(language="ru", spelling="ru", stray="—", sign="parentheses")),
    "en-excel-negative": (".xlsx", dict(language="en", spelling="excel", sign="negative", quarters=True)),
    "uk-excel-partial": (".xlsx", dict(language="uk", spelling="excel", sign="negative", actual_months=9,
                                       empty="TBD")),
    "en-merged2-blank": (".xlsx", dict(language="en", header_rows=2, subtotals="blank", sign="negative")),
    "zh-merged3": (".xlsx", dict(language="zh", header_rows=3)),
    "en-merged3-partial": (".xlsx", dict(language="en", header_rows=3, actual_months=9, stray="pending")),
}

_UK_IN = ("січні", "лютому", "березні", "квітні", "травні", "червні", "липні", "серпні", "вересні",
          "жовтні", "листопаді", "грудні")
_RU_IN = ("январе", "феврале", "марте", "апреле", "мае", "июне", "июле", "августе", "сентябре",
          "октябре", "ноябре", "декабре")
_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
                "September", "October", "November", "December")


def questions(language: str, line: str, month: int, year: int) -> tuple[str, str, str, str]:
    """A line's year total, its value in one month (1-based), the gross margin, the largest
    expense lines: in the statement's language (German statements asked in English)."""
    if language == "uk":
        return (f"{line} за {year} рік", f"{line} у {_UK_IN[month - 1]} {year}", "валова маржа",
                "найбільші статті витрат")
    if language == "ru":
        return (f"{line} за {year} год", f"{line} в {_RU_IN[month - 1]} {year}", "валовая маржа",
                "крупнейшие статьи расходов")
    if language == "zh":
        return (f"{year}年{line}", f"{year}年{month}月{line}", "毛利率", "最大的费用")
    return (f"{line} in {year}", f"{line} in {_MONTH_NAMES[month - 1]} {year}", "gross margin",
            "largest expense lines")


def expected(info: dict) -> dict:
    """The year's figures and each line's, from the generated lines with pandas (costs
    positive, missing cells left out)."""
    months = pd.period_range(f"{info['year']}-01", periods=info["months"], freq="M")
    frame = pd.DataFrame(info["lines"], index=months, dtype="float64")
    part = {kind: frame[[k for k, v in info["kinds"].items() if v == kind]].sum(axis=1)
            for kind in ("revenue", "cogs", "opex")}
    revenue, gross = part["revenue"].sum(), (part["revenue"] - part["cogs"]).sum()
    costs = frame[sorted(info["cost"])].sum()
    return {"frame": frame, "revenue": revenue, "gross": gross,
            "operating": gross - part["opex"].sum(), "margin": gross / revenue,
            "largest": (costs.idxmax(), costs.max())}


def _lang(language: str) -> str:
    return "en" if language == "de" else language  # German data: English words and numbers


def _money(value: float, language: str) -> str:
    return format_money(round(float(value), 2), None, _lang(language)).replace("\u00a0", " ")


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _cli_json(answer, root: Path) -> dict:
    """What `ask --json` prints for this answer (the command's own printer)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        ask_command._print(answer, root, True)
    return json.loads(out.getvalue())


def _pick(info: dict, seed: str) -> tuple[str, int]:
    """A line and a month (1-based) with a figure in it."""
    rng = random.Random(seed)
    line = rng.choice(sorted(info["lines"]))
    month = rng.choice([m for m, v in enumerate(info["lines"][line]) if v is not None]) + 1
    return line, month


def make(name: str, folder: Path) -> tuple[Path, dict]:
    suffix, kwargs = VARIANTS[name]
    return pnl_sheet(folder / f"pnl_{name.replace('-', '_')}{suffix}", seed=len(name) * 31, **kwargs)


# Each variant is a file read and a session asked four questions (seconds): the fast tier keeps
# the three reported below (zh, en and a uk workbook); the full run all fourteen.
FAST_VARIANTS = ("zh-partial-tbd", "en-parens-blank", "uk-excel-partial")


@pytest.fixture(scope="module",
                params=tiered(list(VARIANTS), lambda _, name: name in FAST_VARIANTS))
def variant(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
            ) -> Iterator[tuple[str, Path, dict, Analysis]]:
    folder = tmp_path_factory.mktemp("pnl")
    path, info = make(request.param, folder)
    # The command line's own opening: every file ingested, one session for the questions.
    with open_analysis([path], folder / "ws", "local", quiet=True) as analysis:
        yield request.param, path, info, analysis


def check_card(cards: list[dict], info: dict) -> None:
    wide = next(c for c in cards if c["long_table"])
    assert wide["layout"] == "statement", wide["assumptions"]
    assert wide["rows"] == info["rows"]  # title rows and header rows are not data
    # Months not filled yet: "TBD" columns stay periods, wholly empty columns are dropped.
    assert info["filled"] <= len(wide["period_columns"]) <= info["months"]
    assert [r["kind"] for r in wide["row_kinds"]] == info["row_kinds"]
    tidy = next(c for c in cards if c["wide_table"] == wide["table"])
    value = next(c for c in tidy["columns"] if c["name"] == "Value")
    # The tidy table holds the line items only, with their signs: no subtotal counted twice.
    signed = sum(v * (info["signed"] if line in info["cost"] else 1)
                 for line, values in info["lines"].items() for v in values if v is not None)
    assert round(value["sum"], 2) == round(signed, 2)
    # Months no line has a figure in yet are not months of zeros: the tidy table ends with
    # the last month filled.
    last = f"{info['year']}-{info['filled']:02d}-01"
    assert tidy["date_range"] is not None and tidy["date_range"][1] == last, tidy["date_range"]


def check_answers(data: dict[int, dict], info: dict, language: str, line: str, month: int) -> None:
    """`ask --json`'s answers to `questions(...)` (by index): exit-0 answers of the offline
    brain with pandas' figures, in the answer's text as the reader's style writes them."""
    want = expected(info)
    lang = _lang(language)
    for answer in data.values():
        assert answer["ok"] and answer["brain"] == "offline", answer["answer"]
        assert "Traceback" not in answer["answer"]
    for at, value in ((0, want["frame"][line].sum()), (1, want["frame"][line].iloc[month - 1])):
        if at in data:
            figures = data[at]["steps"][0]["figures"]["figures"]
            assert round(figures["value"], 2) == round(value, 2), data[at]["answer"]
            assert _money(value, language) in _plain(data[at]["answer"]), data[at]["answer"]
    if 2 in data:
        figures = data[2]["steps"][0]["figures"]["figures"]
        assert round(figures["revenue"], 2) == round(want["revenue"], 2)
        assert round(figures["gross_profit"], 2) == round(want["gross"], 2)
        assert round(figures["gross_margin_pct"], 6) == round(want["margin"] * 100, 6)
        assert format_percent(want["margin"], language=lang) in _plain(data[2]["answer"]), data[2]["answer"]
    if 3 in data:
        head = data[3]["steps"][0]["figures"]["head"][0]
        name, cost = want["largest"]
        assert head["line_item"] == name and round(head["cost"], 2) == round(cost, 2)
        assert name in data[3]["answer"] and _money(cost, language) in _plain(data[3]["answer"])


def test_ingest_and_ask_in_process(variant: tuple[str, Path, dict, Analysis]) -> None:
    name, _path, info, analysis = variant
    language = VARIANTS[name][1]["language"]
    cards = json.loads(json.dumps([card.to_dict() for card in analysis.cards], ensure_ascii=False))
    check_card(cards, info)
    line, month = _pick(info, name)
    data = {}
    for at, question in enumerate(questions(language, line, month, info["year"])):
        answer = next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")
        data[at] = _cli_json(answer, analysis.workspace.root)
    check_answers(data, info, language, line, month)


# The report, in-process (the report command's own calls, local backend, on the session the
# variant already holds) where the pack's months matter most: partial actuals, blank
# subtotals in parentheses, accounting negatives in a workbook, a Russian statement.
REPORTED = ("zh-partial-tbd", "en-parens-blank", "uk-excel-partial", "en-excel-negative",
            "ru-slash-parens")
# Through the command line, chosen so that every trait is among them: the report in Docker
# (a three-row header, partial actuals, a stray token: the most traits in one workbook),
# ask, ingest. Each costs seconds of start-up (CI time is tight); the other variants'
# reports are made in-process above, on sessions they hold already.
DOCKER_REPORTS = ("en-merged3-partial",)
# The month's value (question 1) of this variant is checked in-process, by the command's
# own printer; the command line asks the gross margin.
CLI_ASKS = (("de-months-negative", (2,)),)
CLI_INGESTS = ("en-merged2-blank",)


def _pdf_text(data: bytes | Path) -> str:
    reader = PdfReader(io.BytesIO(data) if isinstance(data, bytes) else data)
    return re.sub(r"\s+", " ", _plain("\n".join(page.extract_text() for page in reader.pages)))


def check_pdf(text: str, info: dict, language: str) -> None:
    """The year's revenue, operating profit and gross margin as the report prints them; a
    P&L of actuals so far shows no fall of 100% into the months not filled yet."""
    want = expected(info)
    lang = _lang(language)
    for value in (want["revenue"], want["operating"]):
        assert _money(value, language) in text, (value, language)
    assert _plain(format_percent(want["margin"], language=lang)) in text
    assert _plain(format_percent(-1.0, language=lang)) not in text


def test_report_in_process(variant: tuple[str, Path, dict, Analysis]) -> None:
    name, _path, info, analysis = variant
    if name not in REPORTED:
        pytest.skip("reported in Docker or not at all: reports are slow")
    language = data_language(analysis.cards, None)
    assert language == _lang(VARIANTS[name][1]["language"])
    events = list(analysis.standard_report(language=language))
    assert not [e.message for e in events if e.kind == "error"]
    report = analysis.report(language=language)
    check_pdf(_pdf_text(render_pdf(report)), info, VARIANTS[name][1]["language"])


@pytest.mark.docker  # reaches the Docker engine (the default backend is auto)
@pytest.mark.parametrize("name", DOCKER_REPORTS)
def test_report_offline_in_docker(name: str, tmp_path: Path) -> None:
    path, info = make(name, tmp_path)
    out = tmp_path / "pnl.pdf"
    run = analyst("report", str(path), "-o", str(out), "--offline", "--backend", "docker",
                  "--workspace", str(tmp_path / "ws"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    check_pdf(_pdf_text(out), info, VARIANTS[name][1]["language"])


@pytest.mark.parametrize(("name", "asked"), CLI_ASKS)
def test_ask_offline_json_subprocess(name: str, asked: tuple[int, ...], tmp_path: Path) -> None:
    path, info = make(name, tmp_path)
    language = VARIANTS[name][1]["language"]
    line, month = _pick(info, name)
    data = {}
    for at in asked:
        question = questions(language, line, month, info["year"])[at]
        run = analyst("ask", str(path), question, "--offline", "--json", "--backend", "local",
                      "--workspace", str(tmp_path / "ws"), cwd=tmp_path)
        assert run.returncode == 0, run.stderr
        assert "Traceback" not in run.stderr
        data[at] = json.loads(run.stdout)
    check_answers(data, info, language, line, month)


@pytest.mark.parametrize("name", CLI_INGESTS)
def test_ingest_json_subprocess(name: str, tmp_path: Path) -> None:
    path, info = make(name, tmp_path)
    run = analyst("ingest", str(path), "--json", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    check_card(json.loads(run.stdout), info)
