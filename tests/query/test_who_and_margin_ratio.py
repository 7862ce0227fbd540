""""Who" asks for a person's total, and "margin" is a ratio: neither is answered with another
question's figure.

Found on an orders table nobody here wrote: "who spent the least" was answered with the
smallest single order (no customer named); "which product has the highest margin" listed the
products by gross profit amount (the product with the most profit is not the one with the
highest margin); "margin by month", "profit margin by month", "margin trend",
"маржинальність по місяцях" gave the gross profit of each month. Now "who" groups by the one
column of people the verb points at (buyers for "spent", sellers for "sold") or is declined
when there is none or more than one; the highest and lowest margin are the margin recipe's
(by margin %); a margin over periods or a top N by margin is declined by name. Generated
tables (headers, sizes and values vary); the real offline path; figures checked by pandas.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from analyst.session.analysis import Analysis
from tests.query.asking import ask

CUSTOMERS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Tyrell"]
SELLERS = ["Alice Moreau", "Bogdan Ivanenko", "Chen Wei", "Dora Kahn"]
PRODUCTS = ["Chair", "Desk", "Lamp", "Sofa", "Shelf"]
HEADERS = [  # date, region, product, buyer, seller (None: no seller column), revenue, cost
    ("Order Date", "Region", "Product", "Customer", None, "Revenue", "Cost"),
    ("Date", "Territory", "Item", "Client", "Sales Rep", "Sales", "COGS"),
    ("Invoice date", "Region", "Product name", "Customer name", "Salesperson", "Net sales",
     "Cost of sales"),
    ("date", "region", "sku", "buyer", None, "amount", "cost"),
]


def _table(seed: int, folder: Path) -> tuple[Path, pd.DataFrame, tuple]:
    rng = random.Random(seed)
    head = HEADERS[seed % len(HEADERS)]
    rows = rng.randint(120, 400)
    # Each product its own cost ratio; the cheapest-margin product sells most, so the most
    # profit and the highest margin are different products.
    ratios = dict(zip(PRODUCTS, rng.sample([0.35, 0.45, 0.55, 0.65, 0.8], 5), strict=True))
    volume = max(PRODUCTS, key=lambda p: ratios[p])
    products = [rng.choice([volume] * 6 + PRODUCTS) for _ in range(rows)]
    revenue = [round(rng.uniform(10, 2000), 2) for _ in range(rows)]
    frame = pd.DataFrame({
        head[0]: [f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" for _ in range(rows)],
        head[1]: [rng.choice(["North", "South", "East", "West"]) for _ in range(rows)],
        head[2]: products,
        # Skewed: the customer of the most rows, or of the largest order, is not the one who
        # spent the most.
        head[3]: [rng.choice(CUSTOMERS[:3] * 3 + CUSTOMERS) for _ in range(rows)],
        head[5]: revenue,
        head[6]: [round(r * ratios[p] * rng.uniform(0.95, 1.05), 2)
                  for r, p in zip(revenue, products, strict=True)],
    })
    if head[4]:
        frame.insert(4, head[4], [rng.choice(SELLERS) for _ in range(rows)])
    path = folder / f"orders{seed}.csv"
    frame.to_csv(path, index=False)
    return path, frame, head


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    out, opened = {}, []
    try:
        for seed in range(4):
            analysis = Analysis.open(tmp_path_factory.mktemp(f"ws{seed}"), backend="local")
            opened.append(analysis)
            path, frame, head = _table(seed, tmp_path_factory.mktemp(f"t{seed}"))
            analysis.add_file(path)
            out[seed] = (analysis, frame, head)
        yield out
    finally:
        for analysis in opened:
            analysis.close()


def _first_named(text: str, names: list[str]) -> str | None:
    at = {name: text.find(name) for name in names if name in text}
    return min(at, key=at.__getitem__) if at else None


BUYER_QUESTIONS = [("who spent the least", False), ("who spent the most", True),
                   ("who paid the most", True), ("who paid the least", False),
                   ("who spends the least", False)]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("question", "most"), BUYER_QUESTIONS)
def test_who_spent_is_the_buyer_with_that_total(tables, seed: int, question: str,
                                               most: bool) -> None:
    analysis, frame, head = tables[seed]
    answer = ask(analysis, question)
    spent = frame.groupby(head[3])[head[5]].sum().sort_values(ascending=not most)
    single = frame[head[5]].max() if most else frame[head[5]].min()
    assert answer.ok, (question, answer.text[:300])  # one column of buyers: it is the answer
    assert _first_named(answer.text, CUSTOMERS) == spent.index[0], (answer.text[:300],
                                                                    spent.head(3).to_dict())
    figures = [v for s in answer.steps if s.figures for row in s.figures.head
               for v in row.values() if isinstance(v, float)]
    assert round(spent.iloc[0], 2) in [round(v, 2) for v in figures], answer.text[:300]
    assert round(single, 2) not in [round(v, 2) for v in figures] or single == spent.iloc[0]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("question", ["who sold the most", "who sells the most"])
def test_who_sold_is_the_seller_or_declined(tables, seed: int, question: str) -> None:
    analysis, frame, head = tables[seed]
    answer = ask(analysis, question)
    if head[4] is None:  # no column of sellers: the customers are not who sold
        assert not answer.ok or _first_named(answer.text, CUSTOMERS) is None, answer.text[:300]
        return
    if answer.ok:
        sold = frame.groupby(head[4])[head[5]].sum().sort_values(ascending=False)
        assert _first_named(answer.text, SELLERS) == sold.index[0], answer.text[:300]


@pytest.mark.parametrize("seed", [1, 2])  # the tables with a buyer and a seller column
@pytest.mark.parametrize("question", ["who has the highest revenue", "who is the biggest"])
def test_who_with_two_columns_of_people_is_declined(tables, seed: int, question: str) -> None:
    analysis, _, head = tables[seed]
    question = question.replace("revenue", head[5].lower())
    answer = ask(analysis, question)
    assert not answer.ok, (question, answer.text[:300])


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("question", "highest"), [
    ("which {item} has the highest margin", True), ("which {item} has the lowest margin", False),
    ("{item} with the highest gross margin", True), ("highest margin {item}", True)])
def test_the_highest_margin_is_by_margin_not_by_profit(tables, seed: int, question: str,
                                                        highest: bool) -> None:
    analysis, frame, head = tables[seed]
    item = {"Item": "item", "Product name": "product", "sku": "sku"}.get(head[2], "product")
    answer = ask(analysis, question.format(item=item))
    totals = frame.groupby(head[2])[[head[5], head[6]]].sum()
    margin = ((totals[head[5]] - totals[head[6]]) / totals[head[5]] * 100).sort_values(
        ascending=not highest)
    profit = (totals[head[5]] - totals[head[6]]).sort_values(ascending=False)
    assert profit.index[0] != margin.sort_values().index[-1]  # the table tells them apart
    if not answer.ok:
        return
    said = f"{margin.index[0]} ({margin.iloc[0]:.1f}%)"
    assert said in answer.text, (question, said, answer.text[:400])


OVER_PERIODS = ["margin by month", "profit margin by month", "margin trend",
                "gross margin by quarter", "monthly margin", "маржинальність по місяцях",
                "маржа по місяцях", "top 3 {item}s by margin", "bottom 2 {item}s by margin"]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("question", OVER_PERIODS)
def test_a_margin_is_never_answered_with_profit_amounts(tables, seed: int, question: str) -> None:
    analysis, frame, head = tables[seed]
    answer = ask(analysis, question.format(item="product"))
    if not answer.ok:
        return
    profit = frame[head[5]].sum() - frame[head[6]].sum()
    stated = [float(v) for s in answer.steps if s.figures for v in s.figures.figures.values()
              if isinstance(v, (int, float))]
    # A profit amount (the total, or the gross-profit series of a period chart) as the
    # answer to a ratio is another question's figure.
    assert round(profit, 2) not in [round(v, 2) for v in stated], (question, answer.text[:300])
    assert not any(s.recipe in ("period_dynamics", "top_n") for s in answer.steps), (
        question, answer.text[:300])
