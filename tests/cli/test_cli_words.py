"""The command line speaks the reader's language: every sentence it prints comes from the
catalogue (context "cli", the ingester's and the app's words), chosen by `--lang`, else
ANALYST_LANG, else the locale, else English.

A few real subprocesses (`python -m analyst ...`, each costs seconds) prove the whole path,
one language and one failure each, the language chosen each of the three ways; the full
matrix of languages x failures runs in-process through `analyst.__main__.main`.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from analyst.__main__ import main
from analyst.ingest.naming import table_slug
from tests.cli.machine import no_language_from_the_machine

REPO = Path(__file__).resolve().parents[2]
LANGS = ("en", "uk", "ru", "zh")
# Column names, a question the offline analyst refuses, and one it answers, in each language.
COLUMNS = {"en": ("Date", "Product", "Revenue"), "uk": ("Дата", "Товар", "Виручка"),
           "ru": ("Дата", "Товар", "Выручка"), "zh": ("日期", "产品", "收入")}
NONSENSE = {"en": ["purple elephants dance", "why is the moon singing"],
            "uk": ["фіолетові слони танцюють", "чому місяць співає"],
            "ru": ["фиолетовые слоны танцуют", "почему луна поёт"],
            "zh": ["紫色的大象在跳舞", "月亮为什么唱歌"]}
TOTAL = {"en": "total revenue", "uk": "загальна виручка", "ru": "общая выручка", "zh": "总收入"}
# File names as users write them: spaces, their own script, dots.
STEMS = {"en": ["sales march", "q1.final"], "uk": ["звіт березень", "продажі_2026"],
         "ru": ["отчёт март", "продажи.итог"], "zh": ["销售 数据", "三月报表"]}
# Latin words a uk/ru/zh sentence may hold: product, format and app-label names.
NAMES = {"Excel", "PDF", "CSV", "XLSX", "zip", "Analyst", "Settings", "ABC"}


def english_left(text: str, *names: str) -> list[str]:
    """The Latin words of `text` once the user's own names (files, paths) are taken out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"(?<![\w.])\.\w+", " ", text)  # a file type: ".csv", ".xlsx"
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in NAMES]


def cli_env(env_extra: dict[str, str]) -> dict[str, str]:
    """A machine with no model and no language setting (LANG=C.UTF-8), plus `env_extra`."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("OPENAI_", "ANALYST_", "LC_")) and k not in ("LANG", "LANGUAGE")}
    env.update({"PYTHONPATH": str(REPO), "LANG": "C.UTF-8", **env_extra})
    return env


def analyst(*args: str, cwd: Path, env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "analyst", *args], check=False, cwd=cwd,
                          env=cli_env(env_extra), capture_output=True, text=True, timeout=300)


def run_in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def _no_language_from_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    no_language_from_the_machine(monkeypatch)


def table(lang: str, rows: int = 3) -> pd.DataFrame:
    date, product, revenue = COLUMNS[lang]
    return pd.DataFrame({date: pd.date_range("2026-01-05", periods=rows).strftime("%Y-%m-%d"),
                         product: [f"P{i % 2}" for i in range(rows)],
                         revenue: [10.5 * (i + 1) for i in range(rows)]})


def broken_workbooks(folder: Path, lang: str) -> list[Path]:
    """Files named .xlsx that are no workbook, each broken another way."""
    rng = random.Random(lang)
    folder.mkdir(parents=True, exist_ok=True)
    whole = folder / "whole.xlsx"
    table(lang, 50).to_excel(whole, index=False)
    data = whole.read_bytes()
    whole.unlink()
    files = {"cut": data[: len(data) // 2],
             "garbage": b"PK\x03\x04" + rng.randbytes(300),
             "noise": rng.randbytes(500)}
    paths = []
    for name, content in files.items():
        path = folder / f"{STEMS[lang][0]} {name}.xlsx"
        path.write_bytes(content)
        paths.append(path)
    no_book = folder / f"{STEMS[lang][1]} no book.xlsx"
    with zipfile.ZipFile(no_book, "w") as archive:
        archive.writestr("hello.txt", "not a workbook")
    return [*paths, no_book]


def assert_a_human_failure(lang: str, code: int, out: str, err: str, *names: str) -> None:
    """Non-zero exit, the file named, no traceback, and no English sentence in uk/ru/zh."""
    assert code != 0, (out, err)
    assert "Traceback" not in out + err
    assert any(name in out + err for name in names), (names, out, err)
    said = (out + err).strip()
    assert said
    if lang != "en":
        assert english_left(said, *names) == [], (lang, said)


# ---- In-process: every language x every failure --------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_file_is_named_in_the_language_of_every_command(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for stem in STEMS[lang]:
        missing = f"{stem}.csv"
        for args in (["ingest", missing], ["ask", missing, TOTAL[lang]],
                     ["report", missing, "-o", str(tmp_path / "r.pdf")]):
            code, out, err = run_in_process(capsys, *args, "--lang", lang)
            assert_a_human_failure(lang, code, out, err, missing)


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_or_header_only_csv_is_refused_in_the_language(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    header = ",".join(COLUMNS[lang]) + "\n"
    for stem, content in zip(STEMS[lang], ("", header), strict=True):
        path = tmp_path / f"{stem}.csv"
        path.write_text(content, encoding="utf-8")
        for args in (["ingest", str(path)], ["report", str(path), "-o", str(tmp_path / "r.pdf"),
                                             "--backend", "local"]):
            code, out, err = run_in_process(capsys, *args, "--lang", lang)
            assert_a_human_failure(lang, code, out, err, path.name, str(path))


@pytest.mark.parametrize("lang", LANGS)
def test_a_broken_workbook_is_refused_in_the_language(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in broken_workbooks(tmp_path, lang):
        code, out, err = run_in_process(capsys, "ingest", str(path), "--lang", lang)
        assert_a_human_failure(lang, code, out, err, path.name, str(path))


@pytest.mark.docker
@pytest.mark.parametrize("lang", LANGS)
def test_a_question_the_analyst_cannot_place_is_refused_in_the_language(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], docker_image: str) -> None:
    path = tmp_path / f"{STEMS[lang][0]}.csv"
    table(lang).to_csv(path, index=False)
    code, out, err = run_in_process(capsys, "ask", str(path), random.Random(lang).choice(
        NONSENSE[lang]), "--offline", "--backend", "docker", "--lang", lang)
    # The file is named as it is read; the refusal may name its table (as the file's name
    # makes it) and its columns.
    assert_a_human_failure(lang, code, out, err, path.name, table_slug(path.stem),
                           *COLUMNS[lang])
    assert path.name in err


@pytest.mark.parametrize("lang", LANGS)
def test_ingest_json_has_the_same_keys_in_every_language(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sales.csv"
    table("en", 6).to_csv(path, index=False)
    code, out, _ = run_in_process(capsys, "ingest", str(path), "--json", "--lang", lang)
    assert code == 0
    code_en, out_en, _ = run_in_process(capsys, "ingest", str(path), "--json", "--lang", "en")
    assert code_en == 0
    assert key_paths(json.loads(out)) == key_paths(json.loads(out_en))


def key_paths(data: Any, prefix: str = "") -> set[str]:
    """Every key of a JSON document as a path ("0.columns.0.name")."""
    if isinstance(data, dict):
        return {p for k, v in data.items() for p in {f"{prefix}{k}"} | key_paths(v, f"{prefix}{k}.")}
    if isinstance(data, list):
        return {p for i, v in enumerate(data) for p in key_paths(v, f"{prefix}{i}.")}
    return set()


# ---- Real subprocesses: one failure per language, the language chosen three ways --------


@pytest.mark.slow  # a real process of our command line
def test_ingest_of_a_header_only_csv_in_ukrainian_from_analyst_lang(tmp_path: Path) -> None:
    path = tmp_path / "продажі березень.csv"
    path.write_text(",".join(COLUMNS["uk"]) + "\n", encoding="utf-8")
    run = analyst("ingest", path.name, cwd=tmp_path, env_extra={"ANALYST_LANG": "uk"})
    assert_a_human_failure("uk", run.returncode, run.stdout, run.stderr, path.name)


@pytest.mark.slow  # a real process of our command line
def test_ask_on_a_missing_file_in_russian_from_the_locale(tmp_path: Path) -> None:
    run = analyst("ask", "отчёт март.csv", TOTAL["ru"], cwd=tmp_path,
                  env_extra={"LANG": "ru_RU.UTF-8"})
    assert_a_human_failure("ru", run.returncode, run.stdout, run.stderr, "отчёт март.csv")


@pytest.mark.slow  # a real process of our command line
def test_report_on_a_broken_workbook_in_english_by_default(tmp_path: Path) -> None:
    [path, *_] = broken_workbooks(tmp_path, "en")
    run = analyst("report", path.name, "-o", "r.pdf", "--backend", "local", cwd=tmp_path,
                  env_extra={})
    assert_a_human_failure("en", run.returncode, run.stdout, run.stderr, path.name)
    assert not (tmp_path / "r.pdf").exists()


@pytest.mark.slow  # a real process of our command line
@pytest.mark.docker
def test_ask_refuses_a_question_in_chinese_with_lang(tmp_path: Path, docker_image: str) -> None:
    path = tmp_path / "销售 数据.csv"
    table("zh").to_csv(path, index=False)
    run = analyst("ask", path.name, NONSENSE["zh"][0], "--offline", "--backend", "docker",
                  "--lang", "zh", cwd=tmp_path, env_extra={"LANG": "ru_RU.UTF-8"})
    assert_a_human_failure("zh", run.returncode, run.stdout, run.stderr, path.name,
                           table_slug(path.stem), *COLUMNS["zh"])
    assert path.name in run.stderr


@pytest.mark.slow  # a real process of our command line
def test_ingest_json_stays_json_in_chinese(tmp_path: Path) -> None:
    path = tmp_path / "sales.csv"
    table("en", 6).to_csv(path, index=False)
    run = analyst("ingest", path.name, "--json", "--lang", "zh", cwd=tmp_path, env_extra={})
    assert run.returncode == 0, run.stderr
    [card] = json.loads(run.stdout)
    assert {"columns", "rows", "assumptions"} <= set(card)
    assert english_left(run.stderr, path.name) == []  # the stages, in Chinese, on stderr


# ---- Counts and the choice of language ---------------------------------------------------

EXCLUDED = {"en": ("excluded row:", "excluded rows:"),
            "uk": ("рядок не ввійшов до таблиці:", "рядки не ввійшли до таблиці:",
                   "рядків не ввійшли до таблиці:"),
            "ru": ("строка не вошла в таблицу:", "строки не вошли в таблицу:",
                   "строк не вошли в таблицу:"),
            "zh": ("行未计入表格：",)}


def form(lang: str, n: int) -> int:
    """The plural form of n, from the grammar (not read from the catalogue)."""
    if lang == "zh":
        return 0
    if lang == "en":
        return 0 if n == 1 else 1
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


@pytest.mark.parametrize("lang", LANGS)
def test_the_count_of_rows_left_out_takes_the_form_of_its_number(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(lang)
    for k in (1, 2, 5, 21, 22):
        rows = [f"2026-01-{i % 28 + 1:02d},P{i},{i}.5" for i in range(90)]
        for j in range(k):  # rows of two fields among rows of three
            rows.insert(rng.randrange(1, len(rows)), f"oops{j},1")
        path = tmp_path / f"{lang}{k}.csv"
        path.write_text("Date,Product,Revenue\n" + "\n".join(rows) + "\n", encoding="utf-8")
        code, out, err = run_in_process(capsys, "ingest", str(path), "--lang", lang)
        assert code == 0, err
        lines = out.splitlines()
        [at] = [i for i, line in enumerate(lines) if line.startswith(f"{k} ")]
        assert lines[at] == f"{k} {EXCLUDED[lang][form(lang, k)]}"
        listed = lines[at + 1:at + 1 + k + 1]
        assert [line.startswith("- ") for line in listed] == [True] * k + [False]
        assert all("oops" in line for line in listed[:k])


@pytest.mark.parametrize("lang", LANGS)
def test_lang_wins_over_analyst_lang_and_the_locale(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    other = LANGS[(LANGS.index(lang) + 1) % len(LANGS)]
    monkeypatch.setenv("ANALYST_LANG", other)
    monkeypatch.setenv("LANG", f"{other}_XX.UTF-8")
    code, _, by_env = run_in_process(capsys, "ingest", "nope.csv")
    code_lang, _, by_flag = run_in_process(capsys, "ingest", "nope.csv", "--lang", lang)
    monkeypatch.delenv("ANALYST_LANG")
    monkeypatch.setenv("LANG", f"{lang}_XX.UTF-8")
    code_locale, _, by_locale = run_in_process(capsys, "ingest", "nope.csv")
    assert code == code_lang == code_locale == 2
    assert by_flag == by_locale != by_env
