"""The periods a finance question names: a year, a quarter (Q2, "2-й квартал", 第二季度), a
month (March, "березні", 3月), in en/uk/ru/zh, read the same way by every finance reading."""

from __future__ import annotations

import re

YEAR = re.compile(r"(?<!\d)(19\d{2}|20\d{2})(?!\d)")
ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4}
ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "перш": 1, "друг": 2, "трет": 3,
           "четверт": 4, "перв": 1, "втор": 2, "一": 1, "二": 2, "三": 3, "四": 4}
QUARTER = (
    re.compile(r"(?<![\w])q([1-4])(?![\d])", re.IGNORECASE),
    re.compile(r"([1-4])\s*(?:st|nd|rd|th)?\s*quarter", re.IGNORECASE),
    re.compile(r"quarter\s+([1-4])(?!\d)", re.IGNORECASE),
    re.compile(r"(first|second|third|fourth)\s+quarter", re.IGNORECASE),
    re.compile(r"(?<!\d)([1-4])(?:-?[а-яіїє]{1,3})?\s*(?:квартал|кв\b)", re.IGNORECASE),
    re.compile(r"(?<![\w])(iv|iii|ii|i)\s*(?:квартал|кв)", re.IGNORECASE),
    re.compile(r"(перш|друг|трет|четверт|перв|втор)\w*\s+квартал", re.IGNORECASE),
    re.compile(r"第?([1-4一二三四])季度"),
)
MONTHS: tuple[tuple[int, re.Pattern[str]], ...] = tuple(
    (n + 1, re.compile(pattern, re.IGNORECASE)) for n, pattern in enumerate((
        r"\bjan(?:uary)?\b|січ|январ",
        r"\bfeb(?:ruary)?\b|лют(?:ий|ого|ому|\.)|феврал",
        r"\bmar(?:ch)?\b|берез|(?<!\w)март",
        r"\bapr(?:il)?\b|квіт|апрел",
        r"\bmay\b|(?<!\w)трав|(?<!\w)ма[йяе](?!\w)",
        r"\bjune?\b|черв|(?<!\w)июн",
        r"\bjuly?\b|(?<!\w)лип(?:ень|ня|ні|\.)|(?<!\w)июл",
        r"\baug(?:ust)?\b|серп|август",
        r"\bsep(?:t(?:ember)?)?\b|верес|сентябр",
        r"\boct(?:ober)?\b|жовт|октябр",
        r"\bnov(?:ember)?\b|листопад|ноябр",
        r"\bdec(?:ember)?\b|(?<!\w)груд|декабр",
    )))
ZH_MONTH = re.compile(r"(1[0-2]|[1-9]|十[一二]?|[一二三四五六七八九])月")
ZH_NUMBERS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
               "十": 10, "十一": 11, "十二": 12}

QUARTER_FREE = re.compile("|".join(p.pattern for p in QUARTER), re.IGNORECASE)


def quarter_of(text: str) -> int | None:
    for pattern in QUARTER:
        found = pattern.search(text)
        if found:
            word = found.group(1).lower()
            if word.isdigit():
                return int(word)
            return ROMAN.get(word) or ORDINAL.get(word)
    return None


def month_of(text: str) -> int | None:
    found = ZH_MONTH.search(text)
    if found:
        word = found.group(1)
        return int(word) if word.isdigit() else ZH_NUMBERS.get(word)
    for number, pattern in MONTHS:
        if pattern.search(text):
            return number
    return None


def periods_named(text: str) -> dict[str, dict[int, str]]:
    """Every month, quarter and year `text` names, each with the words that name it:
    {"month": {3: "march", 2: "february"}, "quarter": {}, "year": {2024: "2024"}}."""
    free = QUARTER_FREE.sub(" ", text)
    months = {n: found.group(0) for n, p in MONTHS if (found := p.search(free))}
    months |= {int(w) if w.isdigit() else ZH_NUMBERS.get(w, 0): f.group(0)
               for f in ZH_MONTH.finditer(free) if (w := f.group(1))}
    quarters: dict[int, str] = {}
    for pattern in QUARTER:
        for found in pattern.finditer(text):
            word = found.group(1).lower()
            number = int(word) if word.isdigit() else ROMAN.get(word) or ORDINAL.get(word)
            if number:
                quarters.setdefault(number, found.group(0))
    return {"month": months, "quarter": quarters,
            "year": {int(y): y for y in YEAR.findall(text)}}
