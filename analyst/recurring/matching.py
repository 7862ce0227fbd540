"""Find the columns a saved step uses in next month's file: by name, then by role and values.

A column keeps its place when the new table has one of the same name (case, spaces and
underscores aside). Otherwise the columns of the same role that are new in the file (not
named like a column the saving table had: a renamed "Revenue" is not the "Cost" that was
there already) are its candidates: one is taken, several are told apart by their values
(categories), and what still could be two columns is asked (`ColumnQuestion`), never
guessed. No candidate at all is a `MissingColumn`: that section cannot run, and the
message names it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from analyst.datacard import ROLES, ColumnCard, DataCard
from analyst.recurring.model import ColumnRef, TemplateStep
from analyst.recurring.run_words import RunNote
from analyst.words.note import Items, Word

_GROUPS = ({"category", "text", "id"}, {"money", "number"})
VALUE_OVERLAP = 0.5
"""The share of the saved values a candidate must hold to be told apart by its values."""


def role_word(role: str) -> Word | str:
    """A column's role as the reader's word ("category", "категорія"); an unknown one as it is."""
    return Word(f"role_{role}") if role in ROLES else role


@dataclass(frozen=True)
class ColumnQuestion:
    """Which column of the new file plays the part of `column`? Asked, never guessed."""

    section: str
    column: str
    role: str
    candidates: tuple[str, ...]
    file: str

    def note(self) -> RunNote:
        return RunNote("which_column", section=self.section, file=self.file, column=self.column,
                       role=role_word(self.role), candidates=Items(RunNote("candidate", name=c)
                                                        for c in self.candidates))

    def text(self, language: str = "en") -> str:
        return self.note().render(language)


@dataclass(frozen=True)
class MissingColumn:
    """The new file has no column for `column`: the section cannot run."""

    section: str
    column: str
    role: str
    file: str

    def note(self) -> RunNote:
        return RunNote("missing_column", section=self.section, file=self.file,
                       column=self.column, role=role_word(self.role))

    def text(self, language: str = "en") -> str:
        return self.note().render(language)


@dataclass(frozen=True)
class StepMatch:
    """Where one saved step finds its columns in the new files."""

    step: TemplateStep
    card: DataCard | None
    mapping: dict[str, str] = field(default_factory=dict)
    """Saved column name -> the new table's column name."""
    how: dict[str, str] = field(default_factory=dict)
    """Saved column name -> "name", "role", "values" or "answer"."""
    questions: tuple[ColumnQuestion, ...] = ()
    missing: tuple[MissingColumn, ...] = ()

    @property
    def ready(self) -> bool:
        return self.card is not None and not self.questions and not self.missing


def normal(name: str) -> str:
    """"Order_ID " and "order id" are one name."""
    return " ".join(re.sub(r"[\W_]+", " ", name.casefold()).split())


def match_steps(steps: Sequence[TemplateStep], cards: Sequence[DataCard],
                values: Mapping[str, Mapping[str, Sequence[str]]],
                answers: Mapping[str, str] | None = None) -> tuple[StepMatch, ...]:
    """Each of `steps` on its best table of `cards`, with its columns there.

    The columns of every step on one table are matched together, so one new column is
    never taken as the rename of two saved ones (a renamed "Region" and a dropped
    "Channel" both see the new "Area": its values decide, or the user is asked).
    `values`: table -> column -> distinct values (`analyst.brain.understand.values.category_values`);
    `answers`: saved column name -> the new column the user chose for it.
    """
    answers = answers or {}
    if not cards:
        return tuple(StepMatch(step, None, missing=tuple(
            MissingColumn(step.title, c.name, c.role, "the new files") for c in step.columns))
            for step in steps)
    chosen = [_best_card(step, cards, answers) for step in steps]
    found: dict[str, tuple[dict[str, str], dict[str, str], dict[str, tuple[str, ...]]]] = {}
    for card in {c.table: c for c in chosen}.values():
        group = [s for s, c in zip(steps, chosen, strict=True) if c.table == card.table]
        found[card.table] = _match_columns(group, card, values.get(card.table, {}), answers)
    out = []
    for step, card in zip(steps, chosen, strict=True):
        mapping, how, open_ = found[card.table]
        names = [r.name for r in step.columns]
        out.append(StepMatch(
            step, card, {n: mapping[n] for n in names if n in mapping},
            {n: how[n] for n in names if n in how},
            tuple(ColumnQuestion(step.title, r.name, r.role, open_[r.name], card.source_file)
                  for r in step.columns if open_.get(r.name)),
            tuple(MissingColumn(step.title, r.name, r.role, card.source_file)
                  for r in step.columns if r.name not in mapping and not open_.get(r.name))))
    return tuple(out)


def _best_card(step: TemplateStep, cards: Sequence[DataCard],
               answers: Mapping[str, str]) -> DataCard:
    """The table with most of the step's columns by name, then by role, then most of the
    saving table's other columns (a data overview names no column: its table is the one
    most like the saved one)."""
    def score(card: DataCard) -> tuple[int, int, int]:
        names = {normal(c.name) for c in card.columns} | {normal(answers[r.name])
                                                          for r in step.columns
                                                          if r.name in answers}
        roles = {c.role for c in card.columns}
        return (sum(normal(r.name) in names for r in step.columns),
                sum(r.role in roles for r in step.columns),
                sum(normal(o) in names for o in step.others))
    return max(cards, key=score)  # max keeps the first of equals: the files' order


def _match_columns(steps: Sequence[TemplateStep], card: DataCard,
                   values: Mapping[str, Sequence[str]], answers: Mapping[str, str],
                   ) -> tuple[dict[str, str], dict[str, str], dict[str, tuple[str, ...]]]:
    """(saved name -> new name, saved name -> how, saved name -> candidates still open)."""
    refs = list({r.name: r for s in steps for r in s.columns}.values())
    columns = {c.name: c for c in card.columns}
    by_normal = {normal(c.name): c.name for c in card.columns}
    mapping: dict[str, str] = {}
    how: dict[str, str] = {}
    for ref in refs:
        chosen = answers.get(ref.name)
        if chosen in columns:
            mapping[ref.name], how[ref.name] = chosen, "answer"
        elif normal(ref.name) in by_normal:
            mapping[ref.name], how[ref.name] = by_normal[normal(ref.name)], "name"
    known = {normal(n) for s in steps for n in (*s.others, *(r.name for r in s.columns))}
    fresh = [c for c in card.columns
             if c.name not in mapping.values() and normal(c.name) not in known]
    todo = [r for r in refs if r.name not in mapping]
    candidates = {r.name: [c.name for c in _same_role(r, fresh)] for r in todo}
    for ref in todo:  # values first: they are evidence, a role alone is not
        best = _by_values(ref, [columns[n] for n in candidates[ref.name]], values)
        if best is not None and best not in mapping.values():
            mapping[ref.name], how[ref.name] = best, "values"
    changed = True
    while changed:  # a candidate no other saved column could be is taken by its role
        changed = False
        taken = set(mapping.values())
        for ref in todo:
            if ref.name in mapping:
                continue
            own = [n for n in candidates[ref.name] if n not in taken]
            rivals = {n for r in todo if r.name not in mapping and r.name != ref.name
                      for n in candidates[r.name]}
            if len(own) == 1 and own[0] not in rivals:
                mapping[ref.name], how[ref.name] = own[0], "role"
                taken.add(own[0])
                changed = True
    taken = set(mapping.values())
    open_ = {r.name: tuple(n for n in candidates[r.name] if n not in taken)
             for r in todo if r.name not in mapping}
    return mapping, how, open_


def _same_role(ref: ColumnRef, columns: Sequence[ColumnCard]) -> list[ColumnCard]:
    """The columns that could play `ref`'s part: its role, or for a category the kinds the
    ingester may read one as (a renamed "Product" called "Item code" reads as an id; a
    money column it could not tell is a number)."""
    group = next((g for g in _GROUPS if ref.role in g), {ref.role})
    return [c for c in columns if c.role in group]


def _by_values(ref: ColumnRef, candidates: Sequence[ColumnCard],
               values: Mapping[str, Sequence[str]]) -> str | None:
    """The one candidate holding most of the saved values (categories), else None."""
    if not ref.values or not candidates:
        return None
    saved = set(ref.values)
    scores = sorted(((len(saved & set(values.get(c.name, ()))) / len(saved), c.name)
                     for c in candidates), reverse=True)
    (top, name), rest = scores[0], scores[1:]
    if top >= VALUE_OVERLAP and all(score < top for score, _ in rest):
        return name
    return None
