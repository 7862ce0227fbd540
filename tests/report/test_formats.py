"""Figures are formatted one way everywhere: PDF, Excel and UI."""

import math

import pytest

from analyst.report import (
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


def test_money_given_as_a_symbol_uses_it():
    assert format_money(99, "\u20b4") == "\u20b499.00"


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
