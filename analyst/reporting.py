"""Build an `analyst.report.Report` from an analysis: the standard report, or pinned results.

Every figure in the report comes from a step that ran in the sandbox: KPI tiles from the
key-figures step's printed figures, sections from the tables and charts the steps saved,
narratives from the same figures. The appendix lists the sources (from the data cards), the
definitions the recipes used (with their actual parameters) and the code of every step.

Words are in the report's language (`--lang`, else the data's: title, column and sheet
names): narratives, KPI labels, table headers ("share_pct" -> "Share" / "Частка") and the
methodology note, which says the standard report is computed offline, with no model.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from analyst.assumptions_i18n import translate_assumptions
from analyst.events import Answer, Step
from analyst.planner.codegen import StepFigures, read_figures
from analyst.planner.phrases import data_language, normalise, phrases, say
from analyst.planner.phrases.definitions import translate_definition
from analyst.planner.runner import planned_from_step, step_paragraph
from analyst.report import KPI, CodeStep, Definition, Report, Section, Source
from analyst.report.formats import format_int

STANDARD_QUESTION = "Standard report"
MAX_TABLE_ROWS = 25
"""Longer tables are cut in the report (a CFO reads the head; the CSV has every row)."""


class ReportingError(ValueError):
    """The report cannot be built from this analysis; the message says what to do."""


@dataclass(frozen=True)
class Pin:
    """A result the user pinned to the report."""

    answer_index: int
    """Index into `Analysis.history`."""
    step_number: int
    """`Step.number` within that answer."""
    title: str | None = None
    """None: the step's description."""
    narrative: str | None = None
    """None: the generated narrative (offline steps) or the answer's text."""


def standard_answer(history: Sequence[Answer]) -> Answer | None:
    """The latest standard-report answer in `history`."""
    for answer in reversed(history):
        if answer.question == STANDARD_QUESTION and answer.steps:
            return answer
    return None


def build_report(
    analysis: Any,
    *,
    title: str | None = None,
    pins: Sequence[Pin] | None = None,
    include_code: bool = True,
    language: str | None = None,
) -> Report:
    """The report of `analysis`: pinned results when `pins` is given, else the standard one.

    `language` ("en", "uk", "ru", "zh"; None: the data's) is passed on as the report's
    `language_hint`, so the renderer's fixed labels match the narratives.
    """
    history = analysis.history
    cards = analysis.cards
    lang = normalise(language or data_language(cards, title))
    if pins:
        chosen = [_pinned(history, pin) for pin in pins]
    else:
        answer = standard_answer(history)
        if answer is None:
            raise ReportingError("Run the standard report first (nothing to report yet).")
        chosen = [(step, None, None, answer) for step in answer.steps]
    steps = [c[0] for c in chosen]
    sections = []
    seen_notes: set[str] = set()
    for step, pin_title, pin_text, answer in chosen:
        section = _section(analysis.workspace, step, pin_title, pin_text, answer.text,
                           seen_notes, lang)
        if section is not None:
            sections.append(section)
    if not sections:
        raise ReportingError("No step of the analysis finished, so there is nothing to report.")
    # Pinned results without the key figures: run them, so the executive summary is never
    # empty and its tiles trace to code in the appendix like every other figure.
    summary = _key_figures(analysis, steps, lang) if pins else None
    if summary is not None:
        steps = [*steps, summary]  # the appendix keeps the pinned steps first
    offline = all(answer.brain == "offline" for *_, answer in chosen)
    method = Definition(say(lang, "method_name"),
                        say(lang, "method_offline" if offline else "method_model"))
    return Report(
        title=title or _default_title(cards, lang),
        subtitle=_subtitle(cards, lang),
        language_hint=lang,
        kpis=_kpis(steps, lang),
        sections=tuple(sections),
        sources=tuple(_source(card, lang) for card in cards),
        definitions=(method, *_definitions(steps, lang)),
        steps_code=tuple(CodeStep(say(lang, "step_title", n=s.number, title=s.description),
                                  s.code) for s in steps),
        include_code=include_code,
    )


def _key_figures(analysis: Any, steps: Sequence[Step], lang: str) -> Step | None:
    """The key-figures step of the pinned steps' main table, run in the analysis' sandbox
    session (a source without one, like the UI's stored history, gets a short-lived session
    on the same workspace). None when a pinned step already gives them or it cannot run."""
    from analyst.planner import key_figures_step

    if any(s.recipe == "kpi_summary" and s.result is not None and s.result.ok for s in steps):
        return None
    tables = [p.parquet_path for p in map(planned_from_step, steps) if p is not None]
    planned = key_figures_step(analysis.cards, tables[0] if tables else None, lang)
    if planned is None:
        return None
    step = Step(max((s.number for s in steps), default=0) + 1, planned.description,
                planned.code, None, planned.recipe)
    try:
        session = getattr(analysis, "session", None)
        if session is not None:
            result = session.run(step.code)
        else:
            from sandbox import open_session

            with open_session(analysis.workspace,
                              backend=getattr(analysis, "backend", "auto")) as temporary:
                result = temporary.run(step.code)
    except Exception:  # noqa: BLE001 - no tiles is better than no report; sections still hold the figures
        return None
    if not result.ok or read_figures(result.stdout) is None:
        return None
    return Step(step.number, step.description, step.code, result, step.recipe)


def _pinned(history: Sequence[Answer], pin: Pin) -> tuple[Step, str | None, str | None, Answer]:
    if not 0 <= pin.answer_index < len(history):
        raise ReportingError(f"Pinned answer {pin.answer_index + 1} is no longer in the history.")
    answer = history[pin.answer_index]
    for step in answer.steps:
        if step.number == pin.step_number:
            return step, pin.title, pin.narrative, answer
    raise ReportingError(f"Step {pin.step_number} is not part of the answer to "
                         f"\"{answer.question}\".")


def _section(workspace: Any, step: Step, title: str | None, narrative: str | None,
             fallback: str, seen_notes: set[str], lang: str) -> Section | None:
    if step.result is None or not step.result.ok:
        return None
    figures = read_figures(step.result.stdout)
    planned = planned_from_step(step)
    currency = planned.arguments.get("currency") if planned else None
    text = narrative if narrative is not None else (
        # A report has room for every caveat: none is left for "the step's details".
        step_paragraph(step, seen_notes=seen_notes, language=lang, max_notes=None) or fallback)
    chart = next((workspace.root / p for p in step.charts), None)
    table, formats = _table(workspace, step, figures)
    if table is not None and step.recipe == "abc_analysis" and "class" in table.columns:
        table, formats = _abc_classes(table, formats)
    elif table is not None and len(table) > MAX_TABLE_ROWS:
        full = next((p for p in step.tables if p.endswith(".csv")), None)
        text += ("\n\n" + say(lang, "rows_cut", shown=MAX_TABLE_ROWS,
                                         total=format_int(len(table), lang))
                 + (say(lang, "rows_cut_file", file=full) if full else "."))
        table = table.head(MAX_TABLE_ROWS)
    if table is None and chart is None and not text:
        return None
    row_formats: dict[int, str] = {}
    if table is not None and step.recipe == "kpi_summary" and planned:
        table, row_formats = _kpi_rows(table, planned.arguments)
    if table is not None:
        table, formats = _friendly(table, formats, step, planned, lang)
    return Section(title=title or _step_title(step, planned, lang), narrative=text or "",
                   chart_path=chart if chart is not None and chart.exists() else None,
                   table=table, column_formats=formats, currency=currency,
                   row_formats=row_formats)


_STEP_LANGUAGE = re.compile(r"language=['\"](\w+)['\"]")
_PERIOD_WORDS = {"M": "month", "W": "week", "Q": "quarter"}


def _step_title(step: Step, planned: Any, lang: str) -> str:
    """The step's title, said again in the report's language when the question was asked
    in another one ("top 10 products" pinned to a Chinese report): no mixed-language
    headings. A title the language cannot be re-said for stays as it was."""
    match = _STEP_LANGUAGE.search(step.code or "")
    if planned is None or normalise(match.group(1) if match else "en") == lang:
        return step.description
    a = planned.arguments
    try:
        if planned.recipe == "kpi_summary":
            return say(lang, "title_kpi", amount=a["amount"])
        if planned.recipe == "period_dynamics":
            period = say(lang, "by_" + _PERIOD_WORDS[a.get("freq", "M")])
            return say(lang, "title_dynamics", amount=a["amount"], period=period)
        if planned.recipe == "top_n":
            return say(lang, "title_top", n=a.get("n", 10), by=a["by"], amount=a["amount"])
        if planned.recipe == "abc_analysis":
            return say(lang, "title_abc", item=a["item"], amount=a["amount"])
        if planned.recipe == "breakdown":
            return say(lang, "title_breakdown", amount=a["amount"], by=a["by"])
        if planned.recipe == "margin_by":
            return say(lang, "title_margin", by=a["by"])
        if planned.recipe in ("pnl_summary", "funnel_conversion"):
            return say(lang, "title_pnl" if planned.recipe == "pnl_summary" else "title_funnel")
    except (KeyError, TypeError):
        pass
    return step.description


def _table(workspace: Any, step: Step,
           figures: StepFigures | None) -> tuple[pd.DataFrame | None, dict[str, str]]:
    paths = sorted(step.tables, key=lambda p: not p.endswith(".parquet"))
    if not paths:
        return None, {}
    path = workspace.root / paths[0]
    try:
        table = pd.read_parquet(path) if path.suffix == ".parquet" else pd.read_csv(path)
    except (OSError, ValueError):
        return None, {}
    planned = planned_from_step(step)
    money = set()
    if planned:
        money = {v for k, v in planned.arguments.items()
                 if k in ("amount", "revenue", "cost") and isinstance(v, str)}
        money |= {"gross_profit", "change", "yoy_change"} if planned.recipe != "kpi_summary" else set()
    formats: dict[str, str] = {}
    table = table.copy()
    for column in table.columns:
        name = str(column)
        if name.endswith("_pct") and pd.api.types.is_numeric_dtype(table[column]):
            table[column] = table[column] / 100.0  # recipes give 0-100; the report wants fractions
            formats[name] = "percent"
        elif name in money:
            formats[name] = "money"
        elif name in ("rows", "items", "orders", "rank"):
            formats[name] = "int"
    if "start" in table.columns and planned and planned.recipe == "period_dynamics":
        table = table.drop(columns=["start"])  # the period label already says it
    return table, formats


_KPI_ROW_FORMATS = {"Rows": "int", "Orders": "int", "Orders (rows; no order id given)": "int",
                    "Average order value": "money", "Returns (negative rows)": "money",
                    "Return rows": "int", "Gross profit": "money", "Gross margin %": "percent",
                    "Days covered": "int"}


def _kpi_rows(table: pd.DataFrame, arguments: dict[str, Any]) -> tuple[pd.DataFrame, dict[int, str]]:
    """Key figures hold money, counts and a margin in one column: a format per row, so the
    CFO reads "400" rows and "31.0%", not "400.00" and "31.01"."""
    if not {"metric", "value"} <= set(table.columns):
        return table, {}
    totals = {f"Total {arguments.get(k)}": fmt for k, fmt in
              (("amount", "money"), ("cost", "money"), ("quantity", "int")) if arguments.get(k)}
    table = table.copy()
    formats: dict[int, str] = {}
    for position, metric in enumerate(table["metric"].astype(str)):
        fmt = _KPI_ROW_FORMATS.get(metric) or totals.get(metric)
        if fmt:
            formats[position] = fmt
        if fmt == "percent":  # recipes give 0-100, the report fractions
            table.iloc[position, table.columns.get_loc("value")] /= 100.0
    return table, formats


def _abc_classes(table: pd.DataFrame,
                 formats: dict[str, str]) -> tuple[pd.DataFrame, dict[str, str]]:
    """The ABC table per class (items, amount, share): 200 item rows say less than 3 rows."""
    amount = next(c for c in table.columns if formats.get(str(c)) == "money")
    summary = table.groupby("class").agg(items=("class", "size"), **{amount: (amount, "sum")})
    positive = table.loc[table[amount] > 0, amount].sum()
    summary["share_pct"] = summary[amount] / positive if positive else float("nan")
    summary = summary.reindex(["A", "B", "C"]).dropna(how="all").reset_index()
    return summary, {"items": "int", str(amount): "money", "share_pct": "percent"}


def _friendly(table: pd.DataFrame, formats: dict[str, str], step: Step, planned: Any,
              lang: str) -> tuple[pd.DataFrame, dict[str, str]]:
    """Headers a reader understands ("share_pct" -> "Share"), in the report's language.

    The user's own column names (the amount, the product) are kept as they are; so is a
    recipe name that would collide with one of them.
    """
    words = phrases(lang)
    table = table.copy()
    if step.recipe == "top_n" and planned and "rank" in table.columns:
        by = planned.arguments.get("by")
        if by in table.columns:  # the recipe's "Other" row, in the reader's language
            other = table["rank"].isna() & (table[by].astype(str) == "Other")
            table[by] = table[by].astype(object).where(~other, words["other_row"])
    if step.recipe == "kpi_summary" and planned and "metric" in table.columns:
        table["metric"] = table["metric"].map(lambda m: _metric(str(m), planned.arguments, lang))
    names = {str(c): words.get(f"col_{c}", str(c)) for c in table.columns}
    if len(set(names.values())) < len(names):
        names = {c: c for c in names}  # a collision would make two columns one: keep raw
    table.columns = [names[str(c)] for c in table.columns]
    return table, {names.get(k, k): v for k, v in formats.items()}


def _metric(metric: str, arguments: dict[str, Any], lang: str) -> str:
    """A key-figures row label ("Average order value") in the report's language."""
    if lang == "en":
        return metric
    fixed = {"Rows": "col_rows", "Orders": "kpi_orders_label",
             "Average order value": "kpi_aov", "Gross profit": "col_gross_profit",
             "Gross margin %": "col_gross_margin_pct", "Days covered": "metric_days",
             "Orders (rows; no order id given)": "metric_orders_rows",
             "Returns (negative rows)": "metric_returns", "Return rows": "metric_return_rows"}
    if metric in fixed:
        return say(lang, fixed[metric])
    for key in ("amount", "cost", "quantity"):
        name = arguments.get(key)
        if name and metric == f"Total {name}":
            return say(lang, "kpi_total", amount=name)
    return metric


def _kpis(steps: Sequence[Step], lang: str) -> tuple[KPI, ...]:
    tiles: list[KPI] = []
    kinds: set[str] = set()
    # Totals lead the summary, also when the key figures ran after the pinned steps.
    for step in sorted(steps, key=lambda s: s.recipe != "kpi_summary"):
        if step.recipe not in ("kpi_summary", "period_dynamics") or step.result is None:
            continue
        figures = read_figures(step.result.stdout)
        planned = planned_from_step(step)
        if figures is None or planned is None:
            continue
        f, cur, amount = figures.figures, planned.arguments.get("currency"), planned.arguments.get("amount")
        if step.recipe in kinds:
            continue  # one set of tiles: the first table's
        kinds.add(step.recipe)
        if step.recipe == "kpi_summary":
            tiles.append(KPI(say(lang, "kpi_total", amount=amount), f["total"], "money", cur))
            if "order_id" in planned.arguments:
                tiles.append(KPI(say(lang, "kpi_orders_label"), f["orders"], "int"))
                tiles.append(KPI(say(lang, "kpi_aov"), f["average_order_value"], "money", cur))
            if "gross_margin_pct" in f:
                tiles.append(KPI(say(lang, "kpi_gross_margin"), f["gross_margin_pct"] / 100.0,
                                 "percent"))
            if "quantity" in f:
                tiles.append(KPI(say(lang, "kpi_total", amount=planned.arguments.get("quantity")),
                                 f["quantity"], "int"))
        else:
            word = {"M": "month", "W": "week", "Q": "quarter"}[planned.arguments.get("freq", "M")]
            label = figures.tail[-1].get(word) if figures.tail else None
            change = f.get("last_change_pct", math.nan)
            tiles.append(KPI(say(lang, "kpi_last", period=say(lang, f"period_{word}"),
                                 label=label or "—"), f["last"], "money", cur,
                             delta=None if math.isnan(change) else change / 100.0,
                             delta_label=say(lang, "kpi_vs_previous",
                                             period=say(lang, f"period_{word}"))))
    return tuple(tiles)


def _definitions(steps: Sequence[Step], lang: str) -> tuple[Definition, ...]:
    """Each recipe's definition once, in the report's language (English when unknown)."""
    seen: dict[str, str] = {}
    for step in steps:
        if step.result is None or not step.recipe:
            continue
        figures = read_figures(step.result.stdout)
        if figures and figures.definition and figures.definition not in seen.values():
            seen[step.description] = figures.definition
    return tuple(Definition(k, translate_definition(v, lang)) for k, v in seen.items())


def _source(card: Any, lang: str) -> Source:
    return Source(file_name=card.source_file, sha256=card.source_sha256, sheet=card.sheet,
                  rows=card.rows, assumptions=translate_assumptions(card.assumptions, lang),
                  excluded_rows=len(card.excluded_rows))


def _default_title(cards: Sequence[Any], lang: str) -> str:
    names = sorted({Path(c.source_file).stem for c in cards})
    title = say(lang, "report_title")
    return f"{title}: " + ", ".join(names) if names else title


def _subtitle(cards: Sequence[Any], lang: str) -> str:
    files = ", ".join(sorted({c.source_file for c in cards}))
    ranges = [c.date_range for c in cards if c.date_range]
    if not ranges:
        return files
    first = min(r[0] for r in ranges)[:10]
    last = max(r[1] for r in ranges)[:10]
    return f"{files} · " + say(lang, "period_range", first=first, last=last)
