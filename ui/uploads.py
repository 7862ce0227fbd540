"""Take uploaded files in: size check, ingest (which keeps the one copy; the `Analysis`
records the file in the store, its one record)."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import streamlit as st

from analyst.errors import user_message
from analyst.progress import Stage
from analyst.session.upload_name import arrived_name
from analyst.store import DEFAULT_TITLE, SessionRecord
from analyst.store.workspace_state import STATE_DIR
from analyst.words.number_formats import format_int
from ui import i18n, state
from ui.errors import show_failure
from ui.plain import name_text
from ui.progressbar import stage_bar


def take(uploaded: list[Any]) -> None:
    """Ingest every new upload once; messages survive the reruns that follow."""
    done: set[str] = st.session_state.setdefault("uploads_done", set())
    fresh = [f for f in uploaded if f.file_id not in done]
    if not fresh:
        return
    st.session_state["upload_messages"] = []
    limit_mb = state.settings().max_upload_mb
    for f in fresh:
        done.add(f.file_id)
        name = arrived_name(f.name)  # the browser's name is any text: a plain one from here on
        if f.size > limit_mb * 1024 * 1024:
            _say("error", i18n.t("upload_too_big", name=name, limit=format_int(limit_mb, i18n.current()),
                                 size=format_int(round(f.size / 1024 / 1024), i18n.current())))
            continue
        if f.size == 0:
            _say("error", i18n.t("empty_file", name=name))
            continue
        session = state.current_session(create=True)
        assert session is not None  # noqa: S101  create=True always returns one (narrows the type)
        bar = st.progress(0.0, text=i18n.t("reading", name=name_text(name)))
        try:
            ingest(session, name, f.getvalue(), progress=stage_bar(bar))
        finally:
            bar.empty()


def ingest(session: SessionRecord, name: str, data: bytes | None, options: dict | None = None,
           progress: Callable[[Stage], None] | None = None) -> bool:
    """Read (or re-read with corrected options) one file; say what happened in words.

    The upload is kept once: the ingester keeps the original in `input/`, and a correction
    reads that copy again. New bytes wait in a temporary folder only while being read.
    A new upload's `name` is made plain first (`arrived_name`); a correction's is the record's.
    """
    if data is not None:
        name = arrived_name(name)
    try:
        analysis = state.analysis(session)
        # A correction (or a newer upload under the same name) replaces the file's tables in
        # place, names kept: no `sales_2` beside the stale `sales` for answers to pick from.
        again = data is None or state.file_record(session.id, name) is not None
        with _arrived(analysis.workspace.root, name, data, analysis.files) as path:
            cards = analysis.add_file(path, name, state.ingest_options(options or {}),
                                      replace=again, progress=progress)
    except Exception as exc:  # noqa: BLE001 - any unreadable file gets a sentence
        if (message := user_message(exc, i18n.current())) is not None:  # IngestError and the like
            _say("error", message)
        else:
            _say("error", i18n.t("upload_unreadable", name=name), exc)
        return False
    store = state.store()  # the `Analysis` recorded the file in it (`state.session_files`)
    # The open analysis already holds the new cards (add_file updated them in place), so it
    # is kept: rebuilding it would only restart the sandbox session a second time.
    st.session_state["just_read"] = name  # shown open until the next question
    if session.title == DEFAULT_TITLE:
        store.rename_session(session.id, session.owner, name)
    tables = ", ".join(i18n.t("table_rows", table=name_text(c.table), count=c.rows) for c in cards)
    _say("success", i18n.t("read_ok", name=name_text(name), tables=tables))
    return True


@contextmanager
def _arrived(root: Path, name: str, data: bytes | None, files: Any) -> Iterator[Path]:
    """The file to read: new bytes in a temporary folder of the workspace (removed after),
    or, for a correction, the copy kept when it was first read."""
    if data is None:
        yield state.kept_original(root, name, files)
        return
    folder = root / STATE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="upload-", dir=folder) as tmp:
        path = Path(tmp) / state.upload_name(name)
        path.write_bytes(data)
        yield path


def show_messages() -> None:
    for kind, text, exc in st.session_state.get("upload_messages", []):
        if kind == "error":
            show_failure(text, exc)
        else:
            st.success(text)


def _say(kind: str, text: str, exc: BaseException | None = None) -> None:
    st.session_state.setdefault("upload_messages", []).append((kind, text, exc))
