"""The rules a template file must keep before anything of it is used: a schema with bounds.

A template is handed over by mail and imported on the Recurring page or given to
`analyst report --template`: it is input from someone else, like an upload. Read as it
was, a template with thousands of sections ran for minutes, a deeply nested one ended in
a Python traceback (the JSON parser's recursion), a title of any length or kind went to
the page. So the text is measured first (nesting, before it is parsed), then every field
is checked for its kind and size; a template breaking a rule is refused whole with one
sentence naming the rule, in the reader's language (catalogue context "template_rule").
Columns and values are checked again against the file a template runs on (`run`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from analyst.words.note import Name, Note, Word

MAX_DEPTH = 12
"""Nesting of the JSON (a saved template uses 9: a filter's list of values in its query)."""
MAX_QUESTIONS = 40
MAX_SECTIONS = 100
"""Sections (steps) of all questions together: each runs a step on the new file."""
MAX_KEY_FIGURES = 40
MAX_FILES = 20
MAX_COLUMNS = 40
"""Columns one section names."""
MAX_ITEMS = 1000
"""Items of any other list: a column's values, a table's other columns, a filter's values."""
MAX_TEXT = 500
"""Characters of a title, a question, a label."""
MAX_NAME = 300
"""Characters of a column, file, recipe or parameter name and of a value."""


class TemplateNote(Note):
    """Message `key` of context "template_rule"; its `Word`s are of "template_part"."""

    context: ClassVar[str] = "template_rule"
    words: ClassVar[str] = "template_part"


class RuleBroken(ValueError):
    """A rule the template breaks; `note` says which, in any language."""

    def __init__(self, note: TemplateNote) -> None:
        super().__init__(str(note))
        self.note = note


def nesting(text: str) -> int:
    """How deep the JSON `text` nests, counted without parsing it (the parser recurses)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return deepest  # enough to refuse it: no need to read the rest
        elif ch in "]}":
            depth -= 1
    return deepest


def check_text(text: str, file: str, max_chars: int) -> None:
    """Refuse a template text too large or nested too deep to be read safely."""
    if len(text) > max_chars:
        raise RuleBroken(TemplateNote("too_big", file=file, limit=max_chars // 1000))
    if nesting(text) > MAX_DEPTH:
        raise RuleBroken(TemplateNote("too_deep", file=file, limit=MAX_DEPTH))


def check_template(data: dict[str, Any], file: str) -> None:
    """`RuleBroken` naming the first rule `data` (a parsed template file) breaks."""
    rules = _Rules(file)
    rules.text_or_none(data.get("title"), "title", MAX_TEXT)
    rules.text_or_none(data.get("language"), "language", 10)
    rules.text_or_none(data.get("saved_at"), "saved_at", 40)
    if "standard" in data and not isinstance(data["standard"], bool):
        rules.wrong("standard", "yes_or_no")
    questions = rules.listed(data.get("questions"), "questions", MAX_QUESTIONS, "questions")
    sections = sum(len(q.get("steps") or ()) if isinstance(q, dict) and isinstance(
        q.get("steps"), list) else 0 for q in questions)
    if sections > MAX_SECTIONS:
        rules.too_many("sections", sections, MAX_SECTIONS)
    for i, question in enumerate(questions):
        rules.question(question, f"questions[{i}]")
    for i, figure in enumerate(rules.listed(data.get("key_figures"), "key_figures",
                                            MAX_KEY_FIGURES, "key_figures")):
        where = f"key_figures[{i}]"
        rules.mapping(figure, where)
        rules.text_or_none(figure.get("label"), f"{where}.label", MAX_TEXT)
        rules.text_or_none(figure.get("key"), f"{where}.key", MAX_NAME)
        if not isinstance(figure.get("value"), int | float) or isinstance(figure.get("value"), bool):
            rules.wrong(f"{where}.value", "number")
    for i, name in enumerate(rules.listed(data.get("files"), "files", MAX_FILES, "files")):
        rules.text_or_none(name, f"files[{i}]", MAX_NAME)
    period = data.get("period")
    if period is not None:
        for i, day in enumerate(rules.listed(period, "period", 2, "items")):
            rules.text_or_none(day, f"period[{i}]", 40)


class _Rules:
    def __init__(self, file: str) -> None:
        self.file = file

    def refuse(self, key: str, **values: Any) -> None:
        raise RuleBroken(TemplateNote(key, file=self.file, **values))

    def wrong(self, field: str, kind: str) -> None:
        self.refuse("wrong_kind", field=Name(field), kind=Word(kind))

    def too_many(self, part: str, count: int, limit: int) -> None:
        self.refuse("too_many", part=Word(part), count=count, limit=limit)

    def mapping(self, value: Any, field: str) -> None:
        if not isinstance(value, dict):
            self.wrong(field, "object")

    def text_or_none(self, value: Any, field: str, limit: int) -> None:
        if value is None:
            return
        if not isinstance(value, str):
            self.wrong(field, "text")
        elif len(value) > limit:
            self.refuse("too_long", field=Name(field), count=len(value), limit=limit)

    def listed(self, value: Any, field: str, limit: int, part: str) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.wrong(field, "list")
        if len(value) > limit:
            self.too_many(part, len(value), limit)
        return list(value)

    def scalar(self, value: Any, field: str) -> None:
        """A value a step compares with or passes on: text, a number, yes/no or nothing."""
        if isinstance(value, str):
            self.text_or_none(value, field, MAX_NAME)
        elif value is not None and not isinstance(value, int | float | bool):
            self.wrong(field, "value")

    def question(self, question: Any, where: str) -> None:
        self.mapping(question, where)
        self.text_or_none(question.get("question"), f"{where}.question", MAX_TEXT)
        for j, step in enumerate(self.listed(question.get("steps"), f"{where}.steps",
                                             MAX_SECTIONS, "sections")):
            self.step(step, f"{where}.steps[{j}]")

    def step(self, step: Any, where: str) -> None:
        self.mapping(step, where)
        for key in ("title", "language", "source_file", "recipe", "kind"):
            self.text_or_none(step.get(key), f"{where}.{key}",
                              MAX_TEXT if key == "title" else MAX_NAME)
        for k, column in enumerate(self.listed(step.get("columns"), f"{where}.columns",
                                               MAX_COLUMNS, "columns")):
            at = f"{where}.columns[{k}]"
            self.mapping(column, at)
            for key in ("name", "role", "dtype"):
                self.text_or_none(column.get(key), f"{at}.{key}", MAX_NAME)
            for n, value in enumerate(self.listed(column.get("values"), f"{at}.values",
                                                  MAX_ITEMS, "items")):
                self.scalar(value, f"{at}.values[{n}]")
        for n, other in enumerate(self.listed(step.get("others"), f"{where}.others",
                                              MAX_ITEMS, "items")):
            self.text_or_none(other, f"{where}.others[{n}]", MAX_NAME)
        if step.get("params") is not None:
            self.arguments(step["params"], f"{where}.params")
        if step.get("query") is not None:
            self.arguments(step["query"], f"{where}.query")

    def arguments(self, value: Any, where: str, *, flat: bool = False) -> None:
        """A recipe's parameters or a query: names to values, lists of values, or (not
        `flat`) small objects of those (a query's period, its filters); the query's own
        checks follow at run time (`analyst.brain.understand.query.validate`)."""
        self.mapping(value, where)
        if len(value) > MAX_COLUMNS:
            self.too_many("items", len(value), MAX_COLUMNS)
        for key, item in value.items():
            self.text_or_none(key, f"{where} name", MAX_NAME)
            at = f"{where}.{key}"
            if isinstance(item, dict) and not flat:
                self.arguments(item, at, flat=True)
            elif isinstance(item, list):
                for n, part in enumerate(self.listed(item, at, MAX_ITEMS, "items")):
                    if isinstance(part, dict) and not flat:
                        self.arguments(part, f"{at}[{n}]", flat=True)
                    else:
                        self.scalar(part, f"{at}[{n}]")
            else:
                self.scalar(item, at)
