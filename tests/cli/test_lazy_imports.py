"""The command line loads a heavy library only where it is used (issue 25, point 5).

`analyst --help` and `analyst ingest FILE` never talk to a model, draw, start a sandbox,
write a PDF or serve a page: the openai SDK, matplotlib, the Docker SDK, reportlab and
streamlit stay out of the process (they cost seconds of CPU at every start). Each case runs
`analyst.__main__.main` in a fresh interpreter, as the console script does, and reports which
of them got imported. The time itself is measured in `benchmarks/startup.py`.
"""

from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_cli_help import REPO, clean_env

HEAVY = ("openai", "matplotlib", "docker", "reportlab", "streamlit",
         "analyst.agent.loop", "analyst.recipes.charts", "analyst.brain.runner")
"""Third-party libraries, and our modules that import them or every recipe and plan."""

PROBE = """
import json, sys
from analyst.__main__ import main
try:
    code = main(sys.argv[2:])
except SystemExit as exit:  # --help ends with SystemExit(0)
    code = exit.code
heavy = json.loads(sys.argv[1])
print(json.dumps({"code": code, "imported": [m for m in heavy if m in sys.modules]}),
      file=sys.stderr)
"""


def loaded_by(*argv: str) -> dict:
    """The exit code of `analyst ARGV` and which of HEAVY it imported, in a fresh process."""
    run = subprocess.run([sys.executable, "-c", PROBE, json.dumps(HEAVY), *argv], cwd=REPO,
                         env=clean_env(), capture_output=True, text=True, timeout=300,
                         check=False)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stderr.strip().splitlines()[-1])


def write_table(folder: Path, seed: int) -> Path:
    """A sales export in one of the shapes users bring: separator, decimal mark, date order,
    vary by seed; the size too: a few rows, a few hundred, or past 1 MB (the large-file
    reader)."""
    rng = random.Random(seed)
    rows = (5, 400, 30_000)[seed % 3]
    sep, decimal = rng.choice(((",", "."), (";", ","), ("\t", ".")))
    date = rng.choice(("%Y-%m-%d", "%d.%m.%Y", "%m/%d/%Y"))
    header = ["Date", "Region", "Product", "Quantity", "Revenue"]
    lines = [sep.join(header)]
    for _ in range(rows):
        day = f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        y, m, d = day.split("-")
        shown = date.replace("%Y", y).replace("%m", m).replace("%d", d)
        amount = f"{rng.uniform(1, 9999):.2f}".replace(".", decimal)
        lines.append(sep.join([shown, rng.choice(("North", "South", "East")),
                               f"Product {rng.randint(1, 40)}", str(rng.randint(1, 50)), amount]))
    path = folder / f"sales_{seed}.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["--help"], ["report", "--help", "--lang", "uk"]])
def test_help_imports_no_heavy_library(argv: list[str]) -> None:
    found = loaded_by(*argv)
    assert found == {"code": 0, "imported": []}


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_ingest_imports_no_heavy_library(seed: int, tmp_path: Path) -> None:
    table = write_table(tmp_path, seed)
    options = random.Random(seed).choice(([], ["--json"], ["--lang", "ru"]))
    found = loaded_by("ingest", str(table), "--workspace", str(tmp_path / "ws"), *options)
    assert found == {"code": 0, "imported": []}, (table.stat().st_size, options)


@pytest.mark.parametrize("package", ["analyst.agent", "analyst.brain", "analyst.recipes",
                                     "analyst.report", "sandbox"])
def test_every_public_name_of_a_lazy_package_is_there(package: str) -> None:
    """What the packages load on first use is what they promise: each name of `__all__` is the
    object of the module that defines it, under the name it has there (a public name may be
    another: `sandbox.build_image` is `sandbox.build.build`; a name mapped to the wrong module
    fails here)."""
    module = importlib.import_module(package)
    for name in module.__all__:
        value = getattr(module, name)
        home, own = getattr(value, "__module__", None), getattr(value, "__name__", None)
        if home and own:  # functions and classes say where they are defined, and as what
            assert vars(importlib.import_module(home))[own] is value, (package, name)
