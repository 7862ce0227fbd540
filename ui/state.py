"""Who is using the app, which session is open, and its `Analysis` (one per session, shared
by every tab and reload of it: `analyst.session.open_analyses`).

App-wide objects (the store, the open analyses) are `st.cache_resource`, shared by all
users; everything personal lives in `st.session_state`. A question waits for a place in
one line only, the host's admission (`analyst.session.admission`), shared with the CLI and
API. The open session's id is also in the URL (`?s=...`), so a reload or a new tab finds
the same conversation in the store.
"""

from __future__ import annotations

import hashlib
import logging
import re
import uuid
from dataclasses import replace
from pathlib import Path
from typing import Any

import streamlit as st

from analyst.session.admission import Admission
from analyst.session.admission import admission as host_admission
from analyst.session.open_analyses import OpenAnalyses
from analyst.settings import AppSettings, load_settings
from analyst.store import FileRecord, SessionRecord, Store

LOCAL_OWNER = "local"

log = logging.getLogger("analyst.app")


def app_secrets() -> dict[str, Any]:
    """secrets.toml as a dict ({} without one)."""
    try:
        return st.secrets.to_dict()
    except Exception:  # noqa: BLE001 - no secrets.toml at all is the normal case, not an error
        return {}


def settings() -> AppSettings:
    """Read once per script run: cheap, and a changed environment is seen by tests."""
    if "_settings" not in st.session_state:
        st.session_state["_settings"] = load_settings(secrets=app_secrets())
    return st.session_state["_settings"]


def auth_configured() -> bool:
    return isinstance(app_secrets().get("auth"), dict)


@st.cache_resource(show_spinner=False)
def _store(data_dir: str) -> Store:
    return Store(Path(data_dir))


@st.cache_resource(show_spinner=False)
def _open_analyses(data_dir: str) -> OpenAnalyses[Any]:
    return OpenAnalyses()


def open_analyses() -> OpenAnalyses[Any]:
    """The analyses open in this app process, one per session (every tab and reload of a
    session shares its sandbox)."""
    return _open_analyses(str(settings().data_dir.resolve()))


def store() -> Store:
    return _store(str(settings().data_dir.resolve()))


def admission() -> Admission:
    """The host's places for running analyses under the data folder, as many for the app
    as `AppSettings.running_at_once` (one object per process: `analyst.session.admission`)."""
    current = settings()
    return host_admission(current.data_dir / "running", current.running_at_once)


def signed_in() -> bool:
    # .get rather than .is_logged_in: the attribute is missing when no auth runtime is set up.
    return bool(st.user.get("is_logged_in", False))


def owner() -> str:
    """The signed-in user's e-mail with an identity provider; otherwise the single local user."""
    if auth_configured() and signed_in():
        return str(st.user.get("email") or st.user.get("sub") or LOCAL_OWNER)
    return LOCAL_OWNER


def templates() -> Any:
    """The signed-in user's saved recurring reports (`analyst.recurring.library`)."""
    from analyst.recurring.library import TemplateLibrary

    return TemplateLibrary(settings().data_dir, owner())


def current_session(create: bool = False) -> SessionRecord | None:
    """The open session: from this tab's state, else from `?s=` in the URL, else a new one."""
    sid = st.session_state.get("sid") or st.query_params.get("s")
    record = store().get_session(sid, owner()) if sid else None
    if record is None and create:
        record = store().create_session(owner())
    if record is not None:
        open_session(record.id)
    elif sid and st.query_params.get("s") == sid:
        del st.query_params["s"]  # unknown or not yours: do not keep it in the address bar
    return record


def open_session(session_id: str) -> None:
    if st.session_state.get("sid") != session_id:
        close_analysis()
    st.session_state["sid"] = session_id
    st.query_params["s"] = session_id


def new_session() -> None:
    close_analysis()
    st.session_state.pop("sid", None)
    st.query_params.clear()


def close_analysis() -> None:
    """This page leaves its session's analysis; it closes when no other page holds it."""
    st.session_state.pop("analysis", None)
    sid = st.session_state.pop("analysis_sid", None)
    if sid is not None:
        open_analyses().release(sid, _page_id())


def _page_id() -> str:
    """This page (one Streamlit session: a tab, until it is reloaded)."""
    if "page_id" not in st.session_state:
        st.session_state["page_id"] = uuid.uuid4().hex
    return str(st.session_state["page_id"])


def workspace(session_id: str) -> Path:
    return store().workspace_dir(session_id)


def kept_original(root: Path, name: str, files: Any | None = None) -> Path:
    """The one kept copy of the upload `name` in the workspace at `root`, to read it again
    with other options: the original the ingester keeps in `input/` (recorded in the
    session's file log `files`, by default the workspace's own), else, in workspaces of
    older versions, their `uploads/` copy.
    """
    record = _recorded(root, name, files)
    if record is not None and record.original:
        original = (root / record.original).resolve()
        if original.parent == (root / "input").resolve() and original.is_file():
            return original
    return kept_upload(root, name, files)


def _recorded(root: Path, name: str, files: Any | None) -> Any | None:
    from analyst.store.file_log import current

    return current(files if files is not None else file_log(root), name)


def file_log(root: Path) -> Any:
    """The file log of the workspace at `root`: an app session's rows in the store when
    `root` is one of the store's workspaces, else the workspace's own `files.json` (the
    command line's)."""
    from analyst.store.file_log import WorkspaceFiles
    from analyst.store.log import SessionFiles

    # Found from the folder, not from `store()`: the workspace belongs to the store of its
    # own data folder whatever this script run's settings say.
    root = Path(root).resolve()
    if root.parent.name == "workspaces":
        keeper = Store(root.parent.parent)
        if keeper.db_path.is_file() and keeper.files(root.name):
            return SessionFiles(keeper, root.name)
    return WorkspaceFiles(root)


def upload_name(name: str) -> str:
    """A file name safe on disk, different for every different upload name.

    Replacing unsafe characters alone merges names ("Sales (Jan).csv" and "Sales [Jan].csv"
    both give "Sales _Jan_.csv"), and the second upload would overwrite the first's kept
    original. So a changed name gets a short hash of the name the user knows, before the
    suffix (ingest reads the format from it); it depends on the name only, so reading the
    file again with other options finds the same copy.
    """
    safe = _sanitised(name)
    stem, suffix = _split(safe)
    if safe == name and not _HASHED.search(stem):  # a name that looks hashed could collide
        return safe
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{stem}-{digest}{suffix}"


def kept_upload(root: Path, name: str, files: Any | None = None) -> Path:
    """Where workspaces of older versions kept a second copy of the upload `name`
    (`uploads/`; new uploads are kept once, in `input/`: see `kept_original`).

    Workspaces from before `upload_name` keep it under the merged name: used only while the
    copy there is still the file recorded for `name` (same SHA-256), never another upload.
    """
    path = root / "uploads" / upload_name(name)
    legacy = root / "uploads" / _sanitised(name)
    if path == legacy or path.exists() or not legacy.is_file():
        return path
    from analyst.store.workspace_state import sha256_of

    record = _recorded(root, name, files)
    return legacy if record is not None and record.sha256 == sha256_of(legacy) else path


_HASHED = re.compile(r"-[0-9a-f]{8}$")


def _sanitised(name: str) -> str:
    return re.sub(r"[^\w.\- ]", "_", Path(name).name).strip() or "upload"


def _split(safe: str) -> tuple[str, str]:
    suffix = Path(safe).suffix
    stem = safe[: len(safe) - len(suffix)] if suffix and suffix != safe else safe
    return stem, suffix if stem else ""


def session_files(session_id: str) -> Any:
    """The session's file log: its rows in the store, the one record of its files."""
    from analyst.store.log import SessionFiles

    return SessionFiles(store(), session_id)


def analysis(session: SessionRecord) -> Any:
    """This session's `Analysis`, opened once per browser session.

    Its tables come back from the workspace (the saved data cards of the files its store
    records, checked against the table files; no second ingestion) and its conversation
    from the store, which is also where it keeps every new answer and file
    (`SessionAnswers`, `SessionFiles`: one record each, no copy), so follow-up questions
    to the model keep their context after a reload or a restart. A file whose saved table
    changed on disk is never used: it is read again from the kept upload, or left out;
    either way the Analyze page says so (`analysis.problems` has the details).
    """
    held = st.session_state.get("analysis")
    if st.session_state.get("analysis_sid") == session.id and \
            open_analyses().get(session.id) is held:
        return held
    if st.session_state.get("analysis_sid") != session.id:
        close_analysis()
    notices: list[tuple[str, str, None]] = []
    # A reload or another tab of this session attaches to the analysis (and sandbox) that
    # is open for it already; only the first page of a session opens one.
    ready, _ = open_analyses().attach(session.id, _page_id(),
                                      lambda: _open_analysis(session, notices),
                                      usable=lambda open_: open_.tables_unchanged())
    if notices:  # shown on the Analyze page with the upload messages
        st.session_state.setdefault("upload_messages", []).extend(notices)
    st.session_state["analysis"] = ready
    st.session_state["analysis_sid"] = session.id
    return ready


def _open_analysis(session: SessionRecord, notices: list[tuple[str, str, None]]) -> Any:
    """A session's `Analysis` opened from its workspace and store (see `analysis`)."""
    from analyst.session.analysis import Analysis  # heavy (pandas): only when a session is used
    from analyst.store.log import SessionAnswers
    from ui.i18n import t

    root = workspace(session.id)
    files = session_files(session.id)
    ready = Analysis.open(root, backend=settings().sandbox_backend, admission=admission(),
                          history=SessionAnswers(store(), session.id), files=files)
    restored = {c.source_file for c in ready.cards}
    for record in files.records():
        if record.name in restored:
            continue
        # Not restorable from its saved cards (its table changed on disk or was lost, or a
        # record of an older version): read the kept upload again.
        known = _read_again(ready, root, record, files)
        if record.original:
            name = record.name
            notices.append(("success", t("restore_reread", name=name), None) if known
                           else ("error", t("restore_missing", name=name), None))
    return ready


def _read_again(opened: Any, root: Path, record: Any, files: Any) -> list[Any]:
    """The file's cards read again from its kept upload (the file log records them);
    [] (and a problem) when it cannot be."""
    try:
        return list(opened.add_file(kept_original(root, record.name, files), record.name,
                                    ingest_options(record.options), replace=True))
    except Exception as exc:  # any failure: the file is left out and the user told
        log.warning("could not read %s again", record.name, exc_info=True)
        opened.problems.append(f"{record.name} could not be read again: {exc}")
        return []


def ingest_options(options: dict[str, Any]) -> Any:
    from analyst.ingest import IngestOptions

    chosen = {k: v for k, v in options.items() if v not in (None, "", "auto")}
    return IngestOptions(**chosen) if chosen else None


def file_record(session_id: str, name: str) -> FileRecord | None:
    return next((r for r in store().files(session_id) if r.name == name), None)


def llm_config() -> Any:
    """The model settings, with a key typed in on the Settings page (this tab only) on top."""
    config = settings().llm
    typed = st.session_state.get("typed_api_key")
    return config.with_(api_key=typed) if typed else config


def model_configured() -> bool:
    return bool(llm_config().configured)


def preference(name: str) -> bool:
    """offline / approval / privacy: this tab's choice, defaulting to the app's settings."""
    key = f"pref_{name}"
    if key not in st.session_state:
        st.session_state[key] = bool(getattr(settings(), name))
    return bool(st.session_state[key])


def use_model(base_url: str, model: str, key: str) -> None:
    """Settings typed on the Settings page, for this browser tab only (never saved)."""
    if key.strip():
        st.session_state["typed_api_key"] = key.strip()
    current = settings()
    llm = current.llm.with_(base_url=base_url.strip() or None, model=model.strip() or current.llm.model)
    st.session_state["_settings"] = replace(current, llm=llm)
