"""A question's language is told by the asker's words, not by the table's names it quotes.

"среднее hp, wt, qsec и mpg" has more Latin letters than Cyrillic ones, yet it is Russian;
counted with its column names it was judged English and declined in English. The names
are the file's words: left out, the rest says the language. An English question quoting
Cyrillic column names stays English. Many questions are generated from templates in each
language and names of several lengths, one to four names each.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyst.brain.understand.phrases import language_of
from analyst.session.analysis import Analysis

LATIN = ("hp", "wt", "qsec", "mpg", "total_bill", "Sepal.Length", "body_mass_g", "gdpPercap",
         "lifeExp", "Petal.Width", "sleep_total", "flipper_length_mm", "temp_max", "Ozone")
CYRILLIC = ("Виручка", "Сума Замовлення", "Регіон", "Кількість одиниць", "Категория товара",
            "Себестоимость продаж", "Выручка", "Область")

TEMPLATES: dict[str, tuple[str, ...]] = {
    "uk": ("середнє {a}, {b}, {c} та {d}", "скільки рядків, де {a} більше 5", "медіана {a} по {b}",
           "максимальна {a} за кожен {b}", "кореляція {a} і {b}", "сума {a} та {b} по {c}"),
    "ru": ("среднее {a}, {b}, {c} и {d}", "сколько строк, где {a} больше 5", "медиана {a} по {b}",
           "корреляция {a} и {b}", "максимум {a} для каждого {b}", "сумма {a} и {b} по {c}"),
    "zh": ("{a}的平均值", "{a}和{b}的相关性", "每个{b}的最大{a}", "{a}、{b}、{c}和{d}的均值",
           "{a}大于5的有多少行"),
    "en": ("average {a} by {b}", "how many rows where {a} is over 5", "median {a} per {b} and {c}",
           "correlation of {a} and {b}", "total {a}, {b} and {c} by {d}"),
}


def generated(language: str, pool: tuple[str, ...], seed: int) -> Iterator[tuple[str, list[str]]]:
    """Each template of `language` with names drawn from `pool`, several draws."""
    rng = random.Random(seed)
    for template, _ in itertools.product(TEMPLATES[language], range(4)):
        names = rng.sample(pool, 4)
        yield template.format(a=names[0], b=names[1], c=names[2], d=names[3]), names


CASES = [(q, names, lang) for lang in ("uk", "ru", "zh")
         for q, names in generated(lang, LATIN, seed=len(lang) + ord(lang[0]))]
CASES += [(q, names, "en") for q, names in generated("en", CYRILLIC, seed=5)]


@pytest.mark.parametrize(("question", "names", "language"), CASES)
def test_the_names_quoted_do_not_decide_the_language(question, names, language):
    assert language_of(question, names) == language


@pytest.mark.parametrize(("question", "names", "language"), [
    ("hp, wt", ["hp", "wt"], "en"),  # only names: the letters there are all it has
    ("Виручка", ["Виручка"], "uk"),
    ("php usage average", ["hp"], "en"),  # a name is a whole word, not a piece of one
    ("average price", [], "en"),
    ("середня ціна", [], "uk"),
])
def test_names_alone_or_inside_words_change_nothing(question, names, language):
    assert language_of(question, names) == language


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    folder: Path = tmp_path_factory.mktemp("latin_names")
    rng = np.random.default_rng(7)
    path = folder / "engines.csv"
    pd.DataFrame({"hp": rng.integers(50, 300, 40), "wt": rng.uniform(1, 5, 40).round(2),
                  "qsec": rng.uniform(14, 23, 40).round(2), "mpg": rng.uniform(10, 34, 40).round(1),
                  }).to_csv(path, index=False)
    with Analysis.open(folder / "ws", backend="local") as analysis:
        analysis.add_file(path)
        yield analysis


@pytest.mark.parametrize(("question", "language"), [
    ("среднее hp, wt, qsec и mpg", "ru"), ("середнє hp, wt, qsec та mpg", "uk"),
    ("hp、wt、qsec和mpg的平均值", "zh"), ("мода hp", "ru"), ("mean of hp, wt, qsec and mpg", "en")])
def test_a_refusal_speaks_the_askers_language(analysis, question, language):
    answer = list(analysis.ask(question, brain="offline"))[-1].answer
    assert answer is not None and not answer.steps, question  # declined: no figure stated
    assert answer.language == language, (question, answer.text)
