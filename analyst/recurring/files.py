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

from analyst.errors import AnalystError
from analyst.recurring.model import ReportTemplate
from analyst.recurring.rules import RuleBroken, check_template, check_text
from analyst.recurring.run_words import RunNote
from analyst.words.note import Name

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
        raise TemplateError(RunNote("not_json", file=name, line=exc.lineno, column=exc.colno)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TemplateError(RunNote("not_template", file=name, format=FORMAT))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise TemplateError(RunNote("no_version", file=name))
    if version > VERSION:
        raise TemplateError(RunNote("too_new", file=name, version=version, readable=VERSION))
    try:
        check_template(data, name)
    except RuleBroken as exc:
        raise TemplateError(exc.note) from None
    try:
        template = ReportTemplate.from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise TemplateError(RunNote("damaged", file=name, part=_part(exc))) from None
    if not template.standard and not template.questions:
        raise TemplateError(RunNote("no_sections", file=name))
    return template


def _part(exc: BaseException) -> RunNote | str:
    if isinstance(exc, KeyError):
        return RunNote("field_missing", field=Name(str(exc.args[0])))
    return str(exc) or RunNote("wrong_value")


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
            raise TemplateError(RunNote("file_too_big", file=path.name, mb=size // 1_000_000))
        raw = path.read_bytes()
    except FileNotFoundError:
        raise TemplateError(RunNote("not_found", path=str(path))) from None
    except IsADirectoryError:
        raise TemplateError(RunNote("folder", path=str(path))) from None
    except OSError as exc:
        raise TemplateError(RunNote("unreadable", file=path.name,
                                    reason=str(exc.strerror or exc))) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TemplateError(RunNote("not_text", file=path.name)) from None
    return loads(text, path.name)
