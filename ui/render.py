"""How a step, an answer and a data card look on screen (live and restored alike)."""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Any

import streamlit as st

from analyst.store import MessageRecord, StepRecord
from ui import state
from ui.tables import chart_frame, frame_from_table, inside, read_table


def step_view(step: StepRecord | dict[str, Any], workspace: Path, key: str, *,
              session_id: str | None = None, narrative: str = "") -> None:
    """One step: its outcome in words, table, chart, downloads; the code one click away."""
    data = step if isinstance(step, dict) else _as_dict(step)
    result = data.get("result") or {}
    st.markdown(f"**Step {data['number']}: {data['description']}**")
    if result.get("notice"):
        st.info(result["notice"])
    error = result.get("error")
    if error:
        st.warning(f"This step failed: {error['name']}: {error['message']}")
        if error.get("traceback"):
            with st.expander("Error details"):
                st.code(error["traceback"], language=None)
    elif result.get("timed_out"):
        st.warning("This step took too long and was stopped.")
    elif result.get("out_of_memory"):
        st.warning("This step ran out of memory and was stopped.")
    files = result.get("files") or []
    frame, caption = _result_table(result, files, workspace)
    images = [p for f in files if f.get("is_image")
              if (p := inside(workspace, f["path"])) is not None and p.is_file()]
    chart = chart_frame(frame) if frame is not None else None
    views = (["Chart"] if images else []) + (["Interactive chart"] if chart else []) + (
        ["Table"] if frame is not None else [])
    for view, tab in zip(views, st.tabs(views) if len(views) > 1 else [st.container()] * len(views),
                         strict=True):
        with tab:
            if view == "Chart":
                for image in images:
                    st.image(str(image), width="stretch")
            elif view == "Interactive chart" and chart is not None:
                kind, data = chart
                (st.line_chart if kind == "line" else st.bar_chart)(data)
            elif view == "Table" and frame is not None:
                st.dataframe(frame, width="stretch")
                if caption:
                    st.caption(caption)
    _downloads(files, workspace, key)
    with st.expander("Code", expanded=False):
        st.code(data.get("code") or "", language="python")
        if result.get("stdout"):
            st.caption("Printed output")
            st.code(result["stdout"], language=None)
    if session_id is not None and isinstance(step, StepRecord) and result:
        _pin_button(session_id, step, key, narrative)


def _result_table(result: dict[str, Any], files: list[dict[str, Any]],
                  workspace: Path) -> tuple[Any, str | None]:
    """The step's table: its last expression's value, else the first table file it saved."""
    table = (result.get("value") or {}).get("table")
    if table:
        frame = frame_from_table(table)
        if table.get("truncated"):
            return frame, f"Showing the first {len(frame):,} of {table.get('rows_total', 0):,} rows."
        return frame, None
    saved = sorted((f["path"] for f in files if f["path"].endswith((".parquet", ".csv"))),
                   key=lambda p: not p.endswith(".parquet"))
    return (read_table(workspace, saved[0]), None) if saved else (None, None)


def message_view(message: MessageRecord, workspace: Path, session_id: str) -> None:
    role = "user" if message.role == "user" else "assistant"
    with st.chat_message(role):
        if role == "user":
            st.markdown(_plain(message.text))
            return
        if message.data.get("waited_s"):
            st.caption(f"Waited {message.data['waited_s']:.0f} s in the queue for a free "
                       "analysis slot (all were busy).")
        for warning in message.data.get("warnings") or []:
            st.warning(warning)
        if message.text:
            st.markdown(_plain(message.text))
        for step in message.steps:
            with st.container(border=True):
                step_view(step, workspace, key=f"m{message.id}s{step.id}",
                          session_id=session_id, narrative=message.text)
        usage = message.data.get("usage") or {}
        if usage.get("prompt_tokens"):
            cost = usage.get("cost_usd")
            st.caption(f"Model usage: {usage.get('prompt_tokens', 0):,} + "
                       f"{usage.get('completion_tokens', 0):,} tokens"
                       + (f", about ${cost:.4f}" if cost else ""))


def card_summary(card: dict[str, Any]) -> None:
    """What was read, in plain words: rows, columns, and every assumption made."""
    where = f", sheet “{card['sheet']}”" if card.get("sheet") else ""
    st.markdown(f"**{card.get('source_file', '')}**{where}: {card.get('rows', 0):,} rows, "
                f"{len(card.get('columns') or []):,} columns")
    assumptions = list(card.get("assumptions") or [])
    if assumptions:
        st.markdown("What I assumed when reading it:\n" + "\n".join(f"- {a}" for a in assumptions))
    excluded = card.get("excluded_rows") or []
    if excluded:
        lines = [f"- line {r['line']}: {r['reason']} — “{r['text']}”" for r in excluded[:20]]
        st.markdown("Rows left out of the table:\n" + "\n".join(lines))


def _downloads(files: list[dict[str, Any]], workspace: Path, key: str) -> None:
    for i, f in enumerate(files):
        path = inside(workspace, f["path"])
        if path is None or not path.is_file():
            continue
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        st.download_button(f"Download {path.name}", data=path.read_bytes(), file_name=path.name,
                           mime=mime, key=f"dl_{key}_{i}", on_click="ignore", icon=":material/download:")


def _pin_button(session_id: str, step: StepRecord, key: str, narrative: str) -> None:
    if state.store().is_pinned(session_id, step.id):
        st.caption("In the report ✓")
        return
    if st.button("Add to report", key=f"pin_{key}", icon=":material/push_pin:"):
        state.store().add_pin(session_id, step.id, step.description,
                              default_narrative(step, narrative))
        st.toast(f"Added “{step.description}” to the report.")
        st.rerun()


def default_narrative(step: StepRecord, answer_text: str) -> str:
    """The step's own paragraph (offline recipes), else the answer's first paragraph."""
    from analyst.planner.runner import step_paragraph
    from ui.reportgen import step_from_record

    try:
        own = step_paragraph(step_from_record(step))
    except Exception:  # noqa: BLE001 - a default text must never block pinning
        own = None
    return own or (answer_text or "").strip().split("\n\n")[0]


def _plain(text: str) -> str:
    """Show model or user text as text: no surprise markdown such as $...$ maths."""
    return (text or "").replace("$", "\\$")


def _as_dict(step: StepRecord) -> dict[str, Any]:
    return {"number": step.number, "description": step.description, "code": step.code,
            "recipe": step.recipe, "result": step.result}
