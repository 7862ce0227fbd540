"""The Recurring reports page keeps the saved reports (AppTest): a template JSON imported
there is listed and stored as it was, its export is the same JSON, Delete removes it, and a
file that is not a template (not JSON, another format, a newer version, damaged) gets a
plain message naming the file and changes nothing."""

from __future__ import annotations

import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from analyst.recurring.files import dumps, loads
from analyst.recurring.library import TemplateLibrary
from tests.app.samples import ROOT
from tests.recurring.test_template_file import _template
from ui.state import LOCAL_OWNER

PAGE = str(ROOT / "pages" / "recurring.py")


def _page() -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    assert not at.exception
    return at


def _import(at: AppTest, name: str, text: str) -> AppTest:
    at.file_uploader(key="template_import").set_value(
        (name, text.encode("utf-8"), "application/json")).run()
    assert not at.exception
    return at


@pytest.mark.parametrize("seed", range(4))
def test_import_export_delete(app_env, seed: int) -> None:
    templates = [_template(seed * 10 + i) for i in range(2)]
    at = _page()
    assert any("No recurring report yet" in i.value for i in at.info)
    library = TemplateLibrary(app_env, LOCAL_OWNER)
    for i, template in enumerate(templates):
        at = _import(at, f"monthly {seed}-{i}.json", dumps(template))
        assert any("Imported" in s.value for s in at.success)
    items = library.items()
    assert sorted(dumps(t) for _, t in items) == sorted(dumps(t) for t in templates)
    for _, template in items:
        # Each saved report has its export button; what it exports (dumps of the stored
        # template) reads back as the template that was imported.
        assert loads(dumps(template)) == template
    exports = [b for b in at.get("download_button") if b.proto.label == "Export (JSON)"]
    assert len(exports) == len(items)
    first, _ = items[0]
    next(b for b in at.button if b.key == f"delete_{first}").click().run()
    assert not at.exception
    assert [tid for tid, _ in library.items()] == [tid for tid, _ in items[1:]]
    assert not [b for b in at.button if b.key == f"delete_{first}"]


def _broken(seed: int) -> list[tuple[str, str]]:
    good = json.loads(dumps(_template(seed)))
    newer = {**good, "version": 99}
    other = {**good, "format": "something-else"}
    damaged = {**good, "questions": [{"no such field": 1}], "key_figures": "none"}
    return [("notes.json", "{not json"), ("newer.json", json.dumps(newer)),
            ("other.json", json.dumps(other)), ("damaged.json", json.dumps(damaged)),
            ("list.json", "[1, 2, 3]")]


@pytest.mark.parametrize("seed", range(2))
def test_a_file_that_is_not_a_template_is_refused_plainly(app_env, seed: int) -> None:
    library = TemplateLibrary(app_env, LOCAL_OWNER)
    for name, text in _broken(seed):
        at = _import(_page(), name, text)
        [error] = at.error
        shown = error.value.replace("\\", "")  # the page escapes markdown
        assert name in shown and "Traceback" not in shown
        assert library.items() == []


# A saved report's title ("Sales report: sales_q1") names its export as the PDF's name is
# made: a browser turned "Sales report: sales_q1.json" into "Sales report_ sales_q1.json".
TITLES = ["Sales report: sales_q1", "Звіт про продажі: продажі/липень", "销售报告：销售",
          'Q3 | board "pack"?', "Report: a: b*", "x" * 200]


@pytest.mark.parametrize("title", TITLES)
def test_an_export_is_named_from_the_title_without_odd_characters(app_env, monkeypatch,
                                                                   title: str) -> None:
    from dataclasses import replace

    from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

    from analyst.report.text import download_name

    names: list[str | None] = []
    load = MemoryMediaFileStorage.load_and_get_id

    def recorded(self, data, mimetype, kind, filename=None):  # Streamlit's, not ours
        names.append(filename)
        return load(self, data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", recorded)
    _import(_page(), "monthly.json", dumps(replace(_template(3), title=title)))
    [name] = [n for n in names if n and n.endswith(".json")]
    assert name == download_name(title, "json")
    assert not re.search(r'[\\/:*?"<>|]|_\s|\s_', name), name
