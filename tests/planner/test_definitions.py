"""The methodology appendix states each recipe's rule in the report's language, numbers included."""

from __future__ import annotations

import re

import pytest

from analyst.catalogue import keys, message
from analyst.recipes import catalog
from analyst.recipes.dynamics import definition as dynamics_definition
from analyst.recipes.ranking import abc_definition, top_n_definition
from analyst.recipes.registry import registry
from analyst.report.definitions import CONTEXT, definition_text
from analyst.words.note import RecipeNote

PLANNER_RECIPES = ("kpi_summary", "period_dynamics", "top_n", "abc_analysis", "breakdown",
                   "margin_by", "funnel_conversion", "pnl_summary")


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
@pytest.mark.parametrize("recipe", PLANNER_RECIPES)
def test_every_planner_recipe_definition_is_translated(recipe, language):
    english = catalog.DEFINITIONS[recipe]
    translated = definition_text(recipe, english, {}, language)
    assert translated != english
    assert "{" not in translated and "}" not in translated


def test_abc_thresholds_are_the_ones_used():
    def said(a: float, b: float, language: str) -> str:
        return definition_text("abc_analysis", abc_definition(a, b), {"a": a, "b": b}, language)

    assert "Клас A: накопичена частка ≤ 80%; клас B: ≤ 95%" in said(0.80, 0.95, "uk")
    assert "Класс A: накопленная доля ≤ 70%; класс B: ≤ 90%" in said(0.70, 0.90, "ru")
    assert "A 类：累计占比 ≤ 75%；B 类：≤ 92%" in said(0.75, 0.92, "zh")


def test_top_n_says_its_n_and_the_other_row_by_its_local_name():
    assert "наведено перші 5, а решту (за потреби) підсумовано в один рядок «Інші»" in (
        definition_text("top_n", top_n_definition(5), {"n": 5}, "uk"))


def test_periods_are_named_per_frequency():
    def said(freq: str, language: str) -> str:
        return definition_text("period_dynamics", dynamics_definition(freq), {"freq": freq}, language)

    assert "за кожен календарний тиждень (з понеділка по неділю" in said("W", "uk")
    assert "по календарным кварталам" in said("Q", "ru")
    assert "金额按自然月汇总" in said("M", "zh")


def test_unknown_text_and_english_stay_as_they_are():
    own = "A model's own definition."
    assert definition_text("abc_analysis", own, {}, "uk") == own
    english = catalog.DEFINITIONS["abc_analysis"]
    assert definition_text("abc_analysis", english, {}, "en") == english
    outliers = catalog.DEFINITIONS["outliers"]
    assert definition_text("outliers", outliers, {}, "uk") == outliers


def test_a_changed_wording_is_not_translated_as_if_it_were_the_rule():
    # Same thresholds, but a different rule: the translation would misstate it.
    altered = abc_definition(0.8, 0.95).replace("INCLUDING", "EXCLUDING")
    assert definition_text("abc_analysis", altered, {}, "uk") == altered
    # Other thresholds than the call's: the rule said would not be the one applied.
    assert definition_text("abc_analysis", abc_definition(0.7, 0.9), {}, "uk") == abc_definition(0.7, 0.9)


def test_every_language_has_every_definition():
    named = {unit.said.key.format(freq=f) for unit in registry().values() if unit.said
             for f in "MWQ"}
    for language in ("en", "uk", "ru", "zh"):
        assert named <= set(keys(CONTEXT, language)), language


@pytest.mark.parametrize(("note", "expected"), [
    (RecipeNote("note_no_order", 12, rows=12, column="Order"),
     "12 рядків без «Order»; їх не враховано як замовлення."),
    (RecipeNote("note_losses", 3, rows=3, by="Product", names="Tea, Cocoa"),
     "3 значення «Product» збиткові (собівартість вища за виручку): Tea, Cocoa."),
    (RecipeNote("note_loss_periods", 2, rows=2, names="2026-01, 2026-03"),
     "2 збиткові періоди: 2026-01, 2026-03."),
    (RecipeNote("note_tie", 2, rows=2, n=10, total=1234.5, names="A, B"),
     "2 позиції ділять місце 10 із сумою 1\u00a0234,50 (A, B); наведено перші за абеткою."),
    (RecipeNote("note_guessed_opex", names="Misc"),
     "Не розпізнано за назвою, враховано як операційні витрати: Misc."),
])
def test_common_recipe_notes_in_ukrainian(note, expected):
    assert note.render("uk") == expected


FINANCE_DEFINITIONS = ("finance_ask", "line_growth", "budget_to_date", "rank_items",
                       "period_extreme")


@pytest.mark.parametrize("language", ["uk", "ru", "zh"])
def test_the_finance_recipes_definitions_leave_no_english(language):
    """Issue 11, point 3: the seven finance_ask recipes (four definitions) in the appendix."""
    from analyst.recipes import finance_ask, finance_budget, finance_ranking
    from analyst.recipes.period_extreme import EXTREME_DEFINITION

    texts = {"finance_ask": finance_ask.DEFINITION, "line_growth": finance_ask.GROWTH_DEFINITION,
             "budget_to_date": finance_budget.BUDGET_DEFINITION,
             "rank_items": finance_ranking.RANKING_DEFINITION,
             "period_extreme": EXTREME_DEFINITION}
    for name in FINANCE_DEFINITIONS:
        english = texts[name]
        recipe = next(n for n, u in registry().items() if u.said and u.said.key == name)
        translated = definition_text(recipe, english, {}, language)
        assert translated == message(language, CONTEXT, name)
        # No English word left: Latin letters only as the formulas' single symbols.
        assert not re.findall(r"[A-Za-z]{2,}", translated), translated
        # The same rule: the same numbers and operators as the English text.
        assert re.findall(r"\d+", translated) == re.findall(r"\d+", english)
        assert translated.count("=") == english.count("=")
