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

import functools
import os
import tempfile
from pathlib import Path

import pytest

WARM = "ANALYST_WARM_SANDBOXES"


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
    # The warm pool is started once per app process too (ui.startup.start_warm_sandboxes);
    # here it would start containers behind every AppTest and reach the engine from tests
    # not marked for it: this process's start is made with none (tests/sandbox/test_warm_pool
    # proves the pool, tests/analysis/test_warm_size its size).
    before = os.environ.get(WARM)
    os.environ[WARM] = "0"
    try:
        startup.start_warm_sandboxes()
    finally:
        if before is None:
            os.environ.pop(WARM, None)
        else:
            os.environ[WARM] = before


def scan_components_once() -> None:
    """`streamlit run` scans the installed packages for v2 components once per server; an
    AppTest does it on each instance (every package's metadata parsed: about 0.1 s, 3% of
    the fast tier's CPU over some 400 AppTests). The packages do not change during a run,
    so the scan's result is kept for the process, as in the app."""
    from streamlit.components.v2 import manifest_scanner

    scan = manifest_scanner.scan_component_manifests
    if getattr(scan, "kept_for_the_process", False):
        return
    found = scan()

    @functools.wraps(scan)
    def kept(max_workers: int | None = None) -> list:
        return list(found)  # a copy: a caller may change its list

    kept.kept_for_the_process = True  # type: ignore[attr-defined]
    manifest_scanner.scan_component_manifests = kept
