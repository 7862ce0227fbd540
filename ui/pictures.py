"""A step's picture as the page shows it: fitted to the page once, and declined in words when
it cannot be read or is too large to decode (`analyst.pictures`).

Streamlit shrinks a picture wider than its content column, and re-encodes one whose format
is not the one it sends, on every rerun of every message that shows it: a recipe's chart
(1625 pixels wide at 200 dpi) cost about 0.2 s of CPU per rerun, and a conversation redraws
all its answers on each rerun. Fitted here once, with Streamlit's own rules, the bytes pass
through Streamlit unchanged.
"""

from __future__ import annotations

import hashlib
import io
import logging
import threading
from pathlib import Path

import streamlit as st
from PIL import Image

from analyst.pictures import PictureTooLarge, checked_size
from ui.i18n import t

WIDEST = 1460
"""Streamlit's widest picture (`streamlit.elements.lib.image_utils.MAXIMUM_CONTENT_WIDTH`):
a wider one is shrunk to it, the height in proportion."""


def fitted(path: Path) -> bytes:
    """The picture at `path` as Streamlit would send it (width="stretch", format "auto").

    Kept by its content: the same chart in another session, or in a copy of a session,
    is fitted once. Raises what PIL raises for a file that is no picture (OSError,
    ValueError), as `st.image` did, and `PictureTooLarge` before decoding a huge one."""
    data = path.read_bytes()
    checked_size(data)
    key = hashlib.sha256(data).digest()
    with _LOCK:
        shown = _FITTED.get(key)
    if shown is None:
        shown = _fit(data)
        with _LOCK:
            while len(_FITTED) >= KEPT:
                del _FITTED[next(iter(_FITTED))]  # the oldest first
            _FITTED[key] = shown
    return shown


def show_picture(path: Path) -> None:
    """A step's picture; one that cannot be read says so, and the page goes on (a crash here
    left a reloaded page without its chat input)."""
    try:
        st.image(fitted(path), width="stretch")
    except PictureTooLarge:
        logging.getLogger("analyst.app").warning("not showing %s: too large", path, exc_info=True)
        st.caption(t("picture_too_large"))
    except (OSError, ValueError):  # PIL's UnidentifiedImageError is an OSError
        logging.getLogger("analyst.app").warning("could not show %s", path, exc_info=True)
        st.caption(t("picture_unreadable"))


KEPT = 64
"""Fitted pictures kept (a recipe's chart fitted: about 60 kB)."""
_FITTED: dict[bytes, bytes] = {}
"""By the sha256 of the file's bytes; app-wide, as Streamlit's sessions are threads."""
_LOCK = threading.Lock()


def _fit(data: bytes) -> bytes:
    with Image.open(io.BytesIO(data)) as picture:
        kind = _sent_format(picture)
        if picture.width > WIDEST:
            height = int(1.0 * picture.height * WIDEST / picture.width)
            return _encoded(picture.resize((WIDEST, height), resample=Image.Resampling.BILINEAR), kind)
        if picture.format != kind:
            return _encoded(picture, kind)
    return data


def _sent_format(picture: Image.Image) -> str:
    """The format Streamlit sends a picture in when told "auto": a GIF stays one, a picture
    that may have an alpha channel is a PNG, any other a JPEG."""
    if picture.format == "GIF":
        return "GIF"
    return "PNG" if picture.mode in ("RGBA", "LA", "P") else "JPEG"


def _encoded(picture: Image.Image, kind: str) -> bytes:
    out = io.BytesIO()
    if kind == "JPEG":
        picture.convert("RGB").save(out, format="JPEG", quality=90)
    else:
        picture.save(out, format=kind)
    return out.getvalue()
