"""A question's language leaves out the column names AND the category values it quotes.

"среднее body_mass_g для Adelie на Torgersen" has more Latin letters than Cyrillic ones, yet
it is Russian: "Adelie" and "Torgersen" are values of the table, in the file's language. An
English question naming "Київ" stays English. The values come from the cards (their sample
rows), not from reading the table. Every place that judges a question's language passes
the cards: the answer (offline), its waiting and warning notices (`Analysis`), the UI's
rendering (`ui.render.answer_language`), the command line's words (`commands.language`).
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from analyst.brain.understand.phrases import language_of, question_language
from analyst.commands.language import chosen, stated_language
from analyst.session.analysis import Analysis
from ui.render import answer_language

SPECIES = ("Adelie", "Chinstrap", "Gentoo")
ISLANDS = ("Torgersen", "Biscoe", "Dream")
CITIES = ("Київ", "Львів", "Одеса")
MEASURES = ("body_mass_g", "flipper_length_mm", "bill_length_mm")
GROUPS = ("species", "island", "sex")

TEMPLATES: dict[str, tuple[str, ...]] = {
    "ru": ("среднее {m} для {v} на {i}", "сколько {v} на острове {i}", "максимальный {m} у {v}",
           "медиана {m} по {g} для {v}", "сумма {m}, где {g} равно {i}", "{v} на {i}: средний {m}"),
    "uk": ("середнє {m} для {v} на {i}", "скільки {v} на острові {i}", "найбільша {m} у {v}",
           "медіана {m} по {g} для {v}", "сума {m}, де {g} дорівнює {i}", "{v} на острові {i}: середнє {m}"),
    "zh": ("{i}上{v}的平均{m}", "{v}有多少只", "{v}的最大{m}", "按{g}的{m}中位数，仅{v}",
           "{i}岛{v} {m}总和"),
    "en": ("average {m} in {c}", "how many rows for {c}", "total {m} by {g} where city is {c}",
           "median {m} for {c} and {v}"),
}


def generated(language: str, seed: int) -> Iterator[str]:
    rng = random.Random(seed)
    for template, _ in itertools.product(TEMPLATES[language], range(3)):
        yield template.format(m=rng.choice(MEASURES), v=rng.choice(SPECIES), i=rng.choice(ISLANDS),
                              g=rng.choice(GROUPS), c=rng.choice(CITIES))


CASES = [(q, lang) for lang in TEMPLATES for q in generated(lang, seed=ord(lang[0]) * 7)]


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    """A penguins-like table whose first rows (the card's sample) show every value."""
    folder: Path = tmp_path_factory.mktemp("values")
    rows = 30
    path = folder / "penguins.csv"
    pd.DataFrame({
        "species": [SPECIES[n % 3] for n in range(rows)],
        "island": [ISLANDS[(n + 1) % 3] for n in range(rows)],
        "city": [CITIES[(n + 2) % 3] for n in range(rows)],
        "sex": ["male" if n % 2 else "female" for n in range(rows)],
        "body_mass_g": [3000 + 37 * n for n in range(rows)],
        "flipper_length_mm": [180 + n for n in range(rows)],
        "bill_length_mm": [round(35 + n * 0.4, 1) for n in range(rows)],
    }).to_csv(path, index=False)
    with Analysis.open(folder / "ws", backend="local") as opened:
        opened.add_file(path)
        yield opened


def test_the_generated_questions_bite(analysis: Analysis) -> None:
    """Judged with the column names alone, many of these questions got the wrong language:
    the cases test the values, not only the names."""
    names = [c.name for card in analysis.cards for c in card.columns]
    wrong = [q for q, lang in CASES if language_of(q, names) != lang]
    assert len(wrong) >= len(CASES) // 4, wrong


@pytest.mark.parametrize(("question", "language"), CASES)
def test_quoted_names_and_values_do_not_decide_the_language(analysis, question, language):
    assert question_language(question, analysis.cards) == language
    assert answer_language(question, analysis.cards) == language
    if stated_language() is None:  # no ANALYST_LANG nor locale language: the question decides
        assert chosen(argparse.Namespace(lang=None), question, analysis.cards) == language


@pytest.mark.parametrize(("question", "language"), [
    ("Adelie Torgersen", "en"),  # only values: the letters there are all it has
    ("Київ", "uk"),
    ("average price of Adelies", "en"),  # a value is a whole word, not a piece of one
])
def test_values_alone_or_inside_words_change_nothing(analysis, question, language):
    assert question_language(question, analysis.cards) == language


@pytest.mark.parametrize(("question", "language"), [
    ("среднее body_mass_g для Adelie на Torgersen", "ru"),
    ("Gentoo 和 Dream 的 flipper_length_mm 平均值", "zh"),
])
def test_the_answer_and_its_notices_speak_the_question_s_language(analysis, question, language):
    answer = next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")
    assert answer.language == language, answer.text


@pytest.mark.parametrize(("question", "language"), [
    ("среднее body_mass_g для Adelie на Torgersen", "ru"),
    ("середнє flipper_length_mm для Gentoo на острові Biscoe", "uk"),
    ("Chinstrap 在 Dream 的 bill_length_mm 最大值", "zh"),
    ("average body_mass_g in Київ", "en"),
])
def test_the_notice_before_anything_runs_speaks_the_question_s_language(
        analysis, monkeypatch, question, language):
    """A model asked for but not usable: the warning and the answer are `Analysis.ask`'s own
    words, judged before any brain runs."""
    from analyst.agent.config import ConfigError, LLMConfig
    from analyst.words import say

    monkeypatch.setenv("ANALYST_TOOL_CALLING", "sometimes")  # a setting that cannot be used
    events = list(analysis.ask(question, brain="llm"))
    answer = next(e.answer for e in events if e.kind == "answer")
    assert answer.text == say(language, "agent", "no_model")
    with pytest.raises(ConfigError) as problem:
        LLMConfig.from_env()
    assert [e.message for e in events if e.kind == "warning"] == [problem.value.message_in(language)]
