"""The house's corridors (issue 27): imports point one way, the sandbox has one door, no
module outgrows one sitting.

The graph is grimp's (the library import-linter is built on) over every module of
`analyst/`, `sandbox/`, `ui/` and `pages/`, imports made inside functions included. Imports
made only for type names (under `if TYPE_CHECKING:`) are left out: they run nothing.
`app.py` is one module that nothing imports, so it can close no circle; its own imports are
read with `ast` for the sandbox's door.

Each rule is a function here, and the last tests prove each one catches what it is for on
generated packages: a rule that cannot fail would let the house decay unseen.
"""

from __future__ import annotations

import ast
import random
import sys
import textwrap
from collections.abc import Iterable, Mapping
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("analyst", "sandbox", "ui", "pages")
LAYERS = {"pages": 3, "ui": 3, "analyst": 2, "sandbox": 1}
"""Imports point down only: the screens, then the analyst, then the sandbox."""
MAX_LINES = 400

Edges = Mapping[str, Iterable[str]]


def module_edges(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    return {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def circles(edges: Edges) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan's, without recursion):
    each is a set of modules or packages that import one another round a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def package_of(module: str) -> str:
    """The package a module belongs to for the circles between packages: `analyst.<name>`
    (a top-level module such as `analyst.settings` is a package of its own), else the
    top-level package (`sandbox`, `ui`, `pages`)."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "analyst" and len(parts) > 1 else parts[0]


def package_edges(edges: Edges) -> dict[str, set[str]]:
    between: dict[str, set[str]] = {}
    for importer, imported in edges.items():
        for target in imported:
            a, b = package_of(importer), package_of(target)
            if a != b:
                between.setdefault(a, set()).add(b)
    return between


def circle_edges(edges: Edges) -> set[tuple[str, str]]:
    """Every import that lies on a circle: both ends in one strongly connected group."""
    on_circles = set()
    for group in circles(edges):
        members = set(group)
        on_circles |= {(a, b) for a in group for b in edges.get(a, ()) if b in members}
    return on_circles


def back_doors(edges: Edges, door: str = "sandbox") -> list[tuple[str, str]]:
    """Imports of a submodule of `door` from outside it (`from sandbox import X` is the door;
    `import sandbox.engine` or `from sandbox.engine import X` go round it)."""
    return sorted((importer, target) for importer, imported in edges.items()
                  if not (importer == door or importer.startswith(door + "."))
                  for target in imported if target.startswith(door + "."))


def wrong_way(edges: Edges, layers: Mapping[str, int] = LAYERS) -> list[tuple[str, str]]:
    """Imports of a higher layer by a lower one (the sandbox importing the analyst, ...)."""
    return sorted((importer, target) for importer, imported in edges.items()
                  for target in imported
                  if layers.get(target.split(".")[0], 0) > layers.get(importer.split(".")[0], 0))


def app_back_doors(source: str, submodules: Iterable[str], door: str = "sandbox") -> list[str]:
    """The same rule for a lone script (app.py): the submodules of `door` it imports, given
    the names of `door`'s submodules (to tell `from sandbox import engine` from a name)."""
    inside = {f"{door}.{name}" for name in submodules}
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names if a.name.startswith(door + ".")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith(door + "."):
                names.append(node.module)
            elif node.module == door:
                names += [f"{door}.{a.name}" for a in node.names if f"{door}.{a.name}" in inside]
    return names


def submodules(folder: Path) -> set[str]:
    return {p.stem for p in folder.glob("*.py") if p.stem != "__init__"} | {
        p.parent.name for p in folder.glob("*/__init__.py")}


def long_modules(root: Path, limit: int = MAX_LINES) -> dict[str, int]:
    files = [root / "app.py"] if (root / "app.py").is_file() else []
    for package in PACKAGES:
        files += sorted((root / package).rglob("*.py"))
    lengths = {path.relative_to(root).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
               for path in files}
    return {name: n for name, n in lengths.items() if n > limit}


@pytest.fixture(scope="module")
def edges() -> dict[str, set[str]]:
    sys.path.insert(0, str(ROOT))
    try:
        graph = grimp.build_graph(*PACKAGES, cache_dir=None, exclude_type_checking_imports=True)
    finally:
        sys.path.remove(str(ROOT))
    return module_edges(graph)


def test_no_module_is_on_a_circle(edges: dict[str, set[str]]) -> None:
    assert circles(edges) == []


def test_no_circle_between_packages(edges: dict[str, set[str]]) -> None:
    """Each import that closes a circle between two of the analyst's packages (issue 27: seven
    when this test was written, through the offline brain's three packages and the words'
    catalogue read by the recipes; none since)."""
    assert circle_edges(package_edges(edges)) == set()


def brain_stage(module: str) -> str:
    """The stage of the offline brain a module belongs to (`analyst.brain.understand`, `.plan`,
    `.code`, `.narrate`), or the module itself at the brain's top (the path: runner, queries)."""
    parts = module.split(".")
    return ".".join(parts[:3]) if len(parts) > 3 else module


def test_the_offline_brains_stages_import_one_way(edges: dict[str, set[str]]) -> None:
    """understand -> plan -> code -> narrate is one path: no two stages import each other
    round a circle (each stage may read the ones below it, never back)."""
    between: dict[str, set[str]] = {}
    for importer, imported in edges.items():
        if importer.startswith("analyst.brain."):
            for target in imported:
                a, b = brain_stage(importer), brain_stage(target)
                if target.startswith("analyst.brain.") and a != b:
                    between.setdefault(a, set()).add(b)
    assert {"analyst.brain.understand", "analyst.brain.plan", "analyst.brain.code",
            "analyst.brain.narrate"} <= set(between) | {b for bs in between.values() for b in bs}
    assert circles(between) == []


def test_the_sandbox_is_entered_by_its_door_only(edges: dict[str, set[str]]) -> None:
    assert back_doors(edges) == []
    app = (ROOT / "app.py").read_text(encoding="utf-8")
    assert app_back_doors(app, submodules(ROOT / "sandbox")) == []


def test_imports_point_down_the_layers(edges: dict[str, set[str]]) -> None:
    assert wrong_way(edges) == []


def test_no_module_is_over_the_limit() -> None:
    """Seven modules were over it when this test was written (issue 27); none is now."""
    assert long_modules(ROOT) == {}, f"modules over {MAX_LINES} lines: split them"


def _write_package(root: Path, name: str, modules: Mapping[str, str]) -> None:
    """A package `name` under `root` of the modules given (dotted names, their source)."""
    (root / name).mkdir()
    (root / name / "__init__.py").touch()
    for module, body in modules.items():
        path = root / name / Path(*module.split(".")).with_suffix(".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(body), encoding="utf-8")
    for folder in (root / name).rglob("*"):
        if folder.is_dir() and folder.name != "__pycache__":
            (folder / "__init__.py").touch()


def _graph(root: Path, *packages: str) -> dict[str, set[str]]:
    sys.path.insert(0, str(root))
    try:
        return module_edges(grimp.build_graph(*packages, cache_dir=None,
                                              exclude_type_checking_imports=True))
    finally:
        sys.path.remove(str(root))
        for name in list(sys.modules):
            if name.split(".")[0] in packages:
                del sys.modules[name]


@pytest.mark.parametrize("seed", range(12))
def test_a_circle_of_any_length_is_found_however_it_is_imported(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    name = f"house{seed}"
    size = rng.randint(2, 6)
    members = [f"m{i}" for i in range(size)]
    forms = [  # at the top, inside a function, by `from`, by `import`, relative
        "import {pkg}.{target}\n",
        "from {pkg}.{target} import VALUE\n",
        "from {pkg} import {target}\n",
        "from . import {target}\n",
        "def later():\n    from {pkg}.{target} import VALUE\n    return VALUE\n",
    ]
    modules = {m: "VALUE = 1\n" for m in members}
    for i, member in enumerate(members):
        target = members[(i + 1) % size]
        modules[member] += rng.choice(forms).format(pkg=name, target=target)
    modules["outside"] = f"from {name}.m0 import VALUE\n"  # leads into the circle, not on it
    _write_package(tmp_path, name, modules)
    graph = _graph(tmp_path, name)
    assert circles(graph) == [sorted(f"{name}.{m}" for m in members)]


@pytest.mark.parametrize("seed", range(6))
def test_a_type_names_only_import_closes_no_circle(tmp_path: Path, seed: int) -> None:
    name = f"typed{seed}"
    _write_package(tmp_path, name, {
        "a": f"from {name}.b import VALUE\nVALUE2 = VALUE\n",
        "b": ("from typing import TYPE_CHECKING\nVALUE = 1\nif TYPE_CHECKING:\n"
              f"    from {name}.a import VALUE2\n"),
    })
    assert circles(_graph(tmp_path, name)) == []


@pytest.mark.parametrize("seed", range(8))
def test_a_circle_between_packages_is_found(seed: int) -> None:
    rng = random.Random(seed)
    names = [f"analyst.p{i}" for i in range(rng.randint(2, 5))]
    edges: dict[str, set[str]] = {}
    for i, package in enumerate(names):
        target = names[(i + 1) % len(names)]
        edges[f"{package}.mod{rng.randint(0, 3)}"] = {f"{target}.mod{rng.randint(0, 3)}"}
    between = package_edges(edges)
    assert circles(between) == [sorted(names)]
    assert circle_edges(between) == {(a, names[(i + 1) % len(names)]) for i, a in enumerate(names)}


@pytest.mark.parametrize("form", [
    "import gate.engine\n",
    "from gate.engine import start\n",
    "from gate import engine\n",
    "def later():\n    from gate.engine import start\n    return start\n",
])
def test_a_way_round_the_door_is_found(tmp_path: Path, form: str) -> None:
    _write_package(tmp_path, "gate", {"engine": "def start():\n    return 1\n",
                                      "__init__": "from gate.engine import start\n"})
    _write_package(tmp_path, "caller", {"use": form, "fine": "from gate import start\n"})
    graph = _graph(tmp_path, "gate", "caller")
    assert back_doors(graph, "gate") == [("caller.use", "gate.engine")]
    assert app_back_doors(form, submodules(tmp_path / "gate"), "gate") == ["gate.engine"]
    assert app_back_doors("from gate import start\n", submodules(tmp_path / "gate"), "gate") == []


def test_an_import_up_the_layers_is_found() -> None:
    edges = {"sandbox.kernel": {"analyst.settings"}, "analyst.x": {"sandbox"},
             "ui.page": {"analyst.x", "sandbox"}}
    assert wrong_way(edges) == [("sandbox.kernel", "analyst.settings")]


@pytest.mark.parametrize("lines", [MAX_LINES + 1, MAX_LINES + 57])
def test_a_long_module_is_found(tmp_path: Path, lines: int) -> None:
    for package in PACKAGES:
        (tmp_path / package).mkdir()
    (tmp_path / "analyst" / "long.py").write_text("x = 1\n" * lines, encoding="utf-8")
    (tmp_path / "sandbox" / "short.py").write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    assert long_modules(tmp_path) == {"analyst/long.py": lines}
