"""A tax is below the operating line; a fee paid for advice on taxes is an operating expense.

The stem "подат" (and "tax", "налог", "Steuer", "税") had put "Податкові консультації"
(tax consulting) below the operating line with the income tax: the operating profit read
then differed from the file's own. Line kinds come from accounting meaning: generated
tax lines and tax-advice lines in en/uk/ru/de/zh, alone and inside statements whose own
"Operating profit" row the reading must reproduce.
"""

from __future__ import annotations

import itertools
import random

import pandas as pd
import pytest

from analyst.ingest.statement import statement_rows
from analyst.recipes.pnl import classify_account, line_kind

TAXES = {
    "en": ("Income tax", "Income tax expense", "Tax", "Taxation", "Provision for income taxes",
           "Corporate tax", "Deferred tax"),
    "uk": ("Податок на прибуток", "Витрати з податку на прибуток", "Податки", "Податок на прибуток підприємств"),
    "ru": ("Налог на прибыль", "Текущий налог на прибыль", "Налоги", "Расходы по налогу на прибыль"),
    "de": ("Steuern vom Einkommen und vom Ertrag", "Ertragsteuern", "Körperschaftsteuer", "Steueraufwand"),
    "zh": ("所得税费用", "所得税", "税金"),
}
ADVICE = {
    "en": ("Tax consulting", "Tax advisory fees", "Tax advice", "Tax preparation services",
           "Tax consultant", "Accountant and tax fees"),
    "uk": ("Податкові консультації", "Послуги податкового радника", "Податковий консалтинг",
           "Консультації з податків"),
    "ru": ("Налоговые консультации", "Услуги налогового консультанта", "Налоговый консалтинг",
           "Консультации по налогам"),
    "de": ("Steuerberatung", "Steuerberatungskosten", "Kosten der Steuerberatung", "Steuerberater"),
    "zh": ("税务咨询费", "税务顾问费", "税务代理服务费"),
}
OPERATING = {"en": "Operating profit", "uk": "Операційний прибуток", "ru": "Операционная прибыль",
             "de": "Betriebsergebnis", "zh": "营业利润"}
NET = {"en": "Net profit", "uk": "Чистий прибуток", "ru": "Чистая прибыль", "de": "Jahresüberschuss",
       "zh": "净利润"}
OTHER = {"en": ("Sales", "Wages", "Rent"), "uk": ("Виручка", "Зарплата", "Оренда"),
         "ru": ("Выручка", "Зарплата", "Аренда"), "de": ("Umsatzerlöse", "Gehälter", "Miete"),
         "zh": ("销售收入", "工资", "租金")}


def _phrasings(words: dict[str, tuple[str, ...]]) -> list[tuple[str, str]]:
    return [(language, text) for language, texts in words.items() for text in texts]


@pytest.mark.parametrize(("language", "label"), _phrasings(TAXES))
def test_a_tax_is_below_the_operating_line(language: str, label: str) -> None:
    for written in (label, label.upper(), f"  {label}", f"Less: {label}" if language == "en" else label):
        assert classify_account(written) == "ignore", written
        assert line_kind(written) == "ignore", written


@pytest.mark.parametrize(("language", "label"), _phrasings(ADVICE))
def test_a_fee_for_tax_advice_is_an_operating_expense(language: str, label: str) -> None:
    for written in (label, label.lower(), f"  {label}", f"Less: {label}" if language == "en" else label):
        assert classify_account(written) == "opex", written
        assert line_kind(written) == "opex", written


def _statement(language: str, advice: str, tax: str, seed: int) -> tuple[pd.Series, pd.DataFrame]:
    """A statement without headings: sales, wages, rent, the advice fee, the operating
    result, the tax and the net result, in three months, costs positive or negative."""
    rng = random.Random(seed)
    sign = rng.choice((1.0, -1.0))
    sales, wages, rent = OTHER[language]
    months = ["Jan 2025", "Feb 2025", "Mar 2025"]
    figures = {name: [round(rng.uniform(a, b), 2) for _ in months]
               for name, (a, b) in ((sales, (50_000, 90_000)), (wages, (9_000, 20_000)),
                                    (rent, (2_000, 5_000)), (advice, (500, 3_000)), (tax, (1_000, 4_000)))}
    operating = [round(figures[sales][m] - figures[wages][m] - figures[rent][m] - figures[advice][m], 2)
                 for m in range(3)]
    net = [round(operating[m] - figures[tax][m], 2) for m in range(3)]
    rows = [(sales, figures[sales]), (wages, [sign * v for v in figures[wages]]),
            (rent, [sign * v for v in figures[rent]]), (advice, [sign * v for v in figures[advice]]),
            (OPERATING[language], operating), (tax, [sign * v for v in figures[tax]]), (NET[language], net)]
    labels = pd.Series([r[0] for r in rows])
    return labels, pd.DataFrame([r[1] for r in rows], columns=months)


CASES = [(language, advice, tax)
         for language in ADVICE
         for advice, tax in itertools.islice(itertools.product(ADVICE[language], TAXES[language]), 6)]


@pytest.mark.parametrize(("language", "advice", "tax"), CASES)
def test_a_statement_with_tax_advice_reproduces_its_own_operating_profit(language: str, advice: str,
                                                                          tax: str) -> None:
    labels, values = _statement(language, advice, tax, seed=len(advice) * 31 + len(tax))
    found = statement_rows(labels, values)
    assert found is not None
    rows, notes = found
    assert not [n for n in notes if n.key == "statement_unreconciled"], notes
    by_label = {r.label: r for r in rows}
    assert by_label[OPERATING[language]].agrees is True
    assert by_label[NET[language]].agrees is True
    assert line_kind(advice, by_label[advice].section) == "opex"
    assert line_kind(tax, by_label[tax].section) == "ignore"
