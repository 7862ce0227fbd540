"""Every recipe, found in the modules of this package: the one list the planner, the report
and the model's prompt read (a new recipe is one module here and its catalogue entries).

A module declares its recipes as `REGISTERED = (Recipe(...), ...)` (see `unit`). The package
is searched along its `__path__`, so a folder added there (a plug-in, a test's temporary
package) is searched too, and `install_recipes` copies it beside the rest into the sandbox.
"""

from __future__ import annotations

import pkgutil
import shutil
import sys
from collections.abc import Mapping
from functools import cache
from importlib import import_module
from pathlib import Path
from types import MappingProxyType

from .unit import Recipe

_SKIPPED = frozenset({"charts"})
"""Modules that hold no recipe and cost to import (matplotlib, about 0.4 s of CPU): drawing
is imported on first use only."""


@cache
def registry() -> Mapping[str, Recipe]:
    """Each recipe by its name, module by module in name order."""
    package = __package__ or "recipes"
    found: dict[str, Recipe] = {}
    for info in sorted(pkgutil.iter_modules(sys.modules[package].__path__), key=lambda i: i.name):
        if info.name in _SKIPPED or info.ispkg:
            continue
        for recipe in getattr(import_module(f".{info.name}", package), "REGISTERED", ()):
            if recipe.name in found:
                raise LookupError(f"recipe {recipe.name} is registered twice")  # our bug
            found[recipe.name] = recipe
            # `recipes.<name>` is the function, even where its module has its name.
            setattr(sys.modules[package], recipe.name, recipe.function)
    return MappingProxyType(found)


def recipe(name: str) -> Recipe | None:
    """The recipe called `name`; None for a step that ran none (a query, model code)."""
    return registry().get(name)


def copy_recipes(target: Path) -> None:
    """This package's modules into `target`, a plug-in's folder on its path beside them
    (a sandbox workspace imports the copy as `recipes`)."""
    for folder in sys.modules[__package__ or "recipes"].__path__:
        shutil.copytree(folder, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
                        dirs_exist_ok=True)
