"""What the model gets to see: step results as text, trimmed, and a conversation that fits.

Three rules: a step's output is cut in the middle (head and tail kept, with a note of what
was cut); a traceback keeps its last frames and the error line; when the conversation
grows past the context budget, the oldest step outputs are replaced by a one-line note,
then the oldest earlier questions are dropped. The system prompt and the current
question are always kept.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sandbox import ExecutionResult

TRACEBACK_FRAMES = 3
TABLE_PREVIEW_ROWS = 20
DROPPED_NOTE = "[Output of this earlier step removed to keep the conversation short. {first}]"


def truncate_middle(text: str, limit: int) -> str:
    """Keep about `limit` characters: the head and the tail, with a note of what was cut."""
    if len(text) <= limit:
        return text
    head = limit * 2 // 3  # the head usually says what the output is; the tail how it ended
    tail = limit - head
    cut = len(text) - head - tail
    return (
        f"{text[:head]}\n[... {cut:,} characters cut from the middle of this output; "
        f"print less, or aggregate, to see it all ...]\n{text[-tail:]}"
    )


def trim_traceback(traceback: str, frames: int = TRACEBACK_FRAMES) -> str:
    """The last `frames` frames and the error line(s): where it broke and why."""
    lines = traceback.rstrip().splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("  File ")]
    if len(starts) <= frames:
        return "\n".join(lines)
    kept = lines[starts[-frames]:]
    skipped = len(starts) - frames
    return "\n".join(
        ["Traceback (most recent call last):", f"  [... {skipped} earlier frames omitted ...]"]
        + kept
    )


def describe_failure(result: ExecutionResult) -> str:
    """One plain line on why a step failed, for the user and for the give-up message."""
    if result.timed_out:
        return result.notice or "The step took too long and was stopped."
    if result.out_of_memory:
        return result.notice or "The step ran out of memory and was stopped."
    if result.error is not None:
        return f"{result.error.name}: {result.error.message}".strip()
    return result.notice or "The step failed."


def format_result(result: ExecutionResult, limit: int) -> str:
    """A step's result as the model reads it: status, output, value, files, error."""
    parts = [f"status: {'ok' if result.ok else 'failed'} ({result.duration_s:.2f} s)"]
    if result.stdout.strip():
        parts.append("stdout:\n" + result.stdout.rstrip())
    if result.value is not None:
        parts.append("value of the last expression:\n" + _value_text(result))
    if result.files:
        parts.append("files written: " + ", ".join(f.path for f in result.files))
    if result.stderr.strip() and not result.ok:
        parts.append("stderr:\n" + result.stderr.rstrip())
    if result.error is not None:
        parts.append("error:\n" + trim_traceback(result.error.traceback or describe_failure(
            result)))
        if result.error.message and result.error.message not in result.error.traceback:
            parts.append(describe_failure(result))
    elif not result.ok:
        parts.append("error: " + describe_failure(result))
    if result.restarted:
        parts.append("note: the Python session was restarted; variables from earlier steps "
                     "are gone, re-load the data.")
    elif result.notice and result.ok:
        parts.append("note: " + result.notice)
    if result.ok and len(parts) == 1:
        parts.append("(no output: print() the numbers you need)")
    return truncate_middle("\n".join(parts), limit)


def _value_text(result: ExecutionResult) -> str:
    value = result.value
    assert value is not None  # noqa: S101  callers pass only results with a value
    table = value.table
    if not table or value.text.strip():
        return value.text
    rows = table.get("data", [])[:TABLE_PREVIEW_ROWS]
    lines = ["\t".join(map(str, ["", *table.get("columns", [])]))]
    for index, row in zip(table.get("index", []), rows, strict=False):
        lines.append("\t".join(map(str, [index, *row])))
    return "\n".join(lines)


def estimate_tokens(messages: Sequence[dict[str, Any]]) -> int:
    """About four characters a token: good enough to keep well under a context limit."""
    return sum(len(json.dumps(m, ensure_ascii=False, default=str)) for m in messages) // 4 + 1


def fit_messages(messages: Sequence[dict[str, Any]], budget_tokens: int) -> list[dict[str, Any]]:
    """A copy of `messages` that fits `budget_tokens`, dropping the oldest material first.

    `messages[0]` is the system prompt; the last user question and everything after it
    (the current round of steps) stay whole except older step outputs of this round.
    """
    fitted = [dict(m) for m in messages]
    if estimate_tokens(fitted) <= budget_tokens:
        return fitted
    question_at = max(i for i, m in enumerate(fitted) if m["role"] == "user" and i > 0
                      and not m.get("_output")) if len(fitted) > 1 else 0
    # 1. Replace step outputs, oldest first, but keep the latest one the model must read.
    outputs = [i for i, m in enumerate(fitted) if m["role"] == "tool" or m.get("_output")]
    for i in outputs[:-1]:
        fitted[i]["content"] = DROPPED_NOTE.format(first=_first_line(fitted[i]["content"]))
        if estimate_tokens(fitted) <= budget_tokens:
            return fitted
    # 2. Drop earlier questions and answers of this conversation (between system and now).
    while question_at > 1 and estimate_tokens(fitted) > budget_tokens:
        del fitted[1]
        question_at -= 1
    return fitted


def strip_private_keys(messages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Our bookkeeping keys start with '_'; the API must not see them."""
    return [{k: v for k, v in m.items() if not k.startswith("_")} for m in messages]


def _first_line(content: str) -> str:
    line = content.strip().splitlines()[0] if content.strip() else ""
    return line[:120]
