"""The offline brain: plan, run each step's code in the sandbox, answer in plain words.

It yields the same `Event`s and `Step`s as the LLM agent, so the UI, the store and the
report cannot tell the brains apart except by `Answer.brain`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from analyst.brain import queries
from analyst.brain.code.codegen import PlannedStep
from analyst.brain.code.query import query_step
from analyst.brain.narrate.answer import answer_text, query_figures
from analyst.brain.narrate.data_report import paragraph
from analyst.brain.narrate.narrative import NOTES_SHOWN, describe
from analyst.brain.plan import currencies, finfigures
from analyst.brain.plan.plan import Plan, standard_plan
from analyst.brain.plan.route import route
from analyst.brain.understand.phrases import (
    data_language,
    language_of,
    normalise,
    question_language,
    say,
)
from analyst.brain.understand.query import Query
from analyst.events import Answer, Event, FileHash, QueryCall, RecipeCall, Step
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
    runs its recipe; any other question is read into a query (`analyst.brain.understand`), whose
    aggregation, filters, grouping and period are those of the question, never others.
    `workspace_root` lets the reading see the tables' category values ("for AAPL").
    The answer is written in `language`, by default the question's own.
    """
    lang = normalise(language or question_language(question, cards))  # not the names it quotes
    way = route(question, cards, lang, workspace_root)
    choice = way.choice
    if way.kind == "recipes":
        events = run_plan(session, way.plan, question, approve=approve, timeout=timeout,
                          language=lang, footer=_footer(way.plan, cards, lang))
        yield from (events if way.figure is None else finfigures.honoured(events, way.figure, lang))
    elif way.kind == "query" and choice.query is not None:
        yield from queries.run_query(session, choice.query, choice.card, question, lang,
                                     approve=approve, timeout=timeout)
    elif way.kind == "options" and (same := queries.one_figure_for_both(
            session, choice, lang, timeout)) is not None:
        # Both readings give one figure (the same rows): no need to ask which is meant.
        yield from queries.run_query(session, same, choice.card or choice.options[0][1],
                                     question, lang, approve=approve, timeout=timeout)
    elif way.kind == "options":
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
    lang = normalise(language or question_language(question, cards))
    card = next((c for c in cards if c.table == query.table), None)
    if card is None:
        yield from answer_offline(session, cards, question, approve=approve, timeout=timeout,
                                  language=lang, workspace_root=workspace_root)
        return
    if (mixed := currencies.query_reason(query, card, workspace_root, lang)) is not None:
        yield from run_plan(session, Plan(reason=mixed), question, language=lang)
        return  # a suggestion clicked adds no currencies together either
    yield from queries.run_query(session, query, card, question, lang, approve=approve,
                                 timeout=timeout)


def _footer(plan: Plan, cards: Sequence[Any], lang: str) -> str | None:
    """Beside other tables, a recipe's answer names the table and file it read (a query's
    answer always does, in its first line)."""
    return queries.sources_line(plan.steps, cards, lang) if len(cards) > 1 else None


def offline_plan(cards: Sequence[Any], question: str, language: str | None = None,
                 workspace_root: Path | str | None = None) -> tuple[Step, ...]:
    """The steps `answer_offline` would run for `question`, planned, not run (approval): the
    same route, so the code approved is the code that runs. Readings to offer back, or a
    refusal, have no step (the answer asks or explains)."""
    lang = normalise(language or question_language(question, cards))
    way = route(question, cards, lang, workspace_root)
    if way.kind == "recipes":
        return tuple(planned_step(p, n) for n, p in enumerate(way.plan.steps, start=1))
    if way.kind == "query" and way.choice.query is not None:
        return (query_step(way.choice.query, way.choice.card, 1, lang),)
    return ()


def standard_report(
    session: Any,
    cards: Sequence[Any],
    *,
    approve: Approve | None = None,
    timeout: float | None = None,
    language: str | None = None,
    workspace_root: Path | str | None = None,
) -> Iterator[Event]:
    """The standard analysis of every sales table; ends with one ``answer`` event.

    Written in `language`, by default that of the data (column, sheet and file names);
    `workspace_root` lets it see the tables' values (a ledger's currencies).
    """
    lang = normalise(language or data_language(cards))
    yield from run_plan(session, standard_plan(cards, lang, workspace_root), "Standard report",
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
    from analyst.brain.code.charted import charted  # pandas and the readers: on first use

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
    if own_kind(step) == "query":
        said = query_figures(step.figures)
        return answer_text(said, lang) if said is not None else None
    table = Path(step.inputs[0].path).stem if step.inputs else ""
    params = step.origin.params if isinstance(step.origin, RecipeCall) else {}
    measure = params.get("column") if isinstance(params.get("column"), str) else None
    return paragraph(step.figures, table, lang, measure)

