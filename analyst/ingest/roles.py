"""Roles the user sets: "this column is the amount / the date / a category / an id".

The ingester guesses each column's role; the user can overrule it from the data card. The
choice travels as `IngestOptions.roles` (column name -> one of `USER_ROLES`), so it is kept
wherever the options are (the store, the workspace's `files.json`) and applied again on
every reading of the file. It is applied to the cards after reading, so both brains and the
reports see only the card: the planner's amount is the column the user marked, the
model's data card says so, the report's sections use it.

A choice that cannot hold (the amount must be numbers; a date must be dates or text that
reads as dates) is not applied, and the card's assumptions say why, in plain words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import pandas as pd

from analyst.datacard import ColumnCard, DataCard
from analyst.words.note import Name, Note

USER_ROLES: dict[str, str] = {"amount": "money", "date": "date", "category": "category",
                              "id": "id"}
"""What the user picks -> the card's role."""
_NUMERIC = ("int", "uint", "float", "double", "decimal")
DATE_SHARE = 0.9
"""A text column becomes the date only when this share of its values reads as dates."""


def apply_roles(cards: list[DataCard], roles: Mapping[str, str] | None,
                root: Path) -> list[DataCard]:
    """`cards` with the user's `roles` applied (each card that has the column).

    `root` is the workspace (the cards' tables are read for the figures a new role needs:
    an amount's sum, a date's first and last day)."""
    if not roles:
        return cards
    out = []
    for card in cards:
        notes: list[Note] = []
        columns = list(card.columns)
        for name, choice in roles.items():
            at = next((i for i, c in enumerate(columns) if c.name == name), None)
            if at is None or choice not in USER_ROLES:
                continue
            column, note = _with_role(columns[at], choice, root / card.parquet_path)
            columns[at] = column
            notes.append(note)
        if not notes:
            out.append(card)
            continue
        dates = next((c for c in columns if c.role == "date" and c.first and c.last), None)
        date_range = card.date_range or ((dates.first, dates.last) if dates and dates.first
                                         and dates.last else None)
        out.append(replace(card, columns=tuple(columns), date_range=date_range,
                           assumptions=(*card.assumptions, *notes)))
    return out


def user_roles(card: DataCard) -> dict[str, str]:
    """The roles the user set on `card` (column -> one of `USER_ROLES`)."""
    back = {v: k for k, v in USER_ROLES.items()}
    return {c.name: back[c.role] for c in card.columns if c.set_by_user and c.role in back}


def _with_role(column: ColumnCard, choice: str, table: Path) -> tuple[ColumnCard, Note]:
    role = USER_ROLES[choice]
    numeric = str(column.dtype).lower().startswith(_NUMERIC)
    if choice == "amount":
        if not numeric:
            return column, Note("role_not_numbers", column=Name(column.name))
        values = _read(table, column.name)
        total = column.sum if column.sum is not None or values is None else float(values.sum())
        low = float(values.min()) if values is not None and values.notna().any() else column.min
        high = float(values.max()) if values is not None and values.notna().any() else column.max
        return (replace(column, role=role, set_by_user=True, sum=total, min=low, max=high),
                Note("role_amount", column=Name(column.name)))
    if choice == "date":
        first, last = column.first, column.last
        if not str(column.dtype).startswith("datetime"):
            values = _read(table, column.name) if not numeric else None
            dates = (pd.to_datetime(values.dropna().astype(str), errors="coerce", format="mixed")
                     if values is not None else None)
            if dates is None or not len(dates) or dates.notna().mean() < DATE_SHARE:
                return column, Note("role_not_dates", column=Name(column.name))
            first, last = dates.min().date().isoformat(), dates.max().date().isoformat()
        return (replace(column, role=role, set_by_user=True, first=first, last=last),
                Note("role_date", column=Name(column.name)))
    return (replace(column, role=role, set_by_user=True),
            Note(f"role_{choice}", column=Name(column.name)))


def _read(table: Path, name: str) -> pd.Series | None:
    try:
        return pd.read_parquet(table, columns=[name])[name]
    except (OSError, ValueError, KeyError):
        return None
