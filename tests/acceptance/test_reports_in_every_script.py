"""Issue 5 acceptance: a Ukrainian and a Chinese dataset through the real CLI and the Docker sandbox.

`python -m analyst report FILE -o OUT.pdf --backend docker` runs in a subprocess, as a user
runs it. The PDF is then checked the way a reader sees it:

- `pdffonts`: every font embedded, no Type 3, no base-14 font (Helvetica cannot draw Cyrillic
  or Chinese); the Chinese report embeds WenQuanYi.
- `pdftoppm -r 40`: every page renders to a PNG with ink on it.
- Readable, proven by rendering (see `pdfcheck`): words known to be in the report (the first
  word of its title, product names from the data) are found with their boxes by
  `pdftotext -bbox`, cut out of the page rendered at 300 dpi, split into glyphs, and their
  shapes compared. Missing glyphs render as one repeated box (or a solid bar); real glyphs of
  different characters differ. `test_the_rendering_check_sees_missing_glyphs` proves the
  check fails on a PDF whose font lacks the characters.
- The exact total, computed here with pandas from the generated rows, is in the text, in
  the locale's format ("10 146 227,85" for Ukrainian, "10,964,442.13" for Chinese).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest
from pypdf import PdfReader

from tests.acceptance import pdfcheck
from tests.acceptance.datasets import UK_PRODUCTS, ZH_PRODUCTS, chinese_workbook, ukrainian_export

REPO = Path(__file__).resolve().parents[2]
BASE_14 = ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats")


def analyst(*args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANALYST_"))}
    env["PYTHONPATH"] = str(REPO)
    return subprocess.run([sys.executable, "-m", "analyst", *args], check=False, cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


@dataclass(frozen=True)
class Built:
    language: str
    pdf: Path
    rows: list[tuple]
    words: tuple[str, ...]
    """Words of the data's script that the report must draw readably."""


@pytest.fixture(scope="module", params=["uk", "zh"])
def built(request: pytest.FixtureRequest, docker_image: str,
          tmp_path_factory: pytest.TempPathFactory) -> Built:
    folder = tmp_path_factory.mktemp(request.param)
    if request.param == "uk":
        source = folder / "продажі_I_квартал.csv"
        rows, words = ukrainian_export(source), ("Печиво", "Харків")
    else:
        source = folder / "华南销售.xlsx"
        rows, words = chinese_workbook(source), ("燕麦饼干", "荞麦蜂蜜")
    pdf = folder / "report.pdf"
    run = analyst("report", str(source), "-o", str(pdf), "--backend", "docker",
                  "--workspace", str(folder / "ws"), cwd=folder)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    return Built(request.param, pdf, rows, words)


@pytest.mark.slow  # a real process of our command line
def test_every_font_is_embedded_and_none_is_type3_or_base14(built: Built) -> None:
    fonts = pdfcheck.fonts(built.pdf)
    assert fonts, "pdffonts listed no fonts"
    assert all(f.embedded for f in fonts), fonts
    assert not any(f.type == "Type 3" for f in fonts), fonts
    assert not any(f.name.split("+")[-1].startswith(BASE_14) for f in fonts), fonts
    if built.language == "zh":
        assert any("WenQuanYi" in f.name for f in fonts), fonts


def test_every_page_renders_with_ink(built: Built, tmp_path: Path) -> None:
    pages = pdfcheck.render_pages(built.pdf, tmp_path, dpi=40)
    assert len(pages) == len(PdfReader(built.pdf).pages) >= 3
    assert [p.name for p in pages if pdfcheck.is_blank(p)] == []


def test_the_exact_total_is_in_the_text_in_the_locale_format(built: Built) -> None:
    total = round(pd.DataFrame(built.rows, columns=["day", "product", "region", "qty", "amount"])["amount"].sum(), 2)
    text = "\n".join(page.extract_text() for page in PdfReader(built.pdf).pages)
    # Group separators may be a space, NBSP, a narrow or thin space, or a comma; the decimal
    # mark a point or a comma: spaces are dropped, then both spellings are accepted.
    compact = re.sub(r"\s", "", text)
    english, local = f"{total:,.2f}", f"{total:.2f}".replace(".", ",")
    assert english in compact or local in compact, f"total {english} not in the report"


def test_the_data_script_is_drawn_with_real_glyphs(built: Built, tmp_path: Path) -> None:
    title = PdfReader(built.pdf).metadata.title
    checked = (title.split()[0], *built.words)
    words = pdfcheck.words(built.pdf)
    for text in checked:
        word = next((w for w in words if w.text == text), None)
        assert word is not None, f"{text!r} is not in the report's text"
        [png] = pdfcheck.render_pages(built.pdf, tmp_path, dpi=300, page=word.page)
        image = pdfcheck.crop(pdfcheck.grey(png), word.box, dpi=300)
        letters = len(set(text.rstrip(":")))
        shapes = pdfcheck.distinct_glyph_shapes(image)
        assert shapes >= min(3, letters), f"{text!r} on page {word.page} renders as {shapes} repeated shape(s)"


@pytest.mark.parametrize("text", [ZH_PRODUCTS[4], ZH_PRODUCTS[5], UK_PRODUCTS[4].split()[0]])
def test_the_rendering_check_sees_missing_glyphs(text: str, tmp_path: Path) -> None:
    """The negative control: the same words in a font without their glyphs fail the check."""
    import matplotlib
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    # DejaVu Sans has Cyrillic but no CJK; Helvetica has neither (reportlab draws squares).
    dejavu = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"
    pdfmetrics.registerFont(TTFont("ControlDejaVu", str(dejavu)))
    font = "Helvetica" if text.isascii() or any("а" <= c <= "я" or "А" <= c <= "Я" for c in text) else "ControlDejaVu"
    pdf = tmp_path / "control.pdf"
    page = canvas.Canvas(str(pdf))
    page.setFont(font, 16)
    page.drawString(72, 700, text)
    page.save()
    width = pdfmetrics.stringWidth(text, font, 16)
    box = (72, 842 - 700 - 16, 72 + width, 842 - 700 + 4)  # points from the top of an A4 page
    [png] = pdfcheck.render_pages(pdf, tmp_path, dpi=300)
    image = pdfcheck.crop(pdfcheck.grey(png), box, dpi=300)
    assert (image < 128).any(), "the control drew nothing"
    assert pdfcheck.distinct_glyph_shapes(image) == 1
