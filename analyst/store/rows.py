"""The store's rows and the records they hold: a step written with its files, and sessions,
messages and steps read back (rows of older versions in their old form)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from analyst.events import Step
from analyst.store.records import MessageRecord, SessionRecord, StepRecord


def insert_step(conn: sqlite3.Connection, session_id: str, message_id: int, step: Step) -> None:
    """Store `step` of message `message_id`, and a row for each file it wrote."""
    result = step.result
    cur = conn.execute(
        "INSERT INTO steps (session_id, message_id, number, description, code, recipe, result,"
        " record) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (session_id, message_id, step.number, step.description, step.code, step.recipe,
         None if result is None else dump(result.to_dict()), dump(step.to_dict())),
    )
    hashes = {a.path: a.sha256 for a in step.artifacts}
    for f in result.files if result is not None else ():
        conn.execute(
            "INSERT INTO artifacts (session_id, step_id, path, size, is_image, sha256)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (session_id, cur.lastrowid, f.path, f.size, int(f.is_image), hashes.get(f.path, "")),
        )


def session_of(conn: sqlite3.Connection, row: sqlite3.Row) -> SessionRecord:
    names = conn.execute(
        "SELECT name FROM files WHERE session_id = ? ORDER BY id", (row["id"],)
    ).fetchall()
    return SessionRecord(row["id"], row["owner"], row["title"], row["created"], row["updated"],
                         tuple(n["name"] for n in names))


def message_of(conn: sqlite3.Connection, row: sqlite3.Row) -> MessageRecord:
    steps = conn.execute(
        "SELECT * FROM steps WHERE message_id = ? ORDER BY number, id", (row["id"],)
    ).fetchall()
    return MessageRecord(row["id"], row["session_id"], row["role"], row["text"],
                         json.loads(row["data"]), row["created"], tuple(step_of(s) for s in steps))


def step_of(row: sqlite3.Row) -> StepRecord:
    if row["record"] is not None:
        step = Step.from_dict(json.loads(row["record"]))
    else:  # a row of an older version: its columns are the old form of the record
        step = Step.from_dict({
            "number": row["number"], "description": row["description"], "code": row["code"],
            "recipe": row["recipe"],
            "result": json.loads(row["result"]) if row["result"] is not None else None})
    return StepRecord(row["id"], row["message_id"], step)


def dump(value: Any) -> str:
    # default=str: a date or Path inside a card must not make a session unsaveable.
    return json.dumps(value, ensure_ascii=False, default=str)
