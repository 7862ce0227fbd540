"""Ukrainian, Russian, Chinese and Japanese reports are readable, proven by rendering.

Text extraction is no proof: a font without the glyphs still extracts the right text and
draws boxes. Boxes all look alike, so two words of the same length drawn as boxes give
identical pixels; drawn with real glyphs they differ. Each test renders the same report
twice with one heading word changed and requires the pixels to differ.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas

from analyst.report import KPI, FontUnavailable, Report, Section, render_pdf
from analyst.report import fonts as report_fonts


def rendered(probe, report: Report) -> np.ndarray:
    return probe(render_pdf(report)).render(dpi=72, first=1, last=1)[0]


def differing_pixels(a: np.ndarray, b: np.ndarray) -> int:
    return int((np.abs(a - b) > 0.25).sum())


def test_the_method_catches_boxes_control_with_helvetica(tmp_path, probe):
    """Control: Helvetica has no Cyrillic; two different words render as identical boxes."""
    images = []
    for word in ("Выручка", "Затраты"):
        path = tmp_path / f"{word}.pdf"
        c = canvas.Canvas(str(path), pagesize=(400, 100))
        c.setFont("Helvetica", 40)
        c.drawString(10, 30, word)
        c.save()
        images.append(probe(path.read_bytes()).render(dpi=72)[0])
    assert (images[0] < 0.5).sum() > 100  # ink: the boxes
    assert differing_pixels(*images) == 0


@pytest.mark.parametrize(
    ("word_a", "word_b", "expected_font"),
    [
        ("Виторг", "Витрат", "DejaVuSans"),  # Ukrainian
        ("Выручка", "Затраты", "DejaVuSans"),  # Russian
        ("销售额", "利润率", "WenQuanYiMicroHei"),  # Chinese
        ("売上かな", "原価カナ", "WenQuanYiMicroHei"),  # Japanese, kanji and kana
    ],
)
def test_headings_render_real_glyphs(word_a, word_b, expected_font, probe):
    def report(word: str) -> Report:
        return Report(f"{word} 2026", sections=(Section(word, f"{word}: 1,234.50"),))

    pdf = probe(render_pdf(report(word_a)))
    fonts = pdf.fonts()
    assert all(font.embedded for font in fonts), fonts
    assert any(expected_font in font.name for font in fonts), fonts
    assert word_a in pdf.text
    page_a = pdf.render(dpi=72, first=1, last=1)[0]
    page_b = rendered(probe, report(word_b))
    assert (page_a < 0.5).sum() > 500
    assert differing_pixels(page_a, page_b) > 150


def test_cyrillic_inside_a_chinese_report_also_renders(probe):
    def report(word: str) -> Report:
        return Report("销售报告", sections=(Section(word, "Київ і Шеньчжень"),))

    a, b = rendered(probe, report("Виторг")), rendered(probe, report("Витрат"))
    assert differing_pixels(a, b) > 40  # three letters differ; boxes would give 0


def test_every_character_of_a_chinese_report_is_in_the_embedded_font():
    report_fonts.cjk_fonts()
    face = pdfmetrics.getFont("AnalystCJK").face
    text = "销售额按地区 利润率 第一季度 Выручка Revenue €1,234.50 —"
    assert [c for c in text if ord(c) not in face.charToGlyph and not c.isspace()] == []


def test_a_chinese_report_uses_chinese_labels_and_wraps_long_chinese_cells(probe):
    table = pd.DataFrame({
        "地区": ["华南", "华东"],
        "说明": ["销售额持续增长" * 30, "利润率下降"],
        "销售额": [1234567.5, 890.25],
    })
    report = Report("销售报告", subtitle="销售数据.xlsx · 2026年1-10月",
                    kpis=(KPI("销售额", 1235457.75, "money", "CNY"),),
                    sections=(Section("按地区", "华南领先。", None, table, {"销售额": "money"}, "CNY"),))
    pdf = probe(render_pdf(report))
    text = pdf.text
    assert "执行摘要" in text  # "Executive summary"
    assert "¥1,235,457.75" in text
    assert "华南 " in text and "¥1,234,567.50" in text
    assert "第 1 页，共 1 页" in text
    assert all(font.embedded for font in pdf.fonts())
    page = pdf.render(dpi=50)[0]
    assert page.std() > 0.02


def test_a_missing_cjk_font_says_which_package_to_install(monkeypatch, tmp_path):
    monkeypatch.setattr(report_fonts, "WQY_PATH", tmp_path / "absent.ttc")
    with pytest.raises(FontUnavailable, match="fonts-wqy-microhei"):
        render_pdf(Report("销售报告"))


def test_latin_only_reports_do_not_need_the_cjk_font(monkeypatch, tmp_path, probe):
    monkeypatch.setattr(report_fonts, "WQY_PATH", tmp_path / "absent.ttc")
    pdf = probe(render_pdf(Report("Виторг за жовтень і листопад", kpis=(KPI("Виторг", 10.5, "money", "UAH"),))))
    assert "10,50 грн" in pdf.text  # a Ukrainian report writes hryvnias the Ukrainian way
    assert "Стислий огляд" in pdf.text  # Ukrainian labels, detected from the title


def test_the_language_hint_wins_over_detection(probe):
    pdf = probe(render_pdf(Report("Выручка", language_hint="uk-UA")))
    assert "Сторінка 1 з 1" in pdf.text
    assert "Page 1 of 1" in probe(render_pdf(Report("Выручка", language_hint="en"))).text
