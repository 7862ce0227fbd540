"""Issue 12 acceptance through the CLI, on tables shaped like public datasets the analyst
has never seen (tests/cli/public_like.py: cars, daily weather, stock prices, electricity
generation, crop yields, employment with year/month columns):

- `analyst ask FILE Q --offline --json` answers plain aggregation questions in English,
  Ukrainian, Russian and Chinese with exit 0 and the figures pandas computes from the file;
- `analyst report FILE -o OUT.pdf --offline` builds a multi-page data report for each, with
  the file's own figures in its text (two in the Docker sandbox, the rest on the local
  backend).

The CLI runs cost an ingest and a sandbox each: every dataset gets one question through the
CLI (the four languages among them); all four languages of every dataset are read
in-process below.
"""

from __future__ import annotations

import json
import math
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from pypdf import PdfReader

from analyst.brain.plan.route import read_question
from analyst.ingest import ingest_file
from sandbox import Workspace
from tests.cli.public_like import DATASETS, write
from tests.cli.test_ask_report_cli import analyst

Expected = Callable[[pd.DataFrame], pd.Series]


def _year(column: str) -> Callable[[pd.DataFrame], pd.Series]:
    return lambda df: pd.to_datetime(df[column]).dt.year


QUESTIONS: dict[str, list[tuple[str, str, Expected]]] = {
    "cars": [
        ("en", "What is the average Miles_per_Gallon by Origin?",
         lambda df: df.groupby("Origin")["Miles_per_Gallon"].mean()),
        ("uk", "Середнє Horsepower за Origin", lambda df: df.groupby("Origin")["Horsepower"].mean()),
        ("ru", "Максимальная Horsepower по Origin",
         lambda df: df.groupby("Origin")["Horsepower"].max()),
        ("zh", "每个Origin有多少行？", lambda df: df.groupby("Origin").size()),
    ],
    "seattle_weather": [
        ("en", "How many days of each weather type were there?",
         lambda df: df.groupby("weather").size()),
        ("uk", "Яка середня temp_max за роками?",
         lambda df: df.groupby(_year("date")(df))["temp_max"].mean()),
        ("ru", "Сколько дней по weather?", lambda df: df.groupby("weather").size()),
        ("zh", "每年的precipitation总和",
         lambda df: df.groupby(_year("date")(df))["precipitation"].sum()),
    ],
    "stock_prices": [
        ("en", "average Close by Symbol", lambda df: df.groupby("Symbol")["Close"].mean()),
        ("uk", "Середній Volume за Symbol", lambda df: df.groupby("Symbol")["Volume"].mean()),
        ("ru", "максимальный Close по Symbol", lambda df: df.groupby("Symbol")["Close"].max()),
        ("zh", "各Symbol的平均Open", lambda df: df.groupby("Symbol")["Open"].mean()),
    ],
    "electricity": [
        ("en", "total net generation by source",
         lambda df: df.groupby("source")["net_generation"].sum()),
        ("uk", "Сума net_generation за source",
         lambda df: df.groupby("source")["net_generation"].sum()),
        ("ru", "Сумма net_generation по годам",
         lambda df: df.groupby("year")["net_generation"].sum()),
        ("zh", "按source的net_generation总和",
         lambda df: df.groupby("source")["net_generation"].sum()),
    ],
    "crop_yields": [
        ("en", "average yield by crop", lambda df: df.groupby("crop")["yield_t_ha"].mean()),
        ("uk", "Середній yield_t_ha за country",
         lambda df: df.groupby("country")["yield_t_ha"].mean()),
        ("ru", "Средний yield_t_ha по crop", lambda df: df.groupby("crop")["yield_t_ha"].mean()),
        ("zh", "按country的平均yield_t_ha",
         lambda df: df.groupby("country")["yield_t_ha"].mean()),
    ],
    "employment": [
        ("en", "Average nonfarm employment by year",
         lambda df: df.groupby("year")["nonfarm"].mean()),
        ("uk", "Середнє nonfarm за роками", lambda df: df.groupby("year")["nonfarm"].mean()),
        ("ru", "Среднее nonfarm по годам", lambda df: df.groupby("year")["nonfarm"].mean()),
        ("zh", "每年的平均nonfarm", lambda df: df.groupby("year")["nonfarm"].mean()),
        ("ru", "Среднее значение nonfarm по годам",
         lambda df: df.groupby("year")["nonfarm"].mean()),
        ("uk", "Яке середнє значення construction за роками?",
         lambda df: df.groupby("year")["construction"].mean()),
    ],
}
# Through the CLI, one question per dataset (each run is a process' worth of work: an ingest,
# a session, a question), every language among them; each dropped question of the same
# dataset asked the same aggregation by the same key (its reading is checked in-process below).
CLI_LANGUAGE = {"cars": "en", "seattle_weather": "ru", "stock_prices": "zh", "electricity": "uk",
                "crop_yields": "ru", "employment": "zh"}
CLI_CASES = [(name, *next(case for case in cases if case[0] == CLI_LANGUAGE[name]))
             for name, cases in QUESTIONS.items()]
ALL_CASES = [(name, *case) for name, cases in QUESTIONS.items() for case in cases]


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("public")
    for name in DATASETS:
        write(name, folder)
    return folder


def check_figures(got: dict[str, Any], want: pd.Series) -> None:
    key, value = got["columns"][0], got["columns"][-1]
    table = {str(row[key]): row[value] for row in got["head"]}
    assert got["rows"] == len(want) and len(table) == min(len(want), 12), (table, want)
    for k, v in want.items():
        if str(k) in table:
            assert math.isclose(table[str(k)], v, rel_tol=1e-9), (k, table[str(k)], v)


@pytest.mark.parametrize(("name", "language", "question", "expected"), CLI_CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CLI_CASES])
def test_ask_answers_with_the_exact_figures(data, name, language, question, expected):
    path = data / f"{name}.csv"
    run = analyst("ask", str(path), question, "--offline", "--json", "--backend", "local",
                  "--workspace", str(data / f"ws_{name}"), cwd=data)
    assert run.returncode == 0, (run.stdout[-2000:], run.stderr[-2000:])
    assert "Traceback" not in run.stderr
    answer = json.loads(run.stdout)
    assert answer["ok"] and answer["brain"] == "offline"
    assert path.name in answer["answer"]  # every answer names its file
    [step] = answer["steps"]
    check_figures(step["result"]["figures"], expected(pd.read_csv(path)))
    assert any(a.endswith(".png") and Path(a).is_file() for a in answer["artifacts"])


@pytest.fixture(scope="module")
def cards(data: Path) -> dict[str, tuple[list[Any], Path]]:
    out = {}
    for name in DATASETS:
        ws = Workspace(data / f"read_{name}").ensure()
        out[name] = (ingest_file(data / f"{name}.csv", ws), ws.root)
    return out


@pytest.mark.parametrize(("name", "language", "question", "expected"), ALL_CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in ALL_CASES])
def test_every_language_reads_the_question_as_pandas_computes_it(cards, name, language,
                                                                 question, expected):
    """The reading of all four languages, in-process (what the CLI runs in the sandbox)."""
    found, root = cards[name]
    choice = read_question(question, found, root)
    assert choice.query is not None, (question, choice)
    q = choice.query
    assert set(q.notes) <= {"type"}, q.notes  # every other word was used
    want = expected(pd.read_csv(root.parent / f"{name}.csv"))
    agg = {"mean": "mean", "sum": "sum", "max": "max", "count": "size"}[q.aggregation]
    df = pd.read_parquet(root / "input" / f"{q.table}.parquet")
    if q.period is not None:
        keys: Any = pd.to_datetime(df[q.period.column]).dt.year if str(
            df[q.period.column].dtype).startswith("datetime") else df[q.period.column]
    else:
        [keys] = q.group_by
    grouped = df.groupby(keys)
    got = grouped.size() if agg == "size" else getattr(grouped[q.measures[0]], agg)()
    assert not q.filters and q.limit is None
    pd.testing.assert_series_equal(got.rename(None).rename_axis(None).astype(float),
                                   want.rename(None).rename_axis(None).astype(float),
                                   check_exact=False, rtol=1e-9)


# (dataset, a numeric column whose maximum the overview states, a section title, backend)
# Every dataset's report is built and read; two of them in the Docker sandbox (each a
# container and its kernel's start-up, seconds of CI), the others through the local backend:
# the same report code on the same file, so each dataset's figures are checked either way,
# and Docker's run of the report on a table never seen (names as words, dates as text) twice.
REPORTS = [
    ("cars", "Weight_in_lbs", "Average of Miles_per_Gallon by origin", "docker"),  # names as words (33c96a6)
    ("seattle_weather", "precipitation", "per month", "docker"),
    ("stock_prices", "Volume", "by symbol", "local"),
    ("electricity", "net_generation", "by source", "local"),
    ("crop_yields", "yield_t_ha", "by crop", "local"),
    ("employment", "nonfarm", "per year", "local"),
]


@pytest.mark.parametrize(("name", "column", "section", "backend"), [
    pytest.param(*case, marks=[pytest.mark.docker] if case[-1] == "docker" else [], id=case[0])
    for case in REPORTS])
def test_report_builds_a_multi_page_pdf_with_the_files_figures(data, request, name, column,
                                                               section, backend):
    if backend == "docker":
        request.getfixturevalue("docker_image")  # the engine and the image, or the reason why not
    path, out = data / f"{name}.csv", data / f"{name}.pdf"
    run = analyst("report", str(path), "-o", str(out), "--offline", "--backend", backend,
                  "--workspace", str(data / f"report_{name}"), cwd=data)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr and "Problem:" not in run.stderr
    assert ("Local backend:" in run.stderr) == (backend == "local"), run.stderr[-2000:]
    pages = len(PdfReader(out).pages)
    assert pages >= 5
    text = " ".join(subprocess.run(["pdftotext", "-layout", str(out), "-"], check=True,
                                   capture_output=True, text=True).stdout.split())
    df = pd.read_csv(path)
    assert f"Data report: {name}" in text
    assert f"{name} has {len(df):,} rows and {len(df.columns)} columns" in text
    # The overview's range: a whole-number column (Weight_in_lbs, Volume) without ".00".
    top = df[column].max()
    assert (f"{top:,}" if pd.api.types.is_integer_dtype(df[column]) else f"{top:,.2f}") in text
    assert section in text
    for wrong in ("average order value", "returns exceed", "Sales report", "no amount"):
        assert wrong not in text
