"""A data folder with one analysis in it, made once per test process through the real app and
copied for each test that starts from it (issue 28, point 3: AppTests seeded from a prepared
store).

Reload and restore tests need a session that already holds an upload, or an upload and an
answer; the upload and the first answer are what they start from, not what they check (the
page's own upload and answer tests check those). Made live for every test, they cost an
upload through the reader and a kernel's start and first step each (measured at load 18:
upload 3 s, first answer 8.5-8.9 s, a copy and a restore 1.5-2.2 s). Made once here, each
test gets a copy of the folder: its own store, workspace and kept upload, so a test that
tampers with a table or cuts an answer short changes nothing another test sees.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.app.samples import ROOT, messy_csv

APP = str(ROOT / "app.py")
QUESTION = "total revenue"
TOTAL = "33,912.00"  # the total revenue of messy_csv, as the offline analyst says it
UPLOAD = "sales.csv"

# Not copied: the running sandboxes' slot records (a copy is a restarted app, nothing runs)
# and the installation id (each fresh data folder is an installation of its own).
_NOT_COPIED = shutil.ignore_patterns("running", "installation-id")


@dataclass(frozen=True)
class Snapshot:
    """A data folder as the app left it, with the id of the session in it."""

    folder: Path
    sid: str

    def copy_to(self, data: Path) -> str:
        """This folder's store and workspaces as `data` (the test's ANALYST_DATA_DIR, not yet
        made); the session's id, for `?s=` in the address."""
        shutil.copytree(self.folder, data, ignore=_NOT_COPIED)
        return self.sid


@dataclass(frozen=True)
class PreparedStore:
    uploaded: Snapshot
    """`sales.csv` (messy_csv) uploaded, nothing asked."""
    answered: Snapshot
    """The same, and "total revenue" asked and answered offline."""


def prepare(base: Path) -> PreparedStore:
    """Upload and ask through the real app (AppTest, local sandbox, offline), in a data folder
    of its own under `base`; snapshots after the upload and after the answer. The caller sets
    the environment (ANALYST_DATA_DIR = base / "live", the local backend, no model)."""
    live = Path(os.environ["ANALYST_DATA_DIR"])
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.file_uploader(key="uploader").set_value((UPLOAD, messy_csv(), "text/csv")).run()
    assert not at.exception, at.exception
    sid = str(at.session_state["sid"])
    shutil.copytree(live, base / "uploaded", ignore=_NOT_COPIED)
    at.chat_input[0].set_value(QUESTION).run()
    assert not at.exception, at.exception
    answer = at.chat_message[-1].markdown[0].value
    assert TOTAL in answer, answer
    _close_sandboxes(live)  # idle before copying: nothing writes while the folder is read
    shutil.copytree(live, base / "answered", ignore=_NOT_COPIED)
    return PreparedStore(Snapshot(base / "uploaded", sid), Snapshot(base / "answered", sid))


def _close_sandboxes(data: Path) -> None:
    """Stop the kernel the live session started (the app keeps it open for the next question;
    no test asks it one)."""
    from ui.state import _open_analyses

    _open_analyses(str(data.resolve())).close_all()
