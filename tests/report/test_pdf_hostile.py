"""Text from users, files and models cannot break the PDF, and shows exactly as written."""

from __future__ import annotations

import pandas as pd

from analyst.report import KPI, CodeStep, Definition, Report, Section, Source, render_pdf

HOSTILE = "x<y>z </para> <b>bold?</b> AT&T &amp; <font size=40>big</font> \U0001f4c8\U0001f680"


def hostile_report() -> Report:
    table = pd.DataFrame({
        "<th>Name</th>": ["x<y>z", "A" * 10_000, "word " * 2_000, "\U0001f4c8 emoji", "\x00ctl\x0b"],
        "Amount & more": [1.5, -2.25, 3.0, float("nan"), 1e12],
    })
    return Report(
        title="<b>Q1 & Q2</b> </para>",
        subtitle=HOSTILE,
        kpis=(KPI("<i>Revenue</i> & co", 1234.5, "money", "USD", 0.1, "</para>"),),
        sections=(
            Section("</para> section <br/>", HOSTILE + "\n\n" + "z" * 10_000, None, table,
                    {"Amount & more": "money"}, "USD"),
        ),
        sources=(Source("a&b<c>.csv", "0" * 64, "<sheet>", 5, (HOSTILE,), 0),),
        definitions=(Definition("<def>", HOSTILE),),
        steps_code=(CodeStep("<script>", "print('<b>x</b> & </para>')\n" + "y = 1  # " + "q" * 500),),
        notice=HOSTILE,
    )


def test_hostile_text_renders_and_stays_literal(probe):
    pdf = probe(render_pdf(hostile_report()))
    text = pdf.text
    for literal in ("<b>Q1 & Q2</b> </para>", "x<y>z", "</para>", "<b>bold?</b>", "AT&T",
                    "&amp;", "<font size=40>big</font>", "<i>Revenue</i> & co", "<th>Name</th>",
                    "a&b<c>.csv", "<sheet>", "<def>", "print('<b>x</b> & </para>')"):
        assert literal in text, literal


def test_hostile_pdf_has_only_embedded_fonts_and_draws_every_page(probe):
    pdf = probe(render_pdf(hostile_report()))
    assert all(font.embedded for font in pdf.fonts())
    for page in pdf.render(dpi=50):
        assert page.std() > 0.02


def test_a_10000_character_cell_is_cut_with_an_ellipsis(probe):
    text = probe(render_pdf(hostile_report())).text
    assert "A" * 200 in text.replace(" ", "")
    assert "A" * 400 not in text.replace(" ", "")
    assert "\u2026" in text


def test_a_10000_character_narrative_word_is_kept_whole_across_lines(probe):
    text = probe(render_pdf(hostile_report())).text
    assert text.replace(" ", "").count("z" * 1000) >= 1


def test_control_characters_are_dropped_not_fatal(probe):
    assert "ctl" in probe(render_pdf(hostile_report())).text
