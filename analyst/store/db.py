"""Everything a user must not lose, in SQLite (WAL) beside the workspaces on disk.

Layout under the data folder: `analyst.db` and `workspaces/<session id>/` (the sandbox
workspace of that session: the uploaded originals, the Parquet tables, the charts).
A session id is unguessable (`secrets.token_urlsafe`), and every read or write of a
session names its owner, so one person's link never opens another person's work.

One short-lived connection per call: Streamlit runs each browser session in its own
thread, and sqlite3 connections must not cross threads.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from analyst.events import Answer
from analyst.store.records import (
    ArtifactRecord,
    FileRecord,
    MessageRecord,
    PinRecord,
    SessionRecord,
)
from analyst.store.rows import dump, insert_step, message_of, session_of, step_of
from analyst.store.schema import migrate

DEFAULT_TITLE = "Untitled analysis"


@dataclass
class Store:
    """The session store of one data folder. No I/O until the first call."""

    data_dir: Path
    _ready: bool = field(default=False, init=False, repr=False)

    @property
    def db_path(self) -> Path:
        return Path(self.data_dir) / "analyst.db"

    def workspace_dir(self, session_id: str) -> Path:
        return Path(self.data_dir) / "workspaces" / session_id

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        if not self._ready:
            _private(Path(self.data_dir), self.db_path)
        conn = sqlite3.connect(self.db_path, timeout=15)
        conn.row_factory = sqlite3.Row
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            if not self._ready:
                conn.execute("PRAGMA journal_mode = WAL")
                migrate(conn, f"The session database {self.db_path}")
                self._ready = True
            with conn:  # one transaction per call: committed, or rolled back on error
                yield conn
        finally:
            conn.close()

    def journal_mode(self) -> str:
        with self._connect() as conn:
            return str(conn.execute("PRAGMA journal_mode").fetchone()[0])

    # Sessions ------------------------------------------------------------------------

    def create_session(self, owner: str, title: str = DEFAULT_TITLE) -> SessionRecord:
        session_id = secrets.token_urlsafe(18)
        now = _now()
        with self._connect() as conn:
            conn.execute(
                "INSERT INTO sessions (id, owner, title, created, updated) VALUES (?, ?, ?, ?, ?)",
                (session_id, owner, title, now, now),
            )
        return SessionRecord(session_id, owner, title, now, now)

    def get_session(self, session_id: str, owner: str) -> SessionRecord | None:
        """The session, or None when it does not exist or belongs to someone else."""
        with self._connect() as conn:
            row = conn.execute(
                "SELECT * FROM sessions WHERE id = ? AND owner = ?", (session_id, owner)
            ).fetchone()
            return None if row is None else session_of(conn, row)

    def list_sessions(self, owner: str, *, with_work_only: bool = False) -> list[SessionRecord]:
        """The owner's sessions, most recently used first.

        `with_work_only` leaves out sessions with no file and no message (a failed upload
        or a tab opened and closed): "Untitled analysis · no files" helps nobody.
        """
        work = (" AND (EXISTS (SELECT 1 FROM files f WHERE f.session_id = sessions.id)"
                " OR EXISTS (SELECT 1 FROM messages m WHERE m.session_id = sessions.id))"
                if with_work_only else "")
        with self._connect() as conn:
            rows = conn.execute(
                # `work` is one of two constant clauses above; the owner is a bound parameter.
                f"SELECT * FROM sessions WHERE owner = ?{work} ORDER BY updated DESC, created DESC",  # noqa: S608
                (owner,),
            ).fetchall()
            return [session_of(conn, row) for row in rows]

    def rename_session(self, session_id: str, owner: str, title: str) -> bool:
        title = " ".join(title.split())[:200] or DEFAULT_TITLE
        with self._connect() as conn:
            done = conn.execute(
                "UPDATE sessions SET title = ?, updated = ? WHERE id = ? AND owner = ?",
                (title, _now(), session_id, owner),
            )
            return done.rowcount == 1

    def delete_session(self, session_id: str, owner: str) -> bool:
        """Delete the session, its records and its workspace folder."""
        with self._connect() as conn:
            done = conn.execute(
                "DELETE FROM sessions WHERE id = ? AND owner = ?", (session_id, owner)
            )
        if done.rowcount != 1:
            return False
        shutil.rmtree(self.workspace_dir(session_id), ignore_errors=True)
        return True

    def touch(self, conn: sqlite3.Connection, session_id: str) -> None:
        conn.execute("UPDATE sessions SET updated = ? WHERE id = ?", (_now(), session_id))

    # Files ---------------------------------------------------------------------------

    def add_file(
        self, session_id: str, name: str, options: dict[str, Any], cards: list[dict[str, Any]],
        source: dict[str, Any] | None = None,
    ) -> FileRecord:
        now = _now()
        with self._connect() as conn:
            cur = conn.execute(
                "INSERT INTO files (session_id, name, options, cards, added, source)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, name, dump(options), dump(cards), now,
                 None if source is None else dump(source)),
            )
            self.touch(conn, session_id)
        return _file(int(cur.lastrowid or 0), session_id, name, options, cards, now, source)

    def update_file(
        self, session_id: str, file_id: int, options: dict[str, Any], cards: list[dict[str, Any]],
        source: dict[str, Any] | None = None,
    ) -> None:
        """Record a re-ingestion with corrected options (`source` None keeps the row's)."""
        with self._connect() as conn:
            conn.execute(
                "UPDATE files SET options = ?, cards = ?, source = COALESCE(?, source)"
                " WHERE id = ? AND session_id = ?",
                (dump(options), dump(cards), None if source is None else dump(source),
                 file_id, session_id),
            )
            self.touch(conn, session_id)

    def remove_file(self, session_id: str, file_id: int) -> None:
        """Forget a file's record (a record replaced by another of the same name)."""
        with self._connect() as conn:
            conn.execute("DELETE FROM files WHERE id = ? AND session_id = ?", (file_id, session_id))
            self.touch(conn, session_id)

    def files(self, session_id: str) -> list[FileRecord]:
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT * FROM files WHERE session_id = ? ORDER BY id", (session_id,)
            ).fetchall()
        return [_file(r["id"], r["session_id"], r["name"], json.loads(r["options"]),
                      json.loads(r["cards"]), r["added"],
                      None if r["source"] is None else json.loads(r["source"])) for r in rows]

    # Messages and steps --------------------------------------------------------------

    def add_message(
        self, session_id: str, role: str, text: str, data: dict[str, Any] | None = None
    ) -> MessageRecord:
        now = _now()
        with self._connect() as conn:
            cur = conn.execute(
                "INSERT INTO messages (session_id, role, text, data, created) VALUES (?, ?, ?, ?, ?)",
                (session_id, role, text, dump(data or {}), now),
            )
            self.touch(conn, session_id)
        return MessageRecord(int(cur.lastrowid or 0), session_id, role, text, data or {}, now)

    def add_question(self, session_id: str, text: str) -> MessageRecord:
        """Keep the user's question before it runs (the answer log's `begin`).

        When the session's last message is this same question, still without an answer
        (asked again with "Run again", or recorded by the page before the `Analysis` ran),
        that message is the question: one question, one message.
        """
        with self._connect() as conn:
            row = conn.execute(
                "SELECT * FROM messages WHERE session_id = ? ORDER BY id DESC LIMIT 1",
                (session_id,)).fetchone()
        if row is not None and row["role"] == "user" and row["text"] == text:
            with self._connect() as conn:
                return message_of(conn, row)
        return self.add_message(session_id, "user", text)

    def add_answer(self, session_id: str, answer: Answer) -> MessageRecord:
        """Persist an `Answer`: the assistant message, its steps (each `Step.to_dict()`
        whole) and their files. `MessageRecord.answer` gives the same `Answer` back."""
        record = answer.to_dict()
        data = {k: v for k, v in record.items() if k not in ("answer", "steps", "artifacts")}
        now = _now()
        if answer.ended:
            # One question, one answer: a page reloaded mid-question can have both its old
            # run and the run it interrupted say "interrupted" for the same question; the
            # second says nothing new (a question asked again is a new message first).
            with self._connect() as conn:
                row = conn.execute(
                    "SELECT * FROM messages WHERE session_id = ? ORDER BY id DESC LIMIT 1",
                    (session_id,)).fetchone()
                last = message_of(conn, row) if row is not None and row["role"] == "assistant" \
                    else None
            if last is not None and last.answer is not None and last.answer.ended \
                    and last.answer.question == answer.question \
                    and len(answer.steps) <= len(last.answer.steps):
                return last
        with self._connect() as conn:
            cur = conn.execute(
                "INSERT INTO messages (session_id, role, text, data, created) VALUES (?, ?, ?, ?, ?)",
                (session_id, "assistant", answer.text, dump(data), now),
            )
            message_id = int(cur.lastrowid or 0)
            for step in answer.steps:
                insert_step(conn, session_id, message_id, step)
            self.touch(conn, session_id)
        return self.message(session_id, message_id)

    def last_answer_id(self, session_id: str) -> int | None:
        """The id of the session's latest assistant message (None: no answer yet)."""
        with self._connect() as conn:
            row = conn.execute("SELECT MAX(id) FROM messages WHERE session_id = ? AND role = ?",
                               (session_id, "assistant")).fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def note_wait(self, session_id: str, message_id: int, seconds: float) -> None:
        """Record how long the answer waited for a free sandbox (the app's queue)."""
        with self._connect() as conn:
            row = conn.execute("SELECT data FROM messages WHERE id = ? AND session_id = ?",
                               (message_id, session_id)).fetchone()
            if row is not None:
                data = {**json.loads(row["data"]), "waited_s": round(seconds, 1)}
                conn.execute("UPDATE messages SET data = ? WHERE id = ?",
                             (dump(data), message_id))

    def message(self, session_id: str, message_id: int) -> MessageRecord:
        with self._connect() as conn:
            row = conn.execute(
                "SELECT * FROM messages WHERE id = ? AND session_id = ?", (message_id, session_id)
            ).fetchone()
            if row is None:
                raise KeyError(f"no message {message_id} in this session")
            return message_of(conn, row)

    def messages(self, session_id: str) -> list[MessageRecord]:
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT * FROM messages WHERE session_id = ? ORDER BY id", (session_id,)
            ).fetchall()
            return [message_of(conn, row) for row in rows]

    def artifacts(self, session_id: str) -> list[ArtifactRecord]:
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT * FROM artifacts WHERE session_id = ? ORDER BY step_id, path", (session_id,)
            ).fetchall()
        return [
            ArtifactRecord(r["session_id"], r["step_id"], r["path"], r["size"],
                           bool(r["is_image"]), r["sha256"])
            for r in rows
        ]

    # Pins ----------------------------------------------------------------------------

    def add_pin(self, session_id: str, step_id: int, title: str, narrative: str = "") -> PinRecord:
        with self._connect() as conn:
            owned = conn.execute(
                "SELECT 1 FROM steps WHERE id = ? AND session_id = ?", (step_id, session_id)
            ).fetchone()
            if owned is None:
                raise KeyError(f"no step {step_id} in this session")
            (last,) = conn.execute(
                "SELECT COALESCE(MAX(position), 0) FROM pins WHERE session_id = ?", (session_id,)
            ).fetchone()
            cur = conn.execute(
                "INSERT INTO pins (session_id, step_id, position, title, narrative)"
                " VALUES (?, ?, ?, ?, ?)",
                (session_id, step_id, last + 1, title, narrative),
            )
            self.touch(conn, session_id)
            pin_id = int(cur.lastrowid or 0)
        return next(p for p in self.pins(session_id) if p.id == pin_id)

    def pins(self, session_id: str) -> list[PinRecord]:
        """The pinned results in report order."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT p.*, s.message_id FROM pins p JOIN steps s ON s.id = p.step_id"
                " WHERE p.session_id = ? ORDER BY p.position, p.id",
                (session_id,),
            ).fetchall()
            pins = []
            for r in rows:
                step = step_of(conn.execute("SELECT * FROM steps WHERE id = ?", (r["step_id"],)).fetchone())
                msg = conn.execute("SELECT data FROM messages WHERE id = ?", (r["message_id"],)).fetchone()
                question = json.loads(msg["data"]).get("question") or "" if msg else ""
                pins.append(PinRecord(r["id"], session_id, r["position"], r["title"],
                                      r["narrative"], step, question))
            return pins

    def is_pinned(self, session_id: str, step_id: int) -> bool:
        with self._connect() as conn:
            return conn.execute(
                "SELECT 1 FROM pins WHERE session_id = ? AND step_id = ?", (session_id, step_id)
            ).fetchone() is not None

    def update_pin(
        self, session_id: str, pin_id: int, *, title: str | None = None, narrative: str | None = None
    ) -> None:
        with self._connect() as conn:
            if title is not None:
                conn.execute("UPDATE pins SET title = ? WHERE id = ? AND session_id = ?",
                             (title, pin_id, session_id))
            if narrative is not None:
                conn.execute("UPDATE pins SET narrative = ? WHERE id = ? AND session_id = ?",
                             (narrative, pin_id, session_id))
            self.touch(conn, session_id)

    def move_pin(self, session_id: str, pin_id: int, offset: int) -> None:
        """Move a pin up (offset -1) or down (+1) in the report order."""
        order = [p.id for p in self.pins(session_id)]
        if pin_id not in order:
            return
        i = order.index(pin_id)
        j = max(0, min(len(order) - 1, i + offset))
        order.insert(j, order.pop(i))
        with self._connect() as conn:
            for position, pid in enumerate(order, start=1):
                conn.execute("UPDATE pins SET position = ? WHERE id = ? AND session_id = ?",
                             (position, pid, session_id))
            self.touch(conn, session_id)

    def remove_pin(self, session_id: str, pin_id: int) -> None:
        with self._connect() as conn:
            conn.execute("DELETE FROM pins WHERE id = ? AND session_id = ?", (pin_id, session_id))
            self.touch(conn, session_id)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _private(data_dir: Path, db_path: Path) -> None:
    """The data folder only the app may enter (0700), the database only the app may read.

    Sandbox kernels of the local backend run as other users: they must not reach the
    database or other sessions' workspaces. The database is created 0600 before SQLite
    opens it, so its -wal and -shm files (which copy its mode) are private too.
    """
    data_dir.mkdir(parents=True, exist_ok=True)
    if data_dir.stat().st_uid == os.geteuid() and data_dir.stat().st_mode & 0o077:
        data_dir.chmod(0o700)
    os.close(os.open(db_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600))
    for path in (db_path, Path(f"{db_path}-wal"), Path(f"{db_path}-shm")):
        try:
            if path.stat().st_mode & 0o077:
                path.chmod(0o600)
        except FileNotFoundError:
            pass


def _file(file_id: int, session_id: str, name: str, options: dict[str, Any],
          cards: list[dict[str, Any]], added: str, source: dict[str, Any] | None) -> FileRecord:
    """A `files` row as its record: the one place its JSON columns become typed."""
    record = FileRecord.from_dict({**(source or {}), "name": name, "options": options,
                                   "cards": cards})
    return replace(record, id=file_id, session_id=session_id, added=added,
                   complete=source is not None)
