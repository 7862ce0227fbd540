"""Figures stated in thousands (or millions) made whole, with one sentence per unit saying so."""

from __future__ import annotations

import re

import pandas as pd

from analyst.ingest.profile import is_id_name
from analyst.ingest.units import Unit, scaled, unit_in_titles
from analyst.words.note import Name, Names, Note

# A year column ("Year", "FY") or an account number under a title "in thousands" holds
# years and accounts, not thousands: scaled, 4000 would be read as account 4,000,000.
_NOT_FIGURES = re.compile(r"^\s*(year|fy|jahr|рік|год|年|年份|年度)\s*$|account|konto|рахун|счёт|счет|科目",
                          re.IGNORECASE)
_NOT_SCALED = ("percent", "id")


def scale_columns(typed: dict[str, pd.Series], kinds: dict[str, str], unit: Unit | None) -> list[Note]:
    """Multiply the number columns in place: by the title's unit, or by a unit their own header
    states ("Units (thousands)" scales that column only). Percents, codes and years stay."""
    groups: dict[tuple[str, int, str], list[str]] = {}
    for name, values in typed.items():
        own = unit_in_titles([name])
        chosen = own or unit
        if chosen is None or not _is_figure(name, values, kinds):
            continue
        typed[name] = scaled(values, chosen.factor)
        # The card says where the unit was read: the title, or the column's own header.
        key = "unit_scaled_header" if own else "unit_scaled"
        groups.setdefault((key, chosen.factor, chosen.phrase), []).append(name)
    return [Note(key, factor=factor, phrase=Name(phrase), names=Names(names))
            for (key, factor, phrase), names in groups.items()]


def _is_figure(name: str, values: pd.Series, kinds: dict[str, str]) -> bool:
    if values.dtype.kind not in "iuf" or kinds.get(name) in _NOT_SCALED:
        return False
    return not (_NOT_FIGURES.search(name) or is_id_name(name) or "%" in name)
