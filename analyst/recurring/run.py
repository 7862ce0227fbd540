"""Run a recurring report: the first run that saves it, and every run after on new files.

`first_run` makes the standard report plus one section per asked question, in one
`Analysis`, and the template of that run. `run_template` matches the template's columns in
the new files (`matching`), asks back what is ambiguous (nothing runs then), plans every
saved step again on the new table, runs them all in the analysis' verified session and
builds the report with its changes against the saved run (`changes`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.understand.query import Query, QueryError
from analyst.brain.understand.values import category_values
from analyst.events import Answer, Event
from analyst.record import Step
from analyst.recurring.capture import covered_period, template_of
from analyst.recurring.changes import with_changes
from analyst.recurring.matching import ColumnQuestion, StepMatch, match_steps
from analyst.recurring.model import ReportTemplate, TemplateStep
from analyst.recurring.run_words import RunNote
from analyst.report import Report
from analyst.report.build import STANDARD_QUESTION, Pin, ReportBuildError
from analyst.words.note import Name, NameList, Parts


@dataclass(frozen=True)
class RunResult:
    """What a run gave: the report (None when it could not be built), the template of this
    run, the questions to answer before it can run, and the problems met on the way."""

    report: Report | None
    template: ReportTemplate | None = None
    questions: tuple[ColumnQuestion, ...] = ()
    problems: tuple[str | RunNote, ...] = ()
    matches: tuple[StepMatch, ...] = ()


def first_run(analysis: Any, questions: Sequence[str], *, brain: str = "auto",
              title: str | None = None, language: str = "en",
              include_code: bool = True) -> RunResult:
    """The standard report and one section per question, and the template that repeats it."""
    problems = list(_standard(analysis, language))
    pins = _standard_pins(analysis)
    asked: list[Answer] = []
    for question in questions:
        answer = _last_answer(analysis.ask(question, brain=brain))
        if answer is None or not answer.ok or not answer.steps:
            problems.append(_unanswered(question, answer))
            continue
        asked.append(answer)
        pins += _pins_of(analysis, answer)
    # Without asked questions it is the standard report exactly as `analyst report` makes it.
    report = analysis.report(title=title, pins=pins if asked else None,
                             include_code=include_code, language=language)
    template, left_out = template_of(report, analysis.cards, asked, root=analysis.workspace.root,
                                     title=title, language=language)
    problems += [RunNote("model_left_out", title=t) for t in left_out]
    return RunResult(report, template, problems=tuple(problems))


def match_template(template: ReportTemplate, cards: Sequence[Any], root: Any,
                   answers: Mapping[str, str] | None = None,
                   values: Mapping[str, Mapping[str, list[str]]] | None = None,
                   ) -> tuple[StepMatch, ...]:
    """Every saved step matched on the new tables (see `analyst.recurring.matching`);
    `values`: the tables' category values when read already."""
    if values is None:
        values = {c.table: category_values(root, c) for c in cards}
    steps = [step for question in template.questions for step in question.steps]
    return match_steps(steps, cards, values, answers)


def run_template(analysis: Any, template: ReportTemplate, *,
                 answers: Mapping[str, str] | None = None, title: str | None = None,
                 language: str | None = None, include_code: bool = True) -> RunResult:
    """`template` run again on the analysis' files (added before); nothing runs while a
    column is ambiguous (`RunResult.questions`: answer them in `answers`, saved column name
    -> new column name)."""
    lang = language or template.language
    title = title or template.title
    root = analysis.workspace.root
    values = {c.table: category_values(root, c) for c in analysis.cards}
    matches = match_template(template, analysis.cards, root, answers, values)
    # One question per saved column, though several sections may use it.
    questions = tuple({q.column: q for m in matches for q in m.questions}.values())
    if questions:
        return RunResult(None, questions=questions, matches=matches)
    problems: list[str | RunNote] = []
    not_run: list[RunNote] = []  # said in the reader's language where shown
    pins: list[Pin] = []
    if template.standard:
        problems += _standard(analysis, lang)
        pins += _standard_pins(analysis)
    asked: list[Answer] = []
    queue = iter(matches)
    for question in template.questions:
        planned: list[PlannedStep | Step] = []
        for _ in question.steps:
            match = next(queue)
            reason = [m.note() for m in match.missing] or None
            if reason is None:
                made = replanned(match, values.get(match.card.table, {}) if match.card else {})
                reason = [made] if isinstance(made, RunNote) else None
                if not isinstance(made, RunNote):
                    planned.append(made)
            if reason:
                not_run += reason
        if not planned:
            continue
        answer = _last_answer(analysis.run_planned(question.question, planned, lang))
        if answer is None or not answer.steps:
            problems.append(_unanswered(question.question, answer))
            continue
        failed = [s.description for s in answer.steps if s.result is None or not s.result.ok]
        not_run += [RunNote("section_unfinished", section=t, answer=answer.text) for t in failed]
        asked.append(answer)
        pins += _pins_of(analysis, answer)
    if not pins:
        raise ReportBuildError(RunNote("none_ran", reasons=Parts(not_run)))
    report = analysis.report(title=title, pins=pins if asked or not template.standard else None,
                             include_code=include_code, language=lang)
    period = covered_period(analysis.cards)
    report = with_changes(report, template, period, not_run)
    again, _ = template_of(report, analysis.cards, asked, root=analysis.workspace.root,
                           title=template.title, language=lang, standard=template.standard)
    # The changes are measured against the saved run: the new template keeps its own
    # figures (the tiles' values, which `with_changes` does not alter).
    return RunResult(report, again, problems=(*problems, *not_run), matches=matches)


def _unanswered(question: str, answer: Answer | None) -> RunNote:
    if answer is None:
        return RunNote("no_answer", question=question)
    return RunNote("question_failed", question=question, answer=answer.text)


def replanned(match: StepMatch, values: Mapping[str, list[str]] | None = None,
              ) -> PlannedStep | Step | RunNote:
    """The saved step planned again on its matched table, or why it cannot be.

    `values`: the table's category values (column -> values); a saved query's filter on a
    value the column does not hold is not run (its figures would be of no rows, or of a
    value the template's author chose to look for)."""
    from analyst.brain.code.query import query_step
    from analyst.brain.replan import replan_step

    step, card = match.step, match.card
    file = card.source_file if card is not None else "the new files"
    if card is None:
        return RunNote("no_table", section=step.title, file=file)
    if step.kind == "recipe":
        params = {k: _renamed(v, match.mapping) for k, v in (step.params or {}).items()}
        planned = replan_step(card, step.recipe, params, step.language)
        if planned is None:
            return RunNote("no_columns", section=step.title, file=file)
        return planned
    try:
        query = Query.from_dict({**renamed_query(step, match.mapping), "table": card.table})
        made = query_step(query, card, 1, step.language)
        absent = absent_values(query, values or {})
        if absent:
            return RunNote("absent_values", section=step.title, file=file, columns=Parts(
                RunNote("absent_value", column=Name(column), values=NameList(shown))
                for column, shown in absent.items()))
        return made
    except QueryError as exc:
        return RunNote("query_refused", section=step.title, file=file, reason=str(exc))
    except (KeyError, TypeError, ValueError):
        return RunNote("query_damaged", section=step.title)


def absent_values(query: Query, values: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """Column -> the values a query's "is"/"is one of" filters look for that the column
    does not hold (only columns whose values are known: categories of a few values)."""
    absent: dict[str, list[str]] = {}
    for f in query.filters:
        known = values.get(f.column)
        if f.op not in ("eq", "in") or known is None:
            continue
        wanted = f.value if isinstance(f.value, tuple) else (f.value,)
        missing = [str(v) for v in wanted if str(v) not in set(known)]
        if missing:
            absent.setdefault(f.column, []).extend(missing)
    return absent


def renamed_query(step: TemplateStep, mapping: Mapping[str, str]) -> dict[str, Any]:
    """The saved query with its columns named as the new table names them."""
    query = dict(step.query or {})
    for key in ("measures", "group_by"):
        query[key] = [_renamed(c, mapping) for c in query.get(key) or ()]
    for key in ("period", "compare"):
        if query.get(key):
            part = dict(query[key])
            for name in ("column", "month_column"):
                if part.get(name):
                    part[name] = _renamed(part[name], mapping)
            query[key] = part
    query["filters"] = [{**f, "column": _renamed(f["column"], mapping)}
                        for f in query.get("filters") or ()]
    return query


def _renamed(value: Any, mapping: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, list):
        return [mapping.get(v, v) if isinstance(v, str) else v for v in value]
    return value


def _standard(analysis: Any, language: str) -> list[str | RunNote]:
    return [event.message for event in analysis.standard_report(language=language)
            if event.kind == "error" and event.message]


def _standard_pins(analysis: Any) -> list[Pin]:
    history = analysis.history
    for index in range(len(history) - 1, -1, -1):
        answer = history[index]
        if answer.question == STANDARD_QUESTION and answer.steps:
            return [Pin(index, s.number) for s in answer.steps
                    if s.result is not None and s.result.ok]
    return []


def _pins_of(analysis: Any, answer: Answer) -> list[Pin]:
    """Pins of `answer`'s finished steps: it is the last answer the analysis kept."""
    index = len(analysis.history) - 1
    return [Pin(index, s.number) for s in answer.steps if s.result is not None and s.result.ok]


def _last_answer(events: Any) -> Answer | None:
    answer = None
    for event in events:
        if isinstance(event, Event) and event.kind == "answer":
            answer = event.answer
    return answer
