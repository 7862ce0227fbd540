"""Names a package imports on first use (PEP 562), so a command that never needs them never
pays their imports (openai, matplotlib, reportlab: measured in benchmarks/startup.py).

`sandbox/__init__.py` keeps its own few lines: the sandbox imports nothing of analyst.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module


def on_first_use(package: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """The module `__getattr__` of `package`: a name of `homes` is imported from its module
    when first looked up, then kept in the package like any other name."""
    namespace = vars(sys.modules[package])

    def __getattr__(name: str) -> object:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = vars(import_module(homes[name]))[name]
        namespace[name] = value  # later look-ups are ordinary ones
        return value

    return __getattr__
