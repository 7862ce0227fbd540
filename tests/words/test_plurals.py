"""Counts said in Ukrainian and Russian take the form of their number (1, 21 -> one;
2, 22 -> few; 5, 25, 111 -> many), wherever the product prints a count: the data card,
the data report's overview paragraph, the chart of a long ranking."""

from __future__ import annotations

import random
from dataclasses import replace

import pandas as pd
import pytest

from analyst.brain.code.data_report import overview_code
from analyst.brain.narrate.data_report import paragraph
from analyst.datacard import ColumnCard, DataCard
from analyst.recipes import abc_analysis
from analyst.recipes.charts import draw_chart
from analyst.recipes.labels import chart_word
from analyst.record.figures import figures_sent
from tests.record.steps import run_here
from ui.cardview import short_summary
from ui.i18n import t

COUNTS = (1, 2, 5, 21, 22, 25, 111)


def slavic(n: int) -> int:
    """The grammar's rule (written here from the grammar, not read from the catalogue)."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


FORM = {n: slavic(n) for n in range(1000)}
assert [FORM[n] for n in COUNTS] == [0, 1, 2, 0, 1, 2, 2]
ROWS = {"en": ("row", "rows"), "uk": ("рядок", "рядки", "рядків"),
        "ru": ("строка", "строки", "строк")}
COLUMNS = {"en": ("column", "columns"), "uk": ("стовпець", "стовпці", "стовпців"),
           "ru": ("столбец", "столбца", "столбцов")}
ITEMS = {"uk": ("позиція", "позиції", "позицій"), "ru": ("позиция", "позиции", "позиций")}


def _form(words: tuple[str, ...], n: int, language: str) -> str:
    return words[(0 if n == 1 else 1) if language == "en" else FORM[n]]


def _table(rows: int, columns: int, seed: int) -> pd.DataFrame:
    rng = random.Random(seed)
    return pd.DataFrame({f"c{j}": [rng.choice([rng.random(), None]) for _ in range(rows)]
                         for j in range(columns)})


@pytest.mark.parametrize("n", COUNTS)
def test_the_data_card_says_rows_and_columns_in_the_form_of_their_count(n: int) -> None:
    columns = tuple(ColumnCard(f"c{j}", "float64", "number", 0, n) for j in range(n))
    for language in ("en", "uk", "ru"):
        card = DataCard("f", "f.csv", "", None, (), n, columns, 1, "utf-8", ",")
        assert short_summary_in(card, language) == f"{n} {_form(ROWS[language], n, language)}"
        line = t("card_line", language, rows=t("n_rows", language, count=n),
                 cols=t("n_columns", language, count=n), shown="…")
        assert line == (f"{n} {_form(ROWS[language], n, language)}, "
                        f"{n} {_form(COLUMNS[language], n, language)} (…)")


def short_summary_in(card: DataCard, language: str) -> str:
    """The card's folded line with `language` chosen in Settings (the app's session state;
    bare mode outside a running app)."""
    import streamlit as st

    from ui.i18n import PREF_KEY

    st.session_state[PREF_KEY] = language
    try:
        return short_summary(card)
    finally:
        del st.session_state[PREF_KEY]


@pytest.mark.parametrize("n", COUNTS)
def test_the_data_reports_overview_counts_rows_and_columns_in_their_form(
        n: int, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "input").mkdir()
    (tmp_path / "output").mkdir()
    rows, columns = n, COUNTS[(COUNTS.index(n) + 3) % len(COUNTS)]  # two different counts
    _table(rows, columns, n).to_parquet(tmp_path / "input" / "t.parquet")
    sent = figures_sent(run_here(overview_code("input/t.parquet", "Overview", "t_overview", ())))
    for language in ("en", "uk", "ru"):
        text = paragraph(sent, "t", language)
        assert text is not None
        assert f"{rows} {_form(ROWS[language], rows, language)}" in text, text
        assert f"{columns} {_form(COLUMNS[language], columns, language)}" in text, text


@pytest.mark.parametrize("n", COUNTS)
def test_a_ranking_of_n_items_is_captioned_in_the_form_of_its_count(n: int) -> None:
    assert chart_word("ranked", "uk", count=n, value="Сума") == (
        f"{n} {ITEMS['uk'][FORM[n]]} за показником «Сума»")
    assert chart_word("ranked", "ru", count=n, value="Сумма") == (
        f"{n} {ITEMS['ru'][FORM[n]]} по показателю «Сумма»")
    assert chart_word("ranked", "en", count=n, value="revenue") == (
        f"{n} item{'' if n == 1 else 's'}, ranked by revenue")


@pytest.mark.parametrize(("n", "language"), [(111, "uk"), (121, "ru"), (42, "uk"), (51, "ru")])
def test_the_drawn_pareto_of_a_long_ranking_says_its_count(n: int, language: str) -> None:
    rng = random.Random(n)
    df = pd.DataFrame({"item": [f"p{i}" for i in range(n)],
                       "amount": [rng.uniform(1, 1000) for _ in range(n)]})
    spec = abc_analysis(df, "item", "amount").chart
    figure = draw_chart(replace(spec, language=language))
    labels = [ax.get_xlabel() for ax in figure.axes]
    form = ITEMS[language][FORM[n]]
    assert any(label.startswith(f"{n} {form} ") for label in labels), labels


@pytest.mark.parametrize("n", COUNTS)
def test_a_query_answer_counts_the_rows_left_out_in_their_form(n: int) -> None:
    from analyst.brain.understand.phrases.query import qsay

    english = qsay("en", "missing", plural=n, n=n, c="Price")
    assert english == ("1 row has no value in Price and is left out." if n == 1 else
                       f"{n} rows have no value in Price and are left out.")
    # Ukrainian and Russian say it as "Рядків без значення в Price: 21", right for any count.
    assert qsay("uk", "missing", plural=n, n=n, c="Ціна") == (
        f"Рядків без значення в Ціна: {n}; їх не враховано.")
    assert qsay("ru", "missing", plural=n, n=n, c="Цена") == (
        f"Строк без значения в Цена: {n}; они не учтены.")
