"""The app's configuration, read in ONE place: environment variables and `st.secrets`.

The Streamlit app passes `st.secrets` in as a plain mapping (this module never imports
streamlit). Environment variables win over secrets, so an operator can override a file
without editing it. A bad value never stops the app: it is reported in `problems` in
plain words and the default is used instead.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from analyst.agent.config import ConfigError, LLMConfig

Backend = Literal["auto", "docker", "local"]

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


@dataclass(frozen=True)
class AppSettings:
    data_dir: Path = Path("data")
    """Where the SQLite store and one workspace folder per session live (ANALYST_DATA_DIR)."""
    max_upload_mb: int = 200
    """Largest file accepted (ANALYST_MAX_UPLOAD_MB); keep it equal to server.maxUploadSize."""
    max_sandboxes: int = 4
    """Analyses that may run at the same time (ANALYST_MAX_SANDBOXES); others wait in line."""
    queue_timeout_s: float = 300.0
    """How long a question waits for a free sandbox before giving up (ANALYST_QUEUE_TIMEOUT)."""
    sandbox_backend: Backend = "auto"
    """auto (Docker when available, else local), docker or local (ANALYST_SANDBOX_BACKEND)."""
    offline: bool = False
    """Use the offline analyst even when a model is configured (ANALYST_OFFLINE)."""
    approval: bool = False
    """Show the code and wait for approval before it runs (ANALYST_APPROVAL)."""
    privacy: bool = True
    """Send the model only the schema and statistics, never raw rows (ANALYST_PRIVACY)."""
    llm: LLMConfig = field(default_factory=LLMConfig)
    problems: tuple[str, ...] = ()
    """Settings that could not be used, in plain words; the defaults were used instead."""

    @property
    def db_path(self) -> Path:
        return self.data_dir / "analyst.db"

    @property
    def workspaces_dir(self) -> Path:
        return self.data_dir / "workspaces"

    @property
    def model_configured(self) -> bool:
        return self.llm.configured

    def to_public_dict(self) -> dict[str, Any]:
        """Everything except secrets, for the Settings page and logs."""
        return {
            "ANALYST_DATA_DIR": str(self.data_dir),
            "ANALYST_MAX_UPLOAD_MB": self.max_upload_mb,
            "ANALYST_MAX_SANDBOXES": self.max_sandboxes,
            "ANALYST_QUEUE_TIMEOUT": self.queue_timeout_s,
            "ANALYST_SANDBOX_BACKEND": self.sandbox_backend,
            "ANALYST_OFFLINE": self.offline,
            "ANALYST_APPROVAL": self.approval,
            "ANALYST_PRIVACY": self.privacy,
            "OPENAI_BASE_URL": self.llm.base_url or "",
            "ANALYST_MODEL": self.llm.model,
            "OPENAI_API_KEY": "set" if self.llm.api_key else "not set",
        }


def load_settings(
    env: Mapping[str, str] | None = None, secrets: Mapping[str, Any] | None = None
) -> AppSettings:
    """Read the settings; `secrets` is `st.secrets` (or any mapping), `env` defaults to os.environ."""
    merged = _flatten(secrets or {})
    merged.update({k: v for k, v in (os.environ if env is None else env).items() if v.strip()})
    problems: list[str] = []
    reader = _Reader(merged, problems)
    defaults = AppSettings()
    try:
        llm = LLMConfig.from_env(merged)
    except ConfigError as exc:
        problems.append(f"{exc} The model settings were ignored.")
        llm = LLMConfig()
    backend = (merged.get("ANALYST_SANDBOX_BACKEND") or "auto").strip().lower()
    if backend not in ("auto", "docker", "local"):
        problems.append(
            f"ANALYST_SANDBOX_BACKEND must be auto, docker or local (it is {backend!r}); using auto."
        )
        backend = "auto"
    return AppSettings(
        data_dir=Path(merged.get("ANALYST_DATA_DIR") or defaults.data_dir),
        max_upload_mb=int(reader.number("ANALYST_MAX_UPLOAD_MB", defaults.max_upload_mb, 1)),
        max_sandboxes=int(reader.number("ANALYST_MAX_SANDBOXES", defaults.max_sandboxes, 1)),
        queue_timeout_s=reader.number("ANALYST_QUEUE_TIMEOUT", defaults.queue_timeout_s, 1),
        sandbox_backend=backend,  # type: ignore[arg-type]
        offline=reader.flag("ANALYST_OFFLINE", defaults.offline),
        approval=reader.flag("ANALYST_APPROVAL", defaults.approval),
        privacy=reader.flag("ANALYST_PRIVACY", defaults.privacy),
        llm=llm,
        problems=tuple(problems),
    )


def _flatten(secrets: Mapping[str, Any]) -> dict[str, str]:
    """Top-level scalar secrets only: sections such as [auth] belong to Streamlit itself."""
    flat: dict[str, str] = {}
    for key, value in secrets.items():
        if isinstance(value, bool):
            flat[str(key)] = "true" if value else "false"
        elif isinstance(value, (str, int, float)) and str(value).strip():
            flat[str(key)] = str(value)
    return flat


class _Reader:
    def __init__(self, values: Mapping[str, str], problems: list[str]) -> None:
        self._values = values
        self._problems = problems

    def number(self, name: str, default: float, minimum: float) -> float:
        raw = (self._values.get(name) or "").strip()
        if not raw:
            return default
        try:
            value = float(raw)
        except ValueError:
            self._problems.append(f"{name} must be a number (it is {raw!r}); using {default:g}.")
            return default
        if value < minimum:
            self._problems.append(f"{name} must be at least {minimum:g} (it is {raw}); using {default:g}.")
            return default
        return value

    def flag(self, name: str, default: bool) -> bool:
        raw = (self._values.get(name) or "").strip().lower()
        if not raw:
            return default
        if raw in _TRUE:
            return True
        if raw in _FALSE:
            return False
        self._problems.append(f"{name} must be on or off (it is {raw!r}); using {'on' if default else 'off'}.")
        return default
