"""`analyst ingest FILE` (text, not --json) prints the data card in the reader's language:
the table, its size with the counts in their plural forms (uk/ru have three), each column
with its role in words and its empty cells counted, the ranges in the language's number
style, and how the file was read, with no English word left in uk/ru/zh beyond the user's
own names (columns, file, table) and format names.

Generated CSVs and workbooks, headers in four scripts (Latin, Cyrillic, Han, Greek), every
language by `--lang`, 1 to 111 rows: the whole matrix in-process through
`analyst.__main__.main`, and two real subprocesses (a workbook in Russian, a CSV in
Chinese)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pandas as pd
import pytest

from analyst.ingest.naming import table_slug
from tests.app.test_page_languages import english_words
from tests.cli.test_cli_words import LANGS, analyst, form, run_in_process

COUNTS = (1, 2, 5, 21, 22, 25, 111)
# The header of each column in four scripts; a file takes each column's from another script.
HEADERS = {"date": ("Date", "Дата", "日期", "Ημερομηνία"),
           "product": ("Product", "Товар", "产品", "Προϊόν"),
           "amount": ("Revenue", "Виручка", "收入", "Έσοδα"),
           "units": ("Units", "Кількість", "数量", "Μονάδες")}
STEMS = ("sales march", "продажі березень", "销售 数据", "πωλήσεις")
# The nouns by plural form (form(lang, n) picks one), from the grammar, not the catalogue.
ROWS = {"en": ("row", "rows"), "uk": ("рядок", "рядки", "рядків"),
        "ru": ("строка", "строки", "строк"), "zh": ("行",)}
COLUMNS = {"en": ("column", "columns"), "uk": ("стовпець", "стовпці", "стовпців"),
           "ru": ("столбец", "столбца", "столбцов"), "zh": ("列",)}
EMPTY = {"en": ("empty cell", "empty cells"),
         "uk": ("порожня клітинка", "порожні клітинки", "порожніх клітинок"),
         "ru": ("пустая ячейка", "пустые ячейки", "пустых ячеек"), "zh": ("个空单元格",)}
# Latin words a uk/ru/zh card may hold: file formats and their tools.
ALLOWED = {"CSV", "Excel", "csv", "xlsx", "Sheet"}


def sample(n: int, seed: int) -> tuple[pd.DataFrame, dict[str, str], dict[str, int]]:
    """n rows, the headers each in a script of its own, and the empty cells of each column."""
    rng = random.Random(seed)
    names = {key: HEADERS[key][(seed + j) % 4] for j, key in enumerate(HEADERS)}
    empty = {"date": 0, "amount": 0, "product": n // 5 + 1 if n > 1 else 0, "units": n // 4}
    product: list[str | None] = [rng.choice(["alpha", "beta", "gamma"]) for _ in range(n)]
    units: list[float | None] = [float(rng.randrange(1, 50)) for _ in range(n)]
    for column, cells in (("product", product), ("units", units)):
        for i in rng.sample(range(n), empty[column]):
            cells[i] = None
    frame = pd.DataFrame({names["date"]: pd.date_range("2026-01-01", periods=n, freq="D"),
                          names["product"]: product,
                          names["amount"]: [1000.75 + i * 12.25 for i in range(n)],
                          names["units"]: pd.array(units, dtype="Int64")})
    return frame, names, empty


def number(value: float, lang: str) -> str:
    """A figure as the language writes it: groups of three, decimals only when there are."""
    text = f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}"
    if lang in ("uk", "ru"):
        text = text.replace(",", "\u00a0").replace(".", ",")
    return text


def write(tmp_path: Path, n: int, seed: int, excel: bool) -> tuple[Path, dict[str, str],
                                                                    dict[str, int], pd.DataFrame]:
    frame, names, empty = sample(n, seed)
    path = tmp_path / f"{STEMS[seed % 4]} {n}.{'xlsx' if excel else 'csv'}"
    if excel:
        frame.to_excel(path, index=False, sheet_name="Аркуш")
    else:
        frame.assign(**{names["date"]: frame[names["date"]].dt.strftime("%Y-%m-%d")}).to_csv(
            path, index=False)
    return path, names, empty, frame


def check_card(lang: str, out: str, path: Path, n: int, names: dict[str, str],
               empty: dict[str, int], frame: pd.DataFrame) -> None:
    [card] = [block for block in out.strip().split("\n\n") if block.strip()]
    lines = card.splitlines()
    assert path.name in lines[0], card
    size = lines[1]
    assert f"{n} {ROWS[lang][form(lang, n)]}" in size, (lang, n, size)
    assert f"4 {COLUMNS[lang][form(lang, 4)]}" in size, (lang, size)
    def column(name: str) -> str:
        [line] = [line for line in lines if line.startswith((f"- {name}:", f"- {name}："))]
        return line

    for key, name in names.items():
        counted = re.findall(r"(\d+) (" + "|".join(sorted(EMPTY[lang], key=len, reverse=True)) + ")", column(name))
        m = empty[key]
        assert counted == ([(str(m), EMPTY[lang][form(lang, m)])] if m else []), (
            lang, m, column(name))
    amounts = frame[names["amount"]]
    amount = column(names["amount"])
    assert number(amounts.min(), lang) in amount and number(amounts.max(), lang) in amount, (
        lang, amount)
    if lang != "en":
        said = card
        for name in sorted([*names.values(), path.name, path.stem, table_slug(path.stem)],
                           key=len, reverse=True):
            said = said.replace(name, " ")
        left = [w for w in english_words(said) if w.strip(".:-") not in ALLOWED]
        assert left == [], (lang, left, card)
    else:
        assert "Columns (name | dtype" not in card  # the person's card, not the model's


@pytest.mark.parametrize("lang", LANGS)
def test_the_ingest_card_is_said_in_the_language_with_counts_in_their_forms(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for i, n in enumerate(COUNTS):
        excel = i % 2 == 1 and n > 1  # a one-row sheet reads as a title page, not a table
        path, names, empty, frame = write(tmp_path, n, LANGS.index(lang) + i, excel)
        code, out, err = run_in_process(capsys, "ingest", str(path), "--lang", lang)
        assert code == 0, err
        check_card(lang, out, path, n, names, empty, frame)


# A process costs seconds of imports: two, a workbook in Cyrillic and a CSV in Han (what a
# terminal shows of another script); every language, size and format runs in-process above.
@pytest.mark.slow  # a real process of our command line
@pytest.mark.parametrize(("lang", "n", "excel"), [("ru", 22, True), ("zh", 25, False)])
def test_the_ingest_card_in_a_real_process(lang: str, n: int, excel: bool, tmp_path: Path) -> None:
    path, names, empty, frame = write(tmp_path, n, n, excel)
    run = analyst("ingest", path.name, "--lang", lang, cwd=tmp_path, env_extra={})
    assert run.returncode == 0, run.stderr
    check_card(lang, run.stdout, path, n, names, empty, frame)
