"""The saved recurring reports of one user: template files in a folder of the data folder.

`<data_dir>/templates/<owner key>/<id>.json`, each the same JSON as `--save-template`
writes (so a file exported from the app runs with `analyst report --template` and back).
The owner's folder name is a hash of the owner: an e-mail never becomes a path.
"""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
from pathlib import Path

from analyst.recurring.files import TemplateError, load_template, save_template
from analyst.recurring.model import ReportTemplate
from analyst.recurring.run_words import RunNote

log = logging.getLogger(__name__)
_ID = re.compile(r"^[A-Za-z0-9_-]{6,40}$")


class TemplateLibrary:
    """Save, list, read and remove one owner's templates (no I/O in the constructor)."""

    def __init__(self, data_dir: Path, owner: str) -> None:
        key = hashlib.sha256(owner.encode("utf-8")).hexdigest()[:24]
        self.root = Path(data_dir) / "templates" / key

    def save(self, template: ReportTemplate, template_id: str | None = None) -> str:
        """Keep `template` (a new one, or in place of `template_id`); its id."""
        template_id = template_id or secrets.token_urlsafe(9)
        self.root.mkdir(parents=True, exist_ok=True, mode=0o700)
        save_template(template, self._path(template_id))
        return template_id

    def items(self) -> list[tuple[str, ReportTemplate]]:
        """Every readable template, newest first; a damaged file is logged and skipped."""
        out = []
        for path in self.root.glob("*.json") if self.root.is_dir() else ():
            try:
                out.append((path.stem, load_template(path)))
            except TemplateError:
                log.warning("skipped the unreadable template %s", path)
        return sorted(out, key=lambda item: item[1].saved_at, reverse=True)

    def get(self, template_id: str) -> ReportTemplate:
        return load_template(self._path(template_id))

    def remove(self, template_id: str) -> None:
        self._path(template_id).unlink(missing_ok=True)

    def _path(self, template_id: str) -> Path:
        if not _ID.match(template_id):
            raise TemplateError(RunNote("no_saved_report"))
        return self.root / f"{template_id}.json"
