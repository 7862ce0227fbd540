"""A result pinned from a question in another language is titled in the report's language."""

from __future__ import annotations

import pytest

from analyst.recipes.breakdown import BREAKDOWN_DEFINITION
from analyst.report.build import Pin
from analyst.report.definitions import definition_text
from analyst.session.analysis import Analysis


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
def test_an_english_question_pinned_to_a_chinese_report_gets_a_chinese_title(tmp_path):
    path = tmp_path / "销售.csv"
    path.write_text("产品,收入\n手表,100\n耳机,250\n充电宝,90\n键盘,40\n鼠标,30\n",
                    encoding="utf-8")
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(path)
        list(analysis.ask("top 3 products", brain="offline"))
        answer = analysis.history[-1]
        assert answer.ok, answer.text
        report = analysis.report(pins=[Pin(0, answer.steps[0].number)], language="zh")
    (section,) = report.sections
    assert section.title == "收入前3名产品"
    english = build_report_title_in_english(tmp_path)
    assert english.startswith("Top 3")


def build_report_title_in_english(tmp_path):
    with Analysis.open(tmp_path / "ws") as analysis:
        report = analysis.report(pins=[Pin(0, 1)], language="en")
    return report.sections[0].title


def test_no_definition_points_at_a_key_figures_section_the_report_may_lack():
    for lang in ("zh", "uk", "ru"):
        text = definition_text("breakdown", BREAKDOWN_DEFINITION, {}, lang)
        assert "关键数据" not in text and "показник" not in text, text
