"""User and model text reaches reportlab escaped, and comes out exactly as written."""


import re

import pytest
from reportlab.platypus import Paragraph

from analyst.report.text import (
    clean,
    contains_cjk,
    download_name,
    escape,
    para_text,
    paragraphs,
    truncate,
)


def test_markup_characters_are_escaped():
    assert escape("x<y>z & </para>") == "x&lt;y&gt;z &amp; &lt;/para&gt;"


def test_escaped_text_survives_a_reportlab_paragraph_literally():
    for text in ("x<y>z", "a </b> c", "<b>bold?</b>", "AT&T", "</para>", '"quoted"'):
        assert Paragraph(escape(text)).getPlainText() == text


def test_newlines_become_line_breaks_and_long_text_is_cut():
    assert para_text("a<b\nc") == "a&lt;b<br/>c"
    assert para_text("x" * 50, limit=10) == "x" * 9 + "\u2026"


def test_truncate_marks_the_cut_with_an_ellipsis():
    assert truncate("abcdef", 4) == "abc\u2026"
    assert truncate("abc", 4) == "abc"


def test_control_characters_and_lone_surrogates_are_removed():
    assert clean("a\x00b\x0bc\td\r\ne") == "abc\td\ne"
    assert clean("x\ud800y") == "x\ufffdy"
    assert clean(None) == ""


def test_narratives_split_into_paragraphs_on_blank_lines():
    assert paragraphs("One.\nStill one.\n\n  \nTwo.") == ["One.\nStill one.", "Two."]


def test_cjk_is_detected_in_chinese_japanese_and_korean_only():
    assert contains_cjk(["销售额"])
    assert contains_cjk(["かな"])
    assert contains_cjk(["매출"])
    assert not contains_cjk(["Выручка", "Revenue", "\u20ac", "\U0001f4c8"])


@pytest.mark.parametrize(("title", "expected"), [
    ("Sales report: sales_export", "Sales report - sales_export"),
    ("Звіт про продажі: продажі_липень, залишки", "Звіт про продажі - продажі_липень, залишки"),
    ("Отчёт: продажи/склад", "Отчёт - продажи - склад"),
    ("销售报告：销售", "销售报告 - 销售"),
    ("Q3/Q4 results | draft", "Q3 - Q4 results - draft"),
    ("<b>Board</b> pack?*", "b Board - b pack"),
    ("Report: a: b", "Report - a - b"),
    ("   ", "report"),
    ("x" * 300, "x" * 120),
])
def test_download_names_come_from_the_title_without_odd_characters(title, expected):
    for extension in ("pdf", "xlsx"):
        name = download_name(title, extension)
        assert name == f"{expected}.{extension}"
        assert not re.search(r'[\\/:*?"<>|]|_\s|\s_', name)  # never "Sales report_ file"
