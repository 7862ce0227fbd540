"""The questions an operations user asks first of an orders file with an "Order ID" and an
"Order Date": "how many orders were returned" and "number of orders by region" were asked
back between order IDs and order dates; "what percentage of orders were returned" offered
each order's own share (0% or 100%); "percentage of orders by channel" was refused as if
each channel were one row a date; "what percentage of revenue comes from hardware" was
refused for want of a grouping. The orders are the things the id names; a share of a
total is the rows' total meeting the condition over the whole's. Where an order has
several lines, a share of the rows is not a share of the orders: declined. Generated
files, many phrasings, the offline path.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

REGIONS, CHANNELS = ["North", "South", "West"], ["Online", "Retail"]
CATEGORIES = {"Laptop": "Hardware", "Monitor": "Hardware", "Mouse": "Accessories",
              "Support": "Services"}


def _orders(seed: int, path: Path, lines: bool = False) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(80, 200)
    ids = [f"SO-{1000 + (i // 2 if lines else i)}" for i in range(n)]
    product = [rng.choice(sorted(CATEGORIES)) for _ in range(n)]
    frame = pd.DataFrame({
        "Order ID": ids,
        "Order Date": [f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
                       for _ in range(n)],
        "Region": [rng.choice(REGIONS) for _ in range(n)],
        "Channel": [rng.choice(CHANNELS) for _ in range(n)],
        "Product": product,
        "Category": [CATEGORIES[p] for p in product],
        "Revenue": [round(rng.uniform(10, 900), 2) for _ in range(n)],
        "Units": [rng.randint(1, 12) for _ in range(n)],
        "Returned": [rng.choice(["Yes", "No", "No", "No"]) for _ in range(n)],
    })
    frame.to_csv(path, index=False)
    return frame


def _share(frame: pd.DataFrame, part: pd.Series, whole: pd.Series | None = None,
           measure: str | None = None) -> float:
    whole = pd.Series(True, index=frame.index) if whole is None else whole
    if measure is None:
        return float(part[whole].mean() * 100)
    return float(frame.loc[whole & part, measure].sum() / frame.loc[whole, measure].sum() * 100)


def _value(analysis, question: str) -> float:
    return figures(ask(analysis, question)).figures["value"]


@pytest.mark.parametrize("seed", range(3))
def test_orders_are_counted_and_shared_by_their_ids(opened, tmp_path: Path, seed: int) -> None:
    frame = _orders(seed, tmp_path / "orders.csv")
    analysis = opened(f"orders{seed}", tmp_path / "orders.csv")
    returned = frame["Returned"] == "Yes"
    channel, region = CHANNELS[seed % 2], REGIONS[seed % 3]
    for question in ["how many orders were returned", "number of returned orders"]:
        assert _value(analysis, question) == returned.sum(), question
    for question, want in [
        ("what percentage of orders were returned", _share(frame, returned)),
        ("what share of orders were returned", _share(frame, returned)),
        (f"what percentage of {channel} orders were returned",
         _share(frame, returned, frame["Channel"] == channel)),
        (f"what share of returned orders came from the {region} region",
         _share(frame, frame["Region"] == region, returned)),
        (f"share of {region} orders among returned orders",
         _share(frame, frame["Region"] == region, returned)),
    ]:
        assert close(_value(analysis, question), want), (question, want)
    for question, key in [("share of orders by region", "Region"),
                          ("percentage of orders by channel", "Channel"),
                          ("number of orders by region", "Region")]:
        got = figures(ask(analysis, question))
        assert got.query.group_by == (key,), (question, got.query)
        counts = frame.groupby(key).size()
        want = (counts / counts.sum() * 100) if "share" in question or "percent" in question \
            else counts
        assert {row[key] for row in got.head} == set(want.index), question
        for row in got.head:
            value = row["share_pct"] if "share_pct" in row else next(
                v for c, v in row.items() if c != key)
            assert close(value, float(want[row[key]])), (question, row)


@pytest.mark.parametrize("seed", range(3))
def test_a_share_of_a_total_is_of_the_whole_the_words_name(opened, tmp_path: Path,
                                                           seed: int) -> None:
    frame = _orders(seed, tmp_path / "orders.csv")
    analysis = opened(f"orders{seed}", tmp_path / "orders.csv")
    region = REGIONS[seed % 3]
    hardware, laptop = frame["Category"] == "Hardware", frame["Product"] == "Laptop"
    in_region = frame["Region"] == region
    for question, want in [
        ("what percentage of revenue comes from hardware", _share(frame, hardware, None,
                                                                  "Revenue")),
        ("share of Revenue from Hardware", _share(frame, hardware, None, "Revenue")),
        (f"share of revenue from the {region} region", _share(frame, in_region, None,
                                                              "Revenue")),
        (f"what percentage of {region} revenue comes from laptops",
         _share(frame, laptop, in_region, "Revenue")),
        (f"what percent of the revenue of {region} came from Laptop",
         _share(frame, laptop, in_region, "Revenue")),
        ("percentage of units sold online", _share(frame, frame["Channel"] == "Online", None,
                                                   "Units")),
        (f"what share of units were sold in the {region}", _share(frame, in_region, None,
                                                                  "Units")),
    ]:
        assert close(_value(analysis, question), want), (question, want)


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("question", [
    "what percentage of orders were returned", "share of orders by region",
])
def test_a_share_of_orders_with_several_lines_states_no_figure(opened, tmp_path: Path,
                                                                seed: int, question: str) -> None:
    """Each order has two lines: the share of the lines is not the share of the orders."""
    _orders(seed, tmp_path / "lines.csv", lines=True)
    analysis = opened(f"lines{seed}", tmp_path / "lines.csv")
    answer = ask(analysis, question)
    assert not answer.ok and not answer.steps, answer.text
    assert not re.search(r"\d+(\.\d+)?%", answer.text), answer.text


@pytest.mark.parametrize("question", [
    "what percentage of revenue comes from hardware in the North",
    "share of revenue", "what percentage of revenue and units comes from hardware",
])
def test_a_share_of_a_total_whose_part_is_not_said_is_declined(opened, tmp_path: Path,
                                                                question: str) -> None:
    _orders(0, tmp_path / "orders.csv")
    analysis = opened("orders0", tmp_path / "orders.csv")
    answer = ask(analysis, question)
    assert not answer.ok and not answer.steps, answer.text
