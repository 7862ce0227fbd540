"""The recipes package is copied verbatim into the sandbox as `lib/recipes/` and imported as
`import recipes`: it must need nothing from the rest of the repository."""

import ast
import subprocess
import sys
from pathlib import Path

import analyst.recipes
from analyst.session.analysis import install_recipes

PACKAGE = Path(analyst.recipes.__file__).parent
ALLOWED_TOP_LEVEL = {"pandas", "numpy", "matplotlib"} | set(sys.stdlib_module_names)


def test_every_import_is_relative_or_pandas_numpy_matplotlib_or_stdlib():
    for source in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in ALLOWED_TOP_LEVEL, f"{source.name} imports {name}"


def test_a_copy_named_recipes_imports_and_runs_without_the_repository(tmp_path):
    install_recipes(tmp_path / "lib")  # the package and its compiled words, as a session gets them
    script = f"""
import importlib.abc, sys
class Absent(importlib.abc.MetaPathFinder):
    # The sandbox has none of the app's packages; a venv with the app installed does.
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {{"analyst", "sandbox", "ui", "pages", "app"}}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Absent())
sys.path.insert(0, {str(tmp_path / "lib")!r})
import pandas as pd
import recipes
df = pd.DataFrame({{"product": ["a", "b", "c"], "revenue": ["1 000,50", "200", "3"]}})
result = recipes.abc_analysis(df, "product", "revenue")
print(result.figures["total"], result.figures["a_items"])
print(recipes.charts.render_chart(result.chart, "pareto.png"))
print(sorted(recipes.DEFINITIONS) == sorted(recipes.RECIPES))
"""
    # -I: ignore PYTHONPATH and the user site, so only site-packages (the app's own packages
    # hidden) and our copy are visible.
    done = subprocess.run([sys.executable, "-I", "-c", script], check=False, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1203.5", "1.0", "pareto.png", "True"]
    assert (tmp_path / "pareto.png").stat().st_size > 10_000
