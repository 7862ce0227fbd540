"""The offline brain: plan, run each step's code in the sandbox, answer in plain words.

It yields the same `Event`s and `Step`s as the LLM agent, so the UI, the store and the
report cannot tell the brains apart except by `Answer.brain`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from analyst.events import Answer, Event, FileHash, QueryCall, RecipeCall, Step
from analyst.planner import finfigures
from analyst.planner.codegen import PlannedStep
from analyst.planner.intents import intent_covers, knows_word, parse_intent
from analyst.planner.narrative import NOTES_SHOWN, describe
from analyst.planner.phrases import data_language, language_of, normalise, question_language, say
from analyst.planner.plan import Plan, question_plan, standard_plan
from analyst.planner.statements import statement_plan
from analyst.query.model import Query
from analyst.record import finished
from analyst.words.note import render
from analyst.words.notice import notice_text

Approve = Callable[[Step], bool]
"""Asked before a step runs (approval mode); False skips the step."""


def answer_offline(
    session: Any,
    cards: Sequence[Any],
    question: str,
    *,
    approve: Approve | None = None,
    timeout: float | None = None,
    language: str | None = None,
    workspace_root: Path | str | None = None,
) -> Iterator[Event]:
    """Answer `question` with recipes or one query; ends with one ``answer`` event.

    A sales question the recipes answer as asked (revenue by month, top 10 products, ABC...)
    runs its recipe; any other question is read into a query (`analyst.query`), whose
    aggregation, filters, grouping and period are those of the question, never others.
    `workspace_root` lets the reading see the tables' category values ("for AAPL").
    The answer is written in `language`, by default the question's own.
    """
    from analyst.planner import queries

    names = tuple(col.name for card in cards for col in card.columns)
    lang = normalise(language or question_language(question, cards))  # not the names it quotes
    intent = parse_intent(question, names)
    statement = statement_plan(question, cards, lang)
    if statement is not None:  # a P&L workbook: its recipe reads lines by their sections
        yield from run_plan(session, statement, question, approve=approve, timeout=timeout,
                            language=lang, footer=_footer(statement, cards, lang))
        return
    if (declined := finfigures.uncomputed(question, cards, lang)) is not None:
        yield from run_plan(session, Plan(reason=declined), question, language=lang)
        return
    plan = question_plan(intent, cards, lang)
    choice = queries.read_question(question, cards, workspace_root)
    if choice.needs_model or (plan.steps and _recipe_fits(intent, choice, question)
                              and _reads_the_table_asked(plan, choice)
                              and _adds_up_the_column_asked(plan, choice)):
        events = run_plan(session, plan, question, approve=approve, timeout=timeout,
                          language=lang, footer=_footer(plan, cards, lang))
        figure = finfigures.asked_figure(question)
        if figure is not None and [getattr(s, "recipe", None) for s in plan.steps] == ["kpi_summary"]:
            events = finfigures.honoured(events, figure, lang)
        yield from events
    elif choice.query is not None:
        yield from queries.run_query(session, choice.query, choice.card, question, lang,
                                     approve=approve, timeout=timeout)
    elif choice.options and (same := queries.one_figure_for_both(
            session, choice, lang, timeout)) is not None:
        yield from queries.run_query(session, same, choice.card or choice.options[0][1],
                                     question, lang, approve=approve, timeout=timeout)
    elif choice.options:
        yield from queries.ask_back(choice, question, lang, several=len(cards) > 1)
    else:
        yield from queries.refuse(choice, cards, question, lang, workspace_root)


def answer_query(
    session: Any,
    cards: Sequence[Any],
    query: Query,
    question: str,
    *,
    approve: Approve | None = None,
    timeout: float | None = None,
    language: str | None = None,
    workspace_root: Path | str | None = None,
) -> Iterator[Event]:
    """Answer `question` by the `query` it was made for (a suggested question clicked): the
    query runs as it is, its text is not read again. A table no longer here (the file was
    removed since) is answered as the question typed."""
    from analyst.planner import queries

    lang = normalise(language or question_language(question, cards))
    card = next((c for c in cards if c.table == query.table), None)
    if card is None:
        yield from answer_offline(session, cards, question, approve=approve, timeout=timeout,
                                  language=lang, workspace_root=workspace_root)
        return
    yield from queries.run_query(session, query, card, question, lang, approve=approve,
                                 timeout=timeout)


def _footer(plan: Plan, cards: Sequence[Any], lang: str) -> str | None:
    """Beside other tables, a recipe's answer names the table and file it read (a query's
    answer always does, in its first line)."""
    from analyst.planner import queries

    return queries.sources_line(plan.steps, cards, lang) if len(cards) > 1 else None


_DECLINED = ("unsupported_measure", "missing_needs_column", "correlation_needs_two",
             "correlation_of_two", "correlation_grouped", "measures_left_out",
             "statistics_of_one", "no_compared_column", "share_of_observations")
"""Refusals of a measure asked for: a recipe's totals would answer another question."""


def _declined(choice: Any) -> bool:
    """A measure declined by name ("CAGR", "mode") is not answered with a recipe's totals."""
    refusal = choice.refusal
    return refusal is not None and (refusal.key in _DECLINED or (
        refusal.key == "no_measure" and refusal.values.get("named", False)))


def _reads_the_table_asked(plan: Plan, choice: Any) -> bool:
    """Does the recipe read the table the question's columns are in? "Total rainfall_mm per
    month" beside a sales table is the rain's months, never the sales' revenue by month."""
    if choice.query is None or choice.card is None:
        return True
    return all(step.parquet_path == choice.card.parquet_path for step in plan.steps
               if isinstance(step, PlannedStep))


def _adds_up_the_column_asked(plan: Plan, choice: Any) -> bool:
    """Does the recipe add up the column the question names? "total ads" on R's Computers
    ran the key figures, whose amount is another column: the revenue was stated instead."""
    query = choice.query
    if query is None or not query.measures:
        return True
    added = {value for step in plan.steps if isinstance(step, PlannedStep)
             for key, value in step.arguments.items() if key in ("amount", "quantity", "cost")}
    return set(query.measures) <= added


_RECIPE_ONLY = ("standard", "abc", "funnel", "pnl", "profile", "outliers", "margin")


def _recipe_fits(intent: Any, choice: Any, question: str) -> bool:
    """Does the sales recipe answer what the question asks, as the query reads it?

    "Average net sales by region" is a mean: the breakdown recipe's sums would answer
    another question, so the query runs. Filters, counts, two groupings or a period other
    than the recipe's go to the query too.
    """
    if intent is None:
        return False
    query = choice.query
    refusal = choice.refusal
    if intent.kind in _RECIPE_ONLY:
        # None of these recipes takes a condition: "margin in Q2", "gross margin for the
        # north" were answered with the whole year's margin of every region.
        partial = refusal.values.get("partial") if refusal is not None else None
        reading = query or (partial if isinstance(partial, Query) else None)
        return reading is None or not (reading.filters or reading.compare or reading.period)
    if query is None and refusal is not None and refusal.key == "unexplained":
        # Words the query could not place ("quantity" for a column Qty) may be sales words
        # the recipes know: the recipe answers only when it knows every one of them and
        # the rest of the question is a plain total it computes too (no filter, no
        # comparison); else nobody answers and the refusal names the words.
        if not all(knows_word(w) for w in refusal.values["unused"]):
            return False
        query = refusal.values["partial"]
        if query is None:
            return False
        if query.aggregation in ("sum", "count") and not (
                query.filters or query.compare or len(query.group_by) > 1):
            return True
        # else as any reading: "топ 10 товарів" (the rows, for want of "товарів") ranks
        # the products by the recipe (below).
    if query is None:
        # No reading of the query's own: the recipe answers only a question made of its
        # words ("total revenue", "top products"), never "total zip" on a table where the
        # zip is a label, which it would answer with its revenue.
        return (not choice.options and not _declined(choice)
                and intent_covers(intent, question))
    if query.limit is not None and (query.period is not None or (
            intent.kind == "top" and query.limit != intent.n)):
        # "which month had the highest revenue": the month, not the trend; "the region
        # with the most sales": that region (all tied), not a top ten.
        return False
    if (intent.kind == "top" and intent.dimension is not None and query.aggregation == "rows"
            and not (query.group_by or query.filters or query.compare)):
        # "топ 10 товарів за виручкою" on a table headed "Product": the products ranked,
        # not the ten largest rows the query would list for want of the column's name.
        return True
    if query.aggregation != "sum" or query.filters or query.compare or len(query.group_by) > 1:
        return False
    if query.group_by and (intent.kind == "total" or intent.dimension is None):
        return False  # "total X by fuel type": the recipe would give one total
    if query.period is not None and (intent.kind != "dynamics"
                                     or query.period.unit != intent.period):
        return False
    return not (intent.kind == "dynamics" and query.period is None and query.group_by)


def offline_plan(cards: Sequence[Any], question: str,
                 language: str | None = None) -> tuple[Step, ...]:
    """The steps `answer_offline` would run for `question`, planned, not run (approval)."""
    names = tuple(col.name for card in cards for col in card.columns)
    lang = normalise(language or question_language(question, cards))
    plan = statement_plan(question, cards, lang) or question_plan(parse_intent(question, names),
                                                                  cards, lang)
    return tuple(planned_step(p, n) for n, p in enumerate(plan.steps, start=1))


def standard_report(
    session: Any,
    cards: Sequence[Any],
    *,
    approve: Approve | None = None,
    timeout: float | None = None,
    language: str | None = None,
) -> Iterator[Event]:
    """The standard analysis of every sales table; ends with one ``answer`` event.

    Written in `language`, by default that of the data (column, sheet and file names).
    """
    lang = normalise(language or data_language(cards))
    yield from run_plan(session, standard_plan(cards, lang), "Standard report",
                        approve=approve, timeout=timeout, language=lang)


def run_plan(
    session: Any,
    plan: Plan,
    question: str,
    *,
    approve: Approve | None = None,
    timeout: float | None = None,
    language: str = "en",
    footer: str | None = None,
) -> Iterator[Event]:
    """Run the steps of `plan`; `footer` (e.g. the tables used) ends a successful answer."""
    lang = normalise(language)
    if not plan.steps:
        text = plan.reason or say(lang, "no_plan")
        yield Event("answer", text, answer=Answer(question, text, ok=False, brain="offline",
                                                  language=lang))
        return
    yield Event("plan", "; ".join(s.description for s in plan.steps),
                data={"steps": [s.description for s in plan.steps]})
    done: list[Step] = []
    paragraphs: list[str] = []
    failures: list[str] = []
    seen_notes: set[str] = set()
    for number, planned in enumerate(plan.steps, start=1):
        step = planned_step(planned, number)
        if approve is not None and not approve(step):
            yield Event("status", say(lang, "skipped", step=planned.description))
            continue
        yield Event("code", planned.description, step=step)
        step = run_step(session, step, timeout)
        done.append(step)
        yield Event("result", planned.description, step=step)
        paragraph, problem = _outcome(planned, step, seen_notes, lang)
        if problem:
            failures.append(problem)
            yield Event("error", problem, step=step)
        else:
            paragraphs.append(paragraph)
    text = "\n\n".join(paragraphs + failures) or say(lang, "no_step")
    if footer and paragraphs:
        text += "\n\n" + footer
    answer = Answer(question, text, steps=tuple(done), brain="offline", ok=bool(paragraphs),
                    language=lang)
    yield Event("answer", text, answer=answer)


def planned_step(planned: PlannedStep | Step, number: int) -> Step:
    """The record of a planned recipe step before it runs: its origin is the recipe call,
    its input the table it will read (hashed when it has run). A data-report step is a
    `Step` already."""
    if isinstance(planned, Step):
        return replace(planned, number=number)
    return Step(number, planned.description, planned.code,
                origin=RecipeCall(planned.recipe, dict(planned.arguments), planned.language),
                inputs=(FileHash(planned.parquet_path, ""),))


def run_step(session: Any, step: Step, timeout: float | None = None) -> Step:
    """Run a step in the sandbox: the finished record (result, figures, artifacts, inputs)."""
    from analyst.planner.charted import charted  # pandas and the readers: on first use

    result = session.run(step.code, timeout=timeout)
    return charted(finished(step, result, session.workspace.root), session.workspace)


def step_paragraph(step: Step, seen_notes: set[str] | None = None,
                   language: str | None = None, max_notes: int | None = NOTES_SHOWN) -> str | None:
    """The plain-words paragraph of a finished step (None if it printed no figures).

    Without `language`, the step's own title tells it (titles are written in the
    language the step was planned in).
    """
    if step.result is None or not step.result.ok or step.figures is None:
        return None
    if own_kind(step) is not None:
        return _own_paragraph(step, normalise(language or language_of(step.description)))
    planned = planned_of(step)
    lang = normalise(language or language_of(step.description))
    if planned is None:
        return render(step.figures.title, lang)  # a recipe's title in the reader's words
    return describe(planned, step.figures, seen_notes, lang, max_notes)


def planned_of(step: Step) -> PlannedStep | None:
    """The recipe call of a step, as the narrative writers take it (None: not a recipe call)."""
    if not isinstance(step.origin, RecipeCall):
        return None
    table = step.inputs[0].path if step.inputs else ""
    return PlannedStep("", step.description, step.origin.recipe, table, dict(step.origin.params))


def _outcome(planned: PlannedStep | Step, step: Step, seen_notes: set[str],
             lang: str) -> tuple[str, str | None]:
    result = step.result
    if result is None or not result.ok:
        if result is None:
            reason = say(lang, "did_not_run")
        elif result.notice:
            reason = notice_text(result, lang) or result.notice
        elif step.refusal is not None:  # the recipe's own reason, in the reader's words
            reason = step.refusal.text(lang)
        elif result.error is not None:
            reason = f"{result.error.name}: {result.error.message}"
        else:
            reason = say(lang, "stopped")
        return "", say(lang, "failed", step=planned.description, reason=reason)
    if own_kind(step) is not None:
        text = _own_paragraph(step, lang)
        return ("", say(lang, "no_figures", step=planned.description)) if text is None else (
            text, None)
    # A planned `Step` is the data report's (its words are its own, above); the recipe
    # writers describe recipe steps only.
    if step.figures is None or not isinstance(planned, PlannedStep):
        return "", say(lang, "no_figures", step=planned.description)
    return describe(planned, step.figures, seen_notes, lang), None


DATA_REPORT_STEPS = ("data_overview", "distribution", "correlations")
"""The data report's own steps (recorded as `RecipeCall`s of these names)."""


def own_kind(step: Step) -> str | None:
    """"query" for a query step, the name of a data-report step, else None (a recipe's)."""
    if isinstance(step.origin, QueryCall):
        return "query"
    if isinstance(step.origin, RecipeCall) and step.origin.recipe in DATA_REPORT_STEPS:
        return step.origin.recipe
    return None


def _own_paragraph(step: Step, lang: str) -> str | None:
    """The words of a query or data-report step, from the figures it sent."""
    from analyst.datareport.words import paragraph
    from analyst.query.answer import answer_text, query_figures

    if own_kind(step) == "query":
        said = query_figures(step.figures)
        return answer_text(said, lang) if said is not None else None
    table = Path(step.inputs[0].path).stem if step.inputs else ""
    params = step.origin.params if isinstance(step.origin, RecipeCall) else {}
    measure = params.get("column") if isinstance(params.get("column"), str) else None
    return paragraph(step.figures, table, lang, measure)

