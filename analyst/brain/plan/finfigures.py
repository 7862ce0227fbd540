"""A finance figure named in a question on a table that is not a statement (a sales table,
a P&L laid out in columns "Line | Revenue | Costs"), and whether the sales recipes compute it.

The sales recipes compute revenue, cost and, when the cost is the cost of these sales, gross
profit and gross margin. Operating profit, EBIT, EBITDA and net profit need to know which
costs lie above which line; a table of sales does not say. Answering such a question with
the revenue summary answers another question: the figure is declined by name instead.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from analyst.brain.narrate.finwords import say
from analyst.brain.understand import finask
from analyst.events import Event

_EBITDA = re.compile(r"\bebitda\b", re.I)


@dataclass(frozen=True)
class AskedFigure:
    """A finance figure the question names."""

    name: str
    """Its catalogue key in the "finance" context (its name in the reader's words)."""
    key: str | None
    """The figure of `kpi_summary` that states it; None when no sales recipe computes it."""


_FIGURES = {"gross_profit": AskedFigure("figure_gross_profit", "gross_profit"),
            "operating_profit": AskedFigure("figure_operating_profit", None),
            "net_profit": AskedFigure("figure_net_profit", None)}
_MARGINS = {None: AskedFigure("margin_gross", "gross_margin_pct"),
            "gross": AskedFigure("margin_gross", "gross_margin_pct"),
            "operating": AskedFigure("margin_operating", None),
            "net": AskedFigure("margin_net", None)}


def asked_figure(text: str) -> AskedFigure | None:
    """The result or margin `text` names ("net profit", "毛利率", "EBITDA"), else None."""
    if _EBITDA.search(text):
        return AskedFigure("figure_ebitda", None)
    ask = finask.read_ask(text)
    if ask is None:
        return None
    if ask.kind == "margin" or (ask.kind == "unread" and ask.figure in _MARGINS and ask.figure):
        return _MARGINS.get(ask.figure)
    return _FIGURES.get(ask.figure or "")


def uncomputed(question: str, cards: Sequence[Any], language: str) -> str | None:
    """The plain refusal of a figure no sales recipe computes, unless a column holds it
    (a "Net profit" column is summed by the query as any measure)."""
    figure = asked_figure(question)
    if figure is None or figure.key is not None or _has_column(figure, cards):
        return None
    return refusal(figure, language)


def refusal(figure: AskedFigure, language: str) -> str:
    return say(language, "figure_not_computed", figure=say(language, figure.name))


def _has_column(figure: AskedFigure, cards: Sequence[Any]) -> bool:
    return any(asked_figure(str(col.name)) == figure for card in cards for col in card.columns)


def honoured(events: Iterator[Event], figure: AskedFigure, language: str) -> Iterator[Event]:
    """The recipe's events, with its answer declined by name when the figure asked is not
    among those it stated (a gross margin of costs that are not cost of sales)."""
    for event in events:
        answer = event.answer
        if event.kind == "answer" and answer is not None and answer.ok and not _stated(answer, figure):
            text = refusal(figure, language)
            event = replace(event, message=text, answer=replace(answer, text=text, ok=False, steps=()))
        yield event


def _stated(answer: Any, figure: AskedFigure) -> bool:
    for step in answer.steps:
        value = step.figures.figures.get(figure.key) if step.figures is not None else None
        if isinstance(value, (int, float)) and not math.isnan(float(value)):
            return True
    return False
