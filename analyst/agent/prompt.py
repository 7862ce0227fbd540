"""Building the messages the model starts from: the system prompt (from a file) and history."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from analyst.events import Answer
from analyst.recipes.catalog import describe_for_model

PROMPT_FILE = Path(__file__).with_name("system_prompt.md")

EXECUTE_PYTHON: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "execute_python",
        "description": (
            "Run Python code in the sandbox session (cwd: the workspace root) and return "
            "its printed output, the value of the last expression, the files it wrote "
            "under output/ and any error. A table saved with a <name>.chart.json spec "
            "beside it is charted (see the system prompt)."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "description": "The Python code to run."},
                "description": {
                    "type": "string",
                    "description": "One short sentence in the user's language: what this step "
                    "does (shown to the user).",
                },
            },
            "required": ["code", "description"],
        },
    },
}

HOW_TO_RUN_TOOLS = (
    "Simple questions go through the tool `query_table`: a total, average, median, count, "
    "distinct count, minimum, maximum or share of a column, grouped by one or two columns "
    "and/or a period (day, week, month, quarter, year), filtered, top/bottom N, the change "
    "between two years, or the row with the highest value. Send the query (column names "
    "exactly as in the data card); the analyst checks it, runs it as readable pandas code "
    "and returns the result table and figures. If it answers with an error, correct the "
    "query and call it again.\n\n"
    "For anything it cannot express, call the tool `execute_python(code, description)`. "
    "Run one focused step at a time and read its result before the next one."
)
HOW_TO_RUN_BLOCKS = (
    "Write the code of one step in a single ```python block and stop; I will run it and "
    "reply with its output. Only Python runs here (no shell, no SQL). When you have the "
    "answer, reply without any code block."
)
PRIVACY_RULE = (
    "7. Privacy mode is on: the user's raw rows must not leave this machine. Print only "
    "aggregates (sums, counts, averages, top-N by an aggregate); never print individual "
    "rows, `df.head()` or column values of single records."
)


class PromptCard(Protocol):
    """What the agent needs of a data card (analyst.datacard.DataCard satisfies it)."""

    parquet_path: str
    """The clean table, relative to the workspace: a step naming it read it."""

    def to_prompt(self, include_samples: bool) -> str: ...


def system_prompt(cards: Sequence[PromptCard], *, privacy: bool, tool_calling: bool,
                  language: str | None = None) -> str:
    """`language`: the user's (of the question), which the recipes' charts are drawn in."""
    template = PROMPT_FILE.read_text(encoding="utf-8")
    return template.format(
        how_to_run=HOW_TO_RUN_TOOLS if tool_calling else HOW_TO_RUN_BLOCKS,
        recipes=_recipes_section(language),
        data_cards="\n\n".join(card_text(c, privacy=privacy) for c in cards)
        or "(no tables loaded yet)",
        privacy_rule=PRIVACY_RULE if privacy else "",
    ).strip()


def card_text(card: Any, *, privacy: bool) -> str:
    to_prompt = getattr(card, "to_prompt", None)
    if callable(to_prompt):
        return str(to_prompt(include_samples=not privacy))
    return str(card)  # a card from an older module: its str() at least names the columns


def history_messages(history: Iterable[Answer | tuple[str, str]]) -> list[dict[str, Any]]:
    """Earlier questions and answers of this conversation, as plain user/assistant turns."""
    messages: list[dict[str, Any]] = []
    for item in history:
        question, answer = (item.question, item.text) if isinstance(item, Answer) else item
        messages.append({"role": "user", "content": question})
        messages.append({"role": "assistant", "content": answer})
    return messages


def _recipes_section(language: str | None = None) -> str:
    text = describe_for_model().strip()
    own = (f"\nThe user's language is {language!r}: pass language={language!r} to res.save "
           "and recipes.render_chart." if language else "")
    return (
        "Ready-made, tested functions are importable with `import recipes` (prefer them "
        "for the standard analyses they cover):\n\n" + text + own
    )
