"""Cost columns read as money by the ingester lead the planner to margins and the P&L."""

from __future__ import annotations

from pathlib import Path

from analyst.brain import standard_plan
from analyst.ingest import ingest_file
from sandbox import Workspace


def _cards(tmp_path: Path, name: str, text: str, encoding: str = "utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return ingest_file(path, Workspace(tmp_path / "ws"))


def test_a_sales_table_with_a_plain_cost_column_gets_a_margin_step(tmp_path):
    cards = _cards(tmp_path, "sales.csv", "Product,Category,Revenue,Cost\n"
                   "Pen,Office,100,60\nPaper,Office,250,200\nDesk,Furniture,900,500\n"
                   "Chair,Furniture,400,300\n")
    plan = standard_plan(cards)
    margin = [s for s in plan.steps if s.recipe == "margin_by"]
    assert margin and margin[0].arguments["cost"] == "Cost"


def test_a_ukrainian_pnl_with_plain_numbers_is_a_pnl(tmp_path):
    cards = _cards(tmp_path, "pnl.csv", "Місяць;Виручка;Собівартість;Зарплата;Оренда\n"
                   "31.01.2026;120000;50000;30000;8000\n28.02.2026;130000;52000;30000;8000\n",
                   encoding="cp1251")
    (step,) = standard_plan(cards, "uk").steps
    assert step.recipe == "pnl_summary"
    assert step.arguments == {"date": "Місяць", "revenue": "Виручка", "cogs": "Собівартість",
                              "opex": ["Зарплата", "Оренда"]}


def test_the_margin_chart_axis_is_titled_in_the_readers_language(tmp_path):
    cards = _cards(tmp_path, "продажі.csv", "Товар;Категорія;Виручка;Собівартість\n"
                   "Ручки;Офіс;100;60\nПапір;Офіс;250;200\nСтіл;Меблі;900;500\n", "cp1251")
    (margin,) = [s for s in standard_plan(cards, "uk").steps if s.recipe == "margin_by"]
    assert "value_label='Валовий прибуток'" in margin.code
    (english,) = [s for s in standard_plan(cards, "en").steps if s.recipe == "margin_by"]
    assert "value_label" not in english.code


def test_the_steps_draw_their_charts_in_the_readers_language(tmp_path):
    cards = _cards(tmp_path, "продажі.csv", "Товар;Категорія;Виручка;Собівартість\n"
                   "Ручки;Офіс;100;60\nПапір;Офіс;250;200\nСтіл;Меблі;900;500\n", "cp1251")
    for step in standard_plan(cards, "uk").steps:
        assert "chart = replace(chart, language='uk')" in step.code, step.description
    assert not any("language=" in s.code for s in standard_plan(cards, "en").steps)
