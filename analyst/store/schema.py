"""The store's schema version (`PRAGMA user_version`) and the migrations between versions.

A database remembers the version it was last brought to; opening it runs, in order and in
one transaction, every migration it has not had yet. Version 0 is a database without a
version: an empty file, or one written by the first release (whose tables are exactly
migration 1's, so migration 1 creates only what is missing and keeps every row).

To change the schema, append a migration; never edit one that has shipped, since
databases in the field already ran it. A database of a newer release than this code
(user_version above `LATEST`) is refused with a sentence, never written to.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from analyst.errors import AnalystError
from analyst.store.records import SCHEMA


class StoreVersionError(AnalystError, RuntimeError):
    """The database was written by a newer version of Analyst; the message says what to do."""


@dataclass(frozen=True)
class Migration:
    version: int
    """The version the database has once this migration ran."""
    what: str
    apply: Callable[[sqlite3.Connection], None]


def _statements(script: str) -> Callable[[sqlite3.Connection], None]:
    """Run a script statement by statement: `executescript` would commit the transaction."""

    def run(conn: sqlite3.Connection) -> None:
        for statement in script.split(";"):
            if statement.strip():
                conn.execute(statement)

    return run


def add_column(table: str, column: str, definition: str) -> Callable[[sqlite3.Connection], None]:
    """A column added to an existing table (e.g. `add_column("artifacts", "sha256", "TEXT")`)."""

    def run(conn: sqlite3.Connection) -> None:
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if column not in have:
            conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")

    return run


def _step_records(conn: sqlite3.Connection) -> None:
    # Older rows keep NULL / "": they are read in their old form (`analyst.record.legacy`).
    add_column("steps", "record", "TEXT")(conn)
    add_column("artifacts", "sha256", "TEXT NOT NULL DEFAULT ''")(conn)


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "the first release's tables: sessions, files, messages, steps, pins, artifacts",
              _statements(SCHEMA)),
    Migration(2, "indexes for the per-session reads (messages, steps, pins, artifacts, files)",
              _statements("""
                  CREATE INDEX IF NOT EXISTS messages_session ON messages (session_id, id);
                  CREATE INDEX IF NOT EXISTS steps_message ON steps (message_id, number);
                  CREATE INDEX IF NOT EXISTS pins_session ON pins (session_id, position);
                  CREATE INDEX IF NOT EXISTS artifacts_session ON artifacts (session_id, step_id);
                  CREATE INDEX IF NOT EXISTS files_session ON files (session_id, id);
              """)),
    Migration(3, "whole step records (steps.record: Step.to_dict()) and artifact hashes",
              _step_records),
    # Older rows keep NULL: `analyst.store.log.SessionFiles` completes them once from the
    # workspace's files.json (which those versions also wrote) or the table files on disk.
    Migration(4, "the whole file record (files.source: kept original, SHA-256, table hashes)",
              add_column("files", "source", "TEXT")),
)
LATEST = MIGRATIONS[-1].version


def version_of(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, database: str = "the session database") -> int:
    """Bring the database to `LATEST`; returns the version it had before.

    Safe when several app processes open the same file at once: the write lock is taken
    before the version is read, so exactly one of them migrates and the others see it done.
    """
    if version_of(conn) == LATEST:  # the common case, without taking the write lock
        return LATEST
    conn.execute("BEGIN IMMEDIATE")
    try:
        before = version_of(conn)
        if before > LATEST:
            raise StoreVersionError(
                f"{database} was written by a newer version of Analyst (schema {before}, this "
                f"version knows up to {LATEST}); upgrade Analyst, or point ANALYST_DATA_DIR at "
                "another folder.")
        for migration in MIGRATIONS:
            if migration.version > before:
                migration.apply(conn)
        # PRAGMA takes no parameters; LATEST is our own integer.
        conn.execute(f"PRAGMA user_version = {LATEST:d}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return before
