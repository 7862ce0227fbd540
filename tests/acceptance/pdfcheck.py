"""Looking at a PDF the way a reader does: poppler's fonts, text boxes and rendered pixels.

Text extraction is not proof of rendering: a PDF can carry the right Unicode text (ToUnicode)
while the font draws every character as the same empty box ("tofu"), or reportlab can swap
characters its font lacks for black squares. So a word is checked in the rendered page: cut at
its text box, split into glyphs at the blank pixel columns between them, and the glyph shapes
compared. Real glyphs of different characters differ in width and ink; missing glyphs are one
repeated box (or one solid bar). `distinct_glyph_shapes` counts the different shapes.
"""

from __future__ import annotations

import html
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

CONTRAST = 96
"""A pixel this far (0-255 grey) from the background is ink: dark text on white, white on a band."""


@dataclass(frozen=True)
class Font:
    name: str
    type: str
    embedded: bool


@dataclass(frozen=True)
class Word:
    page: int
    text: str
    box: tuple[float, float, float, float]
    """x0, y0, x1, y1 in PDF points from the top left, as pdftotext -bbox gives them."""


def fonts(pdf: Path) -> list[Font]:
    out = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout
    found = []
    for line in out.splitlines()[2:]:
        # name, type (may hold spaces: "Type 1", "CID TrueType"), encoding, emb, sub, uni, id, gen
        match = re.match(r"^(\S+)\s+(.+?)\s{2,}\S.*?\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$", line)
        if match:
            found.append(Font(match.group(1), match.group(2).strip(), match.group(3) == "yes"))
    return found


def words(pdf: Path) -> list[Word]:
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True,
                         text=True).stdout
    found, page = [], 0
    for line in out.splitlines():
        if "<page " in line:
            page += 1
        match = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>', line)
        if match:
            box = tuple(float(match.group(i)) for i in range(1, 5))
            found.append(Word(page, html.unescape(match.group(5)), box))  # type: ignore[arg-type]
    return found


def render_pages(pdf: Path, folder: Path, dpi: int, page: int | None = None) -> list[Path]:
    """PNG files of every page (or of one), in page order."""
    folder.mkdir(parents=True, exist_ok=True)
    prefix = folder / f"{pdf.stem}-{dpi}"
    pages = ["-f", str(page), "-l", str(page)] if page else []
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), *pages, str(pdf), str(prefix)], check=True,
                   capture_output=True)
    # pdftoppm numbers the files "-1", "-01" or "-001" depending on the page count.
    made = sorted(folder.glob(f"{prefix.name}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [p for p in made if page is None or int(p.stem.rsplit("-", 1)[1]) == page]


def grey(png: Path) -> np.ndarray:
    return np.asarray(Image.open(png).convert("L"))


def is_blank(png: Path) -> bool:
    pixels = grey(png)
    return int((pixels < 200).sum()) < 50


def crop(page: np.ndarray, box: tuple[float, float, float, float], dpi: int) -> np.ndarray:
    scale = dpi / 72
    x0, y0, x1, y1 = (round(v * scale) for v in box)
    return page[y0:y1, x0:x1]


def glyph_segments(image: np.ndarray) -> list[np.ndarray]:
    """The inked column runs of a word image: one glyph each (or a part of one, for 扌丸)."""
    background = np.median(image)
    ink = np.abs(image.astype(int) - int(background)) > CONTRAST
    columns = ink.any(axis=0)
    segments, start = [], None
    for x, inked in enumerate([*columns, False]):
        if inked and start is None:
            start = x
        elif not inked and start is not None:
            segments.append(ink[:, start:x])
            start = None
    return segments


def distinct_glyph_shapes(image: np.ndarray) -> int:
    """How many different glyph shapes the word image holds (1 for a row of identical boxes).

    Two glyphs are the same shape when each one's ink lies within a pixel of the other's
    (aligned at their top-left ink corner): the same box at two sub-pixel positions
    rasterises a little differently, and that pixel of slack absorbs it. Measured at 300 dpi:
    missing-glyph boxes match each other at 1.00, real CJK and Cyrillic glyphs at most 0.87.
    """
    shapes: list[np.ndarray] = []
    for segment in glyph_segments(image):
        rows = np.flatnonzero(segment.any(axis=1))
        glyph = segment[rows[0]:rows[-1] + 1]
        if not any(_overlap(glyph, seen) >= SAME_SHAPE for seen in shapes):
            shapes.append(glyph)
    return len(shapes)


SAME_SHAPE = 0.95


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    height, width = max(a.shape[0], b.shape[0]), max(a.shape[1], b.shape[1])
    a, b = _pad(a, height, width), _pad(b, height, width)
    return min((a & _grow(b)).sum() / max(a.sum(), 1), (b & _grow(a)).sum() / max(b.sum(), 1))


def _pad(mask: np.ndarray, height: int, width: int) -> np.ndarray:
    out = np.zeros((height, width), dtype=bool)
    out[:mask.shape[0], :mask.shape[1]] = mask
    return out


def _grow(mask: np.ndarray) -> np.ndarray:
    """The mask dilated by one pixel in every direction."""
    out = mask.copy()
    out[1:] |= mask[:-1]
    out[:-1] |= mask[1:]
    wide = out.copy()
    wide[:, 1:] |= out[:, :-1]
    wide[:, :-1] |= out[:, 1:]
    return wide
