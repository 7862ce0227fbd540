"""Charts: every recipe's chart renders to a readable PNG; CJK and Cyrillic labels draw."""

import json
import logging
import warnings

import matplotlib.image
import numpy as np
import pandas as pd
import pytest

from analyst.recipes import (
    ChartSeries,
    ChartSpec,
    abc_analysis,
    draw_chart,
    format_value,
    funnel_conversion,
    period_dynamics,
    pnl_summary,
    render_chart,
    top_n,
)

rng = np.random.default_rng(7)
SALES = pd.DataFrame({
    "date": pd.to_datetime("2026-01-01") + pd.to_timedelta(rng.integers(0, 90, 600), unit="D"),
    "product": [f"Продукт {i}" for i in rng.integers(0, 60, 600)],
    "revenue": rng.gamma(2.0, 500.0, 600).round(2),
})


def ink_fraction(path) -> float:
    """Share of pixels that are not white: 0 means a blank image."""
    pixels = matplotlib.image.imread(path)[..., :3]
    return float((pixels.min(axis=2) < 0.97).mean())


CHARTS = {
    "monthly columns": lambda: period_dynamics(SALES, "date", "revenue", currency="$").chart,
    "weekly line": lambda: ChartSpec(
        kind="line", title="Weekly", labels=tuple(str(i) for i in range(52)),
        series=(ChartSeries("revenue", tuple(float(i * 1000) for i in range(52))),),
        dates=tuple(d.strftime("%Y-%m-%d") for d in pd.date_range("2025-01-06", periods=52, freq="W-MON")),
        unit="money", currency="UAH"),
    "top-n bars": lambda: top_n(SALES, "product", "revenue", n=10).chart,
    "pareto, few items": lambda: abc_analysis(SALES.head(30), "product", "revenue").chart,
    "pareto, many items": lambda: abc_analysis(SALES, "product", "revenue").chart,
    "funnel": lambda: funnel_conversion(pd.DataFrame({"visits": [1000], "leads": [120], "deals": [9]}),
                                        ["visits", "leads", "deals"]).chart,
    "p&l grouped columns": lambda: pnl_summary(
        pd.DataFrame({"m": ["2026-01-01", "2026-02-01"], "rev": [100.0, 80.0], "cogs": [60.0, 70.0],
                      "rent": [30.0, 30.0]}), "m", revenue="rev", cogs="cogs", opex="rent").chart,
}


@pytest.mark.parametrize("name", list(CHARTS))
def test_every_chart_kind_renders_a_non_blank_png_at_200_dpi(name, tmp_path):
    path = render_chart(CHARTS[name](), tmp_path / "chart.png")
    height, width = matplotlib.image.imread(path).shape[:2]
    assert width >= 1400 and height >= 500  # an 8-inch-wide figure at 200 dpi
    assert ink_fraction(path) > 0.02


def test_chinese_and_cyrillic_labels_render_without_missing_glyphs(tmp_path, caplog):
    spec = ChartSpec(
        kind="barh", title="销售额 по регіонах", labels=("华东地区", "Київ", "深圳市南山区科技园"),
        series=(ChartSeries("收入", (1_200_000.0, 3_400.0, 50_000.0)),), value_label="Виручка",
        unit="money", currency="¥", sort=True)
    with warnings.catch_warnings(record=True) as caught, caplog.at_level(logging.WARNING):
        warnings.simplefilter("always")
        path = render_chart(spec, tmp_path / "cjk.png")
    messages = [str(w.message) for w in caught] + [r.getMessage() for r in caplog.records]
    assert not [m for m in messages if "Glyph" in m or "findfont" in m], messages
    assert ink_fraction(path) > 0.02


def test_bars_are_sorted_largest_first_with_other_kept_last():
    spec = ChartSpec(kind="barh", title="t", labels=("small", "Other", "big", "mid"),
                     series=(ChartSeries("v", (1.0, 50.0, 10.0, 5.0)),), sort=True,
                     pinned_last="Other")
    axes = draw_chart(spec).axes[0]
    assert [t.get_text() for t in axes.get_yticklabels()] == ["big", "mid", "small", "Other"]


def test_long_labels_are_wrapped_to_at_most_two_lines():
    label = "A very long product name that would otherwise run across the whole chart area"
    spec = ChartSpec(kind="barh", title="t", labels=(label,), series=(ChartSeries("v", (1.0,)),))
    text = draw_chart(spec).axes[0].get_yticklabels()[0].get_text()
    assert text.count("\n") == 1 and text.endswith("…")


def test_money_axis_uses_thousand_separators_and_the_currency():
    spec = period_dynamics(SALES, "date", "revenue", currency="$").chart
    fig = draw_chart(spec)
    fig.canvas.draw()
    ticks = [t.get_text() for t in fig.axes[0].get_yticklabels() if t.get_text()]
    assert any(t.startswith("$") and "," in t for t in ticks), ticks


@pytest.mark.parametrize(("value", "unit", "currency", "text"), [
    (1234567.891, "money", "$", "$1,234,568"),
    (-56.0, "money", "$", "-$56"),
    (1234.5, "money", "UAH", "1,234 UAH"),
    (12.345, "number", None, "12.35"),
    (12.345, "percent", None, "12.3%"),
    (float("nan"), "number", None, ""),
])
def test_format_value(value, unit, currency, text):
    assert format_value(value, unit, currency) == text


def test_a_result_saves_its_table_and_chart_and_serialises_to_json(tmp_path):
    result = top_n(SALES, "product", "revenue", n=5)
    paths = result.save(tmp_path / "output", "top5")
    assert [p.rsplit("/", 1)[-1] for p in paths] == ["top5.csv", "top5.png"]
    assert pd.read_csv(paths[0])["revenue"].sum() == pytest.approx(SALES["revenue"].sum())
    result.save(tmp_path / "output", "top5", table_format="parquet")
    assert pd.read_parquet(tmp_path / "output" / "top5.parquet").shape == result.table.shape
    data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert data["table"]["columns"][:3] == ["rank", "product", "revenue"]
    assert data["table"]["data"][-1][0] is None  # the "Other" row has no rank


def test_apply_style_makes_the_house_style_and_the_cjk_fallback_the_default():
    import matplotlib

    from analyst.recipes import apply_style

    with matplotlib.rc_context():
        apply_style()
        assert matplotlib.rcParams["font.family"][:2] == ["DejaVu Sans", "WenQuanYi Micro Hei"]
        assert matplotlib.rcParams["savefig.dpi"] == 200


WORDS = ["Ultra-Premium", "Stainless", "Steel", "Espresso", "Machine", "Deluxe", "Edelstahl",
         "Kaffeevollautomat", "Нержавіюча", "кавомашина", "Superkalifragilistisch", "XL", "of"]


@pytest.mark.parametrize("seed", range(60))
def test_chart_labels_wrap_at_word_boundaries_never_mid_word(seed):
    import random

    from analyst.recipes.charts import _wrap

    rng = random.Random(seed)
    label = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 9)))
    width = rng.choice([12, 16, 28])
    wrapped = _wrap(label, width)
    lines = wrapped.split("\n")
    assert 1 <= len(lines) <= 2
    for line in lines:
        for word in line.rstrip("…").split():
            assert word in label.split(), (
                label, wrapped)
    assert wrapped.replace("\n", " ").rstrip("…") == label or wrapped.endswith("…")


@pytest.mark.parametrize("label", ["不锈钢意式浓缩咖啡机豪华版", "华东地区大客户销售部",
                                   "ステンレス製エスプレッソマシン"])
def test_labels_without_spaces_in_cjk_still_wrap(label):
    from analyst.recipes.charts import _wrap

    lines = _wrap(label, 6).split("\n")
    assert len(lines) == 2 and all(len(line.rstrip("…")) <= 6 for line in lines)
