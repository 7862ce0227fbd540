"""Embedded TrueType fonts for the PDF.

reportlab's built-in Helvetica draws Cyrillic and CJK as boxes and CID fonts are not
embedded, so every report uses embedded TTFs: DejaVu Sans (ships inside matplotlib;
Latin, Cyrillic, Greek) or, when the report holds any CJK character, WenQuanYi Micro Hei
(Latin, Cyrillic and CJK; no bold face, so headings rely on size and colour instead).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from analyst.report.model import ReportError

WQY_PATH = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
WQY_PACKAGE = "fonts-wqy-microhei"


class FontUnavailable(ReportError):
    """A font the report needs is not installed; the message says which package to install."""


@dataclass(frozen=True)
class FontSet:
    """Registered reportlab font names for one report."""

    regular: str
    bold: str
    mono: str
    cjk: bool
    """True when the CJK font is in use (it has no real bold; text wraps between characters)."""


_lock = threading.Lock()


def _dejavu_dir() -> Path:
    import matplotlib  # the DejaVu files ship with matplotlib, a dependency anyway

    return Path(matplotlib.get_data_path()) / "fonts" / "ttf"


def _register(name: str, path: Path, subfont: int = 0) -> None:
    if name in pdfmetrics.getRegisteredFontNames():
        return
    pdfmetrics.registerFont(TTFont(name, str(path), subfontIndex=subfont))


def _family(regular: str, bold: str) -> None:
    # So that <b> in our own markup maps to the bold face (or to regular when there is none).
    faces: tuple[tuple[Literal[0, 1], Literal[0, 1], str], ...] = (
        (0, 0, regular), (1, 0, bold), (0, 1, regular), (1, 1, bold))
    for is_bold, is_italic, face in faces:
        addMapping(regular, is_bold, is_italic, face)


def latin_cyrillic_fonts() -> FontSet:
    """DejaVu Sans, Sans Bold and Sans Mono, registered once per process."""
    folder = _dejavu_dir()
    with _lock:
        _register("AnalystSans", folder / "DejaVuSans.ttf")
        _register("AnalystSans-Bold", folder / "DejaVuSans-Bold.ttf")
        _register("AnalystMono", folder / "DejaVuSansMono.ttf")
        _family("AnalystSans", "AnalystSans-Bold")
    return FontSet(regular="AnalystSans", bold="AnalystSans-Bold", mono="AnalystMono", cjk=False)


def cjk_fonts() -> FontSet:
    """WenQuanYi Micro Hei (regular) and its Mono face, from the same .ttc file."""
    if not WQY_PATH.exists():
        raise FontUnavailable(
            f"This report contains Chinese, Japanese or Korean text, which needs the "
            f"WenQuanYi Micro Hei font ({WQY_PATH}). Install it with: "
            f"apt-get install -y {WQY_PACKAGE}"
        )
    with _lock:
        _register("AnalystCJK", WQY_PATH, subfont=0)
        _register("AnalystCJKMono", WQY_PATH, subfont=1)
        _family("AnalystCJK", "AnalystCJK")
    return FontSet(regular="AnalystCJK", bold="AnalystCJK", mono="AnalystCJKMono", cjk=True)


def fonts_for(needs_cjk: bool) -> FontSet:
    """The font set for a report: CJK-capable when it needs it, DejaVu otherwise."""
    return cjk_fonts() if needs_cjk else latin_cyrillic_fonts()
