"""Figures are formatted one way everywhere: PDF, Excel and UI."""

import math

import pytest

from analyst.words.number_formats import (
    excel_number_format,
    format_delta,
    format_int,
    format_money,
    format_number,
    format_percent,
    format_value,
)


def test_numbers_have_comma_thousands_and_two_decimals():
    assert format_number(1234567.891) == "1,234,567.89"
    assert format_number(0.5) == "0.50"
    assert format_number(-1234.5) == "-1,234.50"


def test_numbers_match_pythons_own_formatting_so_independent_checks_agree():
    for value in (0.125, 2.675, 1e9 + 0.005, -987654.321):
        assert format_number(value) == f"{value:,.2f}"


def test_a_negative_that_rounds_to_zero_has_no_sign():
    assert format_number(-0.001) == "0.00"
    assert format_percent(-0.00001) == "0.0%"


def test_integers_are_rounded_with_separators():
    assert format_int(1234.6) == "1,235"
    assert format_int(-15487) == "-15,487"


def test_percent_values_are_fractions_shown_with_one_decimal():
    assert format_percent(0.1234) == "12.3%"
    assert format_percent(-0.05) == "-5.0%"
    assert format_percent(1) == "100.0%"


def test_money_puts_the_symbol_after_the_minus_sign():
    assert format_money(1234.5, "USD") == "$1,234.50"
    assert format_money(-1234.5, "USD") == "-$1,234.50"
    assert format_money(3, "EUR") == "\u20ac3.00"
    assert format_money(1000, "GBP") == "\u00a31,000.00"


def test_money_without_a_common_symbol_shows_the_iso_code():
    assert format_money(1234.5, "UAH") == "1,234.50 UAH"
    assert format_money(-10, "rub") == "-10.00 RUB"


def test_money_given_as_a_symbol_or_a_local_word_reads_as_its_currency():
    # One column shows one way, whether its cells said "₴", "грн" or "UAH".
    for mark in ("\u20b4", "грн", "грн.", "UAH", "uah"):
        assert format_money(99, mark) == "99.00 UAH"
    assert format_money(99, "руб.") == "99.00 RUB"
    assert format_money(99, "$") == "$99.00"
    assert format_money(99, "\u00a5") == "\u00a599.00"  # yen or yuan: the symbol as given


def test_yen_has_no_minor_unit():
    assert format_money(1234.5, "JPY") == "\u00a51,234"


def test_money_without_currency_is_a_plain_amount():
    assert format_money(1234.5) == "1,234.50"


@pytest.mark.parametrize("missing", [None, math.nan, float("nan")])
def test_missing_figures_are_a_dash_not_zero(missing):
    for fmt in ("money", "int", "number", "percent"):
        assert format_value(missing, fmt, "USD") == "\u2014"


def test_deltas_carry_an_explicit_sign():
    assert format_delta(0.074) == "+7.4%"
    assert format_delta(-0.021) == "-2.1%"
    assert format_delta(0) == "0.0%"


def test_format_value_dispatches_by_name_and_leaves_text_alone():
    assert format_value(1234.5, "money", "USD") == "$1,234.50"
    assert format_value(0.5, "percent") == "50.0%"
    assert format_value(7, "int") == "7"
    assert format_value("n/a", "money") == "n/a"


def test_numpy_scalars_format_like_python_numbers():
    import numpy as np

    assert format_value(np.float64(1234.5), "money", "USD") == "$1,234.50"
    assert format_value(np.int64(15487), "int") == "15,487"


def test_excel_formats_match_the_text_formats():
    assert excel_number_format("number") == "#,##0.00"
    assert excel_number_format("int") == "#,##0"
    assert excel_number_format("percent") == "0.0%"
    assert excel_number_format("money", "USD") == '"$"#,##0.00'
    assert excel_number_format("money", "UAH") == '#,##0.00" UAH"'
    assert excel_number_format("money", "JPY") == '"\u00a5"#,##0'
    assert excel_number_format("text") == "General"


# --- In the reader's language -------------------------------------------------------------
# Ukrainian and Russian: non-breaking-space thousands, decimal comma, currency after the
# number. Chinese keeps the English style. U+00A0 keeps a figure on one line.

NB = "\u00a0"


@pytest.mark.parametrize(("language", "currency", "expected"), [
    ("en", "UAH", "2,009,930.98 UAH"),
    ("uk", "UAH", f"2{NB}009{NB}930,98{NB}грн"),
    ("uk", "грн", f"2{NB}009{NB}930,98{NB}грн"),
    ("uk", "\u20b4", f"2{NB}009{NB}930,98{NB}грн"),
    ("ru", "UAH", f"2{NB}009{NB}930,98{NB}грн"),
    ("ru", "RUB", f"2{NB}009{NB}930,98{NB}руб."),
    ("ru", "\u20bd", f"2{NB}009{NB}930,98{NB}руб."),
    ("uk", "USD", f"2{NB}009{NB}930,98{NB}$"),
    ("zh", "CNY", "\u00a52,009,930.98"),
    ("zh", "\u00a5", "\u00a52,009,930.98"),
    ("zh", None, "2,009,930.98"),
    ("uk", None, f"2{NB}009{NB}930,98"),
])
def test_money_in_the_readers_language(language, currency, expected):
    assert format_money(2009930.98, currency, language) == expected


def test_negative_local_money_keeps_the_minus_in_front():
    assert format_money(-1234.5, "UAH", "uk") == f"-1{NB}234,50{NB}грн"


def test_numbers_percent_and_deltas_in_ukrainian_and_russian():
    assert format_number(1234567.891, language="uk") == f"1{NB}234{NB}567,89"
    assert format_int(15487, language="ru") == f"15{NB}487"
    assert format_int(999, language="uk") == "999"
    assert format_percent(0.1234, language="uk") == "12,3%"
    assert format_delta(0.074, language="ru") == "+7,4%"
    assert format_delta(-0.021, language="uk") == "-2,1%"
    assert format_delta(0, language="uk") == "0,0%"
    assert format_value(0.5, "percent", language="uk-UA") == "50,0%"
    assert format_value(1234.5, "money", "грн", language="uk") == f"1{NB}234,50{NB}грн"


def test_chinese_and_english_share_one_style():
    for fmt, value in (("number", 1234567.891), ("int", 1234.6), ("percent", 0.1234)):
        assert format_value(value, fmt, language="zh") == format_value(value, fmt)


def test_excel_formats_stay_numeric_and_put_the_local_currency_after_the_number():
    # Excel shows "," and "." in the reader's own locale; only the currency mark moves.
    assert excel_number_format("money", "UAH", "uk") == f'#,##0.00"{NB}грн"'
    assert excel_number_format("money", "грн", "ru") == f'#,##0.00"{NB}грн"'
    assert excel_number_format("money", "RUB", "ru") == f'#,##0.00"{NB}руб."'
    assert excel_number_format("money", "UAH", "en") == '#,##0.00" UAH"'
    assert excel_number_format("money", "CNY", "zh") == '"\u00a5"#,##0.00'
    assert excel_number_format("int", None, "uk") == "#,##0"
    assert excel_number_format("percent", None, "uk") == "0.0%"


def test_currency_marks_read_as_one_code_and_shown_as_the_reader_expects():
    from analyst.words.number_formats import currency_code, currency_unit

    assert [currency_code(m) for m in ("₴", "грн", "грн.", "uah", "руб.", "₽", "$", "元", "¥")] == [
        "UAH", "UAH", "UAH", "UAH", "RUB", "RUB", "USD", "CNY", "¥"]
    assert currency_unit("UAH", "uk") == "грн"
    assert currency_unit("грн", "en") == "UAH"
    assert currency_unit("USD", "uk") == "$"
    assert currency_unit(None, "uk") is None
