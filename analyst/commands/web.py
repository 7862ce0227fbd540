"""`analyst web [STREAMLIT OPTIONS]`: start the web app (Streamlit) from wherever it is installed.

Streamlit reads `.streamlit/config.toml` from the working directory; an installed app is
usually started elsewhere, where Streamlit's own defaults would listen on every interface
and send usage statistics. So the project's safe defaults (the same values as the
checkout's `.streamlit/config.toml`) are passed as flags for every key that no config
file of the user's sets: a user's config still wins, and a flag given here wins over both.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tomllib
from pathlib import Path

from analyst.commands.language import default_language, words
from analyst.ingest.limits import read_ingest_limits

SAFE_DEFAULTS: dict[str, dict[str, object]] = {
    "server": {"address": "localhost", "headless": True, "maxUploadSize": 200,
               "enableXsrfProtection": True, "fileWatcherType": "none"},
    "browser": {"gatherUsageStats": False},
    "client": {"toolbarMode": "minimal", "showErrorDetails": "none"},
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`web`'s options are Streamlit's: only its usage and epilog are ours."""
    parser.usage = "%(prog)s [-h] [STREAMLIT OPTIONS]"
    parser.epilog = ("Other options are passed to `streamlit run`, e.g. --server.port 8502. The "
                     "app listens on localhost only unless a .streamlit/config.toml or a flag "
                     "says otherwise.")


def run(args: argparse.Namespace) -> int:
    try:
        app = app_path()
    except FileNotFoundError:
        print(words(default_language(), "web_not_installed"), file=sys.stderr)
        return 2
    command = streamlit_command(app, list(getattr(args, "streamlit_args", [])), Path.cwd(), Path.home())
    # Replaced, not wrapped: Ctrl-C, signals and the exit code are Streamlit's own.
    os.execv(command[0], command)  # noqa: S606 - our interpreter and an argument list, no shell
    return 0  # not reached


def app_path() -> Path:
    """The app's frame: `app.py` of this checkout, or the one installed beside the packages."""
    spec = importlib.util.find_spec("app")
    origin = Path(spec.origin) if spec and spec.origin else None
    if origin is None or not (origin.parent / "pages" / "analyze.py").is_file():
        raise FileNotFoundError("the web app (app.py and pages/) is not installed with this "
                                "package; reinstall it with `pip install .` from the project folder")
    return origin


def streamlit_command(app: Path, extra: list[str], cwd: Path, home: Path) -> list[str]:
    configured = _configured_keys([cwd / ".streamlit" / "config.toml",
                                   home / ".streamlit" / "config.toml"])
    given = {a.split("=", 1)[0].removeprefix("--") for a in extra if a.startswith("--")}
    flags = []
    for section, values in _defaults().items():
        for key, value in values.items():
            name = f"{section}.{key}"
            if name not in configured and name not in given:
                shown = str(value).lower() if isinstance(value, bool) else str(value)
                flags.append(f"--{name}={shown}")
    return [sys.executable, "-m", "streamlit", "run", str(app), *flags, *extra]


def _defaults() -> dict[str, dict[str, object]]:
    defaults = {section: dict(values) for section, values in SAFE_DEFAULTS.items()}
    limits, _problems = read_ingest_limits()
    # The app refuses files above ANALYST_MAX_UPLOAD_MB with its own message: let them arrive.
    defaults["server"]["maxUploadSize"] = max(1, round(limits.max_upload_mb))
    return defaults


def _configured_keys(files: list[Path]) -> set[str]:
    keys: set[str] = set()
    for file in files:
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue  # absent or broken: Streamlit will say so itself
        keys |= {f"{section}.{key}" for section, values in data.items() if isinstance(values, dict)
                 for key in values}
    return keys
