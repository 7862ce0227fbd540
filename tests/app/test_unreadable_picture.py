"""A step's picture whose file cannot be read (a PNG cut short: a chart saved while its step
was stopped) says so in the interface's language, and the page goes on: the other picture,
the step's code and whatever follows are drawn. Before, the page ended in a traceback and a
reloaded conversation lost its chat input."""

from __future__ import annotations

import hashlib
import io

import pytest
from PIL import Image
from streamlit.testing.v1 import AppTest

from tests.huge_pictures import SIZES, huge_png
from ui.i18n import t


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), "steelblue").save(out, "PNG")
    return out.getvalue()


def _chart_cut_short() -> bytes:
    """The first 124 bytes of a matplotlib PNG: what a step stopped while saving its chart
    left (its header and part of matplotlib's text chunk)."""
    from matplotlib.figure import Figure

    out = io.BytesIO()
    Figure(figsize=(2, 2)).savefig(out, format="png")
    return out.getvalue()[:124]


BROKEN = {"cut short": _chart_cut_short(), "empty": b"",
          "not a picture": b"rank,Product,Revenue\n"}


def _page() -> None:
    from pathlib import Path

    import streamlit as st

    from analyst.events import ExecutionResult, OutputFile, Step
    from ui.render import step_view

    root = Path(st.session_state["root"])
    files = [OutputFile(f"output/{name}.png", size, True, sha)
             for name, size, sha in st.session_state["pictures"]]
    step = Step(1, "Top products", "code", result=ExecutionResult(stdout="", files=files))
    step_view(step, root, "k")
    st.markdown("after the step")


@pytest.mark.parametrize("language", ["en", "uk", "ru", "zh"])
@pytest.mark.parametrize("broken", list(BROKEN))
def test_an_unreadable_picture_is_said_and_the_page_goes_on(app_env, tmp_path, language,
                                                            broken):
    at = _shown(tmp_path, language, BROKEN[broken])
    assert not at.exception
    assert t("picture_unreadable", language) in [c.value for c in at.caption]
    assert "after the step" in [m.value for m in at.markdown]
    assert _images(at.main) == 1  # the readable picture is still shown


@pytest.mark.parametrize("language", ["en", "uk", "ru", "zh"])
@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_picture_too_large_to_decode_is_said_and_the_page_goes_on(app_env, tmp_path, language,
                                                                   width, height):
    """A few kilobytes declaring tens of millions of pixels: not decoded (past PIL's own
    limit its error was no OSError and ended the page; below it, PIL decoded it whole)."""
    at = _shown(tmp_path, language, huge_png(width, height))
    assert not at.exception
    assert t("picture_too_large", language) in [c.value for c in at.caption]
    assert t("picture_unreadable", language) not in [c.value for c in at.caption]
    assert "after the step" in [m.value for m in at.markdown]
    assert _images(at.main) == 1  # the readable picture is still shown


def _shown(tmp_path, language: str, bad: bytes) -> AppTest:
    """The step's view run with a readable picture, then `bad`, as the store keeps them."""
    store = tmp_path / "ws" / ".artifacts"
    store.mkdir(parents=True)
    pictures = []
    for name, data in (("good", _png()), ("bad", bad)):
        sha = hashlib.sha256(data).hexdigest()
        (store / sha).write_bytes(data)
        pictures.append((name, len(data), sha))
    at = AppTest.from_function(_page, default_timeout=30)
    at.session_state["w_ui_language"] = language
    at.session_state["root"] = str(tmp_path / "ws")
    at.session_state["pictures"] = pictures
    at.run()
    return at


def _images(node) -> int:  # noqa: ANN001 - an AppTest element or block
    children = getattr(node, "children", None)
    inner = children.values() if isinstance(children, dict) else ()
    return (type(node).__name__ == "Image") + sum(_images(c) for c in inner)
