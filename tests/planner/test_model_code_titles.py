"""Code the model writes calls the recipes itself (`import recipes`, `res.save(...)` or
`recipes.render_chart(...)`): run
through the real local sandbox backend with `language='uk'` (what the system prompt tells it
to pass), the chart it saves carries the recipe's title in Ukrainian, drawn pixel for pixel
as the host draws that Ukrainian title, and not the English one."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from matplotlib import image

from analyst import recipes
from analyst.agent.prompt import system_prompt
from analyst.brain.runner import run_step
from analyst.events import ModelCode, Step
from analyst.recipes.notes import say
from analyst.session.analysis import Analysis
from tests.grids import tiered

COLUMNS = {"uk": ("Товар", "Виручка"), "zh": ("产品", "收入"), "ru": ("Наименование", "Выручка"),
           "en": ("Product", "Revenue")}


def _sales(path: Path, seed: int, item: str, amount: str) -> Path:
    rng = random.Random(seed)
    rows = [f"{item},{amount}"]
    rows += [f"{item} {rng.randrange(12)},{rng.uniform(10, 900):.2f}" for _ in range(200)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("ws")
    data = tmp_path_factory.mktemp("data")
    with Analysis.open(root, backend="local") as opened:
        for i, (language, (item, amount)) in enumerate(COLUMNS.items()):
            opened.add_file(_sales(data / f"sales_{language}.csv", i, item, amount))
        yield opened


def _pixels(path: Path) -> np.ndarray:
    return image.imread(str(path))


RUNS = [(recipe, language, script, "save") for script in COLUMNS
        for recipe, language in (("top_n", "uk"), ("breakdown", "uk"), ("abc_analysis", "zh"))]
RUNS += [("top_n", "uk", "en", "render_chart"), ("breakdown", "ru", "zh", "render_chart")]


# Each case runs in a sandbox (seconds): the fast tier keeps each recipe in its own script once and
# one render_chart call, the full run every case.
@pytest.mark.parametrize(("recipe", "language", "script", "call"),
                         tiered(RUNS, lambda i, _: i in (0, 4, 8, 9)))
def test_model_code_saves_its_chart_with_the_title_in_the_user_s_language(
        analysis, tmp_path, recipe, language, script, call):
    card = next(c for c in analysis.cards if COLUMNS[script][0] in {col.name for col in c.columns})
    item, amount = COLUMNS[script]
    code = (f"import pandas as pd\nimport recipes\n"
            f"df = pd.read_parquet({card.parquet_path!r})\n"
            f"res = recipes.{recipe}(df, {item!r}, {amount!r})\n"
            + (f"print(res.save('output', 'chart_{recipe}_{script}', language={language!r}))\n"
               if call == "save" else
               f"recipes.render_chart(res.chart, 'output/chart_{recipe}_{script}.png', "
               f"language={language!r})\n"))
    step = run_step(analysis.session, Step(1, "крок", code, origin=ModelCode(recipe)))
    assert step.result is not None and step.result.ok, step.result
    drawn = analysis.workspace.root / "output" / f"chart_{recipe}_{script}.png"
    assert drawn.is_file()
    # The same result on the host, drawn with its title as plain text: Ukrainian, English.
    df = pd.read_parquet(analysis.workspace.root / card.parquet_path)
    chart = getattr(recipes, recipe)(df, item, amount).chart
    assert chart is not None
    said = say(chart.title, language)
    assert said != str(chart.title)
    ours = recipes.render_chart(replace(chart, title=said), tmp_path / "said.png", language=language)
    english = recipes.render_chart(replace(chart, title=str(chart.title)), tmp_path / "en.png",
                                   language=language)
    got = _pixels(drawn)
    assert got.shape == _pixels(ours).shape and np.array_equal(got, _pixels(ours))
    assert got.shape != _pixels(english).shape or not np.array_equal(got, _pixels(english))


def test_the_system_prompt_tells_the_model_which_language_to_pass(analysis):
    prompt = system_prompt(analysis.cards, privacy=False, tool_calling=True, language="uk")
    assert "language='uk'" in prompt and "res.save" in prompt
    assert "language=" in recipes.describe_for_model()
