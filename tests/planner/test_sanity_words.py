"""The words of an answer never quote a figure that failed a sanity check: in every
language, whatever sign convention the costs were stored in."""

from __future__ import annotations

import random
import re

import pandas as pd
import pytest

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.narrate.narrative import describe
from analyst.recipes import kpi_summary, margin_by
from analyst.record.figures import StepFigures

SIGNS = ("positive", "negative", "parentheses")


def _ledger(seed: int, rows: int, sign: str) -> pd.DataFrame:
    rng = random.Random(seed)
    revenue = [round(rng.uniform(50, 5000), 2) for _ in range(rows)]
    cost = [round(r * rng.uniform(0.3, 0.95), 2) for r in revenue]
    cost[:4] = [r * 5 for r in revenue[:4]]  # a few rows at a large loss
    if sign == "negative":
        cost = [-c for c in cost]
    elif sign == "parentheses":
        cost = [f"({c:,.2f})" for c in cost]
    return pd.DataFrame({"Region": [rng.choice("NSEW") for _ in range(rows)],
                         "Revenue": revenue, "Cost": cost})


def _said(result, recipe: str, arguments: dict, language: str) -> str:
    step = PlannedStep(slug="s", description="d", recipe=recipe, parquet_path="input/x.parquet",
                       arguments=arguments)
    figures = StepFigures(recipe=recipe, title=result.title, figures=result.figures,
                          notes=result.notes, definition=result.definition,
                          head=tuple(result.table.head(12).to_dict("records")),
                          tail=tuple(result.table.tail(2).to_dict("records")),
                          rows=len(result.table))
    return describe(step, figures, language=language)


_PERCENT = re.compile(r"(-?\d[\d,.\u00a0]*)\s?%")


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("sign", SIGNS)
@pytest.mark.parametrize("language", ["en", "uk", "ru", "zh"])
def test_no_answer_states_a_margin_beyond_100_percent(seed: int, sign: str, language: str) -> None:
    df = _ledger(seed, 30, sign)
    for result, recipe, arguments in (
        (kpi_summary(df, "Revenue", cost="Cost"), "kpi_summary", {"amount": "Revenue", "cost": "Cost"}),
        (margin_by(df, "Region", "Revenue", "Cost"), "margin_by",
         {"by": "Region", "revenue": "Revenue", "cost": "Cost"}),
    ):
        text = _said(result, recipe, arguments, language)
        for number in _PERCENT.findall(text):
            value = float(number.replace("\u00a0", "").replace(",", ".").rstrip("."))
            assert -100 <= value <= 100, text


@pytest.mark.parametrize("language", ["en", "uk", "ru", "zh"])
def test_a_withheld_margin_is_explained_in_the_answer(language: str) -> None:
    df = pd.DataFrame({"Region": ["A", "B"], "Revenue": [100.0, 200.0], "Cost": [400.0, 500.0]})
    text = _said(kpi_summary(df, "Revenue", cost="Cost"), "kpi_summary",
                 {"amount": "Revenue", "cost": "Cost"}, language)
    assert "%" not in text.replace("-100%..100%", "")
    words = {"en": "not stated", "uk": "не наведено", "ru": "не приводится", "zh": "不给出"}
    assert words[language] in text, text
    assert {"en": "-600.00", "uk": "-600,00", "ru": "-600,00", "zh": "-600.00"}[language] in \
        text.replace("\u00a0", " ").replace("−", "-"), text
