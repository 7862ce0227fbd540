"""The fixed words of a report ("Contents", "Page 1 of 3") in the report's language."""

from __future__ import annotations

import re
from collections.abc import Iterable

EN = {
    "summary": "Executive summary",
    "contents": "Contents",
    "methodology": "Methodology",
    "sources": "Source files", "summary_sheet": "Summary",
    "definitions": "Definitions",
    "steps": "Analysis steps",
    "file": "File",
    "sheet": "Sheet",
    "rows": "Rows",
    "excluded": "Excluded rows",
    "assumptions": "Assumptions",
    "generated": "Generated",
    "page": "Page {page} of {total}",
    "notice_title": "Please note.",
    "notice": "Figures in this report come from an automated analysis of the source files "
    "listed in the methodology appendix. Interpretations and conclusions need review by a "
    "qualified person before decisions are based on them.",
    "chart_missing": "Chart not available: {name}",
    "rows_cut": "Showing the first {shown} of {total} rows; the Excel export has them all.",
    "cols_cut": "Showing {shown} of {total} columns; the Excel export has them all.",
    "indicator": "Indicator",
    "value": "Value",
    "change": "Change",
    "code": "Code",
}

UK = {
    **EN,
    "summary": "Стислий огляд",
    "contents": "Зміст",
    "methodology": "Методологія",
    "sources": "Вихідні файли", "summary_sheet": "Підсумок",
    "definitions": "Визначення",
    "steps": "Кроки аналізу",
    "file": "Файл",
    "sheet": "Аркуш",
    "rows": "Рядків",
    "excluded": "Виключено рядків",
    "assumptions": "Припущення",
    "generated": "Створено",
    "page": "Сторінка {page} з {total}",
    "notice_title": "Зверніть увагу.",
    "notice": "Показники цього звіту отримано автоматизованим аналізом вихідних файлів, "
    "перелічених у додатку «Методологія». Тлумачення та висновки потребують перевірки "
    "фахівцем, перш ніж на їх основі ухвалювати рішення.",
}

RU = {
    **EN,
    "summary": "Краткий обзор",
    "contents": "Содержание",
    "methodology": "Методология",
    "sources": "Исходные файлы", "summary_sheet": "Сводка",
    "definitions": "Определения",
    "steps": "Шаги анализа",
    "file": "Файл",
    "sheet": "Лист",
    "rows": "Строк",
    "excluded": "Исключено строк",
    "assumptions": "Допущения",
    "generated": "Создано",
    "page": "Страница {page} из {total}",
    "notice_title": "Обратите внимание.",
    "notice": "Показатели этого отчёта получены автоматизированным анализом исходных "
    "файлов, перечисленных в приложении «Методология». Интерпретации и выводы требуют "
    "проверки специалистом, прежде чем на их основе принимать решения.",
}

ZH = {
    **EN,
    "summary": "执行摘要",
    "contents": "目录",
    "methodology": "方法说明",
    "sources": "源文件", "summary_sheet": "摘要",
    "definitions": "定义",
    "steps": "分析步骤",
    "file": "文件",
    "sheet": "工作表",
    "rows": "行数",
    "excluded": "排除行数",
    "assumptions": "假设",
    "generated": "生成时间",
    "page": "第 {page} 页，共 {total} 页",
    "notice_title": "请注意：",
    "notice": "本报告中的数据来自对方法说明附录所列源文件的自动分析。"
    "在据此作出决策之前，相关解读和结论需经专业人员审核。",
}

JA = {
    **EN,
    "summary": "エグゼクティブサマリー",
    "contents": "目次",
    "methodology": "分析方法",
    "sources": "ソースファイル", "summary_sheet": "概要",
    "definitions": "定義",
    "steps": "分析ステップ",
    "file": "ファイル",
    "sheet": "シート",
    "rows": "行数",
    "excluded": "除外行数",
    "assumptions": "前提",
    "generated": "作成日時",
    "page": "{page} / {total} ページ",
    "notice_title": "ご注意：",
    "notice": "本レポートの数値は、分析方法の付録に記載したソースファイルの自動分析によるものです。"
    "解釈と結論は、意思決定に用いる前に専門家による確認が必要です。",
}

LABELS = {code: {**table, "language": code}
          for code, table in {"en": EN, "uk": UK, "ru": RU, "zh": ZH, "ja": JA}.items()}
"""Each table also names its language ("language": "uk"): figures follow its style."""


def detect_language(texts: Iterable[str]) -> str:
    """A best guess from the report's own words (titles, narratives), not from table data."""
    joined = " ".join(texts)
    if re.search("[\u3040-\u30ff]", joined):
        return "ja"
    if re.search("[\u4e00-\u9fff]", joined):
        return "zh"
    if re.search("[іїєґІЇЄҐ]", joined):
        return "uk"
    if re.search("[\u0400-\u04ff]", joined):
        return "ru"
    return "en"


def labels_for(language: str | None) -> dict[str, str]:
    """Labels for "uk", "uk-UA", "zh_CN"...; unknown languages fall back to English."""
    key = (language or "en").lower().replace("_", "-").split("-")[0]
    return LABELS.get(key, LABELS["en"])
