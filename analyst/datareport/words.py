"""The data report's titles and sentences in English, Ukrainian, Russian and Chinese, and the
paragraph of each of its steps, written from the figures the step printed."""

from __future__ import annotations

import json
from typing import Any

from analyst.datareport.code import FIGURES_MARKER
from analyst.query.answer import number
from analyst.report.formats import format_int

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "report_title": "Data report", "kpi_rows": "Rows", "kpi_columns": "Columns",
        "kpi_missing": "Empty cells",
        "overview": "Overview of {table}: rows, columns, missing values, ranges",
        "distribution": "Distribution of {m}",
        "correlations": "Correlations between the number columns of {table}",
        "p_overview": "{table} has {rows} rows and {columns} columns; {missing} cells are empty",
        "p_most": " (most in {column}: {n})",
        "p_range": " {column} runs from {first} to {last}.",
        "p_distribution": "{m}: median {median}, half of the rows between {q1} and {q3}, from "
                          "{min} to {max}; the mean is {mean} ({count} rows with a value).",
        "p_correlations": "Strongest links: {pairs}.",
        "p_no_pairs": "No pair of number columns has enough values in common.",
    },
    "uk": {
        "report_title": "Звіт про дані", "kpi_rows": "Рядки", "kpi_columns": "Стовпці",
        "kpi_missing": "Порожні клітинки",
        "overview": "Огляд {table}: рядки, стовпці, пропуски, діапазони",
        "distribution": "Розподіл {m}",
        "correlations": "Кореляції між числовими стовпцями {table}",
        "p_overview": "У {table} {rows} рядків і {columns} стовпців; порожніх клітинок: {missing}",
        "p_most": " (найбільше в {column}: {n})",
        "p_range": " {column}: від {first} до {last}.",
        "p_distribution": "{m}: медіана {median}, половина рядків між {q1} і {q3}, від {min} "
                          "до {max}; середнє {mean} (рядків зі значенням: {count}).",
        "p_correlations": "Найсильніші зв'язки: {pairs}.",
        "p_no_pairs": "Жодна пара числових стовпців не має достатньо спільних значень.",
    },
    "ru": {
        "report_title": "Отчёт о данных", "kpi_rows": "Строки", "kpi_columns": "Столбцы",
        "kpi_missing": "Пустые ячейки",
        "overview": "Обзор {table}: строки, столбцы, пропуски, диапазоны",
        "distribution": "Распределение {m}",
        "correlations": "Корреляции между числовыми столбцами {table}",
        "p_overview": "В {table} {rows} строк и {columns} столбцов; пустых ячеек: {missing}",
        "p_most": " (больше всего в {column}: {n})",
        "p_range": " {column}: с {first} по {last}.",
        "p_distribution": "{m}: медиана {median}, половина строк между {q1} и {q3}, от {min} "
                          "до {max}; среднее {mean} (строк со значением: {count}).",
        "p_correlations": "Самые сильные связи: {pairs}.",
        "p_no_pairs": "Ни у одной пары числовых столбцов нет достаточно общих значений.",
    },
    "zh": {
        "report_title": "数据报告", "kpi_rows": "行数", "kpi_columns": "列数",
        "kpi_missing": "空单元格",
        "overview": "{table} 概览：行、列、缺失值、范围",
        "distribution": "{m} 的分布",
        "correlations": "{table} 数值列之间的相关性",
        "p_overview": "{table} 有 {rows} 行、{columns} 列；空单元格 {missing} 个",
        "p_most": "（最多在 {column}：{n}）",
        "p_range": "{column} 从 {first} 到 {last}。",
        "p_distribution": "{m}：中位数 {median}，一半的行在 {q1} 与 {q3} 之间，范围 {min} 至 "
                          "{max}；平均值 {mean}（有值的行 {count}）。",
        "p_correlations": "最强的相关：{pairs}。",
        "p_no_pairs": "没有一对数值列有足够的共同值。",
    },
}

RECIPES = ("data_overview", "distribution", "correlations")


def dsay(language: str, key: str, **values: Any) -> str:
    table = WORDS.get(language, WORDS["en"])
    return (table.get(key) or WORDS["en"][key]).format(**values)


def read(stdout: str) -> dict[str, Any] | None:
    for line in reversed(stdout.splitlines()):
        if line.startswith(FIGURES_MARKER + " "):
            try:
                data = json.loads(line[len(FIGURES_MARKER) + 1:])
            except json.JSONDecodeError:
                return None
            return data if data.get("recipe") in RECIPES else None
    return None


def overview_kpis(stdout: str, language: str) -> list[tuple[str, float]]:
    """(label, value) tiles of a data report's overview: rows, columns, empty cells."""
    data = read(stdout)
    if data is None or data.get("recipe") != "data_overview":
        return []
    f = data.get("figures") or {}
    return [(dsay(language, "kpi_rows"), f["rows"]), (dsay(language, "kpi_columns"),
            f["columns"]), (dsay(language, "kpi_missing"), f["missing_cells"])]


def paragraph(stdout: str, table: str, language: str) -> str | None:
    """The words of a data-report step, or None when it printed no figures."""
    data = read(stdout)
    if data is None:
        return None
    f, head = data.get("figures") or {}, data.get("head") or []
    n = lambda v: number(v, language)  # noqa: E731 - one formatter, read like a word
    if data["recipe"] == "data_overview":
        text = dsay(language, "p_overview", table=table, rows=format_int(f["rows"], language),
                    columns=format_int(f["columns"], language),
                    missing=format_int(f["missing_cells"], language))
        if f.get("most_missing"):
            text += dsay(language, "p_most", column=f["most_missing_column"],
                         n=format_int(f["most_missing"], language))
        text += "" if language == "zh" else "."
        for row in head:
            if row.get("first"):
                text += dsay(language, "p_range", column=row["column"], first=row["first"],
                             last=row["last"])
                break
        return text
    if data["recipe"] == "distribution":
        m = data["title"]
        return dsay(language, "p_distribution", m=_measure(m), median=n(f["median"]),
                    q1=n(f["q1"]), q3=n(f["q3"]), min=n(f["min"]), max=n(f["max"]),
                    mean=n(f["mean"]), count=format_int(f["count"], language))
    if not head:
        return dsay(language, "p_no_pairs")
    pairs = "; ".join(f"{r['first']} / {r['second']} (r = {number(r['r'], language)})"
                      for r in head[:3])
    return dsay(language, "p_correlations", pairs=pairs)


def _measure(title: str) -> str:
    """The column named in a distribution title (its last word group)."""
    for lang in WORDS.values():
        prefix, _, suffix = lang["distribution"].partition("{m}")
        if title.startswith(prefix) and title.endswith(suffix):
            return title[len(prefix):len(title) - len(suffix) or None]
    return title
