"""A step's picture is fitted to the page once (ui/pictures.py): what Streamlit sends is the
same as before, and Streamlit's per-rerun pass leaves the fitted bytes as they are."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from streamlit.elements.lib import image_utils
from streamlit.elements.lib.layout_utils import LayoutConfig

from ui.pictures import WIDEST, fitted

STRETCH = LayoutConfig(width="stretch")


def _picture(size: tuple[int, int], mode: str, kind: str) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, "steelblue" if mode != "P" else 3).save(out, format=kind)
    return out.getvalue()


# A recipe's chart (1625 x 945 RGBA PNG) and its kin: wider and narrower than the page,
# with and without alpha, PNG, JPEG and GIF.
PICTURES = {
    "chart": ((1625, 945), "RGBA", "PNG"),
    "narrow chart": ((800, 600), "RGBA", "PNG"),
    "wide photo png": ((3000, 1000), "RGB", "PNG"),
    "narrow photo png": ((640, 480), "RGB", "PNG"),
    "wide jpeg": ((2000, 1500), "RGB", "JPEG"),
    "narrow jpeg": ((320, 200), "RGB", "JPEG"),
    "wide gif": ((1800, 300), "P", "GIF"),
    "exactly the page": ((WIDEST, 100), "RGBA", "PNG"),
}


def _streamlit(data: bytes) -> bytes:
    """What Streamlit makes of `data` on a rerun (st.image, width="stretch", format auto)."""
    kind = image_utils._validate_image_format_string(data, "auto")
    return image_utils._ensure_image_size_and_format(data, STRETCH, kind)


@pytest.mark.parametrize("name", list(PICTURES))
def test_a_fitted_picture_is_what_streamlit_sent_and_passes_it_unchanged(tmp_path, name):
    original = _picture(*PICTURES[name])
    path = tmp_path / "picture"
    path.write_bytes(original)
    shown = fitted(path)
    assert shown == _streamlit(original)  # the page shows what it showed before
    assert _streamlit(shown) is shown  # and a rerun does no work on it
    assert Image.open(io.BytesIO(shown)).width <= WIDEST


def test_a_picture_is_fitted_once_by_its_content(tmp_path):
    chart = _picture((1625, 945), "RGBA", "PNG")
    path, copy = tmp_path / "picture", tmp_path / "copy of a session" / "picture"
    copy.parent.mkdir()
    path.write_bytes(chart)
    copy.write_bytes(chart)
    first = fitted(path)
    assert fitted(path) is first  # kept: not decoded and encoded again
    assert fitted(copy) is first  # the same chart elsewhere: the same fitted bytes
    path.write_bytes(_picture((2000, 500), "RGBA", "PNG"))  # a changed file is fitted anew
    assert Image.open(io.BytesIO(fitted(path))).size == (WIDEST, 365)


@pytest.mark.parametrize("data", [b"", b"rank,Product,Revenue\n"], ids=["empty", "text"])
def test_a_file_that_is_no_picture_raises_what_pil_raises(tmp_path, data):
    path = Path(tmp_path / "picture")
    path.write_bytes(data)
    with pytest.raises(OSError):
        fitted(path)
