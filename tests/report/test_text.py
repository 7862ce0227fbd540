"""User and model text reaches reportlab escaped, and comes out exactly as written."""

from reportlab.platypus import Paragraph

from analyst.report.text import clean, contains_cjk, escape, para_text, paragraphs, truncate


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
