"""The words a recurring report adds to its PDF, in the report's language."""

from __future__ import annotations

from typing import Any

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "vs_run": "vs the run of {date}",
        "changes_title": "Changes since the run of {date}",
        "covers": "This run covers {first} to {last}; the run of {date} covered {then}.",
        "covers_no_dates": "The data of this run has no dates to say the period it covers.",
        "then_none": "no dated rows",
        "figure": "Figure", "then": "Run of {date}", "now": "This run", "change": "Change",
        "no_change_base": "The run of {date} saved no key figure this run also has, so no "
                          "change can be shown.",
        "not_run_title": "Sections that could not run",
    },
    "uk": {
        "vs_run": "порівняно із запуском {date}",
        "changes_title": "Зміни від запуску {date}",
        "covers": "Цей запуск охоплює період з {first} по {last}; запуск {date} охоплював "
                  "{then}.",
        "covers_no_dates": "Дані цього запуску не мають дат, тож період не визначено.",
        "then_none": "дані без дат",
        "figure": "Показник", "then": "Запуск {date}", "now": "Цей запуск", "change": "Зміна",
        "no_change_base": "Запуск {date} не зберіг жодного показника, який є і тепер, тож "
                          "змін не показано.",
        "not_run_title": "Розділи, які не вдалося виконати",
    },
    "ru": {
        "vs_run": "по сравнению с запуском {date}",
        "changes_title": "Изменения с запуска {date}",
        "covers": "Этот запуск охватывает период с {first} по {last}; запуск {date} "
                  "охватывал {then}.",
        "covers_no_dates": "В данных этого запуска нет дат, поэтому период не определён.",
        "then_none": "данные без дат",
        "figure": "Показатель", "then": "Запуск {date}", "now": "Этот запуск",
        "change": "Изменение",
        "no_change_base": "Запуск {date} не сохранил ни одного показателя, который есть и "
                          "сейчас, поэтому изменения не показаны.",
        "not_run_title": "Разделы, которые не удалось выполнить",
    },
    "zh": {
        "vs_run": "对比 {date} 的运行",
        "changes_title": "自 {date} 运行以来的变化",
        "covers": "本次运行涵盖 {first} 至 {last}；{date} 的运行涵盖 {then}。",
        "covers_no_dates": "本次运行的数据没有日期，无法说明所涵盖的期间。",
        "then_none": "无日期的数据",
        "figure": "指标", "then": "{date} 的运行", "now": "本次运行", "change": "变化",
        "no_change_base": "{date} 的运行没有保存本次也有的关键指标，因此无法显示变化。",
        "not_run_title": "未能运行的部分",
    },
}
_RANGE = {"en": "{first} to {last}", "uk": "з {first} по {last}", "ru": "с {first} по {last}",
          "zh": "{first} 至 {last}"}


def rsay(language: str, key: str, **values: Any) -> str:
    """The sentence `key` in `language` (English when the language has none)."""
    words = _WORDS.get(language, _WORDS["en"])
    return words.get(key, _WORDS["en"][key]).format(**values)


def date_range(language: str, first: str, last: str) -> str:
    return _RANGE.get(language, _RANGE["en"]).format(first=first, last=last)
