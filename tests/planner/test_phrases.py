"""The offline analyst speaks the user's language: detected from the question or the data."""

from types import SimpleNamespace

import pytest

from analyst.brain.understand.phrases import data_language, language_of, phrases, say
from analyst.words import LANGUAGES


@pytest.mark.parametrize(("text", "language"), [
    ("top 5 products by revenue", "en"),
    ("revenue by Регіон", "en"),  # an English question naming a Ukrainian column
    ("сума по регіонах", "uk"),
    ("загальна сума", "uk"),  # no і/ї/є/ґ: the Ukrainian word tells it
    ("топ 2 товари за виручкою", "uk"),
    ("чому впали продажі?", "uk"),
    ("общая выручка", "ru"),
    ("сумма по регионам", "ru"),
    ("напиши стихотворение", "ru"),
    ("按地区的销售额", "zh"),
    ("前5名产品 by revenue", "zh"),
])
def test_the_language_of_a_question(text: str, language: str) -> None:
    assert language_of(text) == language


def _card(*columns: str, sheet: str | None = None, source_file: str = "data.csv") -> SimpleNamespace:
    return SimpleNamespace(columns=[SimpleNamespace(name=c) for c in columns], sheet=sheet,
                           source_file=source_file)


def test_the_language_of_the_data_comes_from_its_own_words() -> None:
    assert data_language([_card("Дата", "Товар", "Регіон", "Сума")]) == "uk"
    assert data_language([_card("Дата", "Товар", "Регион", "Сумма")]) == "ru"
    assert data_language([_card("日期", "产品", "销售额", sheet="销售")]) == "zh"
    assert data_language([_card("Date", "Product", "Revenue")]) == "en"
    assert data_language([_card("Date", "Product")], title="Звіт про продажі") == "uk"


@pytest.mark.parametrize(("labels", "language"), [
    (("Доходи", "Продаж товарів", "Разом доходи", "Валовий прибуток"), "uk"),
    (("Выручка", "Продажа товаров", "Итого выручка", "Валовая прибыль"), "ru"),
    (("收入", "产品销售", "收入合计", "毛利"), "zh"),
    (("Umsatzerlöse", "Warenverkauf", "Bruttogewinn"), "en"),  # no German catalogue
])
def test_a_statement_speaks_by_its_row_labels(labels: tuple[str, ...], language: str) -> None:
    """Months printed from Excel dates and an unnamed label column are not the file's words."""
    months = ("Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025", "May 2025", "Jun 2025")
    card = _card("Column 1", *months, "FY 2025", sheet="P&L", source_file="pnl.xlsx")
    card.period_columns, card.total_columns = months, ("FY 2025",)
    card.row_kinds = [SimpleNamespace(label=label) for label in labels]
    tidy = _card("Line item", "Section", "Period", "Value", source_file="pnl.xlsx")
    tidy.wide_table = "pnl"
    assert data_language([card, tidy]) == language


@pytest.mark.parametrize(("value", "language"), [("Виручка від продажу", "uk"),
                                                  ("Выручка от продаж", "ru")])
def test_cyrillic_alike_in_both_is_told_by_its_labels(value: str, language: str) -> None:
    card = _card("Стаття", "Бюджет", "Факт")
    for column, role in zip(card.columns, ("category", "money", "money"), strict=True):
        column.role = role
    card.sample_rows = ((value, 100.0, 120.0), ("Зарплата", 50.0, 40.0))
    assert data_language([card]) == language


def test_every_language_has_every_english_phrase() -> None:
    english = phrases("en")
    for language in LANGUAGES:
        table = phrases(language)
        missing = set(english) - set(table)
        assert not missing, f"{language} lacks {sorted(missing)}"
        for key, template in table.items():
            fields = {f for f in _fields(english.get(key, template))}
            assert _fields(template) <= fields, f"{language}.{key} uses unknown placeholders"


def _fields(template: str) -> set[str]:
    import string

    return {name.split(":")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def test_needs_a_model_in_each_language() -> None:
    assert say("en", "needs_model", skills="x").endswith("configure a language model in Settings.")
    assert "мовну модель" in say("uk", "needs_model", skills="x")
    assert "языковую модель" in say("ru", "needs_model", skills="x")
    assert "语言模型" in say("zh", "needs_model", skills="x")


