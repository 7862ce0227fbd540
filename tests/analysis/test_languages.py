"""Asked in Russian or Chinese, the offline analyst answers in that language, with the exact
figures of the data; the standard report speaks the language of the data."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from analyst.events import Answer
from analyst.session.analysis import Analysis

RU = ("Дата,Товар,Регион,Сумма\n2026-01-10,Чай,Москва,1000.50\n2026-01-20,Кофе,Казань,500.25\n"
      "2026-02-05,Чай,Казань,750.00\n2026-03-15,Какао,Москва,1200.00\n")
ZH = ("日期,产品,地区,销售额\n2026-01-10,茶,华东,1000.50\n2026-01-20,咖啡,华南,500.25\n"
      "2026-02-05,茶,华南,750.00\n2026-03-15,可可,华东,1200.00\n")


def _open(folder: Path, name: str, text: str) -> Analysis:
    (folder / name).write_text(text, encoding="utf-8")
    analysis = Analysis.open(folder / "ws", backend="local")
    analysis.add_file(folder / name)
    return analysis


@pytest.fixture(scope="module")
def russian(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    with _open(tmp_path_factory.mktemp("ru"), "продажи.csv", RU) as analysis:
        yield analysis


@pytest.fixture(scope="module")
def chinese(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    with _open(tmp_path_factory.mktemp("zh"), "销售.csv", ZH) as analysis:
        yield analysis


def _answer(analysis: Analysis, question: str) -> Answer:
    return next(e.answer for e in analysis.ask(question, brain="offline") if e.kind == "answer")


def test_russian_revenue_by_month(russian: Analysis) -> None:
    answer = _answer(russian, "выручка по месяцам")
    assert answer.steps[0].description == "Сумма по месяцам"
    # 1000.50 + 500.25 in January; March 1200.00 vs February 750.00 is +60%. The total, the
    # best and worst month and the last change lead; three months are also listed.
    assert answer.text.startswith(
        "Сумма по месяцам: всего 3\u00a0450,75, количество месяцев: 3. Лучший месяц — янв. 2026 "
        "(1\u00a0500,75); худший — февр. 2026 (750,00). Изменение за мар. 2026: +60,0%, до "
        "1\u00a0200,00. По месяцам: янв. 2026: 1\u00a0500,75; февр. 2026: 750,00; мар. 2026: "
        "1\u00a0200,00.")
    assert "Последний период (мар. 2026) содержит данные только до 2026-03-15" in answer.text


def test_russian_top_products_with_the_rest(russian: Analysis) -> None:
    answer = _answer(russian, "топ 2 товаров по выручке")
    # The one left over is counted in the singular ("Остальные 1 ... дают" before).
    assert answer.text == (
        "Топ-2 из 3 (Товар) дают 2\u00a0950,50, 85,5% от общей суммы 3\u00a0450,75. Крупнейшие: "
        "Чай (1\u00a0750,50), Какао (1\u00a0200,00). Ещё 1 (Товар) даёт 500,25 (14,5%).")


def test_chinese_breakdown_by_region(chinese: Analysis) -> None:
    answer = _answer(chinese, "按地区的销售额")
    assert answer.steps[0].description == "按地区的销售额"
    assert answer.text == ("按地区的销售额：共2组，合计3,450.75。最大的是华东，2,200.50（63.8%），"
                           "其次是华南（1,250.25）。")  # 1000.50 + 1200.00 in 华东


def test_chinese_total(chinese: Analysis) -> None:
    answer = _answer(chinese, "总销售额")
    assert answer.text == "销售额合计3,450.75，共4行。注意：数据期间：2026-01-10 至 2026-03-15。"


def test_a_chinese_question_it_cannot_answer(chinese: Analysis) -> None:
    answer = _answer(chinese, "为什么三月份销售额增长？")
    assert not answer.ok and "需要在 Settings（设置）中配置语言模型" in answer.text


@pytest.fixture(scope="module")
def chinese_standard(chinese: Analysis) -> Answer:
    """The Chinese file's standard report, run once: its answer and its report are both read."""
    return next(e.answer for e in chinese.standard_report() if e.kind == "answer")


def test_the_standard_report_speaks_the_language_of_the_data(chinese_standard: Answer,
                                                             russian: Analysis) -> None:
    zh = chinese_standard
    assert [s.description for s in zh.steps][:3] == ["关键指标：销售额", "按月的销售额",
                                                     "销售额前10名产品"]
    assert zh.text.startswith("销售额合计3,450.75，共4行。")
    ru = next(e.answer for e in russian.standard_report(language="en") if e.kind == "answer")
    assert ru.text.startswith("Total Сумма is 3,450.75 over 4 rows.")  # asked for English


def test_a_chinese_report_has_chinese_labels_headers_and_tiles(chinese: Analysis,
                                                              chinese_standard: Answer) -> None:
    assert chinese_standard.ok
    report = chinese.report()  # of the latest standard report: the one above
    assert report.language_hint == "zh" and report.title == "销售报告: 销售"
    tiles = {k.label: k.value for k in report.kpis}
    assert tiles["销售额合计"] == pytest.approx(3450.75)
    assert tiles["最近一月（2026年3月）"] == pytest.approx(1200.00)
    top = next(s for s in report.sections if s.title == "销售额前10名产品")
    assert list(top.table.columns) == ["排名", "产品", "销售额", "占比", "行数", "项数"]
    assert report.definitions[0].name == "数据的计算方式"
    assert "未使用语言模型" in report.definitions[0].text


def test_an_answer_keeps_the_language_it_was_given_in(russian: Analysis) -> None:
    """`Answer.language`: the question's, or the one the standard report was asked in (else
    the data's); the app shows a kept answer in it whatever the interface speaks later."""
    asked = {"выручка по месяцам": "ru", "revenue by month": "en", "виручка по місяцях": "uk",
             "按月的销售额": "zh", "сумма по регионам": "ru", "what is the total Сумма by month": "en"}
    for question, language in asked.items():
        assert _answer(russian, question).language == language, question
    for wanted, given in (("en", "en"), ("zh", "zh"), (None, "ru")):
        report = next(e.answer for e in russian.standard_report(language=wanted)
                      if e.kind == "answer")
        assert report.language == given
    kept = [a.language for a in russian.answers.answers()][-len(asked) - 3:]
    assert kept == [*asked.values(), "en", "zh", "ru"]
