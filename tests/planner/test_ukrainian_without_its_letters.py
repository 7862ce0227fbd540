"""A Ukrainian question need not have an і, ї, є or ґ: "максимальне Units за Product",
"середня Revenue за Region", "найменша ціна де Region = North" were answered in Russian.

Words only Ukrainian spells so (середн-, найменш-, найвищ-, "де", "або", "лише", "також",
"як") tell it from Russian, whose own spellings (средн-, наименьш-, "где", "или", "лишь",
"также", "как") keep a Russian question Russian. Column names and values quoted are left out
as always (`language_of(question, names)`).
"""

from __future__ import annotations

import itertools

import pytest

from analyst.brain.understand.phrases import language_of

NAMES = ("Units", "Revenue", "Region", "Product", "North", "Price")
UK = ("максимальне {m} за {g}", "максимальна {m} за {g}", "середня {m} за {g}",
      "середню {m} за {g}", "найменша {m} де {g} = {v}", "найвища {m} по {g}",
      "{m} по {g} або по Product", "лише {v}: середня {m}", "як змінювалась {m} по {g}",
      "також {m} за {g}", "найнижча {m} де {g} {v}")
RU = ("максимальное {m} по {g}", "максимальная {m} по {g}", "средняя {m} по {g}",
      "наименьшая {m} где {g} = {v}", "наивысшая {m} по {g}", "{m} по {g} или по Product",
      "лишь {v}: средняя {m}", "как менялась {m} по {g}", "также {m} по {g}",
      "самая низкая {m} где {g} {v}")
FILL = [dict(m=m, g=g, v="North") for m, g in itertools.product(("Units", "Revenue", "Price"),
                                                                 ("Region", "Product"))]


@pytest.mark.parametrize("template", UK)
def test_ukrainian_without_its_own_letters_is_ukrainian(template: str) -> None:
    for values in FILL:
        question = template.format(**values)
        assert language_of(question, NAMES) == "uk", question


@pytest.mark.parametrize("template", RU)
def test_russian_stays_russian(template: str) -> None:
    for values in FILL:
        question = template.format(**values)
        assert language_of(question, NAMES) == "ru", question
