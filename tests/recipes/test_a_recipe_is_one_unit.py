"""A recipe is one unit (issue 27, point 1): a new recipe is one module beside the others
and its catalogue entries, and nothing else is edited. The planner offers it, the sandbox
runs it, the report shows its table with its formats and its chart, the model is told of
it, because all of them read the registry.

The new module lives in a temporary folder added to the recipes package's path (as a
plug-in would be), and the catalogue is a temporary copy with the module's entries added.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

import analyst.recipes
from analyst import catalogue as catalog
from analyst.agent.prompt import system_prompt
from analyst.brain.code.codegen import PlannedStep
from analyst.brain.plan.plan import standard_plan
from analyst.brain.understand.phrases import _templates
from analyst.datacard import DataCard
from analyst.recipes import labels
from analyst.recipes.registry import registry
from analyst.report.build import Pin, build_report
from analyst.session.analysis import Analysis
from benchmarks.sales_data import write_sales_csv

NAME = "median_by"
MODULE = '''"""The middle amount of each group's rows."""

from __future__ import annotations

import pandas as pd

from .columns import require, to_labels, to_number
from .notes import title
from .result import ChartSeries, ChartSpec, RecipeResult
from .unit import HostChart, Offer, Recipe, Said, Title


def definition() -> str:
    return "The median of a group is the middle amount of its rows, sorted by amount."


def median_by(df: pd.DataFrame, by: str, amount: str, currency: str | None = None) -> RecipeResult:
    """The median `amount` of the rows of each group of `by`."""
    require(df, by, amount)
    values, notes = to_number(df[amount], amount)
    groups = values.groupby(to_labels(df[by]))
    table = groups.median().rename_axis(by).reset_index(name=amount)
    table["rows"] = groups.size().to_numpy()
    table = table.sort_values(amount, ascending=False, kind="mergesort", ignore_index=True)
    heading = title("median_by", by=str(by), amount=str(amount))
    chart = ChartSpec(kind="barh", title=heading, labels=tuple(map(str, table[by])),
                      series=(ChartSeries(amount, tuple(table[amount])),), value_label=amount,
                      unit="money", currency=currency)
    return RecipeResult(name="median_by", title=heading, table=table, chart=chart,
                        definition=definition(), notes=tuple(notes),
                        figures={"groups": float(len(table))})


REGISTERED = (
    Recipe(median_by, meaning="the middle amount of each group's rows. figures: groups",
           definition=definition, said=Said("median_by"),
           title=Title("title_median_by", ("by", "amount")),
           chart=HostChart(x="by"),
           offer=Offer({"by": "main", "amount": "amount"}, slug="median_{by}")),
)
'''
TITLES = {  # (planner, recipe_title): the step's title and the recipe's own
    "en": "Median {amount} by {by}",
    "uk": "Медіана «{amount}» за {by}",
    "ru": "Медиана «{amount}» по {by}",
    "zh": "按{by}的{amount}中位数",
}


DEFINITIONS = {
    "en": "The median of a group is the middle amount of its rows, sorted by amount.",
    "uk": "Медіана групи — середня за порядком сума її рядків, упорядкованих за сумою.",
    "ru": "Медиана группы — средняя по порядку сумма её строк, упорядоченных по сумме.",
    "zh": "组的中位数是其各行按金额排序后位于中间的金额。",
}


def _entries(language: str) -> str:
    entries = (("planner", "title_median_by", TITLES[language]),
               ("recipe_title", NAME, TITLES[language]),
               ("recipe_definition", NAME, DEFINITIONS[language]))
    return "".join(f'\nmsgctxt "{context}"\nmsgid "{key}"\nmsgstr "{text}"\n'
                   for context, key, text in entries)


def _forget() -> None:
    for cached in (registry, catalog.compiled, catalog.translations, catalog.keys,
                   _templates, labels._catalogue):
        cached.cache_clear()
    sys.modules.pop(f"analyst.recipes.{NAME}", None)


@pytest.fixture
def added(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    folder = tmp_path / "plugin"
    folder.mkdir()
    (folder / f"{NAME}.py").write_text(MODULE, encoding="utf-8")
    locale = tmp_path / "locale"
    shutil.copytree(catalog.LOCALE_DIR, locale)
    for language in TITLES:
        with (locale / language / "LC_MESSAGES" / "analyst.po").open("a", encoding="utf-8") as po:
            po.write(_entries(language))
    monkeypatch.setattr(catalog, "LOCALE_DIR", locale)
    monkeypatch.setattr(analyst.recipes, "__path__", [*analyst.recipes.__path__, str(folder)])
    _forget()
    yield
    _forget()


@pytest.fixture(scope="module")
def sales_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_sales_csv(tmp_path_factory.mktemp("data") / "q1_sales.csv", rows=600)


@pytest.fixture(scope="module")
def workspace(sales_csv: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace with the sales file read (once: reading it costs seconds)."""
    folder = tmp_path_factory.mktemp("ws")
    with Analysis.open(folder, backend="local") as analysis:
        analysis.add_file(sales_csv)
    return folder


@pytest.fixture(scope="module")
def cards(workspace: Path) -> tuple[DataCard, ...]:
    with Analysis.open(workspace, backend="local") as analysis:
        return tuple(analysis.cards)


def _offered(cards: tuple[DataCard, ...], language: str) -> PlannedStep:
    [step] = [s for s in standard_plan(cards, language).steps
              if isinstance(s, PlannedStep) and s.recipe == NAME]
    return step


def test_without_the_module_nothing_knows_the_recipe(cards: tuple[DataCard, ...]) -> None:
    assert NAME not in registry()
    assert f"recipes.{NAME}(" not in system_prompt([], privacy=False, tool_calling=True)
    assert all(getattr(s, "recipe", None) != NAME for s in standard_plan(cards, "en").steps)


@pytest.mark.parametrize("language", list(TITLES))
def test_the_planner_offers_it_titled_in_the_catalogue_s_words_and_the_model_is_told(
        added: None, cards: tuple[DataCard, ...], language: str) -> None:
    step = _offered(cards, language)
    by, amount = step.arguments["by"], step.arguments["amount"]
    assert step.description == TITLES[language].format(by=by, amount=amount)
    assert f"recipes.{NAME}(df, by, amount, currency=None)" in system_prompt(
        [], privacy=False, tool_calling=True, language=language)


def test_it_runs_in_the_sandbox_and_the_report_shows_its_table_formats_and_chart(
        added: None, sales_csv: Path, cards: tuple[DataCard, ...], workspace: Path) -> None:
    step = _offered(cards, "uk")
    by, amount = step.arguments["by"], step.arguments["amount"]
    # Opened again now that the module is there: its recipes are copied in with it.
    with Analysis.open(workspace, backend="local") as analysis:
        for _ in analysis.run_planned("медіана", [step], language="uk"):
            pass
        [ran] = analysis.history[-1].steps
        assert ran.result is not None and ran.result.ok, ran.result
        assert any(f.path.endswith(".png") for f in ran.result.files)  # drawn in the sandbox
        # The pinned step alone: no key-figures step run for the summary.
        report = build_report(analysis.history, analysis.cards, analysis.workspace,
                              pins=[Pin(len(analysis.history) - 1, 1)], language="uk")
    [section] = [s for s in report.sections if s.title == step.description]
    expected = pd.read_csv(sales_csv).groupby(by)[amount].median().sort_values(ascending=False)
    assert section.table is not None and section.chart is not None
    shown = expected.head(len(section.table))  # (a long table is cut, its file has all)
    assert section.table[amount].tolist() == pytest.approx(shown.tolist())
    assert section.column_formats == {amount: "money", section.table.columns[2]: "int"}
    assert [m.label for m in section.chart.marks] == list(map(str, shown.index))
    assert DEFINITIONS["uk"] in [d.text for d in report.definitions]  # the appendix, in its words
