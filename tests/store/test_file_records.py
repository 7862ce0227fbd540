"""One `FileRecord` for a file read into a session: the store's rows and a workspace's
`files.json` hold the same record, its cards come back as the `DataCard`s the ingester
made, and what is written to disk is `DataCard.to_dict()` as before."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from analyst.datacard import DataCard
from analyst.ingest import IngestOptions, ingest_file
from analyst.store import FileRecord, Store
from analyst.store.file_log import WorkspaceFiles
from analyst.store.log import SessionFiles
from analyst.store.workspace_state import options_dict, record_of
from sandbox import Workspace

SEEDS = range(8)


def _csv(seed: int) -> tuple[str, bytes]:
    """A sales export the way users have them: a separator and decimal mark of their
    locale, sometimes a title above the header and a total row below the data."""
    rng = random.Random(seed)
    sep, decimal = rng.choice([(",", "."), (";", ","), ("\t", ",")])
    rows = rng.randint(3, 30)
    extra = rng.sample(["Region", "Channel", "Manager"], rng.randint(0, 3))
    lines = [f"Sales report {seed}"] if rng.random() < 0.5 else []
    lines.append(sep.join(["Date", "Product", *extra, "Revenue"]))
    total = 0.0
    for i in range(rows):
        amount = round(rng.uniform(1, 5000), 2)
        total += amount
        cells = [f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}", rng.choice(["Widget", "Gadget", "Гаджет"]),
                 *[rng.choice(["North", "South", "Online", "Ann"]) for _ in extra],
                 f"{amount:.2f}".replace(".", decimal)]
        lines.append(sep.join(cells))
    if rng.random() < 0.5:
        lines.append(sep.join(["Total", "", *["" for _ in extra], f"{total:.2f}".replace(".", decimal)]))
    return f"sales {seed}.csv", "\n".join(lines).encode()


def _read(tmp: Path, seed: int, options: IngestOptions | None = None) -> tuple[str, list[DataCard], Workspace]:
    name, data = _csv(seed)
    tmp.mkdir(parents=True, exist_ok=True)
    path = tmp / name
    path.write_bytes(data)
    workspace = Workspace(tmp / "ws").ensure()
    return name, ingest_file(path, workspace, options), workspace


def _stored_cards(store: Store, file_id: int) -> list[dict]:
    with sqlite3.connect(store.db_path) as conn:
        (text,) = conn.execute("SELECT cards FROM files WHERE id = ?", (file_id,)).fetchone()
    return json.loads(text)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_store_gives_back_the_cards_it_was_given_as_data_cards(tmp_path: Path, seed: int) -> None:
    name, cards, _ = _read(tmp_path, seed)
    store = Store(tmp_path / "data")
    session = store.create_session("ann")
    added = store.add_file(session.id, name, {}, [c.to_dict() for c in cards])
    assert added.cards == tuple(cards)
    # The column holds what this version wrote before the record was typed.
    assert _stored_cards(store, added.id) == [c.to_dict() for c in cards]

    _, again, _ = _read(tmp_path / "again", seed, IngestOptions(decimal="."))
    store.update_file(session.id, added.id, {"decimal": "."}, [c.to_dict() for c in again])
    (record,) = store.files(session.id)
    assert all(isinstance(c, DataCard) for c in record.cards)
    assert record.cards == tuple(again)
    assert (record.name, record.options, record.id) == (name, {"decimal": "."}, added.id)


@pytest.mark.parametrize("seed", SEEDS)
def test_both_file_logs_keep_the_same_record(tmp_path: Path, seed: int) -> None:
    name, cards, workspace = _read(tmp_path, seed)
    options = options_dict(IngestOptions(decimal=","))
    record = record_of(name, f"input/{name}", "ab" * 32, options, cards, workspace.root)
    store = Store(tmp_path / "data")
    session = store.create_session("ann")
    SessionFiles(store, session.id).add(record)
    WorkspaceFiles(workspace.root).add(record)
    (from_store,) = SessionFiles(store, session.id).records()
    (from_json,) = WorkspaceFiles(workspace.root).records()
    assert from_json == record
    # The store's record is the same one, plus where it is kept.
    assert from_store == FileRecord(record.name, record.original, record.sha256, record.options,
                                    record.cards, record.tables, from_store.id, session.id,
                                    from_store.added)
    assert from_store.id > 0 and from_store.added
    assert set(record.tables) == {c.parquet_path for c in cards}


@pytest.mark.parametrize("seed", SEEDS)
def test_a_stored_card_that_cannot_be_read_is_left_out_and_the_others_load(tmp_path: Path,
                                                                          seed: int) -> None:
    name, cards, workspace = _read(tmp_path, seed)
    rng = random.Random(seed)
    broken = rng.choice([{}, {"table": "sales"}, {"rows": "many", "columns": 3}, ["not", "a", "card"],
                         {**cards[0].to_dict(), "columns": [{"name": "Revenue"}]}])
    stored = [c.to_dict() for c in cards]
    stored.insert(rng.randint(0, len(stored)), broken)
    store = Store(tmp_path / "data")
    session = store.create_session("ann")
    store.add_file(session.id, name, {}, stored)
    (record,) = store.files(session.id)
    assert record.cards == tuple(cards)
    path = workspace.root / ".analyst" / "files.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "files": [{"name": name, "original": "", "sha256": "",
                                                          "cards": stored}]}))
    (saved,) = WorkspaceFiles(workspace.root).records()
    assert saved.cards == tuple(cards)


def test_a_row_of_an_older_version_is_marked_incomplete_until_the_file_log_completes_it(
        tmp_path: Path) -> None:
    name, cards, _ = _read(tmp_path, 3)
    store = Store(tmp_path / "data")
    session = store.create_session("ann")
    store.add_file(session.id, name, {}, [c.to_dict() for c in cards])  # no source: older rows
    assert [r.complete for r in store.files(session.id)] == [False]
    (record,) = SessionFiles(store, session.id).records()
    assert record.complete and record.cards == tuple(cards)
    assert [r.complete for r in store.files(session.id)] == [True]
