"""A root app's local kernels start with the host's matplotlib font list in their fresh
homes (sandbox/font_cache.py): each has its own copy, owned by its uid, equal to the one the
host made, whatever an earlier kernel did to its copy; charts still draw Latin, Cyrillic
and CJK text with it. Before, every kernel scanned the system's fonts again (about a
quarter of a kernel's start)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sandbox import Workspace, font_cache, open_session
from sandbox.local import scrubbed_env
from tests.sandbox.conftest import TEST_LIMITS

pytestmark = pytest.mark.skipif(os.geteuid() != 0,
                                reason="only a root app gives each kernel a home of its own")

# What the kernel sees of its font list, before anything of matplotlib is loaded by a step.
LOOK = """
import glob, json, os
home = os.environ["MPLCONFIGDIR"]
lists = sorted(glob.glob(os.path.join(home, "fontlist-*.json")))
print(json.dumps({"uid": os.getuid(),
                  "lists": [[os.path.basename(p), os.stat(p).st_uid, open(p).read()]
                            for p in lists]}))
"""
SPOIL = """
import glob, os
for path in glob.glob(os.path.join(os.environ["MPLCONFIGDIR"], "fontlist-*.json")):
    open(path, "w").write('{"spoiled": true}')
print("spoiled")
"""
DRAW = """
import matplotlib.pyplot as plt
plt.rcParams["font.family"] = ["DejaVu Sans", "WenQuanYi Micro Hei"]  # the recipes' fallback
figure = plt.figure()
plt.title("Revenue · Выручка · Виручка · 收入")
plt.plot([1, 2, 3])
figure.savefig("output/words.png")
print("drawn")
"""


def _host_lists() -> dict[str, str]:
    return {p.name: p.read_text()
            for p in font_cache.font_lists(lambda home: scrubbed_env(home=home))}


def test_each_kernel_starts_with_its_own_copy_of_the_hosts_font_list(tmp_path: Path) -> None:
    host = _host_lists()
    assert host, "the host made no font list"
    assert all(json.loads(text)["ttflist"] for text in host.values())
    for n in range(3):
        workspace = Workspace(tmp_path / f"ws{n}").ensure()
        with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
            seen = json.loads(session.run(LOOK).stdout)
            assert {name: text for name, _, text in seen["lists"]} == host
            assert {owner for _, owner, _ in seen["lists"]} == {seen["uid"]}
            assert seen["uid"] != os.geteuid()
            # What this kernel does to its copy never reaches the next kernel's.
            assert session.run(SPOIL).stdout.strip() == "spoiled"
    assert _host_lists() == host


def test_charts_draw_every_script_with_the_copied_list(tmp_path: Path) -> None:
    workspace = Workspace(tmp_path / "ws").ensure()
    with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
        result = session.run(DRAW)
        assert result.stdout.strip() == "drawn", result
        assert "Glyph" not in (result.stderr or ""), result.stderr
    assert (workspace.output_dir / "words.png").stat().st_size > 1000
