"""Statements: a P&L workbook is read as an accountant reads it. Each row gets its kind
(section, line, subtotal, total, ratio) and section, by label in en/uk/ru/de/zh and by
arithmetic; the workbook's own subtotals are checked; the tidy table holds the lines only,
and the P&L recipe on it gives the statement's figures to the cent, whatever the cost sign.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd
import pytest

from analyst.ingest import ingest_file
from analyst.recipes import pnl_summary
from sandbox import Workspace
from tests.ingest.finance_books import PNL_KINDS, PNL_LABELS, pnl_workbook

LANGUAGES = tuple(PNL_LABELS)


def english(notes):
    """The assumptions in English, as the prompts and these checks read them."""
    return [n.english for n in notes]


def _read(workspace, path):
    cards = ingest_file(path, workspace)
    wide = next(c for c in cards if c.long_table)
    long = next(c for c in cards if c.wide_table == wide.table)
    return wide, long, pd.read_parquet(workspace.root / long.parquet_path)


def _cents(value: float) -> int:
    return round(value * 100)


Read = tuple[dict, Any, Any, pd.DataFrame]


@pytest.fixture(scope="module")
def read_pnl(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, bool], Read]:
    """(language, negative costs) -> (info, wide card, long card, tidy table): each P&L
    workbook is written and read once for the module (seconds each); the tests below only
    read what came out."""
    done: dict[tuple[str, bool], Read] = {}

    def read(language: str, negative: bool) -> Read:
        if (language, negative) not in done:
            folder = tmp_path_factory.mktemp(f"pnl_{language}_{int(negative)}")
            path, info = pnl_workbook(folder / f"pnl_{language}.xlsx", language=language,
                                      negative_costs=negative, seed=len(language) + negative)
            done[language, negative] = (info, *_read(Workspace(folder / "ws"), path))
        return done[language, negative]

    return read


@pytest.mark.parametrize("negative", [False, True], ids=["costs positive", "costs negative"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_row_of_a_pnl_gets_its_kind_and_section(read_pnl, language, negative):
    info, wide, long, frame = read_pnl(language, negative)
    assert wide.layout == "statement"
    assert wide.header_row == info["header_row"]
    assert len(wide.period_columns) == 12 and wide.total_columns == ("FY 2025",)
    assert [r.kind for r in wide.row_kinds] == list(PNL_KINDS)
    assert [r.label for r in wide.row_kinds] == info["labels"]
    labels = info["labels"]
    sections = {r.label: r.section for r in wide.row_kinds}
    assert sections[labels[1]] == sections[labels[2]] == labels[0]
    assert sections[labels[13]] == labels[10]
    assert sections[labels[8]] is None  # gross profit closes the sections above it
    for k in (3, 7, 14):
        assert any(f"row '{labels[k]}' equals the sum of its" in a for a in english(wide.assumptions))
    assert any(a.startswith("Layout statement: 3 sections, 7 lines, 4 subtotals, 1 total, 1 ratio")
               for a in english(wide.assumptions))
    # The tidy table: the 7 lines x 12 months, nothing doubled by subtotals or the FY column.
    assert list(frame.columns) == ["Line item", "Section", "Period", "Value"]
    assert len(frame) == 7 * 12 == long.rows
    assert long.column("Value").role == "money"
    for label, values in info["lines"].items():
        got = frame[frame["Line item"] == label].sort_values("Period")["Value"].tolist()
        assert [_cents(v) for v in got] == [_cents(v) for v in values]


@pytest.mark.parametrize("negative", [False, True], ids=["costs positive", "costs negative"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pnl_recipe_on_the_tidy_table_gives_the_statements_figures(read_pnl, language,
                                                                       negative):
    info, _, _, frame = read_pnl(language, negative)
    result = pnl_summary(frame.copy(), "Period", account="Line item", amount="Value", section="Section")
    revenue, cogs, opex = sum(info["revenue"]), sum(info["cogs"]), sum(info["opex"])
    assert _cents(result.figures["revenue"]) == _cents(revenue)
    assert _cents(result.figures["cogs"]) == _cents(cogs)
    assert _cents(result.figures["gross_profit"]) == _cents(revenue - cogs)
    assert _cents(result.figures["operating_profit"]) == _cents(revenue - cogs - opex)
    assert result.figures["gross_margin_pct"] == pytest.approx((revenue - cogs) / revenue * 100)
    assert 0 < result.figures["gross_margin_pct"] < 100
    by_month = result.table.set_index("month")
    for m in range(12):
        row = by_month.loc[f"2025-{m + 1:02d}"]
        assert _cents(row["revenue"]) == _cents(info["revenue"][m])
        assert _cents(row["operating_profit"]) == _cents(info["revenue"][m] - info["cogs"][m]
                                                         - info["opex"][m])
    assert not any("Not recognised by name" in n for n in result.texts()), result.notes


def test_a_subtotal_that_disagrees_with_its_lines_is_reported(workspace, tmp_path):
    path, info = pnl_workbook(tmp_path / "w.xlsx", wrong_subtotal=True)
    wide, _, frame = _read(workspace, path)
    said = [a for a in english(wide.assumptions) if "Total operating expenses" in a]
    assert said and "differs from the sum of its 3 lines above in 12 columns" in said[0]
    # The answers add up the lines, never the wrong subtotal.
    result = pnl_summary(frame, "Period", account="Line item", amount="Value", section="Section")
    assert _cents(result.figures["opex"]) == _cents(sum(info["opex"]))


@pytest.mark.parametrize("label", ["Net revenue", "Revenue, net"])
def test_a_subtotal_without_a_total_word_is_found_by_arithmetic(workspace, tmp_path, label):
    path, _ = pnl_workbook(tmp_path / "a.xlsx", unlabelled_revenue_total=label)
    wide, _, frame = _read(workspace, path)
    kinds = {r.label: r.kind for r in wide.row_kinds}
    assert kinds[label] == "subtotal"
    assert label not in set(frame["Line item"])


def test_a_plain_table_with_a_label_column_is_not_a_statement(ingest):
    card, _ = ingest("r.csv", "Region,Jan 2026,Feb 2026\nNorth,1,2\nSouth,3,4\nEast,5,6\n")
    assert card.layout == "wide" and card.row_kinds == ()
