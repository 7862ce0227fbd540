"""What a template's run and its file say to the user: message ids with values (catalogue
context "template_run"), rendered in the reader's language where they are shown.

A `RunNote` is also its English text (`analyst.words.note.Note`), so the CLI's lines, the
problems of a run and `TemplateError`'s `str()` read as they always did in English.
"""

from __future__ import annotations

from typing import ClassVar

from analyst.words.note import Note


class RunNote(Note):
    """Message `key` of context "template_run"."""

    context: ClassVar[str] = "template_run"
    words: ClassVar[str] = "template_part"
