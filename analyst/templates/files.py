"""A template as a small JSON file: `{"format": "analyst-report-template", "version": 1, ...}`.

The file is meant to be kept, mailed and edited by hand, so reading it says plainly what is
wrong: not JSON (and where), not a template of this app, a newer version, or damaged (and
which part). Nothing of a broken file is used.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from analyst.errors import AnalystError
from analyst.templates.model import ReportTemplate
from analyst.templates.rules import RuleBroken, check_template, check_text

FORMAT = "analyst-report-template"
VERSION = 1
"""The schema version this code writes and reads; a higher one is refused, never guessed."""
MAX_BYTES = 2_000_000
"""A template is a few kilobytes; anything this large is not one."""


class TemplateError(AnalystError):
    """A template file that cannot be used; `str()` says why and names the file (a broken
    rule carries its `TemplateNote`, so `message_in` says it in the reader's language)."""


def dumps(template: ReportTemplate) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, **template.to_dict()},
                      ensure_ascii=False, indent=2)


def loads(text: str, name: str = "The template") -> ReportTemplate:
    """The template in `text`; `TemplateError` naming `name` when it is not a usable one."""
    try:
        check_text(text, name, MAX_BYTES)  # before parsing: the parser recurses
        data = json.loads(text)
    except RuleBroken as exc:
        raise TemplateError(exc.note) from None
    except json.JSONDecodeError as exc:
        raise TemplateError(f"{name} is not a report template: it is not JSON "
                            f"(line {exc.lineno}, column {exc.colno}).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TemplateError(f"{name} is not a report template of Analyst (it does not say "
                            f"\"format\": \"{FORMAT}\"). Save one with --save-template or "
                            "'Save as a recurring report'.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise TemplateError(f"{name} is damaged: its version is missing or not a number.")
    if version > VERSION:
        raise TemplateError(f"{name} was saved by a newer version of Analyst (template format "
                            f"{version}; this one reads format {VERSION}). Update Analyst "
                            "to run it.")
    try:
        check_template(data, name)
    except RuleBroken as exc:
        raise TemplateError(exc.note) from None
    try:
        template = ReportTemplate.from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise TemplateError(f"{name} is damaged: {_part(exc)}.") from None
    if not template.standard and not template.questions:
        raise TemplateError(f"{name} has no sections to run.")
    return template


def _part(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"the field {exc.args[0]!r} is missing"
    return str(exc) or "a field has the wrong kind of value"


def save_template(template: ReportTemplate, path: Path) -> None:
    """Write `template` to `path` atomically (a half-written template is never left)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".template-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(dumps(template))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_template(path: Path) -> ReportTemplate:
    """The template saved at `path`; `TemplateError` with a plain sentence otherwise."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise TemplateError(f"{path.name} is not a report template: it is "
                                f"{size // 1_000_000} MB (a template is a few KB).")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise TemplateError(f"Template not found: {path}") from None
    except IsADirectoryError:
        raise TemplateError(f"{path} is a folder, not a template file.") from None
    except OSError as exc:
        raise TemplateError(f"{path.name} cannot be read: {exc.strerror or exc}.") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TemplateError(f"{path.name} is not a report template: it is not text "
                            "(UTF-8 JSON).") from None
    return loads(text, path.name)


def template_dict(template: ReportTemplate) -> dict[str, Any]:
    """The JSON-ready form, with its format and version (the store keeps it so)."""
    return json.loads(dumps(template))
