"""Decide which recipes answer a question (or make the standard report) from the data cards.

A plan is a list of `PlannedStep`s, or a plain reason why the offline brain cannot answer.
Nothing runs here: the runner executes the steps' code in the sandbox.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from analyst import recipes
from analyst.planner.codegen import PlannedStep, slugify
from analyst.planner.columns import SalesColumns, measure_column, sales_columns
from analyst.planner.intents import Intent
from analyst.planner.tables import FunnelTable, PnLTable, funnel_table, pnl_table

OFFLINE_SKILLS = (
    "totals and key figures, revenue by month, week or quarter, top N products (or regions, "
    "customers...), ABC analysis, breakdowns by a column, margin by a column, funnel "
    "conversion and the P&L summary"
)
NEEDS_MODEL = (
    "I can answer {skills} offline; for this question configure a language model in Settings."
)
OTHER_NOTE = "Other ({items:,} items, {share:.1f}% of the total) is in the table, not drawn."
_BREAKDOWN_DIMENSIONS = ("category", "region", "channel", "store", "manager", "country", "city")
_FREQ = {"month": "M", "week": "W", "quarter": "Q"}


@dataclass(frozen=True)
class Plan:
    steps: tuple[PlannedStep, ...] = ()
    reason: str | None = None
    """Why nothing can be planned, in plain words (the steps are then empty)."""


def needs_model_message() -> str:
    return NEEDS_MODEL.format(skills=OFFLINE_SKILLS)


def standard_plan(cards: Sequence[Any]) -> Plan:
    """The standard report: key figures, dynamics, top 10, ABC and breakdowns per sales table."""
    steps: list[PlannedStep] = []
    sales_cards = []
    for card in cards:
        pnl, funnel = pnl_table(card), funnel_table(card)
        prefix = f"{card.table}_" if len(cards) > 1 else ""
        if pnl is not None:
            steps.append(_pnl(pnl, prefix))
        elif funnel is not None:
            steps.append(_funnel(funnel, prefix))
        else:
            sales_cards.append(card)
    tables = [c for c in (sales_columns(card) for card in sales_cards) if c is not None]
    if not tables and not steps:
        return Plan(reason="None of the tables has an amount (money) column, so there are no "
                           "sales figures to report. " + needs_model_message())
    for cols in tables:
        prefix = f"{cols.table}_" if len(tables) > 1 else ""
        steps.append(_kpi(cols, prefix))
        if cols.date:
            steps.append(_dynamics(cols, prefix, cols.amount, "month"))
        main = _main_dimension(cols)
        if main:
            steps.append(_top(cols, prefix, main, cols.amount, 10))
            steps.append(_abc(cols, prefix, main, cols.amount))
        for keyword in _BREAKDOWN_DIMENSIONS:
            column = cols.dimensions.get(keyword)
            if column and column != main:
                steps.append(_breakdown(cols, prefix, column, cols.amount))
        if cols.cost:
            by = cols.dimensions.get("category") or main
            if by:
                steps.append(_margin(cols, prefix, by))
    return Plan(steps=_unique_slugs(steps))


def question_plan(intent: Intent | None, cards: Sequence[Any]) -> Plan:
    """The steps that answer one recognised question, or the reason there are none."""
    if intent is None:
        return Plan(reason=needs_model_message())
    if intent.kind == "standard":
        return standard_plan(cards)
    if intent.kind == "pnl":
        pnl = next((t for t in map(pnl_table, cards) if t is not None), None)
        if pnl is None:
            return Plan(reason="I found no P&L table (revenue with expense columns, or an "
                               "account column with amounts). " + needs_model_message())
        return Plan(steps=(_pnl(pnl, ""),))
    if intent.kind == "funnel":
        funnel = next((t for t in map(funnel_table, cards) if t is not None), None)
        if funnel is None:
            return Plan(reason="I found no funnel table (stage columns such as visits, leads "
                               "and orders, or a stage column). " + needs_model_message())
        return Plan(steps=(_funnel(funnel, ""),))
    tables = [c for c in (sales_columns(card) for card in cards) if c is not None]
    if not tables:
        return Plan(reason="I found no amount (money) column in the data. "
                           + needs_model_message())
    # Prefer the table that has the column the question names.
    cols = next((t for t in tables if t.dimension(intent.dimension)), tables[0])
    measure = measure_column(cols, intent.measure)
    if measure is None:
        return Plan(reason=f"The table {cols.table} has no {intent.measure} column. "
                           + needs_model_message())
    if intent.measure == "orders" and intent.kind != "total":
        return Plan(reason=needs_model_message())
    dimension = cols.dimension(intent.dimension)
    if intent.dimension and dimension is None:
        return Plan(reason=f"I found no {intent.dimension} column in {cols.table} "
                           f"(columns: {', '.join(cols.categories) or 'none to group by'}).")
    if intent.kind == "total":
        return Plan(steps=(_kpi(cols, ""),))
    if intent.kind == "dynamics":
        if not cols.date:
            return Plan(reason=f"The table {cols.table} has no date column, so I cannot show "
                               f"{measure} by {intent.period}.")
        return Plan(steps=(_dynamics(cols, "", measure, intent.period),))
    if intent.kind == "top":
        if intent.ascending:
            return Plan(reason=needs_model_message())
        return Plan(steps=(_top(cols, "", dimension, measure, intent.n),))
    if intent.kind == "abc":
        item = dimension or _main_dimension(cols)
        if item is None:
            return Plan(reason=f"I found no product or item column in {cols.table} to rank.")
        return Plan(steps=(_abc(cols, "", item, measure),))
    if intent.kind == "breakdown" and dimension:
        return Plan(steps=(_breakdown(cols, "", dimension, measure),))
    if intent.kind == "margin":
        if not cols.cost:
            return Plan(reason=f"The table {cols.table} has no cost column, so the margin "
                               "cannot be computed.")
        if dimension:
            return Plan(steps=(_margin(cols, "", dimension),))
        return Plan(steps=(_kpi(cols, ""),))
    return Plan(reason=needs_model_message())


def _main_dimension(cols: SalesColumns) -> str | None:
    for keyword in ("product", "customer", "category"):
        if keyword in cols.dimensions:
            return cols.dimensions[keyword]
    return cols.categories[0] if cols.categories else None


def _name(column: str) -> str:
    return slugify(column) or "column"


def _step(cols: SalesColumns, slug: str, description: str, recipe: str,
          **arguments: Any) -> PlannedStep:
    if not hasattr(recipes, recipe):
        raise LookupError(f"recipe {recipe} is missing from analyst.recipes")  # our bug
    if cols.currency:
        arguments["currency"] = cols.currency
    return PlannedStep(slug=slug, description=description, recipe=recipe,
                       parquet_path=cols.parquet_path, arguments=arguments)


def _kpi(cols: SalesColumns, prefix: str) -> PlannedStep:
    args = {k: v for k, v in (("date", cols.date), ("order_id", cols.order_id),
                              ("cost", cols.cost), ("quantity", cols.quantity)) if v}
    return _step(cols, f"{prefix}key_figures", f"Key figures: {cols.amount}", "kpi_summary",
                 amount=cols.amount, **args)


def _dynamics(cols: SalesColumns, prefix: str, amount: str, period: str) -> PlannedStep:
    return _step(cols, f"{prefix}{_name(amount)}_by_{period}", f"{amount} by {period}",
                 "period_dynamics", date=cols.date, amount=amount, freq=_FREQ[period])


def _top(cols: SalesColumns, prefix: str, by: str, amount: str, n: int) -> PlannedStep:
    # The table keeps the rest as one "Other" row, so it adds up to the total; the step's
    # code leaves that bar out of the chart when it would dwarf the top bars.
    step = _step(cols, f"{prefix}top_{n}_{_name(by)}", f"Top {n} {by} by {amount}", "top_n",
                 by=by, amount=amount, n=n, other=True)
    return replace(step, other_note=OTHER_NOTE)


def _abc(cols: SalesColumns, prefix: str, item: str, amount: str) -> PlannedStep:
    return _step(cols, f"{prefix}abc_{_name(item)}", f"ABC analysis of {item} by {amount}",
                 "abc_analysis", item=item, amount=amount)


def _breakdown(cols: SalesColumns, prefix: str, by: str, amount: str) -> PlannedStep:
    return _step(cols, f"{prefix}{_name(amount)}_by_{_name(by)}", f"{amount} by {by}",
                 "breakdown", by=by, amount=amount)


def _margin(cols: SalesColumns, prefix: str, by: str) -> PlannedStep:
    return _step(cols, f"{prefix}margin_by_{_name(by)}", f"Gross margin by {by}", "margin_by",
                 by=by, revenue=cols.amount, cost=cols.cost)


def _pnl(table: PnLTable, prefix: str) -> PlannedStep:
    if table.account:
        args: dict[str, Any] = {"account": table.account, "amount": table.amount}
    else:
        args = {"revenue": table.revenue, "cogs": table.cogs, "opex": list(table.opex)}
        args = {k: v for k, v in args.items() if v}
    if table.date:
        args = {"date": table.date, **args}
    return PlannedStep(f"{prefix}profit_and_loss", "Profit and loss summary", "pnl_summary",
                       table.parquet_path, args)


def _funnel(table: FunnelTable, prefix: str) -> PlannedStep:
    if table.stages:
        args: dict[str, Any] = {"stages": list(table.stages)}
    else:
        args = {k: v for k, v in (("stage", table.stage), ("count", table.count)) if v}
    if table.period:
        args["period"] = table.period
    return PlannedStep(f"{prefix}funnel_conversion", "Funnel conversion", "funnel_conversion",
                       table.parquet_path, args)


def _unique_slugs(steps: list[PlannedStep]) -> tuple[PlannedStep, ...]:
    seen: dict[str, int] = {}
    out = []
    for step in steps:
        count = seen.get(step.slug, 0)
        seen[step.slug] = count + 1
        if count:
            step = PlannedStep(f"{step.slug}_{count + 1}", step.description, step.recipe,
                               step.parquet_path, step.arguments)
        out.append(step)
    return tuple(out)
