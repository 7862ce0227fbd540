"""Where the app keeps its data when no setting says: the one default both the settings and
the host's admission slots read (below both, so neither imports the other for it)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

LEGACY_DATA_DIR = Path("data")
"""The default of earlier versions, inside the checkout: still used when it holds a store."""


def default_data_dir(env: Mapping[str, str] | None = None, cwd: Path | None = None) -> Path:
    """Where sessions live when ANALYST_DATA_DIR is not set: the user's data folder
    (`$XDG_DATA_HOME/analyst`, else `~/.local/share/analyst`), outside the checkout, so
    Streamlit's file watcher (which watches the app's folder recursively) does not see
    every upload, table and chart. A `data/` folder of an earlier version that holds a
    store is kept, so nobody's sessions disappear on upgrade."""
    env = os.environ if env is None else env
    legacy = (cwd or Path.cwd()) / LEGACY_DATA_DIR
    if (legacy / "analyst.db").is_file():
        return LEGACY_DATA_DIR
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "analyst"
