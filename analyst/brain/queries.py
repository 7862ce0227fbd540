"""The offline brain's questions that are not sales recipes: one query, run as one step.

The question is read into a `Query` (`analyst.brain.understand`); the answer says how it was read and
which table (and file) it used, runs readable pandas code in the sandbox, and quotes only
the figures that code printed. Two plausible readings are offered back as options (the
app shows them as buttons); no reading is refused in plain words, with three questions
this table can answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from analyst.brain.code.query import query_step
from analyst.brain.narrate.answer import answer_text, query_figures
from analyst.brain.understand.phrases import say
from analyst.brain.understand.phrases.query import qsay
from analyst.brain.understand.query import Query, QueryError, is_numeric
from analyst.brain.understand.reading import Choice, reading_text, suggestions
from analyst.brain.understand.values import category_values
from analyst.events import Answer, Event, Step
from analyst.record import figures_sent, finished
from analyst.words.notice import notice_text
from sandbox import ExecutionResult

Approve = Callable[[Step], bool]


def run_query(session: Any, query: Query, card: Any, question: str, language: str, *,
              approve: Approve | None = None, timeout: float | None = None) -> Iterator[Event]:
    """Run one query step and answer from its figures; ends with one ``answer`` event."""
    try:
        step = query_step(query, card, 1, language)
    except QueryError as exc:
        text = str(exc)
        yield Event("answer", text, answer=Answer(question, text, ok=False, brain="offline", language=language))
        return
    head = read_as(query, card, language)
    yield Event("plan", step.description, data={"steps": [step.description]})
    if approve is not None and not approve(step):
        text = head + "\n\n" + say(language, "skipped", step=step.description)
        yield Event("answer", text, answer=Answer(question, text, ok=False, brain="offline", language=language))
        return
    yield Event("code", step.description, step=step)
    # What run_step does, with the result kept typed (a finished step's is never None).
    result: ExecutionResult = session.run(step.code, timeout=timeout)
    step = finished(step, result, session.workspace.root)
    yield Event("result", step.description, step=step)
    figures = query_figures(step.figures)
    if figures is None:
        reason = (notice_text(result, language) or (f"{result.error.name}: {result.error.message}"
                                    if result.error else say(language, "stopped")))
        if step.refusal is not None and not result.notice:  # the recipe's reason, in words
            reason = step.refusal.text(language)
        problem = (say(language, "failed", step=step.description, reason=reason) if not result.ok
                   else say(language, "no_figures", step=step.description))
        yield Event("error", problem, step=step)
        text = head + "\n\n" + problem
        yield Event("answer", text, answer=Answer(question, text, steps=(step,), ok=False,
                                                  brain="offline", language=language))
        return
    text = head + "\n\n" + answer_text(figures, language)
    yield Event("answer", text, answer=Answer(question, text, steps=(step,), brain="offline", language=language))


def read_as(query: Query, card: Any, language: str) -> str:
    """"I read this as: ... Table t (file f)." and the words the reading did not use."""
    text = qsay(language, "read_as", reading=reading_text(query, language))
    text += " " + qsay(language, "source", table=card.table, file=card.source_file)
    if query.notes:
        text += " " + qsay(language, "unused", words=", ".join(query.notes))
    return text


def sources_line(steps: Sequence[Any], cards: Sequence[Any], language: str) -> str | None:
    """"Table sales (file q1.csv)." for the tables the steps read (every answer names them)."""
    used = {getattr(s, "parquet_path", None) for s in steps}
    named = [qsay(language, "source", table=c.table, file=c.source_file)
             for c in cards if c.parquet_path in used]
    return " ".join(named) or None


def one_figure_for_both(session: Any, choice: Choice, language: str,
                        timeout: float | None = None) -> Query | None:
    """The average reading when the average and the total (and the highest, ranked) give
    the same table ("which month had the highest price for MSFT" on one price a month:
    each month's average is its total and its highest), computed, not assumed; else None
    and the question is asked back.

    Only readings of one table that differ in nothing but the statistic, and only results
    small enough that their printed rows are the whole table, are compared."""
    if len(choice.options) not in (2, 3):
        return None
    readings = [q for q, _ in choice.options]
    card = choice.options[0][1]
    a = next((q for q in readings if q.aggregation == "mean"), None)
    if a is None or any(c is not card for _, c in choice.options) or any(
            q.aggregation not in ("mean", "sum", "max", "min") or q != replace(
                a, aggregation=q.aggregation) for q in readings):
        return None
    seen = []
    for query in readings:
        try:
            step = query_step(query, card, 1, language)
        except QueryError:
            return None
        result: ExecutionResult = session.run(step.code, timeout=timeout)
        figures = query_figures(figures_sent(result))
        if figures is None or figures.rows > len(figures.head):
            return None
        # Whole rows: a change between two years has no column named for its measure
        # (its figures are the years' and the change), and had compared as equal.
        seen.append([sorted((str(k), repr(v)) for k, v in row.items()) for row in figures.head])
    if any(rows != seen[0] for rows in seen[1:]):
        return None
    return a


def ask_back(choice: Choice, question: str, language: str, several: bool) -> Iterator[Event]:
    """Two plausible readings: ask which one, with each offered as a question to click."""
    options = [option_question(q, card, language, several) for q, card in choice.options]
    tables = {card.table for _, card in choice.options}
    key = "which_table" if len(tables) > 1 else "ask"
    text = qsay(language, key, tables=", ".join(sorted(tables)))
    text += "\n\n" + "\n".join(f"- {o}" for o in options)
    yield Event("answer", text, answer=Answer(question, text, ok=False, brain="offline", language=language,
                                              options=tuple(options)))


def option_question(query: Query, card: Any, language: str, several: bool) -> str:
    """A reading said as a question the offline analyst reads back to exactly that query."""
    text = _cap(reading_text(query, language))
    return f"{text} ({card.table})" if several else text


def refuse(choice: Choice, cards: Sequence[Any], question: str, language: str,
           root: Path | str | None = None) -> Iterator[Event]:
    """No reading fits: say why, and suggest three questions built from a table's columns
    (read with its category values from `root`, as a click on one will be)."""
    card = choice.refusal_card or cards[0]
    refusal = choice.refusal
    numbers = ", ".join(c.name for c in card.columns if is_numeric(c)) or "—"
    values = {"table": card.table, "columns": ", ".join(c.name for c in card.columns),
              "column": numbers.split(", ")[0], "group": _first_category(card)}
    values.update(refusal.values if refusal else {})
    if refusal is not None and refusal.key in ("no_measure", "correlation_needs_two"):
        values["columns"] = numbers
    text = qsay(language, refusal.key if refusal else "nothing_found", **values)
    known = category_values(root, card) if root is not None else None
    ideas = suggestions(card, language, values=known)
    if len(cards) > 1:
        ideas = [f"{q} ({card.table})" for q in ideas]  # the table a click means
    if ideas:
        text += "\n\n" + qsay(language, "suggest") + "\n" + "\n".join(f"- {q}" for q in ideas)
    text += "\n\n" + say(language, "needs_model", skills=say(language, "skills"))
    yield Event("answer", text, answer=Answer(question, text, ok=False, brain="offline", language=language,
                                              options=tuple(ideas)))


def _first_category(card: Any) -> str:
    return next((c.name for c in card.columns if c.role == "category"), "—")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
