"""Write the code of one offline step: readable Python that calls a recipe and saves its output.

The code is what the user sees behind "Show code" and what the report's appendix prints, so
it is written the way a careful analyst would write it by hand: read the clean table, call
one recipe with named arguments, save the table (Parquet and CSV) and the chart, print the
summary. Its last line prints the recipe's key figures as JSON; the planner reads that line
back to write the answer, so every number in the answer comes from code the user can see.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from analyst.comment import inert
from analyst.recipes.notes import NoteId, Word
from analyst.recipes.registry import recipe
from analyst.record.figures import StepFigures
from analyst.record.refusal import REFUSAL_MARKER
from sandbox import FIGURES_FUNCTION

__all__ = ["Derived", "PlannedStep", "StepFigures", "slugify", "step_code"]


@dataclass(frozen=True)
class Derived:
    """A column the step's code computes before the recipe runs, because the table lacks it
    (a total cost from a unit cost, revenue from a unit price, gross profit)."""

    column: str
    left: str
    op: str
    """"*" or "-"."""
    right: str
    note: str | NoteId
    """How it was computed (a `NoteId`: message id and values); it leads the step's notes."""


@dataclass(frozen=True)
class PlannedStep:
    """One step the offline brain will run: a recipe call on one table."""

    slug: str
    """Stem of the output files: output/<slug>.parquet, .csv and .png."""
    description: str
    """Plain words shown while it runs and used as the section title."""
    recipe: str
    parquet_path: str
    arguments: dict[str, Any] = field(default_factory=dict)
    chart_title: str | None = None
    """A title for the chart in the answer's language; None keeps the recipe's own."""
    other_note: str | None = None
    """A recipe with a tail row: the caption used when its bar is left out, with {items}
    and {share}."""
    other_label: str | None = None
    """The tail row in the reader's language ("Інші"); None keeps the recipe's."""
    chart_value_label: str | None = None
    """The value axis's title in the reader's language when the recipe's is English."""
    number_marks: tuple[str, str] = (",", ".")
    """Thousands and decimal marks of the reader's language, for figures the code writes."""
    derived: tuple[Derived, ...] = ()
    """Columns computed before the recipe call, in order (see `Derived`)."""
    language: str = "en"
    """The reader's language: the chart's number style and fixed labels follow it."""
    unit: str = "money"
    """"money" or "number": how the narrative writes the measure's figures."""
    notes: tuple[str | NoteId, ...] = ()
    """Notes of the planner's own, in the reader's language, put first among the step's."""

    @property
    def code(self) -> str:
        return step_code(self)


def step_code(step: PlannedStep) -> str:
    """The Python source of `step`, runnable in the sandbox with `recipes` on sys.path.

    Every value (columns, categories, titles) enters as a `repr` literal; the recipe and the
    argument names are code, so they must be names (the planner's own; a template's are
    checked against the catalogue before they get here).
    """
    names = (step.recipe, *step.arguments)
    if not all(isinstance(n, str) and n.isidentifier() for n in names):
        raise ValueError(f"not a recipe call: {names!r}")  # our bug: the planner names them
    args = ",\n        ".join(f"{key}={value!r}" for key, value in step.arguments.items())
    call = (f"recipes.{step.recipe}(\n        df,\n        {args},\n    )" if args
            else f"recipes.{step.recipe}(df)")
    out = f"output/{step.slug}"
    imports = ("from dataclasses import replace\n"
               if _adjusts_chart(step) or step.derived or step.notes else "")
    return f'''import json
{imports}
import pandas as pd
import recipes

df = pd.read_parquet({step.parquet_path!r})
{_derived_code(step)}try:
    result = {call}
except recipes.RecipeError as refusal:
    # Why the recipe cannot run here, for the analyst to say in the reader's language.
    print("{REFUSAL_MARKER}", json.dumps(refusal.to_dict(), default=str, ensure_ascii=False))
    raise
{_derived_notes_code(step)}{_other_label_code(step)}
result.table.to_parquet({out + ".parquet"!r}, index=False)
result.table.to_csv({out + ".csv"!r}, index=False)
{_chart_code(step, out)}print(result.summary())

# The figures the analyst writes the answer from, handed over as they are.
{FIGURES_FUNCTION}({{
    "recipe": result.name,
    "title": result.title,
    "title_data": recipes.notes.note_data([result.title])[0],
    "figures": result.figures,
    "notes": list(result.notes),
    "note_data": recipes.notes.note_data(result.notes),
    "definition": result.definition,
    "head": result.table.head(12).to_dict("records"),
    "tail": result.table.tail(2).to_dict("records"),
    "rows": len(result.table),
}})
'''


def _derived_code(step: PlannedStep) -> str:
    """Lines computing the columns the table lacks, each with the reason in a comment."""
    lines = []
    for d in step.derived:
        if d.op not in ("*", "-"):
            raise ValueError(f"not an operator: {d.op!r}")  # our bug: the planner sets it
        word = "×" if d.op == "*" else "−"
        lines += [f"# {inert(d.column)} = {inert(d.left)} {word} {inert(d.right)} "
                  "(not a column of the table).",
                  f"df[{d.column!r}] = (pd.to_numeric(df[{d.left!r}], errors='coerce')",
                  f"    {d.op} pd.to_numeric(df[{d.right!r}], errors='coerce'))"]
    return "\n".join(lines) + "\n" if lines else ""


def _derived_notes_code(step: PlannedStep) -> str:
    """Put how the computed columns were made first among the notes: they change numbers.

    A negative computed profit is a sale below cost, not a return: its note says so.
    """
    if not step.derived and not step.notes:
        return ""
    notes = "".join(f"    {_note_code(n)},\n" for n in (*step.notes, *(d.note for d in step.derived)))
    code = ""
    for d in step.derived:
        if d.op == "-":
            code += (f"result = replace(result, notes=recipes.notes.as_losses(result.notes, "
                     f"{d.column!r}))\n")
    return code + (f"result = replace(result, notes=tuple(dict.fromkeys((\n{notes}) "
                   "+ result.notes)))\n")


def _note_code(text: str | NoteId) -> str:
    """A note as the step's code writes it: a `NoteId` made again in the sandbox from its id
    and values (so it travels back typed, see `recipes.notes.note_data`), other text as is."""
    if not isinstance(text, NoteId):
        return repr(str(text))
    count = "" if text.count is None else f", {text.count!r}"
    values = "".join(f", {k}=recipes.notes.Word({v.key!r})" if isinstance(v, Word) else f", {k}={v!r}"
                     for k, v in text.values.items())
    return f"recipes.notes.note({text.key!r}{count}{values})"


def _adjusts_chart(step: PlannedStep) -> bool:
    return (bool(step.chart_title) or bool(step.chart_value_label) or _renames_other(step)
            or step.other_note is not None
            or step.language != "en")


def _renames_other(step: PlannedStep) -> bool:
    unit = recipe(step.recipe)
    return bool(step.other_label) and unit is not None and step.other_label != unit.tail_row


def _other_label_code(step: PlannedStep) -> str:
    """Rename the recipe's English "Other" row (the recipe has no parameter for its label)."""
    unit = recipe(step.recipe)
    if not _renames_other(step) or unit is None or unit.chart is None:
        return ""
    by, label = step.arguments.get(unit.chart.x), step.other_label
    return f'''
# The long tail's row in the reader's language (the recipe calls it "Other").
rest = result.table["rank"].isna()
if rest.any() and {label!r} not in set(result.table[{by!r}].astype(str)):
    english = str(result.table.loc[rest, {by!r}].iloc[0])
    table = result.table.copy()
    table[{by!r}] = table[{by!r}].astype(object).where(~rest, {label!r})
    chart = result.chart
    if chart is not None:
        chart = replace(
            chart,
            labels=tuple({label!r} if item == english else item for item in chart.labels),
            pinned_last={label!r} if chart.pinned_last == english else chart.pinned_last,
        )
    result = replace(result, table=table, chart=chart)
'''


def _chart_code(step: PlannedStep, out: str) -> str:
    """Draw the recipe's chart; retitled, and for top-N without an outsized "Other" bar."""
    if not _adjusts_chart(step):
        return (f'if result.chart is not None:\n'
                f'    recipes.charts.render_chart(result.chart, {out + ".png"!r})\n')
    lines = ["chart = result.chart"]
    if step.language != "en":
        # Ticks and value labels in the reader's number style ("2 009 930,98"), fixed
        # labels ("Cumulative share", "Class A") in the reader's words.
        lines.append(f"chart = replace(chart, language={step.language!r})")
    if step.chart_title:
        lines.append(f"chart = replace(chart, title={step.chart_title!r})")
    if step.chart_value_label:
        lines.append(f"chart = replace(chart, value_label={step.chart_value_label!r})")
    if step.other_note is not None:
        amount = step.arguments.get("amount")
        items = _marked('f\'{int(other["items"].iloc[0]):,}\'', step.number_marks)
        share = _marked('f\'{other["share_pct"].iloc[0]:.1f}\'', step.number_marks)
        lines += [
            '# "Other" sums the long tail. Much longer than the largest item, its bar would',
            "# squash the top bars: then it stays in the table, and the chart says its share.",
            'other = result.table[result.table["rank"].isna()]',
            f'largest = result.table[result.table["rank"].notna()][{amount!r}].max()',
            f"if len(other) and other[{amount!r}].iloc[0] > 3 * largest:",
            "    keep = [i for i, label in enumerate(chart.labels) if label != chart.pinned_last]",
            f"    items = {items}",
            f"    share = {share}",
            f"    note = {step.other_note!r}",
            "    chart = replace(",
            "        chart,",
            "        labels=tuple(chart.labels[i] for i in keep),",
            "        series=tuple(replace(s, values=tuple(s.values[i] for i in keep))",
            "                     for s in chart.series),",
            "        pinned_last=None,",
            "        note=note.format(items=items, share=share),",
            "    )",
        ]
    body = "\n".join("    " + line if line else "" for line in lines)
    return (f"if result.chart is not None:\n{body}\n"
            f'    recipes.charts.render_chart(chart, {out + ".png"!r})\n')


def _marked(expression: str, marks: tuple[str, str]) -> str:
    """Code writing the English-formatted number `expression` with the reader's marks
    (a count has only thousands marks, a one-decimal share only a decimal mark)."""
    group, decimal = marks
    if group != ",":
        expression += f".replace(',', {group!r})"
    if decimal != ".":
        expression += f".replace('.', {decimal!r})"
    return expression


_CYRILLIC = dict(zip(
    "абвгґдеєжзиіїйклмнопрстуфхцчшщьюяёэыъ",
    ["a", "b", "v", "h", "g", "d", "e", "ie", "zh", "z", "y", "i", "i", "i", "k", "l", "m",
     "n", "o", "p", "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "iu", "ia",
     "e", "e", "y", ""], strict=True))


def slugify(text: str) -> str:
    """A file-name-safe stem: lower-case letters (any script), digits and underscores.

    Cyrillic is transliterated so "Сума" gives "suma"; other scripts keep their letters, so
    "2026年 / 收入" gives "2026年_收入", not "2026" (a name the reader can recognise).
    Everything else (path separators, : * ? " < > |, control characters, spaces,
    punctuation) becomes "_", which is safe on every file system.
    """
    latin = "".join(_CYRILLIC.get(ch, ch) for ch in unicodedata.normalize("NFC", text.lower()))
    slug = re.sub(r"[\W_]+", "_", latin).strip("_")
    return slug[:60].strip("_") or "step"
