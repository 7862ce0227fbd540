"""The app's configuration, read in ONE place: environment variables and `st.secrets`.

The Streamlit app passes `st.secrets` in as a plain mapping (this module never imports
streamlit). Environment variables win over secrets, so an operator can override a file
without editing it. A bad value never stops the app: it is reported in `problems` in
plain words and the default is used instead.

Some settings are read deep below the app, from the environment (sandbox limits and image,
ingestion limits). So that a value in secrets.toml reaches them too, the app calls
`export_secrets` at every run: flat `ANALYST_*` secrets go into `os.environ` where the
environment has no value of its own. `OPENAI_*` values never go there (the API key would be
one careless subprocess away from generated code): they travel as `AppSettings.llm` only.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from analyst.agent.config import ConfigError, LLMConfig
from analyst.data_folder import default_data_dir
from analyst.ingest.limits import IngestLimits, read_ingest_limits
from analyst.logs import DEFAULT_LEVEL, read_log_level
from analyst.recipes.numbers import language_code
from analyst.session.admission_settings import read_limit, read_pause_after
from analyst.session.warm import read_size as read_warm_size
from analyst.words import LANGUAGES
from analyst.words.note import Note, SettingNote
from sandbox import Limits, SandboxError

# Every setting Analyst reads (README "Configuration"); another ANALYST_ name is a typo.
KNOWN_SETTINGS = frozenset({
    "ANALYST_DATA_DIR", "ANALYST_MAX_UPLOAD_MB", "ANALYST_MAX_SANDBOXES", "ANALYST_QUEUE_TIMEOUT",
    "ANALYST_SANDBOX_BACKEND", "ANALYST_DOCKER_HOSTS", "ANALYST_OFFLINE", "ANALYST_PRIVACY", "ANALYST_APPROVAL",
    "ANALYST_MODEL", "ANALYST_TEMPERATURE", "ANALYST_REASONING_EFFORT", "ANALYST_TOOL_CALLING",
    "ANALYST_MAX_STEPS", "ANALYST_MAX_FAILURES", "ANALYST_STEP_TIMEOUT", "ANALYST_TOKEN_BUDGET",
    "ANALYST_CONTEXT_TOKENS", "ANALYST_TOOL_OUTPUT_CHARS", "ANALYST_REQUEST_TIMEOUT",
    "ANALYST_API_RETRIES", "ANALYST_MAX_RETRY_WAIT", "ANALYST_STREAM",
    "ANALYST_PRICE_INPUT_PER_MTOK", "ANALYST_PRICE_OUTPUT_PER_MTOK",
    "ANALYST_SANDBOX_MEMORY", "ANALYST_SANDBOX_CPUS", "ANALYST_SANDBOX_PIDS",
    "ANALYST_SANDBOX_TMP_SIZE", "ANALYST_SANDBOX_OUTPUT_SIZE", "ANALYST_SANDBOX_TIMEOUT",
    "ANALYST_SANDBOX_GRACE", "ANALYST_SANDBOX_IDLE_MINUTES", "ANALYST_SANDBOX_IMAGE",
    "ANALYST_SANDBOX_BASE", "ANALYST_MAX_ROWS", "ANALYST_MAX_UNZIPPED_MB", "ANALYST_LOG_LEVEL",
    "ANALYST_MAX_SHEETS", "ANALYST_MAX_CELLS", "ANALYST_MAX_COLUMNS",
    "ANALYST_INGEST_MEMORY_MB", "ANALYST_INGEST_SECONDS", "ANALYST_MAX_FORMULAS",
    "ANALYST_FORMULA_SECONDS",
    "ANALYST_MAX_RUNNING_SESSIONS", "ANALYST_PAUSE_IDLE_SECONDS", "ANALYST_LANG",
    "ANALYST_WARM_SANDBOXES",
    # The service's (compose.yaml, the app's image: analyst.deploy); the app never reads the
    # first three, but they sit in the same .env and must not be called typos.
    "ANALYST_APP_IMAGE", "ANALYST_PORT", "ANALYST_LISTEN", "ANALYST_SANDBOX_WHEELHOUSE",
})

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
    """Analyses of the app that may run at the same time (ANALYST_MAX_SANDBOXES; unset: the
    host's limit, `max_running_sessions`, which comes from its cores and memory); others
    wait in the host's one line (`analyst.session.admission`): see `running_at_once`."""
    queue_timeout_s: float = 300.0
    """How long a question waits in line before giving up (ANALYST_QUEUE_TIMEOUT)."""
    max_running_sessions: int = 0
    """Sandbox sessions running at once on this host, app, CLI and API together
    (ANALYST_MAX_RUNNING_SESSIONS; 0 here means not read: see `analyst.session.admission`)."""
    pause_idle_s: float = 30.0
    """An idle session may be paused for another after this many seconds
    (ANALYST_PAUSE_IDLE_SECONDS)."""
    warm_sandboxes: int = 0
    """Sandbox containers kept started ahead for new sessions (ANALYST_WARM_SANDBOXES;
    `analyst.session.warm`; 0: none)."""
    sandbox_backend: Backend = "auto"
    """auto (Docker when available, else local), docker or local (ANALYST_SANDBOX_BACKEND)."""
    offline: bool = False
    """Use the offline analyst even when a model is configured (ANALYST_OFFLINE)."""
    approval: bool = False
    """Show the code and wait for approval before it runs (ANALYST_APPROVAL)."""
    privacy: bool = True
    """Send the model only the schema and statistics, never raw rows (ANALYST_PRIVACY)."""
    log_level: str = DEFAULT_LEVEL
    """Level of the `analyst.*` log lines on stderr (ANALYST_LOG_LEVEL)."""
    language: str | None = None
    """The command line's language, en/uk/ru/zh (ANALYST_LANG); None: not set (the
    command line then follows the locale, a report the language of its data)."""
    llm: LLMConfig = field(default_factory=LLMConfig)
    sandbox_limits: Limits = field(default_factory=Limits)
    """Memory, CPUs, timeouts of one sandbox session (ANALYST_SANDBOX_*)."""
    sandbox_limits_ok: bool = True
    """False when an ANALYST_SANDBOX_* limit is bad: the sandbox refuses to start until fixed."""
    ingest: IngestLimits = field(default_factory=IngestLimits)
    """Largest upload, table and unpacked workbook (ANALYST_MAX_UPLOAD_MB/_ROWS/_UNZIPPED_MB)."""
    sandbox_image: str | None = None
    """ANALYST_SANDBOX_IMAGE when set; None: the tag computed from this checkout."""
    sources: Mapping[str, str] = field(default_factory=dict)
    """Where each setting that is set came from: "environment" or "secrets.toml"."""
    problems: tuple[SettingNote, ...] = ()
    """Settings that could not be used, in plain words; the defaults were used instead."""

    @property
    def running_at_once(self) -> int:
        """The app's places in the host's admission: ANALYST_MAX_SANDBOXES, never more than
        the host's ANALYST_MAX_RUNNING_SESSIONS."""
        return min(self.max_sandboxes, self.max_running_sessions or self.max_sandboxes)

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
            "ANALYST_MAX_RUNNING_SESSIONS": self.max_running_sessions,
            "ANALYST_PAUSE_IDLE_SECONDS": self.pause_idle_s,
            "ANALYST_WARM_SANDBOXES": self.warm_sandboxes,
            "ANALYST_SANDBOX_BACKEND": self.sandbox_backend,
            "ANALYST_OFFLINE": self.offline,
            "ANALYST_APPROVAL": self.approval,
            "ANALYST_PRIVACY": self.privacy,
            "ANALYST_LOG_LEVEL": self.log_level,
            "ANALYST_LANG": self.language or "",
            "ANALYST_MAX_ROWS": self.ingest.max_rows,
            "ANALYST_MAX_UNZIPPED_MB": self.ingest.max_unzipped_mb,
            "ANALYST_MAX_SHEETS": self.ingest.max_sheets,
            "ANALYST_MAX_CELLS": self.ingest.max_cells,
            "ANALYST_MAX_COLUMNS": self.ingest.max_columns,
            "ANALYST_MAX_FORMULAS": self.ingest.max_formulas,
            "ANALYST_FORMULA_SECONDS": self.ingest.formula_seconds,
            "ANALYST_INGEST_MEMORY_MB": self.ingest.ingest_memory_mb,
            "ANALYST_INGEST_SECONDS": self.ingest.ingest_seconds,
            "ANALYST_SANDBOX_IMAGE": self.sandbox_image or "(this checkout's tag)",
            "sandbox limits": self.sandbox_limits.describe(),
            "OPENAI_BASE_URL": self.llm.base_url or "",
            "ANALYST_MODEL": self.llm.model,
            "OPENAI_API_KEY": "set" if self.llm.api_key else "not set",
        }


def effective_values(
    env: Mapping[str, str] | None = None, secrets: Mapping[str, Any] | None = None
) -> dict[str, str]:
    """Every flat setting, the environment's value winning over the secrets file's."""
    merged = _flatten(secrets or {})
    merged.update({k: v for k, v in (os.environ if env is None else env).items() if v.strip()})
    return merged


def load_settings(
    env: Mapping[str, str] | None = None, secrets: Mapping[str, Any] | None = None
) -> AppSettings:
    """Read the settings; `secrets` is `st.secrets` (or any mapping), `env` defaults to os.environ."""
    environ = os.environ if env is None else env
    merged = effective_values(environ, secrets)
    sources = {k: "environment" if (environ.get(k) or "").strip() else "secrets.toml"
               for k in merged if k.startswith(("ANALYST_", "OPENAI_"))}
    problems: list[SettingNote] = [
        SettingNote("unknown_in_environment" if where == "environment" else "unknown_in_secrets",
                    name=name)
        for name, where in sorted(sources.items())
        if name.startswith("ANALYST_") and name not in KNOWN_SETTINGS
    ]
    reader = _Reader(merged, problems)
    defaults = AppSettings()
    try:
        llm = LLMConfig.from_env(merged)
    except ConfigError as exc:
        problems.append(SettingNote("model_settings_ignored", problem=_said(exc)))
        llm = LLMConfig()
    backend = (merged.get("ANALYST_SANDBOX_BACKEND") or "auto").strip().lower()
    if backend not in ("auto", "docker", "local"):
        problems.append(SettingNote("backend", value=repr(backend)))
        backend = "auto"
    try:
        limits, limits_ok = Limits.from_env(merged), True
    except SandboxError as exc:
        problems.append(SettingNote("sandbox_limits_stop", problem=_said(exc)))
        limits, limits_ok = Limits(), False
    ingest, ingest_problems = read_ingest_limits(merged)
    problems.extend(ingest_problems)
    log_level, log_problem = read_log_level(merged)
    problems.extend([log_problem] if log_problem else [])
    running, running_problem = read_limit(merged)
    pause_idle, pause_problem = read_pause_after(merged)
    warm, warm_problem = read_warm_size(merged)
    problems.extend(p for p in (running_problem, pause_problem, warm_problem) if p)
    language = _language(merged.get("ANALYST_LANG"), problems)
    return AppSettings(
        data_dir=Path(merged.get("ANALYST_DATA_DIR") or default_data_dir(merged)),
        max_upload_mb=max(1, int(ingest.max_upload_mb)),
        # Unset, the app takes as many places as the host has: a session keeps its place
        # between questions (until paused), so a smaller fixed cap made a fifth user wait.
        max_sandboxes=int(reader.number("ANALYST_MAX_SANDBOXES", running, 1)),
        queue_timeout_s=reader.number("ANALYST_QUEUE_TIMEOUT", defaults.queue_timeout_s, 1),
        max_running_sessions=running,
        pause_idle_s=pause_idle,
        warm_sandboxes=warm,
        sandbox_backend=backend,  # type: ignore[arg-type]
        offline=reader.flag("ANALYST_OFFLINE", defaults.offline),
        approval=reader.flag("ANALYST_APPROVAL", defaults.approval),
        privacy=reader.flag("ANALYST_PRIVACY", defaults.privacy),
        log_level=log_level,
        language=language,
        llm=llm,
        sandbox_limits=limits,
        sandbox_limits_ok=limits_ok,
        ingest=ingest,
        sandbox_image=(merged.get("ANALYST_SANDBOX_IMAGE") or "").strip() or None,
        sources=sources,
        problems=tuple(problems),
    )


def export_secrets(
    secrets: Mapping[str, Any], environ: MutableMapping[str, str] | None = None,
    exported: MutableMapping[str, str] | None = None,
) -> tuple[str, ...]:
    """Put flat ANALYST_* secrets into the environment where it has no value; return their names.

    `exported` remembers what this function put there (name -> value), so a later call
    updates or removes those values when secrets.toml changes, yet never touches a value
    the operator set in the real environment. OPENAI_* secrets are never exported.
    """
    target = os.environ if environ is None else environ
    mine = {} if exported is None else exported
    wanted = {k: v for k, v in _flatten(secrets).items() if k.startswith("ANALYST_")}
    for name in list(mine):
        if target.get(name) != mine[name]:
            mine.pop(name)  # someone else changed it since: theirs now
        elif name not in wanted:
            target.pop(name, None)
            mine.pop(name)
    for name, value in wanted.items():
        if name in mine or not (target.get(name) or "").strip():
            target[name] = value
            mine[name] = value
    return tuple(sorted(mine))


def _flatten(secrets: Mapping[str, Any]) -> dict[str, str]:
    """Top-level scalar secrets only: sections such as [auth] belong to Streamlit itself."""
    flat: dict[str, str] = {}
    for key, value in secrets.items():
        if isinstance(value, bool):
            flat[str(key)] = "true" if value else "false"
        elif isinstance(value, (str, int, float)) and str(value).strip():
            flat[str(key)] = str(value)
    return flat


def _said(exc: Exception) -> Note | str:
    """The problem an error names: its `SettingNote` (the model settings' `ConfigError`), the
    sandbox limit's message id and values (`sandbox.limits.LimitError`), else its text."""
    if exc.args and isinstance(exc.args[0], Note):
        return exc.args[0]
    key, values = getattr(exc, "key", None), getattr(exc, "values", None)
    if isinstance(key, str) and isinstance(values, dict):
        return SettingNote(key, **values)
    return str(exc)


def _language(raw: str | None, problems: list[SettingNote]) -> str | None:
    """ANALYST_LANG as a product language ("uk-UA" -> "uk"); None when unset or unknown."""
    text = (raw or "").strip()
    if not text:
        return None
    code = language_code(text)
    if code in LANGUAGES:
        return code
    problems.append(SettingNote("language", value=repr(text)))
    return None


class _Reader:
    def __init__(self, values: Mapping[str, str], problems: list[SettingNote]) -> None:
        self._values = values
        self._problems = problems

    def number(self, name: str, default: float, minimum: float) -> float:
        raw = (self._values.get(name) or "").strip()
        if not raw:
            return default
        try:
            value = float(raw)
        except ValueError:
            self._problems.append(SettingNote("number_using", name=name, value=repr(raw),
                                              default=default))
            return default
        if value < minimum:
            self._problems.append(SettingNote("minimum_using", name=name, value=raw,
                                              minimum=minimum, default=default))
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
        self._problems.append(SettingNote("flag_using_on" if default else "flag_using_off",
                                          name=name, value=repr(raw)))
        return default
