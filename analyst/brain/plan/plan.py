"""Decide which recipes answer a question (or make the standard report) from the data cards.

A plan is a list of `PlannedStep`s, or a plain reason why the offline brain cannot answer.
Nothing runs here: the runner executes the steps' code in the sandbox.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.plan import currencies
from analyst.brain.plan.columns import (
    SalesColumns,
    is_ledger,
    measure_column,
    sales_columns,
    with_profit,
)
from analyst.brain.plan.data_report import data_steps
from analyst.brain.plan.finance import (
    budget_steps,
    disagreeing_row,
    finance_steps,
    is_statement,
    pnl_step,
)
from analyst.brain.plan.offers import name_of, offered_step, roles_of, sales_step
from analyst.brain.plan.tables import (
    FunnelTable,
    ReportTable,
    funnel_table,
    pnl_table,
    report_tables,
)
from analyst.brain.understand.intents import Intent
from analyst.brain.understand.phrases import normalise, say
from analyst.events import Step
from analyst.recipes.registry import registry
from analyst.words import say as _say

_BREAKDOWN_DIMENSIONS = ("category", "region", "channel", "store", "manager", "country", "city")
_FREQ = {"month": "M", "week": "W", "quarter": "Q"}


@dataclass(frozen=True)
class Plan:
    steps: tuple[PlannedStep | Step, ...] = ()
    """Recipe steps, and the data report's steps, which are `Step` records already."""
    reason: str | None = None
    """Why nothing can be planned, in plain words (the steps are then empty)."""


def needs_model_message(language: str = "en") -> str:
    """What the offline brain can answer, and that this question needs a language model."""
    return say(language, "needs_model", skills=say(language, "skills"))


def standard_plan(cards: Sequence[Any], language: str = "en",
                  root: Path | str | None = None) -> Plan:
    """The standard report: key figures, dynamics, top 10, ABC and breakdowns per sales table.

    `language` ("en", "uk", "ru", "zh") is that of the step titles and chart captions;
    `root` lets it see a ledger's currencies (several: its money per currency, never summed).
    """
    lang = normalise(language)
    covered = report_tables(cards)
    several = len(covered) > 1
    steps: list[PlannedStep] = []
    sales: list[tuple[ReportTable, SalesColumns]] = []
    data: list[ReportTable] = []
    unreconciled: str | None = None
    split: list[tuple[ReportTable, str]] = []
    for item in covered:
        card = item.card
        pnl, funnel = pnl_table(card), funnel_table(card)
        prefix = f"{card.table}_" if several else ""
        if pnl is not None and (blocked := disagreeing_row(card, cards)):
            # Its lines do not reproduce its own totals under any reading: no figure of it.
            unreconciled = unreconciled or blocked
        elif pnl is not None and is_statement(pnl):
            steps.extend(_named(s, item, several) for s in finance_steps(pnl, prefix, lang, (card, cards)))
        elif pnl is not None:
            steps.append(_named(pnl_step(pnl, prefix, lang), item, several))
        elif funnel is not None:
            steps.append(_named(_funnel(funnel, prefix, lang), item, several))
        elif (by := currencies.split_by_currency(card, root)) is not None:
            split.append((item, by))  # money in several currencies: each apart
        elif (cols := sales_columns(card, lang)) is not None and is_ledger(cols):
            sales.append((item, cols))
        else:
            # Any other table with a number column gets the data report.
            data.append(item)
    # A table with a budget and an actual column is a budget, beside a statement or alone:
    # the pack says how far the actuals are from it (money and %, favourable or not for
    # revenue and for costs) instead of averaging its columns as a data report would.
    for item in [*data, *(i for i, _ in sales)]:
        found = budget_steps(item.card, cards, lang)
        if found:
            steps.extend(_named(step, item, several) for step in found)
            data = [d for d in data if d is not item]
            sales = [(i, c) for i, c in sales if i is not item]
    for item, cols in sales:
        prefix = f"{cols.table}_" if several else ""
        steps.extend(_named(step, item, several)
                     for step in _sales_steps(cols, prefix, item.sheet_column, lang))
    planned: list[PlannedStep | Step] = list(_unique_slugs(steps))
    for item, by in split:
        planned += currencies.by_currency_steps(item.card, by, lang, len(planned) + 1)
    for item in data:
        for data_step in data_steps(item.card, lang, len(planned) + 1):
            planned.append(replace(data_step, description=say(
                lang, "title_of_table", title=data_step.description, table=item.label))
                if several else data_step)
    if not planned and unreconciled:
        return Plan(reason=_say(lang, "finance", "unreconciled", label=unreconciled))
    if not planned:
        return Plan(reason=_reason(lang, "no_sales_tables"))
    return Plan(steps=tuple(planned))


def _sales_steps(cols: SalesColumns, prefix: str, sheet_column: str | None,
                 lang: str) -> list[PlannedStep]:
    """Key figures, dynamics, top 10, ABC, breakdowns and margin of one sales table; a joined
    workbook table also gets the amount by sheet (one month per sheet, side by side)."""
    steps = [_kpi(cols, prefix, lang)]
    if cols.date:
        steps.append(_dynamics(cols, prefix, cols.amount, "month", lang))
    main = _main_dimension(cols)
    if sheet_column and sheet_column != main:
        steps.append(_breakdown(cols, prefix, sheet_column, cols.amount, lang))
    roles = roles_of(cols, main)
    steps.extend(offered_step(unit, cols, prefix, lang, roles) for unit in registry().values()
                 if unit.offer and all(roles.get(r) for r in unit.offer.roles.values()))
    for keyword in _BREAKDOWN_DIMENSIONS:
        column = cols.dimensions.get(keyword)
        if column and column != main:
            steps.append(_breakdown(cols, prefix, column, cols.amount, lang))
    if cols.cost:
        by = cols.dimensions.get("category") or main
        if by:
            steps.append(_margin(cols, prefix, by, lang))
    return steps


def _named(step: PlannedStep, item: ReportTable, several: bool) -> PlannedStep:
    """Beside other tables, a section's title says which table it is about."""
    if not several:
        return step
    description = say(step.language, "title_of_table", title=step.description, table=item.label)
    return replace(step, description=description,
                   chart_title=description if step.chart_title else None)


def question_plan(intent: Intent | None, cards: Sequence[Any], language: str = "en",
                  root: Path | str | None = None) -> Plan:
    """The steps that answer one recognised question, or the reason there are none.

    `language` is the question's: the reasons and step titles are written in it.
    """
    lang = normalise(language)
    if intent is None:
        return Plan(reason=needs_model_message(lang))
    if intent.kind == "standard":
        return standard_plan(cards, lang, root)
    if intent.kind == "pnl":
        pnl = next((t for t in map(pnl_table, cards) if t is not None), None)
        if pnl is None:
            return Plan(reason=_reason(lang, "no_pnl"))
        return Plan(steps=(pnl_step(pnl, "", lang),))
    if intent.kind == "funnel":
        funnel = next((t for t in map(funnel_table, cards) if t is not None), None)
        if funnel is None:
            return Plan(reason=_reason(lang, "no_funnel"))
        return Plan(steps=(_funnel(funnel, "", lang),))
    tables = [c for c in (sales_columns(card, lang) for card in cards)
              if c is not None and is_ledger(c)]
    if not tables:
        return Plan(reason=_reason(lang, "no_amount"))
    # Prefer the table that has the column the question names.
    cols = next((t for t in tables if t.dimension(intent.dimension)), tables[0])
    if intent.measure == "margin" and intent.kind in ("top", "dynamics", "abc", "breakdown"):
        # Profit is not a column: computed as revenue - cost, or the question is refused.
        # Ranking by revenue instead would silently answer another question.
        profit = with_profit(cols, lang)
        if profit is None:
            return Plan(reason=_reason(lang, "no_profit", table=cols.table, amount=cols.amount))
        cols = profit
    measure = measure_column(cols, intent.measure)
    if measure is None and intent.kind != "margin":  # "margin" reads revenue and cost itself
        if intent.measure == "cost" and cols.unit_cost:
            return Plan(reason=_reason(lang, "no_cost_unit", table=cols.table,
                                       column=cols.unit_cost))
        return Plan(reason=_reason(lang, "no_measure", table=cols.table,
                                   measure=say(lang, f"measure_{intent.measure}")))
    if intent.measure == "orders" and intent.kind != "total":
        return Plan(reason=needs_model_message(lang))
    dimension = cols.dimension(intent.dimension)
    if intent.kind == "margin" and intent.dimension == "product" and dimension is None:
        # "Which products make me money?" on a table without a product column: its main
        # item (customer, category...) is what the owner means.
        dimension = _main_dimension(cols)
    if intent.dimension and dimension is None:
        columns = ", ".join(cols.categories) or say(lang, "nothing_to_group")
        return Plan(reason=say(lang, "no_dimension", dimension=intent.dimension,
                               table=cols.table, columns=columns))
    if intent.kind == "total":
        return Plan(steps=(_kpi(cols, "", lang),))
    # (measure is None only for "margin"; top always has a dimension, dynamics a period.)
    if intent.kind == "dynamics" and measure and intent.period:
        if not cols.date:
            return Plan(reason=say(lang, "no_date", table=cols.table, measure=measure,
                                   period=intent.period))
        return Plan(steps=(_dynamics(cols, "", measure, intent.period, lang),))
    answering = next((u for u in registry().values() if u.offer and u.offer.answers == intent.kind), None)
    if answering is not None and measure and dimension:  # (a question names its item)
        if intent.ascending:
            return Plan(reason=needs_model_message(lang))
        roles = roles_of(cols, dimension, intent.n) | {"amount": measure}
        return Plan(steps=(offered_step(answering, cols, "", lang, roles),))
    if intent.kind == "breakdown" and dimension and measure:
        return Plan(steps=(_breakdown(cols, "", dimension, measure, lang),))
    if intent.kind == "margin":
        if not cols.cost and cols.unit_cost:
            return Plan(reason=say(lang, "no_cost_unit", table=cols.table, column=cols.unit_cost))
        if not cols.cost and dimension:
            # No cost, no profit: the revenue per item is the closest honest answer, and
            # its first note says plainly that it is revenue, not profit.
            step = _breakdown(cols, "", dimension, cols.amount, lang)
            note = say(lang, "note_revenue_not_profit", table=cols.table, amount=cols.amount)
            return Plan(steps=(replace(step, notes=(note,)),))
        if not cols.cost:
            return Plan(reason=say(lang, "no_cost", table=cols.table))
        if dimension:
            return Plan(steps=(_margin(cols, "", dimension, lang),))
        return Plan(steps=(_kpi(cols, "", lang),))
    return Plan(reason=needs_model_message(lang))


def _reason(lang: str, key: str, **values: Any) -> str:
    """Why the offline brain cannot answer, and that a language model could."""
    return say(lang, key, **values) + " " + needs_model_message(lang)


def _main_dimension(cols: SalesColumns) -> str | None:
    for keyword in ("product", "customer", "category"):
        if keyword in cols.dimensions:
            return cols.dimensions[keyword]
    return cols.categories[0] if cols.categories else None


def key_figures_step(cards: Sequence[Any], parquet_path: str | None = None,
                     language: str = "en") -> PlannedStep | None:
    """The key-figures step of the main sales table (that of `parquet_path` when it is one),
    the same step the standard report starts with; None when no table has sales columns.

    A report built from pinned results runs it so its executive summary is never empty.
    """
    lang = normalise(language)
    ordered = sorted(cards, key=lambda c: c.parquet_path != parquet_path)  # stable: the rest keep order
    for card in ordered:
        if pnl_table(card) is None and funnel_table(card) is None:
            cols = sales_columns(card, lang)
            if cols is not None:
                return _kpi(cols, "report_", lang)
    return None


def _kpi(cols: SalesColumns, prefix: str, lang: str) -> PlannedStep:
    args = {k: v for k, v in (("date", cols.date), ("order_id", cols.order_id),
                              ("cost", cols.cost), ("quantity", cols.quantity)) if v}
    return sales_step(cols, f"{prefix}key_figures", say(lang, "title_kpi", amount=cols.amount),
                 "kpi_summary", lang, amount=cols.amount, **args)


def _dynamics(cols: SalesColumns, prefix: str, amount: str, period: str,
              lang: str) -> PlannedStep:
    title = say(lang, "title_dynamics", amount=amount, period=say(lang, f"by_{period}"))
    return sales_step(cols, f"{prefix}{name_of(amount)}_by_{period}", title, "period_dynamics", lang,
                 date=cols.date, amount=amount, freq=_FREQ[period])


def _breakdown(cols: SalesColumns, prefix: str, by: str, amount: str, lang: str) -> PlannedStep:
    return sales_step(cols, f"{prefix}{name_of(amount)}_by_{name_of(by)}",
                 say(lang, "title_breakdown", amount=amount, by=by), "breakdown", lang,
                 by=by, amount=amount)


def _margin(cols: SalesColumns, prefix: str, by: str, lang: str) -> PlannedStep:
    step = sales_step(cols, f"{prefix}margin_by_{name_of(by)}", say(lang, "title_margin", by=by),
                 "margin_by", lang, by=by, revenue=cols.amount, cost=cols.cost)
    # The recipe's axis says "Gross profit" in English.
    return step if lang == "en" else replace(step, chart_value_label=say(lang, "col_gross_profit"))


def _funnel(table: FunnelTable, prefix: str, lang: str) -> PlannedStep:
    if table.stages:
        args: dict[str, Any] = {"stages": list(table.stages)}
    else:
        args = {k: v for k, v in (("stage", table.stage), ("count", table.count)) if v}
    if table.period:
        args["period"] = table.period
    title = say(lang, "title_funnel")
    return PlannedStep(f"{prefix}funnel_conversion", title, "funnel_conversion",
                       table.parquet_path, args, chart_title=None if lang == "en" else title,
                       language=lang)


def _unique_slugs(steps: list[PlannedStep]) -> tuple[PlannedStep, ...]:
    seen: dict[str, int] = {}
    out = []
    for step in steps:
        count = seen.get(step.slug, 0)
        seen[step.slug] = count + 1
        if count:
            step = replace(step, slug=f"{step.slug}_{count + 1}")
        out.append(step)
    return tuple(out)


def recipe_step(card: Any, recipe: str, arguments: dict[str, Any],
                language: str = "en") -> PlannedStep | None:
    """The step calling `recipe` with `arguments` on the table of `card`, planned as the
    planner plans it (titles, chart words, computed columns); None when the table has no
    sales reading or the recipe is not one of the sales recipes.

    A recurring report plans its saved recipe calls again with this on next month's table,
    its columns already matched. An argument naming no column of the table (a revenue the
    step computed from price and quantity) is the table's own reading of that part.
    """
    lang = normalise(language)
    cols = sales_columns(card, lang)
    if cols is None:
        return None
    names = {c.name for c in card.columns}
    real = {k: v for k, v in arguments.items() if isinstance(v, str) and v in names}
    if recipe == "margin_by":
        real = {"amount": real["revenue"], **real} if "revenue" in real else real
    cols = replace(cols, amount=real.get("amount", cols.amount), date=real.get("date", cols.date),
                   order_id=real.get("order_id", cols.order_id),
                   cost=real.get("cost", cols.cost), quantity=real.get("quantity", cols.quantity))
    amount = cols.amount
    freq = {v: k for k, v in _FREQ.items()}
    try:
        if recipe == "kpi_summary":
            return _kpi(cols, "", lang)
        if recipe == "period_dynamics" and cols.date:
            return _dynamics(cols, "", amount, freq[arguments.get("freq", "M")], lang)
        unit = registry().get(recipe)
        if unit is not None and unit.offer is not None:
            main = next((real[p] for p, r in unit.offer.roles.items() if r == "main"), None)
            count = next((arguments.get(p, 10) for p, r in unit.offer.roles.items() if r == "count"), 10)
            return offered_step(unit, cols, "", lang, roles_of(cols, main, int(count)))
        if recipe == "breakdown":
            return _breakdown(cols, "", real["by"], amount, lang)
        if recipe == "margin_by" and cols.cost:
            return _margin(cols, "", real["by"], lang)
    except KeyError:  # a column argument the matching did not find
        return None
    return None
