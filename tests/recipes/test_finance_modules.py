"""The answers to one finance question live in three modules (`finance_ask`, `finance_budget`,
`finance_ranking`): each recipe is registered once under its old name (the code the brain
writes calls `recipes.<name>`, never a module)."""

from analyst import recipes
from analyst.recipes import finance_budget, finance_ranking
from analyst.recipes.registry import registry

QUESTION_RECIPES = ("statement_figure", "loss_months", "largest_expenses", "statement_margins",
                    "line_growth", "budget_to_date", "rank_items")


def test_the_question_recipes_are_registered_once_under_their_names() -> None:
    assert recipes.QUESTION_RECIPES[:len(QUESTION_RECIPES)] == QUESTION_RECIPES
    assert registry()["budget_to_date"].function is finance_budget.budget_to_date
    assert registry()["rank_items"].function is finance_ranking.rank_items
    assert recipes.budget_to_date is finance_budget.budget_to_date
    assert recipes.rank_items is finance_ranking.rank_items

