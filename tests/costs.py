"""What the tests cost, measured (issue 28): the order the full run starts its modules in,
and the cases the fast tier leaves to it.

`tests/costs.json` holds, from one full run's JUnit report on the 2-core machine:
- `modules`: each test module's seconds. xdist's `loadscope` hands out whole modules; by
  default it starts those with the most cases first, so the few long ones (a browser test of
  2 cases takes a minute) ran last while the other workers had nothing left to do. The
  collection is ordered longest module first instead (`--no-loadscope-reorder` keeps it),
  and the run ends on short modules.
- `costly`: the cases that took `COSTLY_S` or more each. They are marked `slow`: the full
  run keeps them, the fast tier (`-m "not docker and not browser and not slow"`) does not.
  Each module keeps its cheapest case in the fast tier, so every module still runs there.

Remake it after a full run that wrote `--junitxml=FILE` (times on a busy machine are
longer: measure on a quiet one):

    python -m tests.costs FILE

A module or case the file does not know is ordered first (its cost is unknown) and stays in
the fast tier; nothing else depends on the file, so a stale one costs time, never a case.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET  # noqa: S405 - our own run's report
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

COSTS_FILE = Path(__file__).with_name("costs.json")
ROOT = Path(__file__).resolve().parent.parent
COSTLY_S = 0.5
"""A case measured at this many seconds or more runs in the full run only (measured in a full
run, where three workers share two cores: about two thirds of that in the fast tier). 2.0
until stop 41, when the fast tier grew past 5 minutes with the new blind rounds; 1.0 until
stop 43, when the faster full run let 190 more cases under 1 s into the fast tier (6:58)."""


@dataclass(frozen=True)
class Costs:
    modules: dict[str, float]
    costly: frozenset[str]


@cache
def load(path: Path = COSTS_FILE) -> Costs:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Costs({}, frozenset())
    return Costs(dict(data.get("modules", {})), frozenset(data.get("costly", ())))


def module_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def mark_costly(items: list[pytest.Item], costs: Costs | None = None) -> None:
    """The measured costly cases get `slow` (the full run keeps them)."""
    costly = (costs or load()).costly
    for item in items:
        if item.nodeid in costly and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.slow)


def order_by_cost(items: list[pytest.Item], costs: Costs | None = None) -> None:
    """Longest modules first (unknown ones before all: they may be long); a module's cases
    keep their order, and modules of equal cost theirs (the sort is stable)."""
    modules = (costs or load()).modules
    items.sort(key=lambda item: -modules.get(module_of(item.nodeid), float("inf")))


def nodeid_of(classname: str, name: str) -> str:
    """A JUnit case's pytest node id: the class name is the module's dotted path, then any
    classes the test is in."""
    parts = classname.split(".")
    for cut in range(len(parts), 0, -1):
        module = "/".join(parts[:cut]) + ".py"
        if (ROOT / module).is_file():
            return "::".join([module, *parts[cut:], name])
    return "::".join([classname.replace(".", "/") + ".py", name])


def measure(junit: Path) -> dict[str, object]:
    """`costs.json`'s content from a JUnit report of a full run."""
    cases: dict[str, dict[str, float]] = defaultdict(dict)
    for case in ET.parse(junit).getroot().iter("testcase"):  # noqa: S314 - our own report
        if case.find("skipped") is not None:
            continue
        nodeid = nodeid_of(case.get("classname", ""), case.get("name", ""))
        cases[module_of(nodeid)][nodeid] = float(case.get("time", 0.0))
    modules = {m: round(sum(t.values()), 1) for m, t in cases.items()}
    costly = []
    for timed in cases.values():
        cheapest = min(timed, key=lambda n: timed[n])
        costly += [n for n, t in timed.items() if t >= COSTLY_S and n != cheapest]
    return {"modules": dict(sorted(modules.items(), key=lambda kv: -kv[1])),
            "costly": sorted(costly)}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.costs JUNIT_XML", file=sys.stderr)
        return 2
    costs = measure(Path(argv[0]))
    COSTS_FILE.write_text(json.dumps(costs, indent=1) + "\n", encoding="utf-8")
    print(f"{COSTS_FILE}: {len(costs['modules'])} modules, "  # type: ignore[arg-type]
          f"{len(costs['costly'])} costly cases")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
