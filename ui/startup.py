"""What the app does before any page: one configuration for every layer, and old containers gone.

`prepare()` runs at the top of every script run (cheap); the container sweep inside it runs
once per app process, through `st.cache_resource`.
"""

from __future__ import annotations

import faulthandler
import logging
import signal
import threading
from dataclasses import dataclass

import streamlit as st

from analyst.logs import configure_logging
from analyst.settings import export_secrets
from ui.state import app_secrets, settings

log = logging.getLogger("analyst.app")

# name -> value this process put into os.environ from secrets.toml: only those are ever
# updated or removed again, so a value the operator set in the real environment always wins.
_EXPORTED: dict[str, str] = {}
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Sweep:
    """What the start-up sweep of leftover sandbox containers did."""

    removed: int
    problem: str | None = None
    """Why the sweep could not run, in the error's own words (the page says the sentence in
    the interface language: this result is cached once per process, across languages)."""


def prepare() -> Sweep:
    """Make secrets.toml reach the sandbox and ingester, then sweep old containers (once)."""
    secrets = app_secrets()
    with _LOCK:  # Streamlit runs sessions in threads; the environment is one per process
        export_secrets(secrets, exported=_EXPORTED)
        configure_logging()  # after the export: ANALYST_LOG_LEVEL may be in secrets.toml
    _stacks_on_request()
    _claim_installation()
    start_file_reader()
    swept = reap_leftovers()  # before the pool starts: its containers are this process's
    start_warm_sandboxes()
    return swept


@st.cache_resource(show_spinner=False)
def _stacks_on_request() -> bool:
    """`kill -USR1 <pid>` prints every thread's stack to the server's stderr: a page that
    waits forever shows where the server waits, without stopping it (the operator's log, and
    the browser tests' report when one times out)."""
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    return True


@st.cache_resource(show_spinner=False)
def start_file_reader() -> threading.Thread:
    """Start the process that reads uploads (`analyst.ingest.bounded`) in the background, once
    per app process: its imports take seconds, which the first upload would otherwise wait."""
    from analyst.ingest.bounded import warm

    def start() -> None:
        try:
            warm()
        except Exception:  # noqa: BLE001 - the first upload starts it again and says why
            log.warning("could not start the file reader", exc_info=True)

    thread = threading.Thread(target=start, name="analyst-file-reader", daemon=True)
    thread.start()
    return thread


def _claim_installation() -> None:
    """Label this process's sandbox containers with the data folder's installation id, so the
    sweep below removes only this installation's leftovers, never another app's."""
    try:
        from sandbox import use_installation

        use_installation(settings().data_dir)
    except OSError:
        log.warning("could not read or create the installation id", exc_info=True)


def exported_names() -> tuple[str, ...]:
    return tuple(sorted(_EXPORTED))


@st.cache_resource(show_spinner=False)
def reap_leftovers() -> Sweep:
    """Remove this installation's sandbox containers whose app process is gone (a crash, a
    kill -9 before the watchdog ended them) or that already exited."""
    try:
        from sandbox import reap_orphans

        removed = reap_orphans()
    except Exception as exc:  # a failed sweep must not keep the app from starting
        log.warning("could not remove leftover sandbox containers", exc_info=True)
        return Sweep(0, str(exc) or type(exc).__name__)
    if removed:
        log.info("removed %d leftover sandbox container(s)", removed)
    return Sweep(removed)


@st.cache_resource(show_spinner=False)
def start_warm_sandboxes() -> bool:
    """Start the warm pool once per app process (`analyst.session.warm`): it fills in the
    background, so the first users' first answers skip a container start and the imports.
    True when a pool was started (its size 0, a local backend or bad limits: none)."""
    from analyst.settings import load_settings

    try:
        settings = load_settings()
        from analyst.session.warm import start_pool

        return start_pool(settings.sandbox_backend, settings.sandbox_limits) is not None
    except Exception:  # noqa: BLE001 - without a pool, sessions start cold as before
        log.warning("could not start the warm sandboxes", exc_info=True)
        return False
