"""Cost centres ranked by spend ("rank the cost centres", "центри витрат за сумою"): the
table of items by period it needs, and its step (`recipes.rank_items`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.plan.columns import column_currency
from analyst.brain.plan.finsteps import say
from analyst.brain.plan.tables import pnl_table
from analyst.brain.understand.finask import FinAsk
from analyst.words.number_formats import currency_unit


def ranking_table(cards: Sequence[Any]) -> Any | None:
    """A tidy table of items (cost centres, departments) by period: the first long table of
    a wide table with one key column and no measures, that is not a statement."""
    for card in cards:
        if not getattr(card, "wide_table", None):
            continue
        names = [c.name for c in card.columns]
        # A cost-centre statement's tidy table keeps each centre's section beside it.
        keys = [c for c in card.columns if c.role in ("category", "text") and c.name != "Section"]
        if "Period" in names and "Value" in names and "Measure" not in names and len(keys) == 1 \
                and not _is_pnl(card):
            return card
    return None


def _is_pnl(card: Any) -> bool:
    """A P&L's tidy table (revenue lines among its line items), not costs by cost centre."""
    table = pnl_table(card)
    return table is not None and bool(table.section) and table.account == "Line item"


def ranking_step(card: Any, ask: FinAsk, lang: str) -> PlannedStep:
    item = next(c.name for c in card.columns if c.role in ("category", "text")
                and c.name != "Section")
    args: dict[str, Any] = {"item": item, "date": "Period", "value": "Value"}
    args.update({k: v for k, v in (("year", ask.year), ("quarter", ask.quarter),
                                   ("month", ask.month)) if v is not None})
    value = next(c for c in card.columns if c.name == "Value")
    currency = column_currency(value)
    if currency:
        args["currency"] = currency_unit(currency, lang)
    title = say(lang, "title_ranking", item=item)
    return PlannedStep("ranking", title, "rank_items", card.parquet_path, args,
                       chart_title=None if lang == "en" else title, language=lang)
