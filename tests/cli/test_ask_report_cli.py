"""`analyst ask` and `report` on the generated Q1 sales file: in this process through
`main(argv)` (tests/cli/inprocess.py), and as a real process where only a process shows it
(the printed answer and paths, a missing file's exit status)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from pypdf import PdfReader

from benchmarks.sales_data import write_sales_csv
from sandbox.health import load_factor
from tests.cli import inprocess

REPO = Path(__file__).resolve().parents[2]


def _offline_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("OPENAI_", "ANALYST_"))}  # no model: the offline path
    env["PYTHONPATH"] = str(REPO)
    return env


def analyst(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`analyst *args` with no model configured, run in this process."""
    return inprocess.run(*args, cwd=cwd, env=_offline_env())


def analyst_process(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The same as a real `python -m analyst` process (3 s of imports more)."""
    return subprocess.run([sys.executable, "-m", "analyst", *args], check=False, cwd=cwd,
                          env=_offline_env(), capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def sales_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_sales_csv(tmp_path_factory.mktemp("data") / "q1_sales.csv")


@pytest.fixture(scope="module")
def total(sales_csv: Path) -> str:
    return f"{pd.read_csv(sales_csv)['Revenue'].sum():,.2f}"


def test_ask_json_gives_answer_steps_and_artifacts(sales_csv: Path, total: str,
                                                   tmp_path: Path) -> None:
    run = analyst("ask", str(sales_csv), "top 5 products by revenue", "--offline", "--json",
                  "--backend", "local", "--workspace", str(tmp_path / "ws"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["brain"] == "offline" and data["ok"]
    assert total in data["answer"]
    [step] = data["steps"]
    assert "recipes.top_n(" in step["code"] and step["result"]["ok"]
    assert any(a.endswith(".png") for a in data["artifacts"])
    assert all(Path(a).is_file() for a in data["artifacts"])


@pytest.mark.slow  # a real process
def test_ask_prints_the_answer_and_the_paths(sales_csv: Path, total: str, tmp_path: Path) -> None:
    run = analyst_process("ask", str(sales_csv), "total revenue", "--backend", "local",
                          cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert total in run.stdout
    assert "Tables:" in run.stdout and "key_figures.csv" in run.stdout


def test_a_question_that_needs_a_model_says_so(sales_csv: Path, tmp_path: Path) -> None:
    run = analyst("ask", str(sales_csv), "why did sales drop?", "--backend", "local", cwd=tmp_path)
    assert run.returncode == 1
    assert "configure a language model in Settings" in run.stdout
    assert "Traceback" not in run.stderr


@pytest.mark.slow  # a real process: its exit status and its stderr alone
@pytest.mark.parametrize("command", ["ask", "report"])
def test_a_missing_file_is_one_human_line(command: str, tmp_path: Path) -> None:
    args = [command, "nope.csv"] + (["revenue"] if command == "ask" else ["-o", "r.pdf"])
    run = analyst_process(*args, cwd=tmp_path)
    assert run.returncode == 1
    assert run.stderr.strip() == "File not found: nope.csv"


def test_an_unreadable_file_is_one_human_line(tmp_path: Path) -> None:
    (tmp_path / "empty.csv").write_text("")
    run = analyst("report", "empty.csv", "-o", "r.pdf", "--backend", "local", cwd=tmp_path)
    assert run.returncode == 1
    lines = [line for line in run.stderr.splitlines() if not line.startswith("Reading ")]
    assert len(lines) == 1 and "Traceback" not in run.stderr


def test_report_builds_a_pdf_with_the_exact_total(sales_csv: Path, total: str,
                                                  tmp_path: Path) -> None:
    started = time.perf_counter()
    run = analyst("report", str(sales_csv), "-o", "q1.pdf", "--xlsx", "q1.xlsx",
                  "--title", "Q1 sales", "--backend", "local", cwd=tmp_path)
    elapsed = time.perf_counter() - started
    assert run.returncode == 0, run.stderr
    text = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "q1.pdf").pages)
    assert "Q1 sales" in text
    assert total in text
    assert "recipes.abc_analysis(" in text  # the code of every step is in the appendix
    assert (tmp_path / "q1.xlsx").stat().st_size > 0
    # 30 s on an idle machine; a loaded one (other work on its cores) gets its share more.
    assert elapsed < 30 * load_factor(), f"the report took {elapsed:.1f} s"


UKRAINIAN_EXPORT = ("Дата;Товар;Регіон;Сума\n05.01.2026;Чай;Київ;1 250,50\n"
                    "17.01.2026;Кава;Львів;980,25\n03.02.2026;Чай;Львів;1 410,00\n"
                    "21.02.2026;Какао;Київ;1 105,75\n09.03.2026;Кава;Київ;1 630,00\n"
                    "Разом;;;6 376,50\n")


def _pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())


def test_a_ukrainian_export_gives_a_ukrainian_report(tmp_path: Path) -> None:
    (tmp_path / "продажі.csv").write_bytes(UKRAINIAN_EXPORT.encode("cp1251"))
    run = analyst("report", "продажі.csv", "-o", "звіт.pdf", "--backend", "local", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    text = _pdf_text(tmp_path / "звіт.pdf")
    assert "Звіт про продажі: продажі" in text and "Стислий огляд" in text  # title, labels
    assert "Сума: разом 6 376,50, рядків: 5." in text  # narrative, totals row left out, local figures
    assert "Топ-10: Товар за показником «Сума»" in text  # section title
    assert "Місце" in text and "Частка" in text  # table headers
    assert "без мовної моделі" in text  # the methodology note


def test_lang_overrides_the_language_of_the_data(tmp_path: Path) -> None:
    (tmp_path / "продажі.csv").write_bytes(UKRAINIAN_EXPORT.encode("cp1251"))
    run = analyst("report", "продажі.csv", "-o", "r.pdf", "--lang", "ru", "--backend", "local",
                  cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    text = _pdf_text(tmp_path / "r.pdf")
    assert "Краткий обзор" in text and "Сума: всего 6 376,50, строк: 5." in text
    assert "Отчёт о продажах" in text and "без языковой модели" in text
