"""How a step, an answer and a data card look on screen (live and restored alike)."""

from __future__ import annotations

import mimetypes
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

import streamlit as st

from analyst.brain.understand.phrases import question_language
from analyst.charting.check import agrees, stated
from analyst.charting.check import notice as chart_notice
from analyst.charting.selection import highlighted, picked_rows
from analyst.charting.vega import SELECTION, selectable, vega_lite
from analyst.events import Answer, ExecutionResult, OutputFile, Step
from analyst.record.artifact_tables import artifact_path, read_step_table
from analyst.record.chart import Chart
from analyst.record.versions import earlier_files
from analyst.report.csv_cells import SPREADSHEET_TEXT, inert_csv
from analyst.session.stopping import INTERRUPTED, STOPPED, STOPPED_TEXT
from analyst.store import MessageRecord, StepRecord, unanswered
from analyst.words.notice import notice_text
from analyst.words.number_formats import format_int
from ui import state
from ui.answers import answer_markdown
from ui.i18n import STANDARD_REPORT, current, t
from ui.pictures import show_picture
from ui.plain import literal
from ui.questions import ask_soon, option_buttons
from ui.tables import (
    chart_frame,
    dates_without_midnight,
    figures_styler,
    frame_from_table,
    heading,
    months_as_words,
    number_formats,
    plain_index,
)

MAX_DOWNLOADS = 12
"""Download buttons per step; a step that wrote more files says how many are left out."""
MAX_DOWNLOAD_BYTES = 200 * 1024**2
"""Larger files get no button (the browser would hold the whole file in memory)."""


def step_view(step: Step, workspace: Path, key: str, *, stored: StepRecord | None = None,
              session_id: str | None = None, narrative: str = "",
              language: str | None = None) -> None:
    """One step: its outcome in words, table, chart, downloads; the code one click away.

    `stored` (with `session_id`): the step as the store keeps it, so it can be pinned.
    `language`: the answer's, by default the interface's. What the step came to is part of
    the answer and said in it (its notices, why it failed, its months); the heading, tabs,
    expanders and buttons around it are the interface's words.
    """
    said = language or current()
    result = step.result
    # Everything a step (or a model) wrote is shown literally: no markdown of it can make
    # the browser fetch a URL (ui.plain).
    st.markdown("**" + t("step", n=step.number, description=literal(step.description)) + "**")
    if result is not None and (notice := notice_text(result, said)):
        st.info(literal(notice))
    error = result.error if result is not None else None
    if error is not None:
        # A recipe's refusal says why in the reader's words; other errors, what they mean.
        reason = (literal(step.refusal.text(said)) if step.refusal is not None
                  else failure_sentence(error.name, said))
        st.warning(t("step_failed", said, reason=reason))
        with st.expander(t("error_details")):
            st.code(f"{error.name}: {error.message}\n\n{error.traceback or ''}".strip(),
                    language=None)
    elif result is not None and result.timed_out:
        st.warning(t("timed_out", said))
    elif result is not None and result.out_of_memory:
        st.warning(t("out_of_memory", said))
    files = list(result.files) if result is not None else []
    frame, caption = _result_table(result, files, workspace)
    images = [p for f in files if f.is_image
              if (p := artifact_path(workspace, f)) is not None]  # the host's copy, never output/
    drawn = checked_chart(step, frame)
    if step.chart_left_out is not None:  # the chart its model code asked for, refused
        st.info(chart_notice(said, step.chart_left_out))
    elif step.chart is not None and drawn is None and frame is not None:
        st.info(chart_notice(said))  # never a chart that contradicts the table below it
    # A step without a chart record: as before; one whose chart was left out: none at all.
    chart = (None if step.chart is not None or step.chart_left_out is not None or frame is None
             else chart_frame(frame, step.recipe))
    # A chart record is drawn first, its table right under it (a click on a bar highlights
    # the bar's rows there); the sandbox's picture stays one tab away.
    views = ((["Interactive chart"] + (["Chart"] if images else [])) if drawn is not None
             else (["Chart"] if images else []) + (["Interactive chart"] if chart else [])
             + (["Table"] if frame is not None else []))
    names = [t(_TABS[v]) for v in views]
    for view, tab in zip(views, st.tabs(names) if len(views) > 1 else [st.container()] * len(views),
                         strict=True):
        with tab:
            if view == "Chart":
                for image in images:
                    show_picture(image)
            elif view == "Interactive chart" and drawn is not None:
                picked = _selectable_chart(drawn, key)
                _table_view(frame, said, caption, highlighted(drawn, frame, picked))
            elif view == "Interactive chart" and chart is not None:
                kind, data = chart
                (st.line_chart if kind == "line" else st.bar_chart)(data)
            elif view == "Table" and frame is not None:
                _table_view(frame, said, caption)
    _downloads(files, workspace, key)
    with st.expander(t("code"), expanded=False):
        st.code(step.code or "", language="python")
        if result is not None and result.stdout:
            st.caption(t("printed"))
            st.code(result.stdout, language=None)
    if session_id is not None and stored is not None and result is not None:
        _pin_button(session_id, stored, key, narrative)


def _selectable_chart(chart: Chart, key: str) -> frozenset[str]:
    """Draw `chart`; the table rows of the marks the reader clicked."""
    if not selectable(chart):
        st.altair_chart(vega_lite(chart), width="stretch")
        return frozenset()
    event = st.altair_chart(vega_lite(chart), width="stretch", key=f"{key}_chart",
                            on_select="rerun", selection_mode=SELECTION)
    return picked_rows(event.get("selection"))


def _table_view(frame: Any, said: str, caption: str | None,
                marked: tuple[int, ...] = ()) -> None:
    shown = months_as_words(dates_without_midnight(frame), said)
    figures = figures_styler(shown)
    styled = figures if figures is not None else (
        shown.style.apply(_marked_rows(marked), axis=None) if marked else shown)
    st.dataframe(styled, width="stretch", placeholder="", hide_index=plain_index(shown),
                 column_config=number_columns(shown, headings=True,
                                              row_formats=figures is not None))
    if caption:
        st.caption(caption)


MARKED = "background-color: #FFE8A3"
"""The rows a click on the chart selected."""


def _marked_rows(marked: tuple[int, ...]) -> Any:
    def styles(table: Any) -> Any:
        out = table.copy().astype(object)
        out.loc[:, :] = ""
        for position in marked:
            out.iloc[position, :] = MARKED
        return out
    return styles


def checked_chart(step: Step, frame: Any) -> Chart | None:
    """The step's chart when the table shown beside it holds every value it draws, and the
    figures its answer states say the same."""
    if step.chart is None or frame is None:
        return None
    return step.chart if agrees(step.chart, frame, stated(step)) else None


def _result_table(result: ExecutionResult | None, files: list[OutputFile],
                  workspace: Path) -> tuple[Any, str | None]:
    """The step's table: its last expression's value, else the first table file it saved."""
    table = result.value.table if result is not None and result.value is not None else None
    if table:
        frame = frame_from_table(table)
        if table.get("truncated"):
            return frame, t("first_rows", shown=f"{len(frame):,}", total=f"{table.get('rows_total', 0):,}")
        return frame, None
    saved = sorted((f.path for f in files if f.path.endswith((".parquet", ".csv"))),
                   key=lambda p: not p.endswith(".parquet"))
    if not saved:
        return None, None
    read = read_step_table(workspace, next(f for f in files if f.path == saved[0]), 500)
    if read.frame is None:
        return None, read.problem
    if read.rows_total is not None and read.rows_total > len(read.frame):
        return read.frame, t("first_rows", shown=f"{len(read.frame):,}", total=f"{read.rows_total:,}")
    return read.frame, None


def history_view(messages: Sequence[MessageRecord], workspace: Path, session_id: str, *,
                 file_names: Mapping[str, str] | None = None, asking: int | None = None,
                 running: bool = False) -> None:
    """The stored conversation. A question without its answer offers to run it again
    (`message_view`), except `asking`, the one this page run asks (shown live after)."""
    open_questions = {m.id for m in unanswered(messages)}
    for message in messages:
        if message.id == asking and message.id in open_questions:
            continue
        message_view(message, workspace, session_id, file_names=file_names,
                     answered=message.id not in open_questions, running=running)


def message_view(message: MessageRecord, workspace: Path, session_id: str,
                 file_names: Mapping[str, str] | None = None, *, answered: bool = True,
                 running: bool = False) -> None:
    """One stored message; `file_names` (table path -> file name) marks an answer computed
    from an earlier version of a file replaced since, with a button to run it again.

    A question without its answer (`answered=False`: the page was reloaded or closed, or
    the app stopped, before one was kept) says so and offers to run it again, unless it
    is being answered now (`running`).
    """
    if message.role == "user":
        with st.chat_message("user"):
            # The standard report's stored question is a fixed word: shown in the UI's language.
            text = t("standard_report") if message.text == STANDARD_REPORT else message.text
            st.markdown(_plain(text))
        if not answered:
            with st.chat_message("assistant"):
                if running:
                    st.caption(t("still_answering"))
                else:
                    st.warning(t("answer_missing"), icon=":material/sync_problem:")
                    st.button(t("run_question_again"), key=f"again_q{message.id}",
                              on_click=ask_soon, args=(message.text,),
                              icon=":material/replay:")
        return
    with st.chat_message("assistant"):
        if message.data.get("waited_s"):
            st.caption(t("waited", s=f"{message.data['waited_s']:.0f}"))
        for warning in message.data.get("warnings") or []:
            st.warning(literal(warning))
        answer = message.answer
        said = said_in(answer) if answer is not None else None  # the answer's own words
        earlier = (earlier_files(answer, workspace, file_names)
                   if answer is not None and file_names is not None else ())
        if earlier and answer is not None:
            st.warning(literal(t("earlier_version", files=", ".join(earlier))),
                       icon=":material/history:")
            st.button(t("run_again"), key=f"again{message.id}", on_click=ask_soon,
                      args=(answer.question,))
        ended = answer.ended if answer is not None else ""
        if ended == INTERRUPTED or ended == STOPPED or message.text == STOPPED_TEXT:
            # Words of the catalogue (the stored text is the command line's English), in
            # the answer's language: they stand where its text would be.
            st.warning(t("answer_interrupted" if ended == INTERRUPTED else "answer_stopped", said),
                       icon=":material/sync_problem:" if ended == INTERRUPTED
                       else ":material/stop_circle:")
            if ended == INTERRUPTED and answer is not None:
                st.button(t("run_question_again"), key=f"again_a{message.id}",
                          on_click=ask_soon, args=(answer.question,),
                          icon=":material/replay:")
        elif message.text:
            st.markdown(answer_markdown(message.text, str(message.data.get("brain") or "offline")))
        if answer is not None and not answer.ok and answer.options:
            # Two readings to choose from, or questions this table answers: one click asks.
            option_buttons(answer.options, f"m{message.id}")
        for step in message.steps:
            with st.container(border=True):
                step_view(step.step, workspace, key=f"m{message.id}s{step.id}", stored=step,
                          session_id=session_id, narrative=message.text,
                          language=said)
        usage = message.data.get("usage") or {}
        if usage.get("prompt_tokens"):
            st.caption(usage_text(usage))


def usage_text(usage: Mapping[str, Any], lang: str | None = None) -> str:
    """"Model usage: 6,248 + 26 tokens, about $0.0012" in the interface language."""
    lang = lang or current()
    completion = int(usage.get("completion_tokens") or 0)
    text = t("model_usage", lang, count=completion,
             prompt=format_int(int(usage.get("prompt_tokens") or 0), lang))
    cost = usage.get("cost_usd")
    return t("model_usage_cost", lang, usage=text, cost=f"{cost:.4f}") if cost else text


def answer_language(question: str, cards: Sequence[Any] = ()) -> str | None:
    """The language an answer to `question` is written in (its months too): the question's
    own words, not the column names and values of `cards` it quotes; None for the standard
    report, asked in the interface language."""
    return None if question == STANDARD_REPORT else question_language(question, cards)


def said_in(answer: Answer) -> str | None:
    """The language a kept answer was given in: noted on it, else (an older record) its
    question's. Never the interface's of today: an earlier answer stays as it was given."""
    return answer.language or answer_language(answer.question)


def number_columns(frame: Any, roles: dict[str, str] | None = None, *,
                   headings: bool = False, row_formats: bool = False) -> dict[str, Any]:
    """`column_config` for st.dataframe: thousands separators, 2 decimals, percents.

    With `headings`, the recipes' helper columns get readable titles too (display only).
    """
    # With row formats (a Styler), a column format would override them: leave it out.
    formats = {} if row_formats else number_formats(frame, roles)
    config: dict[str, Any] = {}
    for column in frame.columns:
        name = str(column)
        label = heading(name) if headings else None
        if name in formats:
            config[name] = st.column_config.NumberColumn(label=label, format=formats[name])
        elif label and label != name:
            config[name] = st.column_config.Column(label=label)
    return config


def _downloads(files: list[OutputFile], workspace: Path, key: str) -> None:
    ready = [(i, f, p) for i, f in enumerate(files) if (p := artifact_path(workspace, f)) is not None]
    shown, rest = ready[:MAX_DOWNLOADS], len(ready) - MAX_DOWNLOADS
    # Side by side, a few to a row: one tall stack of buttons pushes the answer apart.
    for row in range(0, len(shown), 3):
        for column, (i, file, path) in zip(st.columns(3), shown[row:row + 3], strict=False):
            name = PurePosixPath(file.path).name
            if path.stat().st_size > MAX_DOWNLOAD_BYTES:
                column.caption(literal(t("too_big_to_download", name=name)))
                continue
            mime = mimetypes.guess_type(name)[0] or "application/octet-stream"
            # Read when clicked, not on every rerun: a page of results stays light.
            column.download_button(literal(name), data=_reader(path),
                                   help=literal(t("download", name=name)),
                                   file_name=_file_name(name), mime=mime, key=f"dl_{key}_{i}",
                                   on_click="ignore", icon=":material/download:")
    if rest > 0:
        st.caption(t("more_files", count=rest))


def _reader(path: Path) -> Any:
    return lambda: download_data(path)


def download_data(path: Path) -> bytes:
    """The bytes a download button gives for the step's file at `path` (bounded); a table
    a spreadsheet opens (CSV, TSV) with no cell that runs as a formula."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_DOWNLOAD_BYTES + 1)[:MAX_DOWNLOAD_BYTES]
    return inert_csv(data) if path.suffix.lower() in SPREADSHEET_TEXT else data


def _file_name(name: str) -> str:
    """What the browser saves the download as: the shown name without escapes or separators."""
    cleaned = "".join(c if c.isprintable() and c not in "\\/:*?\"<>|" else "_" for c in name)
    return cleaned.strip(" .") or "download"


def _pin_button(session_id: str, step: StepRecord, key: str, narrative: str) -> None:
    if state.store().is_pinned(session_id, step.id):
        st.caption(t("in_report"))
        return
    if st.button(t("add_to_report"), key=f"pin_{key}", icon=":material/push_pin:"):
        state.store().add_pin(session_id, step.id, step.description,
                              default_narrative(step, narrative))
        st.toast(t("added", title=step.description))
        st.rerun()


def default_narrative(step: StepRecord, answer_text: str) -> str:
    """The step's own paragraph (offline recipes), else the answer's first paragraph."""
    from analyst.brain.runner import step_paragraph

    try:
        own = step_paragraph(step.step)
    except Exception:  # noqa: BLE001 - a default text must never block pinning
        own = None
    return own or (answer_text or "").strip().split("\n\n")[0]


# Errors with their own sentence ("fail_<name>" in the catalogue, context "ui"); others get the general one.
_FAILURES = frozenset({"KeyError", "FileNotFoundError", "ZeroDivisionError", "MemoryError",
                       "OutputLimitExceeded", "SessionEnded", "SyntaxError"})


def failure_sentence(name: str, language: str | None = None) -> str:
    """What a failed step's error means, in words (the exact error is in the details), in
    `language` (default: the interface's)."""
    return t(f"fail_{name}", language) if name in _FAILURES else t("fail_other", language)


def _plain(text: str) -> str:
    """Show model or user text as text: no surprise markdown such as $...$ maths."""
    return (text or "").replace("$", "\\$")


_TABS = {"Chart": "tab_chart", "Interactive chart": "tab_interactive", "Table": "tab_table"}
