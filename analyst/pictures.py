"""How large a step's picture is, read from its header before anything decodes it.

A step's code writes its pictures, so their headers are untrusted: a PNG of a few
kilobytes can declare 20,000 × 20,000 pixels (about 1.6 GB once decoded). The page, the
PDF and the workbook ask here first and decline such a picture in words; PIL's own
guard (`DecompressionBombError`, past about 179 million pixels) is not an `OSError`, so
it ended the page in a traceback, and below it PIL decodes whatever it is given.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

from PIL import Image

from analyst.errors import AnalystError

MAX_PIXELS = 40_000_000
"""The most pixels a picture may have to be shown or put in a report: a recipe's chart
at 200 dpi has about 1.5 million; 40 million is 8,000 × 5,000, about 160 MB decoded."""


class PictureTooLarge(AnalystError, ValueError):
    """A picture whose header declares more than `MAX_PIXELS` (a `ValueError` too, so a
    caller that declines unreadable pictures declines this one too)."""


def checked_size(source: Path | bytes) -> tuple[int, int]:
    """(width, height) from the picture's header; raises `PictureTooLarge` past `MAX_PIXELS`,
    and what PIL raises for a file that is no picture (OSError, ValueError)."""
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    try:
        with warnings.catch_warnings():  # PIL's warning past 89 million: the check below is stricter
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as picture:  # reads the header only
                width, height = picture.size
    except Image.DecompressionBombError as exc:
        raise PictureTooLarge(f"This picture is too large to show: {exc}") from exc
    if width * height > MAX_PIXELS:
        raise PictureTooLarge(f"This picture is too large to show: {width:,} × {height:,} pixels "
                              f"(at most {MAX_PIXELS:,}).")
    return width, height
