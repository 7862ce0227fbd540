"""What one step returns: `ExecutionResult` and its parts (frozen, JSON-ready)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"})


@dataclass(frozen=True)
class OutputFile:
    """A file a step created or changed under `output/`."""

    path: str
    """Relative to the workspace root, with forward slashes, e.g. `output/revenue.png`."""
    size: int
    """Size in bytes when the step ended."""
    is_image: bool
    """True for image files a UI can show as they are (png, jpg, gif, webp whose first bytes
    say so; never SVG, which can make a browser fetch other URLs)."""
    sha256: str = ""
    """SHA-256 of the host's copy (`Workspace.artifact_path`); empty for records written
    before copies were kept, which a host then has nothing to read for."""


@dataclass(frozen=True)
class ExecutionError:
    """The exception the step's code raised."""

    name: str
    """Exception class name, e.g. `KeyError`."""
    message: str
    """`str()` of the exception."""
    traceback: str
    """Formatted traceback of the user's code only (no frames of the runner)."""


@dataclass(frozen=True)
class DisplayValue:
    """The value of the step's last expression, as a notebook would show it."""

    text: str
    """Its repr, bounded in length."""
    table: dict[str, Any] | None = None
    """For a DataFrame or Series: `{"columns", "index", "data", "rows_total", "truncated"}`.
    `truncated` is True when only the first rows are in `data`; `rows_total` says how many
    rows the object really has, so a caller never mistakes a preview for the whole."""


NoticeValue = int | float | str


@dataclass(frozen=True)
class Notice:
    """One thing the user must know about a step, as a stable id with its figures.

    The sandbox knows no languages: `ExecutionResult.notice` is its English sentence for
    the model and the logs, and a host words each `Notice` in its reader's language.
    Kinds: "stopped", "stopped_restarted", "timeout" / "timeout_restarted" (`seconds`),
    "memory" / "memory_restarted" (`limit_bytes`; restarted, also why the kernel ended),
    "tampered" / "session_stopped" / "process_ended" (`detail`, English, and since they are
    kept `reason`, one of `sandbox.notices.TAMPERINGS` or `DEATHS`, with its figures:
    `status`, `signal` and `signal_name`, `log`, `stream`, `mb` and `limit_mb`), "lost"
    (`earlier` steps, `when`: before, during or after this step), "output_files_limit"
    (`limit`, `removed`), "output_bytes_limit" (`limit_bytes`, `removed`), "restarted",
    "threads" (`count`), "files_skipped"
    (`reasons`: ids joined with ";", and the limits they name), "not_run".
    """

    kind: str
    values: dict[str, NoticeValue] = field(default_factory=dict, hash=False)
    """(Not hashed: a result holding notices stays as hashable as it was.)"""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Notice:
        return cls(str(data.get("kind") or ""), dict(data.get("values") or {}))


@dataclass(frozen=True)
class ExecutionResult:
    """Everything one `Session.run` produced; errors of the code are data here."""

    stdout: str = ""
    """Printed output, bounded: a long output keeps its head and tail and says what was cut."""
    stderr: str = ""
    """Error output (warnings too), bounded the same way."""
    error: ExecutionError | None = None
    value: DisplayValue | None = None
    files: tuple[OutputFile, ...] = ()
    duration_s: float = 0.0
    timed_out: bool = False
    out_of_memory: bool = False
    restarted: bool = False
    """The session was restarted: variables from earlier steps are gone."""
    notice: str | None = None
    """Plain words for the user about anything unusual: what happened and what it means."""
    interrupted: bool = False
    """The user stopped the step (`Session.interrupt()`); `notice` says whether variables are kept."""
    notices: tuple[Notice, ...] = ()
    """What `notice` says, one `Notice` per sentence, in its order (empty in records written
    before notices were kept: those show `notice` as it is)."""
    figures: dict[str, Any] | None = field(default=None, hash=False)
    """The JSON object (≤ 1 MB) the code sent last with `send_figures({...})`, as trustworthy as it."""

    @property
    def ok(self) -> bool:
        """True when the code ran to its end without an error, a timeout, a stop or running out of memory."""
        return (self.error is None and not self.timed_out and not self.out_of_memory
                and not self.interrupted)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["ok"] = self.ok
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExecutionResult:
        """The inverse of `to_dict()`, also after a JSON round trip (lists for tuples).

        `ok` is derived, and keys this version does not know (a newer writer) are ignored;
        missing ones (an older writer) take their defaults, so stored results stay readable.
        """
        kept = _known(cls, data)
        if kept.get("error") is not None:
            kept["error"] = ExecutionError(**_known(ExecutionError, kept["error"]))
        if kept.get("value") is not None:
            kept["value"] = DisplayValue(**_known(DisplayValue, kept["value"]))
        kept["files"] = tuple(OutputFile(**_known(OutputFile, f)) for f in kept.get("files") or ())
        kept["notices"] = tuple(Notice.from_dict(n) for n in kept.get("notices") or ()
                                if isinstance(n, dict))
        return cls(**kept)


def _known(cls: Any, data: dict[str, Any]) -> dict[str, Any]:
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in dict(data).items() if k in names}


def bound_text(text: str, limit: int) -> str:
    """Keep the head and the tail of `text` within about `limit` characters, saying what was cut."""
    if len(text) <= limit:
        return text
    half = max(limit // 2, 1)
    cut = len(text) - 2 * half
    return f"{text[:half]}\n[... {cut:,} characters cut ...]\n{text[-half:]}"
