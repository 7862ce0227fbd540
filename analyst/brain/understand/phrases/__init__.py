"""The offline analyst's words in the user's language: English, Ukrainian, Russian, Chinese.

The templates are the message catalogue's context "planner" (`analyst.words`; English is
the reference; the recipes' notes are message ids of their own, context "recipe", see
`analyst.recipes.notes`). Placeholders get figures already formatted by `analyst.words.number_formats`, so a number
reads the same in the answer, the report's narrative and its tables.

The language of a question is guessed from its letters: mostly Chinese characters -> "zh";
mostly Cyrillic -> "uk" when it has a Ukrainian-only letter (і ї є ґ) or a Ukrainian word,
else "ru"; anything else -> "en". The language of a report is guessed the same way from
the data's own words (title, column and sheet names).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import Any

from analyst.brain.understand.phrases.nouns import Noun
from analyst.catalogue import keys, message, plural_message
from analyst.words import LANGUAGES as LANGUAGES  # re-exported (commands.report reads it here)
from analyst.words import normalise as _normalise

CONTEXT = "planner"


@cache
def _templates(language: str) -> dict[str, str]:
    """`language`'s templates as read from the catalogue (a read-only view of it). Read on
    first use: reading every language's catalogue costs about 0.3 s of CPU, paid before at
    every start of the command line, `--help` included."""
    return {key: message(language, CONTEXT, key) for key in keys(CONTEXT, language)}

_UK_LETTERS = re.compile("[іїєґ]")
_RU_LETTERS = re.compile("[ыэъё]")
# Ukrainian words spelled without і/ї/є/ґ, so "сума по регіонах" and "загальна сума" are
# told from Russian ("сумма", "общая").
_UK_WORDS = re.compile(r"(?<!\w)(сума|суми|суму|виручк\w*|прибут\w*|витрат\w*|загальн\w*|"
                       r"разом|усього|всього|чому|яка|який|яке|що|товари|продаж[уа]ми|кожен|кожн\w*|"
                       # (Russian: средн-, наименьш-, где, или, лишь, также, как, максимальное)
                       r"середн\w*|найменш\w*|найвищ\w*|найнижч\w*|найбільш\w*|де|або|лише|також|"
                       r"як|якого|якому|яких|максимальн[еау]|мінімальн\w*)(?!\w)")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_CYRILLIC_WORD = re.compile("[\u0400-\u04ff]+")
_LATIN = re.compile("[A-Za-z]")
_CJK_RANGE = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK = re.compile(f"[{_CJK_RANGE}]")

def language_of(text: str, names: Iterable[str] = ()) -> str:
    """"en", "uk", "ru" or "zh" for a question or any short text.

    `names`: the table's own words (its column names) as the question may quote them. They
    are in the file's language, not the asker's: "среднее hp, wt, qsec и mpg" is Russian,
    "average Виручка by month" English. Left out of the count unless nothing else is left.
    """
    lower = _without_names(text, names).lower()
    # A Chinese character carries about a word, a Latin letter a fraction of one.
    cjk = len(_CJK.findall(lower)) * 3
    cyrillic = len(_CYRILLIC.findall(lower))
    latin = len(_LATIN.findall(lower))
    if cjk and cjk >= max(cyrillic, latin):
        return "zh"
    if cyrillic and cyrillic >= latin:
        if _UK_LETTERS.search(lower) or (_UK_WORDS.search(lower) and not _RU_LETTERS.search(lower)):
            return "uk"
        return "ru"
    return "en"


def table_words(cards: Iterable[Any]) -> tuple[str, ...]:
    """What a question may quote from the tables instead of saying it in its own language:
    column names, the category values the cards show ("Torgersen", "setosa", "Київ", from
    their sample rows) and a statement's row labels. From the cards alone: no table is read."""
    words: list[str] = []
    for card in cards:
        words += [str(col.name) for col in card.columns]
        words += [v for v in _label_values(card) if len(v) <= 60]
        words += [str(row.label) for row in getattr(card, "row_kinds", ()) or ()]
    return tuple(dict.fromkeys(w for w in words if w.strip()))


def question_language(question: str, cards: Iterable[Any] = ()) -> str:
    """The language of `question` asked about the tables of `cards`: its own words, not the
    names and values it quotes ("среднее body_mass_g для Adelie на Torgersen" is Russian)."""
    return language_of(question, table_words(cards))


def _without_names(text: str, names: Iterable[str]) -> str:
    """`text` without the names it quotes (whole words: "hp" is not taken out of "php") that
    are written in another script than the rest of it; `text` itself when the names are all
    it has letters for. A name in the asker's own script stays: a statement's row label
    ("операційний прибуток по кварталах") is the asker's language as much as the rest."""
    said = sorted({str(n).strip() for n in names if re.search(r"[^\W\d_]", str(n))},
                  key=len, reverse=True)
    rest = _strip(text, said) if said else text
    if rest is text or not re.search(r"[^\W\d_]", rest):
        return text
    script = _script(rest)
    foreign = [n for n in said if _script(n) != script]
    return _strip(text, foreign) if foreign else text


def _strip(text: str, said: Sequence[str]) -> str:
    whole, in_cjk = _name_patterns(tuple(said))
    return in_cjk.sub(" ", whole.sub(" ", text))


@lru_cache(maxsize=256)
def _name_patterns(said: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Compiled once per set of names: a table's names recur in every question asked of it,
    and `re`'s own cache was being churned by them (1% of a test run's CPU)."""
    pattern = "|".join(re.escape(n) for n in said)
    # A Chinese character is a word of its own: a name written inside Chinese text
    # ("wt小于3的车的平均mpg") touches no letter of its own script.
    return (re.compile(rf"(?<![^\W_])(?:{pattern})(?![^\W_])", re.IGNORECASE),
            re.compile(rf"(?<=[{_CJK_RANGE}])(?:{pattern})|(?:{pattern})(?=[{_CJK_RANGE}])",
                       re.IGNORECASE))


def _script(text: str) -> str:
    """The script most of `text`'s letters are in ("cjk", "cyrillic" or "latin")."""
    counts = {"cjk": len(_CJK.findall(text)) * 3, "cyrillic": len(_CYRILLIC.findall(text)),
              "latin": len(_LATIN.findall(text))}
    return max(counts, key=lambda k: counts[k])


def data_language(cards: Sequence[Any], title: str | None = None) -> str:
    """The language of the data: its title, column names, row labels, sheet and file names.

    A title the user typed says best what the reader expects, so it decides when it has words.
    """
    if title and re.search(r"[^\W\d_]", title):
        return language_of(title)
    words: list[str] = []
    for card in cards:
        words += _own_words(card)
    text = " ".join(words)
    found = language_of(text)
    if found in ("uk", "ru") and not (_UK_LETTERS.search(text.lower())
                                      or _RU_LETTERS.search(text.lower())):
        # "Стаття, Бюджет, Факт" is Ukrainian and Russian alike: the table's own labels
        # ("Виручка від продажу") tell them apart, and only that: labels such as "Item 3"
        # must not turn a Cyrillic-headed file into an English report.
        labels = " ".join(v for card in cards for v in _label_values(card))
        if _CYRILLIC.search(labels):
            by_labels = language_of(text + " " + " ".join(_CYRILLIC_WORD.findall(labels)))
            return by_labels if by_labels in ("uk", "ru") else found
    return found


def _label_values(card: Any) -> list[str]:
    """The sample values of a card's category and text columns."""
    at = [i for i, col in enumerate(card.columns) if getattr(col, "role", None) in ("category", "text")]
    return [str(row[i]) for row in getattr(card, "sample_rows", ()) or () for i in at
            if i < len(row) and isinstance(row[i], str)]


_GENERIC_NAME = re.compile(r"Column \d+")


def _own_words(card: Any) -> list[str]:
    """The words the user's file wrote: its column names, a statement's row labels, its sheet
    and file names. Names the reader made are left out: a period header is a date it printed
    in English ("Jan 2025" from an Excel date), "Column 3" stands for an empty header, and a
    tidy long table's "Line item", "Period", "Value" are ours; counted, they would turn a
    Ukrainian P&L (labels in rows, dates across) into an English report."""
    if getattr(card, "wide_table", None):
        return []  # the long form of a wide table: its wide card speaks for the file
    made = {*getattr(card, "period_columns", ()), *getattr(card, "total_columns", ())}
    # A period header the file spelt itself ("січ. 2026", "2026年1月") still says its language.
    words = [str(col.name) for col in card.columns
             if not (str(col.name) in made and str(col.name).isascii())
             and not _GENERIC_NAME.fullmatch(str(col.name))]
    words += [str(row.label) for row in getattr(card, "row_kinds", ()) or ()]
    words += [str(card.sheet or ""), str(getattr(card, "source_file", "") or "")]
    return words


def normalise(language: str | None) -> str:
    """"uk-UA", "zh_CN", "RU" -> a supported code; unknown or None -> "en"."""
    return _normalise(language)


def phrases(language: str | None) -> dict[str, str]:
    return _templates(normalise(language))


# Placeholders that hold a column's name: English templates may say them in lower case or
# in the plural ("{by:words}" -> "products"), see `nouns`.
_NAMES = ("by", "item", "amount", "quantity")


def say(language: str | None, key: str, plural: int | None = None, **values: Any) -> str:
    """The template `key` in `language`, filled in (English when a language lacks it); with
    `plural`, the form of a counted template for that many ("Top 1 product", "Top 10
    products"; uk/ru: 1, 2-4, 5+), by the catalogue's plural rule."""
    template = (plural_message(normalise(language), CONTEXT, key, plural) if plural is not None
                else _templates(normalise(language)).get(key) or _templates("en")[key])
    for name in _NAMES:
        if isinstance(values.get(name), str) and not isinstance(values[name], Noun):
            values[name] = Noun(values[name])
    return template.format(**values)
