"""Build an `analyst.report.Report` from answers: the standard report, or pinned results.

Every figure in the report comes from a step that ran in the sandbox: KPI tiles from the
key-figures step's printed figures, sections from the tables and charts the steps saved,
narratives from the same figures. The appendix lists the sources (from the data cards), the
definitions the recipes used (with their actual parameters) and the code of every step.

Words are in the report's language (`--lang`, else the data's: title, column and sheet
names): narratives, KPI labels, table headers ("share_pct" -> "Share" / "Частка") and the
methodology note, which says the standard report is computed offline, with no model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from analyst.brain.code.codegen import PlannedStep
from analyst.brain.runner import own_kind, planned_of, step_paragraph
from analyst.brain.understand.phrases import data_language, normalise, say
from analyst.charting.check import notice as chart_notice
from analyst.datacard import DataCard
from analyst.errors import AnalystError
from analyst.events import Answer, RecipeCall, Step
from analyst.recipes.registry import recipe
from analyst.record.artifact_tables import artifact_path
from analyst.report import CodeStep, Definition, Report, Section, Source
from analyst.report.definitions import definition_text
from analyst.report.kpi_tiles import kpi_tiles
from analyst.report.model import ColumnFormat
from analyst.report.period import period_text
from analyst.report.section_chart import chart_cells, class_chart, section_chart
from analyst.report.section_table import abc_classes, friendly, kpi_rows, overview_rows, step_table
from analyst.words.note import render
from analyst.words.number_formats import format_int
from sandbox import Workspace

STANDARD_QUESTION = "Standard report"
MAX_TABLE_ROWS = 25
"""Longer tables are cut in the report (a CFO reads the head; the CSV has every row)."""


class ReportBuildError(AnalystError, ValueError):  # ValueError: what callers caught before
    """The report cannot be built from this analysis; the message says what to do."""


@dataclass(frozen=True)
class Pin:
    """A result the user pinned to the report."""

    answer_index: int
    """Index into the answers (`Analysis.history`, the store's answers of a session)."""
    step_number: int
    """`Step.number` within that answer."""
    title: str | None = None
    """None: the step's description."""
    narrative: str | None = None
    """None: the generated narrative (offline steps) or the answer's text."""


def standard_answer(history: Sequence[Answer]) -> Answer | None:
    """The latest standard-report answer in `history`."""
    return next((a for a in reversed(history) if a.question == STANDARD_QUESTION and a.steps),
                None)


def build_report(
    answers: Sequence[Answer],
    cards: Sequence[DataCard],
    workspace: Workspace,
    *,
    title: str | None = None,
    pins: Sequence[Pin] | None = None,
    summary: Step | None = None,
    include_code: bool = True,
    language: str | None = None,
) -> Report:
    """The report of `answers`: pinned results when `pins` is given, else the latest
    standard report. Pure: it runs nothing, it reads the records and the files the steps
    saved in `workspace` (tables, charts), so answers loaded from the store are enough.

    `summary` is the key-figures step a pinned report needs (`summary_plan`), run before
    by the caller like any step: its figures give the tiles, its code ends the appendix.
    `language` ("en", "uk", "ru", "zh"; None: the data's) is passed on as the report's
    `language_hint`, so the renderer's fixed labels match the narratives.
    """
    lang = normalise(language or data_language(cards, title))
    chosen = _chosen(answers, pins)
    _one_version(chosen, cards, workspace)
    steps = [c[0] for c in chosen]
    # Figures are taken only from our own recipe calls: a model's code can send the same
    # figures (`send_figures`), and its numbers are the model's, never verified tiles or definitions.
    verified = [s for s in steps if is_verified(s)]
    sections = []
    origins: list[tuple[str, bool]] = []  # each section's title, and whether it is verified
    seen_notes: set[str] = set()
    for step, pin_title, pin_text, answer in chosen:
        section = _section(workspace, step, pin_title, pin_text, _fallback(step, answer),
                           seen_notes, lang)
        if section is not None:
            sections.append(section)
            origins.append((section.title, is_verified(step)))
    if not sections:
        raise ReportBuildError("No step of the analysis finished, so there is nothing to report.")
    if summary is not None and summary.figures is not None and pins:
        steps = [*steps, summary]  # the appendix keeps the pinned steps first
        if is_verified(summary):
            verified = [*verified, summary]
    offline = all(answer.brain == "offline" for *_, answer in chosen)
    method = Definition(say(lang, "method_name"),
                        say(lang, "method_offline" if offline else "method_model"))
    kpis = kpi_tiles(verified, lang)
    return Report(
        title=title or _default_title(cards, lang, steps),
        subtitle=_subtitle(cards, lang),
        language_hint=lang,
        kpis=kpis,
        sections=tuple(sections),
        sources=tuple(_source(card, lang) for card in cards),
        definitions=(method, _where_from(origins, bool(kpis), lang),
                     *_definitions(verified, lang), *_line_kinds(cards, steps, lang)),
        # The appendix numbers its steps itself: a title saying "Step 1" again would read
        # "2. Step 1:" for a step pinned from another answer.
        steps_code=tuple(CodeStep(s.description, s.code) for s in steps),
        include_code=include_code,
    )


def _one_version(chosen: Sequence[tuple[Step, str | None, str | None, Answer]],
                 cards: Sequence[DataCard], workspace: Workspace) -> None:
    """Refuse a report that would mix versions of a file: every step must have read the
    tables as they are now (`Step.inputs` hashes; unrecorded ones say nothing)."""
    from analyst.record.versions import earlier_files, table_files

    names = table_files(cards)
    for step, _, _, answer in chosen:
        files = earlier_files(replace(answer, steps=(step,)), workspace.root, names)
        if files:
            raise ReportBuildError(
                f"“{answer.question}” was answered from the earlier version of "
                f"{', '.join(files)}: ask it again on the new version (and pin the new "
                "answer) so the report does not mix figures of two versions.")


def summary_plan(answers: Sequence[Answer], cards: Sequence[DataCard],
                 pins: Sequence[Pin] | None, language: str | None = None,
                 title: str | None = None) -> Step | None:
    """The key-figures step a report of `pins` needs so its executive summary is never
    empty, numbered after the pinned steps, not run yet; None without pins, when a pinned
    step already gives the key figures, or when no table has sales columns.

    The caller runs it like any step (it traces to code in the appendix like every figure)
    and passes the finished step to `build_report(summary=...)`.
    """
    from analyst.brain import key_figures_step
    from analyst.brain.runner import planned_step

    if not pins:
        return None
    steps = [c[0] for c in _chosen(answers, pins)]
    if any(s.recipe == "kpi_summary" and s.result is not None and s.result.ok for s in steps):
        return None
    tables = [s.inputs[0].path for s in steps if s.inputs]
    lang = normalise(language or data_language(cards, title))
    planned = key_figures_step(cards, tables[0] if tables else None, lang)
    if planned is None:
        return None
    return planned_step(planned, max((s.number for s in steps), default=0) + 1)


def _chosen(answers: Sequence[Answer],
            pins: Sequence[Pin] | None) -> list[tuple[Step, str | None, str | None, Answer]]:
    if pins:
        return [_pinned(answers, pin) for pin in pins]
    answer = standard_answer(answers)
    if answer is None:
        raise ReportBuildError("Run the standard report first (nothing to report yet).")
    return [(step, None, None, answer) for step in answer.steps]


def _pinned(history: Sequence[Answer], pin: Pin) -> tuple[Step, str | None, str | None, Answer]:
    if not 0 <= pin.answer_index < len(history):
        raise ReportBuildError(f"Pinned answer {pin.answer_index + 1} is no longer in the history.")
    answer = history[pin.answer_index]
    for step in answer.steps:
        if step.number == pin.step_number:
            return step, pin.title, pin.narrative, answer
    raise ReportBuildError(f"Step {pin.step_number} is not part of the answer to "
                         f"\"{answer.question}\".")


def _where_from(origins: Sequence[tuple[str, bool]], tiles: bool, lang: str) -> Definition:
    """Which figures are verified (a recipe call, run where only recipes ran: the session
    gives every recipe step such an interpreter, `analyst.session.verified`) and which are
    not (a query, a model's code)."""
    verified = ([say(lang, "figures_tiles")] if tiles else []) + [t for t, v in origins if v]
    other = [t for t, v in origins if not v]
    lines = ([say(lang, "figures_verified", sections="; ".join(verified))] if verified else [])
    lines += [say(lang, "figures_other", sections="; ".join(other))] if other else []
    return Definition(say(lang, "figures_name"), " ".join(lines))


def is_verified(step: Step) -> bool:
    """A recipe call the offline analyst generated (its origin says so), run in a session
    no model's code touched (`Analysis.verified_session`): its figures are verified."""
    return isinstance(step.origin, RecipeCall) and step.figures is not None


def _fallback(step: Step, answer: Answer) -> str | None:
    """The words a step's section falls back on: the answer's text when it is the step's
    own (the answer has no other step), else None. A query answered alone keeps its answer
    as asked ("I read this as ...", its months as its chart says them, in the question's
    language); a query among others (the data report's) says its own figures, never the
    answer's text, which holds every step's paragraph and would repeat under each section."""
    if own_kind(step) == "query" and any(s.number != step.number for s in answer.steps):
        return None
    return answer.text


def _section(workspace: Workspace, step: Step, title: str | None, narrative: str | None,
             fallback: str | None, seen_notes: set[str], lang: str) -> Section | None:
    if step.result is None or not step.result.ok:
        return None
    planned = planned_of(step)
    currency = planned.arguments.get("currency") if planned else None
    text = narrative if narrative is not None else (
        # A report has room for every caveat: none is left for "the step's details".
        (step_paragraph(step, seen_notes=seen_notes, language=lang, max_notes=None)
         if is_verified(step) or (own_kind(step) == "query" and fallback is None) else None)
        or fallback or "")
    # Only the host's copies taken when the step ended, never `output/` (a later step could
    # have swapped a file there for a link to a host file).
    chart = next((p for f in step.result.files if f.is_image
                  if (p := artifact_path(workspace, f)) is not None), None)
    drawn = section_chart(workspace, step)
    if drawn.dropped:
        # Its chart contradicts the table: neither its record nor its picture is shown.
        chart = None
        text = (text + "\n\n" if text else "") + chart_notice(lang)
    elif step.chart_left_out is not None:  # the chart its model code asked for, refused
        text = (text + "\n\n" if text else "") + chart_notice(lang, step.chart_left_out)
    table, formats = step_table(workspace, step)
    summary_chart, summary_table = None, None
    unit = recipe(step.recipe or "")
    if table is not None and unit is not None and unit.classes and "class" in table.columns:
        table, formats = abc_classes(table, formats)
        summary_table = table.copy()  # friendly() renames the columns of the one it shows
        if drawn.chart is not None:
            # The section shows the classes, not the items: its chart is the classes'
            # shares of the whole, held to that table like any other.
            summary_chart = class_chart(table, drawn.chart, formats)
    elif table is not None and len(table) > MAX_TABLE_ROWS:
        full = next((p for p in step.tables if p.endswith(".csv")), None)
        text += ("\n\n" + say(lang, "rows_cut", shown=MAX_TABLE_ROWS,
                              total=format_int(len(table), lang))
                 + (say(lang, "rows_cut_file", file=full) if full else "."))
        table = table.head(MAX_TABLE_ROWS)
    if table is None and chart is None and not text:
        return None
    row_formats: dict[int, ColumnFormat] = {}
    if table is not None and step.recipe == "kpi_summary" and planned:
        table, row_formats = kpi_rows(table, planned.arguments)
    elif table is not None and step.recipe == "data_overview":
        row_formats = overview_rows(table)
    if table is not None:
        table, formats = friendly(table, formats, step, planned, lang)
    shown_chart, raw = ((summary_chart, summary_table) if summary_chart is not None
                        else (drawn.chart, drawn.raw))
    cells = (chart_cells(shown_chart, raw, table)
             if shown_chart is not None and raw is not None and table is not None
             and (summary_chart is not None or not _summarised(step)) else None)
    return Section(title=title or _step_title(step, planned, lang), narrative=text or "",
                   chart_path=chart,
                   table=table, column_formats=formats, currency=currency,
                   row_formats=row_formats, chart=shown_chart, chart_cells=cells)


def _summarised(step: Step) -> bool:
    """Is the section's table a summary of the step's (ABC classes, key figures), not its rows?"""
    unit = recipe(step.recipe or "")
    return step.recipe == "kpi_summary" or (unit is not None and unit.classes)


_PERIOD_WORDS = {"M": "month", "W": "week", "Q": "quarter"}


def _step_title(step: Step, planned: PlannedStep | None, lang: str) -> str:
    """The step's title, said again in the report's language when the question was asked
    in another one ("top 10 products" pinned to a Chinese report): no mixed-language
    headings. A title the language cannot be re-said for stays as it was."""
    origin = step.origin
    if planned is None or not isinstance(origin, RecipeCall) or normalise(origin.language) == lang:
        return step.description
    a = planned.arguments
    try:
        if planned.recipe == "period_dynamics":  # its period said in words ("by month")
            period = say(lang, "by_" + _PERIOD_WORDS[a.get("freq", "M")])
            return say(lang, "title_dynamics", amount=a["amount"], period=period)
        unit = recipe(planned.recipe)
        if unit is not None and unit.title is not None:
            count, values = unit.title.fill(a)
            return say(lang, unit.title.key, plural=count, **values)
    except (KeyError, TypeError):
        pass
    return step.description


def _definitions(steps: Sequence[Step], lang: str) -> tuple[Definition, ...]:
    """Each recipe's definition once, in the report's language (English when unknown)."""
    seen: dict[str, str] = {}
    said: dict[str, str] = {}
    for step in steps:
        if step.result is None or not step.recipe:
            continue
        figures, planned = step.figures, planned_of(step)
        if figures and figures.definition and figures.definition not in seen.values():
            seen[step.description] = figures.definition
            said[step.description] = definition_text(
                step.recipe, figures.definition, planned.arguments if planned else {}, lang)
    return tuple(Definition(k, said[k]) for k in seen)


def _line_kinds(cards: Sequence[DataCard], steps: Sequence[Step],
                lang: str) -> tuple[Definition, ...]:
    """What each row of a statement was taken for (revenue, cost of sales, operating expense,
    below the operating line; subtotals, totals and ratios left out), for the finance pack."""
    from analyst.recipes.pnl import line_kind

    if not any(s.recipe in _FINANCE_RECIPES[2:] for s in steps):
        return ()
    out = []
    for card in cards:
        if card.layout != "statement" or not card.row_kinds:
            continue
        groups: dict[str, list[str]] = {}
        for row in card.row_kinds:
            if row.row is None:
                continue  # a subtotal with no label, left out of the table: nothing to name
            if row.kind == "line":
                kind = "kind_" + (line_kind(row.label, row.section) or "opex")
            else:
                kind = "rows_" + row.kind
            groups.setdefault(kind, []).append(row.label)
        order = ("kind_revenue", "kind_cogs", "kind_opex", "kind_ignore", "rows_subtotal",
                 "rows_total", "rows_ratio", "rows_section")
        text = " ".join(say(lang, "lines_kind", kind=_capital(say(lang, key)),
                            lines=", ".join(groups[key])) for key in order if key in groups)
        out.append(Definition(f"{say(lang, 'lines_name')}: {card.source_file}", text))
    return tuple(out)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _source(card: DataCard, lang: str) -> Source:
    return Source(file_name=card.source_file, sha256=card.source_sha256, sheet=card.sheet,
                  rows=card.rows, assumptions=tuple(
                      render(a, lang) for a in card.assumptions),
                  excluded_rows=len(card.excluded_rows))


_FINANCE_RECIPES = ("pnl_summary", "budget_vs_actual", "budget_to_date", "pnl_statement",
                    "margin_trend", "expense_structure", "notable_changes", "line_growth")


def _default_title(cards: Sequence[DataCard], lang: str, steps: Sequence[Step] = ()) -> str:
    from analyst.brain.narrate.data_report import dsay
    from analyst.brain.runner import own_kind

    names = sorted({Path(c.source_file).stem for c in cards})
    data_only = bool(steps) and all(own_kind(s) is not None for s in steps)
    # A P&L or a budget is not a sales ledger: its report is named for what it is.
    finance = bool(steps) and all(s.recipe in _FINANCE_RECIPES for s in steps)
    title = (dsay(lang, "report_title") if data_only
             else say(lang, "report_title_finance") if finance else say(lang, "report_title"))
    return f"{title}: " + ", ".join(names) if names else title


def _subtitle(cards: Sequence[DataCard], lang: str) -> str:
    files = ", ".join(sorted({c.source_file for c in cards}))
    ranges = [c.date_range for c in cards if c.date_range]
    if not ranges:
        return files
    first = min(r[0] for r in ranges)[:10]
    last = max(r[1] for r in ranges)[:10]
    return f"{files} · " + period_text(first, last, lang)
