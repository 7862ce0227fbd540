"""The offline analyst's words in the user's language: English, Ukrainian, Russian, Chinese.

The templates are the message catalogue's context "planner" (`analyst.words`; English is
the reference, the other languages also translate the recipes' English notes, see
`translate_note`). Placeholders get figures already formatted by `analyst.report.formats`, so a number
reads the same in the answer, the report's narrative and its tables.

The language of a question is guessed from its letters: mostly Chinese characters -> "zh";
mostly Cyrillic -> "uk" when it has a Ukrainian-only letter (і ї є ґ) or a Ukrainian word,
else "ru"; anything else -> "en". The language of a report is guessed the same way from
the data's own words (title, column and sheet names).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from analyst.planner.phrases.nouns import Noun
from analyst.report.formats import format_value
from analyst.words import LANGUAGES
from analyst.words import normalise as _normalise
from analyst.words.catalog import keys, message

CONTEXT = "planner"
PHRASES: dict[str, dict[str, str]] = {
    language: {key: message(language, CONTEXT, key) for key in keys(CONTEXT, language)}
    for language in LANGUAGES
}
"""Per language, its templates as read from the catalogue (a read-only view of it)."""

_UK_LETTERS = re.compile("[іїєґ]")
_RU_LETTERS = re.compile("[ыэъё]")
# Ukrainian words spelled without і/ї/є/ґ, so "сума по регіонах" and "загальна сума" are
# told from Russian ("сумма", "общая").
_UK_WORDS = re.compile(r"(?<!\w)(сума|суми|суму|виручк\w*|прибут\w*|витрат\w*|загальн\w*|"
                       r"разом|усього|всього|чому|яка|який|яке|що|товари|продаж[уа]ми)(?!\w)")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_CYRILLIC_WORD = re.compile("[\u0400-\u04ff]+")
_LATIN = re.compile("[A-Za-z]")
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

# The recipes write their notes in English; these say the common ones in other languages.
NOTE_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (key, re.compile(pattern)) for key, pattern in (
        ("note_covers", r"The data covers (?P<first>\S+) to (?P<last>\S+)\."),
        ("note_negative", (r"(?P<rows>\d[\d,]*) row\(s\) have a negative '(?P<column>.+?)' "
                          r"\(returns or corrections\), totalling (?P<total>\S+); they are "
                          r"netted into the totals\.")),
        ("note_loss_rows", (r"(?P<rows>\d[\d,]*) row\(s\) were sold at a loss \(negative "
                           r"'(?P<column>.+?)': cost above revenue\), totalling (?P<total>\S+); "
                           r"they are netted into the totals\.")),
        ("note_blank", (r"(?P<rows>\d[\d,]*) row\(s\) have no '(?P<column>.+?)'; they are "
                       r"grouped as '(?P<label>.+?)'\.")),
        ("note_missing", (r"(?P<rows>\d[\d,]*) row\(s\) have no value in '(?P<column>.+?)'; "
                         r"they count as nothing in its totals\.")),
        ("note_text_numbers", (r"Column '(?P<column>.+?)' was stored as text; it was read as "
                              r"numbers \((?P<how>.+)\)\.")),
        ("note_partial_last", (r"The last (?:month|week|quarter|day|year) \((?P<label>[^)]+)\) "
                              r"only has data up to (?P<date>\S+); its total is not a full "
                              r"(?:month|week|quarter|day|year)\.")),
        ("note_partial_first", (r"The first (?:month|week|quarter|day|year) \((?P<label>[^)]+)\) "
                               r"only has data from (?P<date>\S+)\.")),
        ("note_text_dates", (r"Column '(?P<column>.+?)' was stored as text; it was read as "
                            r"dates \((?P<how>.+)\)\.")),
        ("note_no_order", (r"(?P<rows>\d[\d,]*) row\(s\) have no '(?P<column>.+?)'; they are "
                          r"not counted as orders\.")),
        ("note_undated", (r"(?P<rows>\d[\d,]*) row\(s\) have no readable '(?P<column>.+?)' and "
                         r"are left out of the per-\w+ table; their (?P<amount>.+) totals "
                         r"(?P<total>\S+)\.")),
        ("note_unreadable_dates", (r"(?P<rows>\d[\d,]*) value\(s\) in '(?P<column>.+?)' could "
                                  r"not be read as dates\.")),
        ("note_empty_periods", r"No rows in (?P<periods>.+): shown as 0(?:, not skipped)?\."),
        ("note_only_one", r"Only one \w+ of data: there is no previous \w+ to compare with\."),
        ("note_losses", (r"(?P<rows>\d+) (?P<by>.+?) loses? money \(cost above revenue\): "
                        r"(?P<names>.+)\.")),
        ("note_tie", (r"(?P<rows>\d+) items tie at place (?P<n>\d+) with (?P<total>\S+) "
                     r"\((?P<names>.+)\); the first alphabetically are listed\.")),
        ("note_not_positive", (r"The total of '(?P<column>.+?)' is not positive; shares are not "
                              r"meaningful\.")),
        ("note_abc_non_positive", (r"(?P<rows>\d+) (?P<item>.+?) have a zero or negative net "
                                  r"'(?P<column>.+?)' \(returns exceed sales\); they are class "
                                  r"C and left out of the cumulative shares\.")),
        ("note_negative_cogs", (r"COGS were stored as negative numbers; they are shown as "
                               r"positive costs\.")),
        ("note_negative_opex", (r"Operating expenses were stored as negative numbers; they are "
                               r"shown as positive costs\.")),
        ("note_guessed_opex", (r"Not recognised by name, counted as operating expenses: "
                              r"(?P<names>.+)\.")),
        ("note_below_line", r"Below the operating line, left out: (?P<names>.+)\."),
        # Written by budget vs actual (recipes/variance.py).
        ("note_no_actual_lines", (r"(?P<rows>\d[\d,]*) line\(s\) have no '(?P<column>.+?)' yet and "
                                 r"are left out of the totals: (?P<names>.+)\.")),
        ("note_revenue_lines", r"Revenue lines: (?P<names>.+); the other lines are costs\."),
        # Written by the statement recipes (recipes/statement.py, recipes/finance_ask.py).
        ("note_costs_negative", (r"Costs were stored as negative numbers \(an accounting "
                                r"convention\); they are taken as positive costs\.")),
        ("note_below_costs", r"Below the operating line \(taken as costs\): (?P<names>.+)\."),
        ("note_amounts_negative", (r"Amounts were stored as negative numbers \(an accounting "
                                  r"convention\); they are taken as positive\.")),
        ("note_margin_months", (r"(?P<rows>\d+) month\(s\) have a margin that is not stated "
                               r"\(revenue not positive or the margin outside -100%\.\.100%\)\.")),
        ("note_no_actual", (r"(?P<rows>\d+) line-month\(s\) up to (?P<month>\S+) have no actual "
                           r"and are left out: (?P<names>.+)\.")),
        # Written by the finance pack's recipes (recipes/statement.py).
        ("note_latest_year", (r"The figures are those of (?P<year>\d{4}), the latest year; the "
                             r"table has a total row for each year\.")),
        ("note_months_no_margin", (r"(?P<rows>\d[\d,]*) month\(s\) have no stated operating "
                                  r"margin \(revenue not positive or the margin outside "
                                  r"-100%\.\.100%\)\.")),
        ("note_negative_cost_lines", (r"(?P<rows>\d[\d,]*) cost line\(s\) are negative for the "
                                     r"year \(credits\): (?P<names>.+)\.")),
        ("note_undated_left", (r"(?P<rows>\d[\d,]*) row\(s\) have no readable '(?P<column>.+?)' "
                              r"and are left out\.")),
        # Written by recipes/sanity.py: a figure that fails a check is not stated.
        ("note_cost_sign", (r"'(?P<column>.+?)' holds costs stored as negative numbers \(an "
                           r"accounting convention\); they are taken as positive costs\.")),
        ("note_margin_high", (r"The [\w ]+ is not stated: profit came out larger than revenue, "
                             r"which happens when costs are stored as negative numbers or "
                             r"revenue is netted with costs; check the signs of the revenue and "
                             r"cost columns\.")),
        ("note_margin_low", (r"The [\w ]+ is not stated: costs came out more than twice "
                            r"revenue, which usually means a sign is wrong; check the signs of "
                            r"the revenue and cost columns\.")),
        ("note_margin_revenue", (r"The [\w ]+ is not stated: revenue is not positive "
                                r"\((?P<total>\S+)\), so a margin has no meaning\.")),
        ("note_share_high", (r"The [\w ]+ is not stated: some amounts are negative, so a part "
                            r"came out above 100% of the total\.")),
        ("note_share_negative_total", r"The [\w ]+ is not stated: the total is negative \((?P<total>\S+)\)\."),
        ("note_cells_hidden", (r"(?P<rows>\d+) value\(s\) of '(?P<column>.+?)' are not shown: "
                              r".+")),
        ("note_no_cogs", r"No COGS column given: gross profit equals revenue\."),
        ("note_loss_periods", r"Loss-making \w+\(s\): (?P<names>.+)\."),
        # Written by the planner's own code (see columns.Derived).
        ("note_cost_from_units", (r"(?P<column>.+?) computed as (?P<qty>.+?) × (?P<unit>.+?): "
                                 r"'(?P=unit)' is a cost per unit, not a total\.")),
        ("note_revenue_from_units", (r"(?P<column>.+?) computed as (?P<qty>.+?) × "
                                    r"(?P<unit>.+?): the table has no revenue or amount "
                                    r"column\.")),
        ("note_profit_computed", (r"(?P<column>.+?) computed as (?P<revenue>.+?) − "
                                 r"(?P<cost>.+?): the table has no profit column\.")),
    )
)


def language_of(text: str) -> str:
    """"en", "uk", "ru" or "zh" for a question or any short text."""
    lower = text.lower()
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
    return PHRASES[normalise(language)]


# Placeholders that hold a column's name: English templates may say them in lower case or
# in the plural ("{by:words}" -> "products"), see `nouns`.
_NAMES = ("by", "item", "amount", "quantity")


def say(language: str | None, key: str, **values: Any) -> str:
    """The template `key` in `language`, filled in (English when a language lacks it)."""
    template = PHRASES[normalise(language)].get(key) or PHRASES["en"][key]
    for name in _NAMES:
        if isinstance(values.get(name), str) and not isinstance(values[name], Noun):
            values[name] = Noun(values[name])
    return template.format(**values)


def translate_note(note: str, language: str | None) -> str:
    """A recipe's English note in `language` when it is a known one, else unchanged.

    Its figures ("448", "-12,345.60") are rewritten in the language's style too.
    """
    table = phrases(language)
    for key, pattern in NOTE_PATTERNS:
        if key in table and (match := pattern.fullmatch(note)):
            values = match.groupdict()
            for name, fmt in (("rows", "int"), ("total", "number")):
                if values.get(name) and re.fullmatch(r"-?\d[\d,]*(\.\d+)?", values[name]):
                    values[name] = format_value(float(values[name].replace(",", "")), fmt,
                                                language=normalise(language))
            return table[key].format(**values)
    return note
