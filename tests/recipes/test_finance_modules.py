"""The answers to one finance question live in three modules (`finance_ask`, `finance_budget`,
`finance_ranking`): each recipe is registered once under its old name, and code written when
all seven were `finance_ask`'s still finds them there."""

from analyst import recipes
from analyst.recipes import finance_ask, finance_budget, finance_ranking
from analyst.recipes.registry import registry

QUESTION_RECIPES = ("statement_figure", "loss_months", "largest_expenses", "statement_margins",
                    "line_growth", "budget_to_date", "rank_items")


def test_the_question_recipes_are_registered_once_under_their_names() -> None:
    assert recipes.QUESTION_RECIPES[:len(QUESTION_RECIPES)] == QUESTION_RECIPES
    assert registry()["budget_to_date"].function is finance_budget.budget_to_date
    assert registry()["rank_items"].function is finance_ranking.rank_items
    assert recipes.budget_to_date is finance_budget.budget_to_date
    assert recipes.rank_items is finance_ranking.rank_items


def test_finance_ask_still_exports_what_moved_out_of_it() -> None:
    from analyst.recipes.finance_ask import budget_to_date, rank_items

    assert budget_to_date is finance_budget.budget_to_date
    assert rank_items is finance_ranking.rank_items
    assert finance_ask.BUDGET_DEFINITION == finance_budget.BUDGET_DEFINITION
    assert finance_ask.RANKING_DEFINITION == finance_ranking.RANKING_DEFINITION
