"""The one exception of ingestion: its `str()` is a sentence the user can act on."""

from __future__ import annotations

from analyst.errors import AnalystError


class IngestError(AnalystError):
    """The file cannot be turned into a clean table; the message says why in plain words."""
