"""What the app does once per process when it starts, done once per test process.

`streamlit run` sweeps the sandbox containers an earlier run left behind before it shows a
page (ui.startup.reap_leftovers, cached for the process: a ping and a list call to the
Docker engine). In tests the process is the pytest worker, so left alone the sweep happened
inside whichever AppTest came first, and that test reached the engine without being about
it: tests/tiers.py failed it, a different test depending on the order (a fast-tier run
failed test_sheet_hint's first case so). Made here, before the first test, the sweep is the
process's doing, as in the app; tests/app/test_startup_reaping clears the cache and sweeps
again inside its own Docker-marked test.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest


def uses_the_app(items: list[pytest.Item]) -> bool:
    """Whether any of `items` starts the app in-process (a module that imports AppTest)."""
    return any(isinstance(item, pytest.Function) and "AppTest" in vars(item.module)
               for item in items)


def sweep_once() -> None:
    """The app's start-up sweep, for a new installation of nobody's (so nothing of this
    machine's is removed); its result is what each AppTest's fresh data folder gives anyway:
    nothing removed. Each AppTest then claims its own data folder's installation."""
    from sandbox import use_installation
    from ui import startup

    with tempfile.TemporaryDirectory(prefix="analyst-start-") as folder:
        use_installation(Path(folder))
        startup.reap_leftovers()
