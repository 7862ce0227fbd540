"""Names are text (issue 31, point 6): an upload's name is made plain when it arrives and is
never markup where it is shown.

The name comes from the browser (or a crafted request) and may hold path parts, control
characters (ESC sequences, newlines), bidi overrides, zero-width characters, markdown
image and link syntax, or thousands of characters.
"""

from __future__ import annotations

import random
import unicodedata
from typing import Any

import pytest

from analyst.session.upload_name import MAX_NAME_CHARS, arrived_name

INVISIBLE = ["\x00", "\x1b[31m", "\x1b]0;title\x07", "\n", "\r", "\t", "\x7f", "\x85",
             "\u202e", "\u202d", "\u2066", "\u200b", "\u200f", "\ufeff", "\u2028", "\u2029",
             "\U000e0001", "\ue000"]
PATHS = ["../", "..\\", "/etc/", "C:\\fakepath\\", "\\\\server\\share\\", "./", "a/b/"]
MARKUP = ["![x](http://127.0.0.1:9/leak.png)", "[Sign in](http://e.example)", "<img src=x>",
          "**bold**", "$x^2$", ":red[alarm]", "`code`", "# head"]
WORDS = ["Sales", "продажі", "销售", "Q1 2026", "report (final)", "a.b", "café", " ", "."]
SUFFIXES = [".csv", ".xlsx", ".parquet", ".tsv", ".XLSX", ""]
DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def raw_name(seed: int) -> tuple[str, str]:
    """A hostile upload name and the extension it ends with."""
    rng = random.Random(seed)
    parts = [rng.choice(WORDS + MARKUP + INVISIBLE) for _ in range(rng.randint(1, 8))]
    if rng.random() < 0.2:
        parts.append("x" * rng.randint(100, 6000))
    suffix = rng.choice(SUFFIXES)
    return rng.choice(["", *PATHS]) + "".join(parts) + suffix, suffix


@pytest.mark.parametrize("seed", range(400))
def test_a_name_arrives_as_one_plain_line_with_its_extension(seed: int):
    raw, suffix = raw_name(seed)
    name = arrived_name(raw)
    assert name and len(name) <= MAX_NAME_CHARS
    assert "/" not in name and "\\" not in name
    assert not any(unicodedata.category(ch) in DROPPED for ch in name)
    assert not name.startswith((" ", ".")) and not name.endswith(" ")
    assert name.endswith(suffix)
    assert arrived_name(name) == name


@pytest.mark.parametrize("name", ["Sales (Jan).csv", "продажі 2026.xlsx", "销售 2026.csv",
                                  "Q1 [final] report.xlsx", "a.b.c.parquet", "x" * 116 + ".csv"])
def test_a_plain_name_stays_as_it_is(name: str):
    assert arrived_name(name) == name


def test_a_long_name_is_shortened_not_refused(tmp_path):
    from analyst.session.analysis import Analysis

    raw = "Quarterly sales " * 400 + ".csv"
    path = tmp_path / "upload.csv"
    path.write_bytes(b"region,amount\nN,10\nS,5\n")
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        [card] = analysis.add_file(path, "../../" + raw.replace(" ", "\u202e ", 3))
    assert card.source_file == arrived_name(raw) and card.source_file.endswith("….csv")
    assert len(card.source_file) == MAX_NAME_CHARS
    assert [f.name for f in analysis.files.records()] == [card.source_file]


# ---- shown as text: the app's pages (AppTest, no browser) ----------------------------------

# No "/" in it: that would make everything before it a path part, dropped on arrival.
HOSTILE = "![x](leak.png) [Sign in](javascript:alert(1)) \x1b[31m\u202e <b>q<b>.csv"


def shown(at: Any) -> list[str]:
    """Every text the page renders as markdown (bodies, captions, alerts, labels)."""
    texts: list[str] = []
    for kind in ("markdown", "caption", "success", "info", "warning", "error", "title",
                 "subheader"):
        texts += [str(e.value) for e in getattr(at, kind)]
        texts += [str(e.value) for e in getattr(at.sidebar, kind)]
    texts += [str(e.label) for e in at.expander]
    texts += [str(e.label) for e in at.button]
    return texts


def assert_no_markup_of_the_name(texts: list[str]) -> None:
    assert any("Sign in" in t for t in texts), "the name is not shown at all"
    for text in texts:
        assert "![" not in text and "](" not in text and "<b>" not in text, text
        assert "\x1b" not in text and "\u202e" not in text, text


# The app's start-up sweeps leftover sandbox containers: the first app run of a test process
# reaches the engine when one answers (tests/tiers.py then needs the marker).
@pytest.mark.docker
def test_the_name_is_shown_as_text_on_every_page(app_env):
    from streamlit.testing.v1 import AppTest

    from tests.app.samples import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(
        (HOSTILE, b"region,amount\nN,10\nS,5\n", "text/csv")).run()
    assert not at.exception
    assert_no_markup_of_the_name(shown(at))
    at.run()  # the next run shows the card folded (its name in the expander's label)
    assert_no_markup_of_the_name(shown(at))
    at.switch_page("pages/history.py").run()
    assert not at.exception
    assert_no_markup_of_the_name(shown(at))
