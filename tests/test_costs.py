"""tests/costs.py: measured module costs order the run; measured costly cases leave the fast
tier, except each module's cheapest."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import costs

JUNIT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
<testcase classname="tests.test_costs" name="test_a[1]" time="5.0"/>
<testcase classname="tests.test_costs" name="test_a[2]" time="3.0"/>
<testcase classname="tests.test_costs" name="test_b" time="0.1"/>
<testcase classname="tests.test_grids" name="test_only" time="9.0"/>
<testcase classname="tests.test_tiers" name="test_skipped" time="30.0"><skipped/></testcase>
<testcase classname="tests.test_tiers.TestKind" name="test_in_class" time="2.5"/>
<testcase classname="tests.test_tiers" name="test_cheap" time="0.5"/>
</testsuite></testsuites>
"""


@pytest.fixture()
def measured(tmp_path: Path) -> dict:
    report = tmp_path / "junit.xml"
    report.write_text(JUNIT, encoding="utf-8")
    return costs.measure(report)


def test_modules_are_summed_and_listed_longest_first(measured):
    assert measured["modules"] == {"tests/test_grids.py": 9.0, "tests/test_costs.py": 8.1,
                                   "tests/test_tiers.py": 3.0}
    assert list(measured["modules"]) == ["tests/test_grids.py", "tests/test_costs.py",
                                         "tests/test_tiers.py"]


def test_costly_cases_are_listed_except_each_modules_cheapest(measured):
    assert measured["costly"] == ["tests/test_costs.py::test_a[1]",
                                  "tests/test_costs.py::test_a[2]",
                                  "tests/test_tiers.py::TestKind::test_in_class"]


class _Item:
    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid
        self.markers: list[str] = []

    def get_closest_marker(self, name: str) -> str | None:
        return name if name in self.markers else None

    def add_marker(self, mark: pytest.MarkDecorator) -> None:
        self.markers.append(mark.name)


def test_the_longest_module_runs_first_and_an_unknown_one_before_it():
    known = costs.Costs({"a.py": 1.0, "b.py": 50.0}, frozenset())
    items = [_Item(n) for n in ("a.py::x", "a.py::y", "b.py::z", "new.py::w", "b.py::v")]
    costs.order_by_cost(items, known)  # type: ignore[arg-type]
    assert [i.nodeid for i in items] == ["new.py::w", "b.py::z", "b.py::v", "a.py::x",
                                         "a.py::y"]


def test_a_costly_case_is_marked_slow_and_a_cheap_one_is_not():
    known = costs.Costs({}, frozenset({"a.py::x"}))
    items = [_Item("a.py::x"), _Item("a.py::y")]
    costs.mark_costly(items, known)  # type: ignore[arg-type]
    assert [i.markers for i in items] == [["slow"], []]


def test_the_file_in_the_repository_is_readable_and_names_real_modules():
    known = costs.load()
    assert known.modules, "tests/costs.json is missing or empty"
    root = Path(costs.__file__).resolve().parent.parent
    missing = [m for m in known.modules if not (root / m).is_file()]
    assert len(missing) <= len(known.modules) // 10, f"stale modules: {missing[:5]}"
