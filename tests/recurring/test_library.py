"""The app's saved recurring reports of one owner (`TemplateLibrary`): saved, listed newest
first, read, replaced, removed; owners never see each other's; a damaged file is skipped,
a bad id is a plain message, never a path outside the owner's folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyst.recurring.files import TemplateError, load_template
from analyst.recurring.library import TemplateLibrary
from tests.recurring.test_template_file import _template


@pytest.mark.parametrize("seed", range(6))
def test_save_list_get_replace_remove(seed: int, tmp_path: Path) -> None:
    library = TemplateLibrary(tmp_path, f"owner-{seed}@example.com")
    saved = {}
    for i in range(3):
        template = _template(seed * 10 + i)
        template = type(template)(**{**template.__dict__,
                                     "saved_at": f"2026-0{i + 1}-28T10:00:00+00:00"})
        saved[library.save(template)] = template
    items = library.items()
    assert [t for _, t in items] == sorted(saved.values(), key=lambda t: t.saved_at,
                                           reverse=True)
    for tid, template in items:
        assert library.get(tid) == template
        assert load_template(library.root / f"{tid}.json") == template  # the CLI's JSON
    first = items[-1][0]
    library.save(_template(seed + 100), first)  # in place: same id, new content
    assert library.get(first) == _template(seed + 100) and len(library.items()) == 3
    library.remove(first)
    assert first not in dict(library.items()) and len(library.items()) == 2
    library.remove(first)  # removing twice is no error
    assert "@" not in str(library.root) and library.root.parent.name == "templates"


def test_owners_are_apart_and_damage_is_skipped(tmp_path: Path) -> None:
    alice, bob = TemplateLibrary(tmp_path, "alice"), TemplateLibrary(tmp_path, "bob")
    tid = alice.save(_template(1))
    assert bob.items() == [] and TemplateLibrary(tmp_path, "nobody").items() == []
    with pytest.raises(TemplateError):
        bob.get(tid)
    (alice.root / "broken1.json").write_text("{not json", encoding="utf-8")
    assert [i for i, _ in alice.items()] == [tid]
    for bad in ("../../x", "a/b", "", "x" * 80, "..", "id.json"):
        with pytest.raises(TemplateError, match="does not exist"):
            alice.get(bad)
