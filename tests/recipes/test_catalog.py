"""What the recipes say about themselves: definitions for the report appendix, the model's
description, and tables every consumer can store."""

import inspect

import pandas as pd
import pytest

from analyst import recipes

SALES = pd.DataFrame({
    "date": pd.to_datetime(["2026-01-05", "2026-02-10", "2026-02-11", None]),
    "product": ["a", "b", "a", None],
    "revenue": [10.0, 20.0, -5.0, 1.0],
    "cost": [4.0, 15.0, -2.0, 0.5],
})
STATEMENT = pd.DataFrame({
    "line": ["Sales", "Materials", "Rent"] * 2,
    "section": ["Revenue", "Cost of sales", "Operating expenses"] * 2,
    "period": pd.to_datetime(["2026-01-01"] * 3 + ["2026-02-01"] * 3),
    "value": [100.0, -40.0, -10.0, 120.0, -50.0, -10.0],
})
CALLS = {
    "kpi_summary": lambda: recipes.kpi_summary(SALES, "revenue", date="date", cost="cost"),
    "period_dynamics": lambda: recipes.period_dynamics(SALES, "date", "revenue"),
    "top_n": lambda: recipes.top_n(SALES, "product", "revenue", n=1),
    "abc_analysis": lambda: recipes.abc_analysis(SALES, "product", "revenue"),
    "breakdown": lambda: recipes.breakdown(SALES, "product", "revenue"),
    "margin_by": lambda: recipes.margin_by(SALES, "product", "revenue", "cost"),
    "funnel_conversion": lambda: recipes.funnel_conversion(SALES, ["revenue", "cost"], period="date"),
    "pnl_summary": lambda: recipes.pnl_summary(SALES, "date", revenue="revenue", cogs="cost"),
    "budget_vs_actual": lambda: recipes.budget_vs_actual(SALES, "product", "cost", "revenue"),
    "profile": lambda: recipes.profile(SALES),
    "outliers": lambda: recipes.outliers(SALES, "revenue"),
    "pnl_statement": lambda: recipes.pnl_statement(STATEMENT, "period", "line", "value", "section"),
    "margin_trend": lambda: recipes.margin_trend(STATEMENT, "period", "line", "value", "section"),
    "expense_structure": lambda: recipes.expense_structure(STATEMENT, "line", "value", "section"),
    "notable_changes": lambda: recipes.notable_changes(STATEMENT, "period", "line", "value", "section"),
}


def test_every_recipe_has_a_definition_and_a_line_for_the_model():
    assert set(recipes.DEFINITIONS) == set(recipes.RECIPES) == set(CALLS)
    description = recipes.describe_for_model()
    for name in recipes.RECIPES:
        assert len(recipes.DEFINITIONS[name]) > 80
        assert f"recipes.{name}(df" in description
    assert "currency=None" in description and "RecipeResult" in description
    assert len(description) < 4000  # it goes into every system prompt


def test_the_abc_definition_states_the_boundary_rule():
    text = recipes.DEFINITIONS["abc_analysis"]
    assert "INCLUDING itself" in text and "<= 80%" in text and "<= 95%" in text
    assert "crosses 80% is already B" in text and "equal amounts" in text


@pytest.mark.parametrize("name", list(CALLS))
def test_each_result_is_named_documented_and_its_table_stores_as_parquet(name, tmp_path):
    result = CALLS[name]()
    assert result.name == name and result.title and result.definition
    assert all(isinstance(v, float) for v in result.figures.values()), result.figures
    result.table.to_parquet(tmp_path / "t.parquet", index=False)
    assert len(pd.read_parquet(tmp_path / "t.parquet")) == len(result.table)
    assert result.summary().startswith(str(result.title))


def test_public_recipes_have_type_hints_and_docstrings():
    for name in recipes.RECIPES:
        function = getattr(recipes, name)
        assert function.__doc__, name
        hints = inspect.signature(function)
        assert hints.return_annotation in ("RecipeResult", recipes.RecipeResult), name
