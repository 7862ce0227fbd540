"""Column matching as a spec, on generated tables (column names in four languages, shuffled
order, several renames): a name is kept, a rename is found by values or by being the one
new column of its role, one new column is never the rename of two saved ones, a column
that was there already is never taken for a renamed one, and the rest is asked or named."""

from __future__ import annotations

import random

import pytest

from analyst.datacard import ColumnCard, DataCard
from analyst.recurring.matching import match_steps, normal
from analyst.recurring.model import ColumnRef, TemplateStep
from tests.recurring.months import COLUMNS, REGIONS

ROLES = {"date": "date", "order": "id", "product": "category", "region": "category",
         "channel": "category", "qty": "quantity", "revenue": "money", "cost": "money"}
PRODUCTS = tuple(f"P-{i:03d}" for i in range(12))
CHANNELS = ("Online", "Retail")
VALUES = {"product": PRODUCTS, "region": REGIONS, "channel": CHANNELS}


def _card(columns: dict[str, str], seed: int) -> tuple[DataCard, dict[str, list[str]]]:
    """A card of `columns` (name -> part) in a shuffled order, and its category values."""
    order = list(columns.items())
    random.Random(seed).shuffle(order)
    cards = tuple(ColumnCard(name, "float64", ROLES.get(part, "category"), 0, 10)
                  for name, part in order)
    values = {name: list(VALUES[part]) for name, part in order if part in VALUES}
    return DataCard("apr", "sales_apr.csv", "", None, (), 100, cards, 1, "utf-8", ",",
                    parquet_path="input/apr.parquet"), values


def _step(lang: str, title: str, *parts: str) -> TemplateStep:
    names = COLUMNS[lang]
    refs = tuple(ColumnRef(names[p], ROLES[p], values=VALUES.get(p, ())) for p in parts)
    others = tuple(n for p, n in names.items() if p not in parts)
    return TemplateStep(title, "recipe", refs, recipe="breakdown", others=others)


CASES = [(lang, seed) for lang in COLUMNS for seed in range(3)]


@pytest.mark.parametrize(("lang", "seed"), CASES)
def test_same_names_are_kept_whatever_the_case_spaces_or_order(lang: str, seed: int) -> None:
    names = COLUMNS[lang]
    spelled = {f" {n.upper()} ".replace(" ", "_") if i % 2 else n: p
               for i, (p, n) in enumerate(names.items())}
    card, values = _card(spelled, seed)
    [m] = match_steps([_step(lang, "By region", "region", "revenue")], [card], {"apr": values})
    assert m.ready and set(m.how.values()) == {"name"}
    assert all(normal(m.mapping[names[p]]) == normal(names[p]) for p in ("region", "revenue"))


@pytest.mark.parametrize(("lang", "seed"), CASES)
def test_a_renamed_and_a_dropped_column_are_not_both_given_the_new_one(lang: str,
                                                                       seed: int) -> None:
    """Region renamed "Area", Channel dropped: Area's values are the regions; the channel
    section is named as the one that cannot run, never computed on the regions."""
    names = COLUMNS[lang]
    new = {n: p for p, n in names.items() if p not in ("region", "channel")} | {"Area": "region"}
    card, values = _card(new, seed)
    region, channel = (_step(lang, "Revenue by region", "region", "revenue"),
                       _step(lang, "Revenue by channel", "channel", "revenue"))
    by_region, by_channel = match_steps([region, channel], [card], {"apr": values})
    assert by_region.mapping[names["region"]] == "Area" and by_region.how[names["region"]] == "values"
    assert not by_channel.ready and not by_channel.questions
    [missing] = by_channel.missing
    assert missing.text() == (f"The section “Revenue by channel” cannot run: sales_apr.csv has "
                              f"no column for “{names['channel']}” (a category column).")


@pytest.mark.parametrize(("lang", "seed"), CASES)
def test_the_one_new_column_of_a_role_is_taken_and_old_ones_never(lang: str, seed: int) -> None:
    """Revenue renamed "Net sales": the Cost column that was there already is not a
    candidate, so the new money column is taken by its role."""
    names = COLUMNS[lang]
    new = {n: p for p, n in names.items() if p != "revenue"} | {"Net sales": "revenue"}
    card, values = _card(new, seed)
    [m] = match_steps([_step(lang, "Top", "product", "revenue")], [card], {"apr": values})
    assert m.ready and m.mapping[names["revenue"]] == "Net sales"
    assert m.how[names["revenue"]] == "role"


@pytest.mark.parametrize(("lang", "seed"), CASES)
def test_two_new_candidates_are_asked_about_and_the_answer_is_used(lang: str, seed: int) -> None:
    names = COLUMNS[lang]
    new = ({n: p for p, n in names.items() if p != "revenue"}
           | {"Net sales": "revenue", "Fee": "revenue"})
    card, values = _card(new, seed)
    step = _step(lang, "Top products", "product", "revenue")
    [m] = match_steps([step], [card], {"apr": values})
    [question] = m.questions
    assert question.column == names["revenue"] and set(question.candidates) == {"Net sales",
                                                                               "Fee"}
    assert not m.ready and "“Top products”" in question.text()
    [answered] = match_steps([step], [card], {"apr": values}, {names["revenue"]: "Fee"})
    assert answered.ready and answered.mapping[names["revenue"]] == "Fee"
    assert answered.how[names["revenue"]] == "answer"


def test_the_table_with_the_columns_is_chosen_among_several() -> None:
    names = COLUMNS["en"]
    targets, _ = _card({"Region": "region", "Target": "revenue"}, 1)
    targets = DataCard("targets", "targets.csv", "", None, (), 4, targets.columns, 1, None,
                       ",", parquet_path="input/targets.parquet")
    sales, values = _card({n: p for p, n in names.items()}, 2)
    [m] = match_steps([_step("en", "Top", "product", "revenue")], [targets, sales],
                      {"apr": values})
    assert m.card is sales and m.ready


def test_no_table_at_all_names_every_column() -> None:
    [m] = match_steps([_step("en", "Top", "product", "revenue")], [], {})
    assert [x.column for x in m.missing] == ["Product", "Revenue"] and m.card is None
