"""Top-N with "Other", and ABC analysis with its boundary rule.

The ABC rule (see abc_definition): each item's cumulative share INCLUDES itself; A when it is
<= 80%, B when <= 95%, else C. The item that crosses 80% is therefore B. The largest item is
always A. Equal amounts share the cumulative share at the end of their group.
"""

import math

import pandas as pd
import pytest

from analyst.recipes import RecipeError, abc_analysis, top_n


def items(pairs):
    return pd.DataFrame(pairs, columns=["product", "revenue"])


def classes(result):
    return dict(zip(result.table["product"], result.table["class"], strict=True))


# --- top_n -------------------------------------------------------------------------------

RANKED = items([("a", 50.0), ("c", 30.0), ("b", 30.0), ("d", 10.0), ("e", 7.0), ("e", -2.0)])


def test_top_n_lists_the_largest_and_sums_the_rest_as_other():
    result = top_n(RANKED, "product", "revenue", n=2)
    t = result.table
    assert t["product"].tolist() == ["a", "b", "Other"]
    assert t["revenue"].tolist() == [50.0, 30.0, 45.0]
    assert t["share_pct"].tolist() == [40.0, 24.0, 36.0]
    assert t["rank"].tolist()[:2] == [1, 2] and pd.isna(t["rank"].iloc[2])
    assert t["items"].tolist() == [1, 1, 3]
    assert result.figures == {"total": 125.0, "items": 5.0, "top_total": 80.0,
                              "top_share_pct": 64.0, "other_total": 45.0}


def test_a_tie_at_the_cut_off_is_resolved_alphabetically_and_reported():
    result = top_n(RANKED, "product", "revenue", n=2)
    assert result.table["product"].iloc[1] == "b"  # b and c both 30: b first
    assert any("2 items tie at place 2" in n and "b, c" in n for n in result.texts())


def test_top_n_without_other_and_with_n_larger_than_the_items():
    without = top_n(RANKED, "product", "revenue", n=2, other=False)
    assert without.table["product"].tolist() == ["a", "b"]
    assert without.figures["other_total"] == 45.0  # still reported, just not a row
    everything = top_n(RANKED, "product", "revenue", n=50)
    assert everything.table["product"].tolist() == ["a", "b", "c", "d", "e"]
    assert everything.figures["other_total"] == 0.0


def test_a_real_item_called_other_is_not_merged_with_the_rest():
    df = items([("Other", 100.0), ("x", 50.0), ("y", 10.0), ("z", 5.0)])
    t = top_n(df, "product", "revenue", n=2).table
    assert t["product"].tolist() == ["Other", "x", "All other product"]
    assert t["revenue"].tolist() == [100.0, 50.0, 15.0]


def test_missing_names_are_grouped_as_blank_not_dropped():
    df = items([("a", 6.0), (None, 3.0), ("", 2.0)])
    result = top_n(df, "product", "revenue")
    assert result.table["product"].tolist() == ["a", "(blank)"]
    assert result.table["revenue"].tolist() == [6.0, 5.0]
    assert any("2 rows have no 'product'" in n for n in result.texts())


def test_the_chart_keeps_other_last_and_grey():
    chart = top_n(RANKED, "product", "revenue", n=2, currency="$").chart
    assert chart.kind == "barh" and chart.sort and chart.pinned_last == "Other"
    assert chart.labels == ("a", "b", "Other") and chart.currency == "$"


# --- abc_analysis ------------------------------------------------------------------------

def test_abc_exactly_at_the_thresholds_is_still_a_and_b():
    result = abc_analysis(items([("p1", 60.0), ("p2", 20.0), ("p3", 15.0), ("p4", 5.0)]),
                          "product", "revenue")
    assert classes(result) == {"p1": "A", "p2": "A", "p3": "B", "p4": "C"}
    assert result.table["cumulative_pct"].tolist() == [60.0, 80.0, 95.0, 100.0]
    assert result.figures["a_items"] == 2 and result.figures["b_items"] == 1
    assert result.figures["c_items"] == 1 and result.figures["a_share_pct"] == 80.0


def test_float_rounding_does_not_push_an_item_over_the_boundary():
    # 0.3 + 0.3 + 0.2 == 0.8000000000000002 in floating point; it is 80% and A.
    result = abc_analysis(items([("x", 0.3), ("y", 0.3), ("z", 0.2), ("u", 0.1), ("v", 0.1)]),
                          "product", "revenue")
    assert classes(result) == {"x": "A", "y": "A", "z": "A", "u": "C", "v": "C"}


def test_the_item_that_crosses_the_threshold_is_in_the_next_class():
    result = abc_analysis(items([("a", 50.0), ("b", 40.0), ("c", 10.0)]), "product", "revenue")
    assert classes(result) == {"a": "A", "b": "B", "c": "C"}  # b: 90% > 80%


def test_the_largest_item_is_always_a_even_above_the_threshold():
    result = abc_analysis(items([("big", 90.0), ("s1", 6.0), ("s2", 4.0)]), "product", "revenue")
    assert classes(result) == {"big": "A", "s1": "C", "s2": "C"}  # 96% > 95%


def test_equal_amounts_at_the_boundary_land_in_the_same_class():
    # Without the group rule "k" would be A (70%) and "m" B (90%) only because of their names.
    result = abc_analysis(items([("a", 50.0), ("m", 20.0), ("k", 20.0), ("z", 10.0)]),
                          "product", "revenue")
    assert classes(result) == {"a": "A", "k": "B", "m": "B", "z": "C"}
    assert result.table["product"].tolist() == ["a", "k", "m", "z"]
    assert result.table["cumulative_pct"].tolist() == [50.0, 90.0, 90.0, 100.0]


def test_items_with_net_returns_are_c_and_outside_the_cumulative_share():
    df = items([("q", 80.0), ("r", 15.0), ("u", 5.0), ("s", 30.0), ("s", -40.0), ("t", 0.0)])
    result = abc_analysis(df, "product", "revenue")
    assert classes(result) == {"q": "A", "r": "B", "u": "C", "t": "C", "s": "C"}
    t = result.table.set_index("product")
    assert math.isnan(t.loc["s", "cumulative_pct"]) and t.loc["s", "share_pct"] == -10.0
    assert result.figures["total"] == 90.0  # net, returns included
    assert result.figures["c_share_pct"] == -5.0  # C nets 5 + 0 - 10 against the base of 100
    assert any("2 product have a zero or negative net" in n for n in result.texts())


def test_custom_thresholds_appear_in_the_definition():
    result = abc_analysis(items([("a", 50.0), ("b", 40.0), ("c", 10.0)]), "product", "revenue",
                          a=0.5, b=0.9)
    assert classes(result) == {"a": "A", "b": "B", "c": "C"}
    assert "<= 50%" in result.definition and "<= 90%" in result.definition


def test_the_pareto_chart_has_bars_a_cumulative_line_and_the_threshold_guides():
    chart = abc_analysis(items([("a", 50.0), ("b", 40.0), ("c", 10.0)]), "product", "revenue").chart
    assert chart.kind == "pareto"
    assert chart.series[0].values == (50.0, 40.0, 10.0)
    assert chart.cumulative_pct == (50.0, 90.0, 100.0)
    assert chart.guides_pct == (80.0, 95.0) and chart.groups == ("A", "B", "C")


@pytest.mark.parametrize(("a", "b"), [(0.9, 0.8), (0, 0.5), (0.8, 1.5)])
def test_impossible_thresholds_are_refused(a, b):
    with pytest.raises(RecipeError, match="0 < A < B <= 1"):
        abc_analysis(items([("a", 1.0)]), "product", "revenue", a=a, b=b)


def test_nothing_positive_to_rank_is_a_plain_error():
    with pytest.raises(RecipeError, match="positive total"):
        abc_analysis(items([("a", -1.0), ("b", 0.0)]), "product", "revenue")
