"""The one exception of ingestion: its `str()` is a sentence the user can act on."""

from __future__ import annotations


class IngestError(Exception):
    """The file cannot be turned into a clean table; the message says why in plain words."""
