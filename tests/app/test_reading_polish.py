"""What a finance user sees: assumptions in view with their corrections, answers led by the key
figure, tables with thousands separators and percents, failures in words."""

from __future__ import annotations

import json
import re

import pandas as pd
from streamlit.testing.v1 import AppTest

from analyst.datacard import DataCard, ExcludedRow
from analyst.words.note import Name, NameList, Note, Parts, Word
from tests.app.samples import ROOT, messy_csv
from ui.answers import answer_markdown, sentences
from ui.cardview import hint, short_summary
from ui.render import failure_sentence
from ui.tables import figures_styler, heading, number_formats

APP = str(ROOT / "app.py")
OFFLINE = ("Revenue by month: 33,912.00 in total over 6 months. 2026-01: 4,624.50; 2026-02: "
           "5,035.50. Revenue grew 6.6% in 2026-06 to 6,679.50. The best month was 2026-06 with "
           "6,679.50. Note: The last month (2026-06) only has data up to 2026-06-25.")


def _words(markdown: str) -> str:
    return re.sub(r"[\s*\\-]+", " ", markdown).strip()


def test_an_offline_answer_leads_with_the_key_figure_then_a_list():
    md = answer_markdown(OFFLINE)
    lines = md.splitlines()
    assert lines[0] == "**Revenue by month: 33,912.00 in total over 6 months.**"
    assert lines[1:] == ["- 2026-01: 4,624.50; 2026-02: 5,035.50.",
                         "- Revenue grew 6.6% in 2026-06 to 6,679.50.",
                         "- The best month was 2026-06 with 6,679.50.",
                         "- Note: The last month (2026-06) only has data up to 2026-06-25."]
    assert _words(md) == _words(OFFLINE)  # every word kept, in order: only the layout changes


def test_sentences_never_split_inside_numbers_and_cjk_full_stops_count():
    assert sentences("Разом 33\u00a0912,50. Зміна +6,6%, до 6\u00a0679,50.") == [
        "Разом 33\u00a0912,50.", "Зміна +6,6%, до 6\u00a0679,50."]
    assert sentences("总计 33,912.00。增长 6.6%。") == ["总计 33,912.00。", "增长 6.6%。"]


def test_short_answers_stay_a_sentence_and_model_answers_keep_their_layout():
    short = "Total revenue is 33,912.00 over 18 rows."
    assert answer_markdown(short) == short
    model = "Revenue rose.\n\n- Gizmo: $13,530\n- Gadget: $11,304"
    assert answer_markdown(model, "llm") == model.replace("$", "\\$")


def test_names_in_answers_are_shown_as_typed_not_as_markdown():
    assert answer_markdown("Top item: *NEW* a_b [x].") == r"Top item: \*NEW\* a\_b \[x\]."


def test_each_assumption_points_to_the_control_that_corrects_it():
    # By the note's catalogue id, as analyst.ingest writes them (the English is not read).
    title = Note("skipped_above", 1, n=1, details=Note("skipped_titles", 1, n=1))
    assert "Header row" in hint(Note("header_row", row=2))
    assert "Header row" in hint(title)
    assert "Decimal separator" in hint(Note("decimal_comma", names=NameList(["Revenue"])))
    assert "Date order" in hint(Note("dates", name=Name("Date"), how=Word("day-first"), example="31.01.2026",
                                     tail=""))
    total = Note("excluded", reason=Word("total row"), more="",
                 rows=Parts([Note("excluded_row", line=21, text="Total | 999999,00")]))
    assert "counted twice" in hint(total)
    assert "counted twice" in hint(Note("sheet_prefix", sheet=Name("Jan"), rest=total))
    assert "Sheet" in hint(Note("sheet_prefix", sheet=Name("Jan"), rest=Note("own_table")))
    assert hint(Note("excluded", reason=Word("footnote"), more="", rows=total.values["rows"])) is None
    assert hint(Note("separator", delimiter=Word("sep_semicolon"))) is None
    # An old card's plain sentence: its meaning is not guessed.
    assert hint(Note("as_written", text="Header on row 2.")) is None
    decimal = Note("decimal_comma", names=NameList(["Revenue"]))
    card = DataCard("sales", "sales.csv", "", None, (), 18, (), 2, "utf-8", ";",
                    excluded_rows=(ExcludedRow(21, "total row", "Total | 999999,00"),),
                    assumptions=(decimal,))
    assert short_summary(card) == "18 rows · header on row 2 · 1 row(s) left out · decimal comma"


def test_money_counts_and_percents_get_display_formats_codes_and_years_do_not():
    frame = pd.DataFrame({"rank": [1], "Product": ["Gizmo"], "Revenue": [13530.0],
                          "share_pct": [39.9], "rows": [6], "year": [2026], "order_id": [10234],
                          "Margin": [0.12]})
    assert number_formats(frame, {"Margin": "percent"}) == {
        "rank": "%,d", "Revenue": "%,.2f", "share_pct": "%.1f%%", "rows": "%,d",
        "Margin": "percent"}
    assert heading("change_pct") == "Change %" and heading("Виручка") == "Виручка"


def test_whole_quantities_show_without_decimals_and_money_keeps_its_cents():
    # A decimal-comma export reads quantities as floats: 292.0 must read "292", not "292.00".
    frame = pd.DataFrame({"Кількість": [292.0, 3.0], "Сума, грн": [1500.0, 20.0],
                          "Weight": [1.5, 2.0], "Paid": [100.0, 5.0]})
    assert number_formats(frame, {"Paid": "money", "Кількість": "quantity"}) == {
        "Кількість": "%,d", "Сума, грн": "%,.2f", "Weight": "%,.2f", "Paid": "%,.2f"}


def test_a_failed_step_is_explained_in_words():
    assert failure_sentence("KeyError") == "a column or value it looked for is not in the data."
    assert "Traceback" not in failure_sentence("SomethingOdd")


def test_after_upload_the_card_is_open_and_folds_to_one_line_once_questions_start(app_env):
    at = AppTest.from_file(APP, default_timeout=90).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
    at.run()
    assert not at.exception
    assert not any(e.label.startswith("Data:") for e in at.expander)  # not behind a click
    card = "\n".join(m.value for m in at.markdown)
    assert "What I assumed when reading it" in card
    assert "Wrong? Change **Header row** below." in card
    assert "Wrong? Change **Decimal separator** below." in card
    at.chat_input[0].set_value("revenue by month").run()
    assert not at.exception
    assert any(e.label == "Data: sales.csv — 18 rows · header on row 2 · 1 row(s) left out · "
                          "decimal comma" for e in at.expander)
    answer = at.chat_message[1].markdown[0].value
    assert answer.startswith("**Revenue by month: 33,912.00 in total over 6 months.**\n- ")
    columns = json.loads(at.dataframe[-1].proto.columns)
    assert columns["Revenue"]["type_config"]["format"] == "%,.2f"
    assert columns["change_pct"] == {"label": "Change %",
                                     "type_config": {"type": "number", "format": "%.1f%%"}}
    assert columns["_index"]["hidden"] is True  # row numbers 0..n-1 are noise


def test_key_figures_are_formatted_row_by_row_counts_whole_amounts_with_cents():
    figures = pd.DataFrame({"metric": ["Total Сума, грн", "Total Кількість", "Rows",
                                       "Average order value", "Days covered"],
                            "value": [33912.0, 292.0, 18.0, 1884.0, 31.0]})
    shown = figures_styler(figures).to_html()
    for text in (">33,912.00<", ">292<", ">18<", ">1,884.00<", ">31<"):
        assert text in shown
    assert figures_styler(pd.DataFrame({"month": ["2026-01"], "Revenue": [1.0]})) is None
