"""Comparison signs are conditions: "fare where siblings < 2" keeps the rows under 2.

The question's words keep letters and digits only; a sign dropped there turned "< 2" into
"2", the rows equal to 2, stated with confidence. Each sign, with and without spaces, on a
number column and on a category column of a generated table; the truth is plain pandas on
the raw CSV.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures
from tests.query.measure_tables import CLASSES

Compare = Callable[[pd.Series, object], pd.Series]

SIGNS: dict[str, Compare] = {
    ">": operator.gt, "<": operator.lt, ">=": operator.ge, "<=": operator.le,
    "≥": operator.ge, "≤": operator.le, "!=": operator.ne, "≠": operator.ne,
    "<>": operator.ne, "=": operator.eq, "==": operator.eq,
}


@pytest.mark.parametrize(("sign", "value", "spaced"), [
    (sign, value, spaced) for sign in SIGNS for value in (1, 3) for spaced in (True, False)])
def test_a_sign_before_a_number_is_its_comparison(analysis, raw, sign, value, spaced):
    condition = f"siblings {sign} {value}" if spaced else f"siblings{sign}{value}"
    df = pd.read_csv(raw["passengers"])
    truth = df[SIGNS[sign](df["siblings"], value)]["fare"].mean()
    got = figures(ask(analysis, f"average fare where {condition}"))
    assert close(got.figures.get("value"), truth), (condition, got.query)


@pytest.mark.parametrize(("sign", "value"), [
    (sign, value) for sign in ("!=", "≠", "<>", "=", "==") for value in CLASSES])
def test_a_sign_before_a_category_value_is_its_comparison(analysis, raw, sign, value):
    df = pd.read_csv(raw["passengers"])
    truth = df[SIGNS[sign](df["pclass"], value)]["fare"].mean()
    got = figures(ask(analysis, f"average fare where pclass {sign} {value}"))
    assert close(got.figures.get("value"), truth), (sign, value, got.query)


@pytest.mark.parametrize("question", [
    "average fare where siblings isn't 2", "average fare where siblings is not 2",
    "середній fare де siblings не 2", "siblings不是2的平均fare"])
def test_not_before_a_number_keeps_the_other_rows(analysis, raw, question):
    df = pd.read_csv(raw["passengers"])
    truth = df[df["siblings"] != 2]["fare"].mean()
    assert close(figures(ask(analysis, question)).figures.get("value"), truth)
