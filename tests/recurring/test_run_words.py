"""Everything a template's run and its file say is said in the reader's language.

Generated cases through the real code: a saved step whose column is asked about, is
missing, or names a value the new column does not hold; a saved query that is damaged; a
template file that is not JSON, not ours, of a newer version, damaged, empty, missing, a
folder, not text. In uk, ru and zh no English sentence of the catalogue is left, the user's
own names (section, file, columns, values) are kept as they are, and the English is the
text these messages always had.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from analyst.catalogue import keys, message
from analyst.datacard import ColumnCard, DataCard
from analyst.recurring.files import TemplateError, load_template, loads
from analyst.recurring.matching import StepMatch, match_steps
from analyst.recurring.model import ColumnRef, TemplateStep
from analyst.recurring.run import replanned
from analyst.recurring.run_words import RunNote
from analyst.words.note import render

OTHERS = ("uk", "ru", "zh")
SECTIONS = ["Revenue by region", "Виручка за регіонами", "按地区的收入", "a\"b 'c' <d>"]
FILES = ["sales_apr.csv", "продажі квітень.xlsx", "销售.csv"]
COLUMNS = ["Region", "Регіон", "地区", "Net sales"]

# The fixed words of every English message of the run (placeholders and quotes taken out).
ENGLISH = [piece.strip() for key in keys("template_run")
           for piece in message("en", "template_run", key).replace("“", "{").replace("”", "}")
           .split("{") if "}" not in piece and len(piece.strip()) > 6]
ENGLISH += [part.split("}", 1)[1].strip() for key in keys("template_run")
            for part in message("en", "template_run", key).split("{")[1:]
            if len(part.split("}", 1)[1].strip(" .:;,“”()'\"")) > 6]


def no_english(text: str) -> bool:
    return not any(piece and piece.strip(" .:;,“”()") in text for piece in ENGLISH
                   if len(piece.strip(" .:;,“”()")) > 6)


def card(columns: list[str], file: str) -> DataCard:
    cols = tuple(ColumnCard(name, "float64", "money" if name in ("Net sales", "Fee") else "category", 0, 10)
                 for name in columns)
    return DataCard("apr", file, "", None, (), 100, cols, 1, "utf-8", ",",
                    parquet_path="input/apr.parquet")


def saved(section: str, *refs: ColumnRef, kind: str = "recipe", query: dict | None = None) -> TemplateStep:
    return TemplateStep(section, kind, refs, recipe="breakdown" if kind == "recipe" else "",
                        query=query)


CASES = [(random.Random(seed).choice(SECTIONS), random.Random(seed + 1).choice(FILES),
          random.Random(seed + 2).choice(COLUMNS[:3])) for seed in range(8)]


@pytest.mark.parametrize(("section", "file", "column"), CASES)
def test_a_missing_column_and_an_asked_one_are_said_in_every_language(
        section: str, file: str, column: str) -> None:
    revenue = ColumnRef("Revenue", "money")
    # Two new money columns: asked; no category column at all: missing.
    [m] = match_steps([saved(section, ColumnRef(column, "category"), revenue)],
                      [card(["Net sales", "Fee"], file)], {"apr": {}})
    texts = [q.note() for q in m.questions] + [x.note() for x in m.missing]
    assert texts
    # The column's role is the reader's word too.
    assert "(a category column)" in str(m.missing[0].note())
    assert "категорія" in m.missing[0].text("uk") and "类别" in m.missing[0].text("zh")
    for note in texts:
        assert str(note) == note.render("en") and section in str(note) and file in str(note)
        assert not no_english(str(note))  # the check sees English when it is there
        for lang in OTHERS:
            said = render(note, lang)
            assert section in said and file in said and no_english(said), (lang, said)


@pytest.mark.parametrize(("section", "file", "column"), CASES)
def test_a_section_that_cannot_run_on_the_new_table_is_said_in_every_language(
        section: str, file: str, column: str) -> None:
    new = card([column, "Net sales"], file)
    cases = [
        StepMatch(saved(section, ColumnRef(column, "category")), None),
        StepMatch(saved(section, kind="query", query={"measures": ["Net sales"], "aggregation": "sum",
                                                   "filters": [{"column": column, "op": "eq",
                                                                "value": "Atlantis"}]}),
                  new, mapping={}),
        StepMatch(saved(section, kind="query", query={"measures": [{"bad": 1}]}), new, mapping={}),
    ]
    for match in cases:
        made = replanned(match, {column: ["North", "South"]})
        assert isinstance(made, RunNote), made
        assert section in made.english and not no_english(made.english)
        for lang in OTHERS:
            said = render(made, lang)
            assert section in said and no_english(said), (lang, said)
    absent = replanned(cases[1], {column: ["North", "South"]})
    assert isinstance(absent, RunNote)
    assert "'Atlantis'" in absent.english and repr(column) in absent.english


BROKEN = {
    "not JSON": "{\"format\": ",
    "not ours": json.dumps({"format": "something-else"}),
    "no version": json.dumps({"format": "analyst-report-template"}),
    "newer": json.dumps({"format": "analyst-report-template", "version": 99}),
    "empty": json.dumps({"format": "analyst-report-template", "version": 1, "title": "t",
                         "language": "en", "files": ["a.csv"], "standard": False,
                         "questions": []}),
}


@pytest.mark.parametrize("case", list(BROKEN))
@pytest.mark.parametrize("name", ["q2.json", "звіт.json", "报告.json"])
def test_a_template_file_that_cannot_be_used_is_refused_in_every_language(case: str, name: str) -> None:
    with pytest.raises(TemplateError) as refused:
        loads(BROKEN[case], name)
    assert name in str(refused.value) and not no_english(str(refused.value))
    for lang in OTHERS:
        said = refused.value.message_in(lang)
        assert name in said and no_english(said), (case, lang, said)


@pytest.mark.parametrize("lang", OTHERS)
def test_a_template_file_that_is_not_there_or_not_text_is_said_in_the_readers_language(
        tmp_path: Path, lang: str) -> None:
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00bad")
    for path in (tmp_path / "gone.json", tmp_path, tmp_path / "binary.json"):
        with pytest.raises(TemplateError) as refused:
            load_template(path)
        said = refused.value.message_in(lang)
        assert not no_english(str(refused.value))
        assert path.name in said and no_english(said), said
