"""Every figure in an answer must come from somewhere the analysis actually looked."""

from __future__ import annotations

import pytest

from analyst.agent.grounding import find_figures, source_values, ungrounded
from tests.agent.conftest import ask, config_for
from tests.agent.fake_openai import FakeOpenAI, reply, tool_call

OUTPUT = """region   revenue     share
North    4290.50  0.672876
South    2086.00  0.327124
total 1234567.891
growth 0.1249
big 1.234568e+06
"""


def missing(answer: str, *texts: str) -> list[str]:
    return ungrounded(answer, source_values([OUTPUT, *texts]))


@pytest.mark.parametrize("answer", [
    "North made 4,290.50 and South 2,086.",          # thousand separators, zeros dropped
    "North: 4 290,50 грн; South: 2 086,00 грн.",      # spaces and decimal commas
    "North: 4.290,50 €.",                             # dot groups, decimal comma
    "North has 67.3% of revenue, South 32.7 %.",      # fractions shown as percents
    "North's share is 67%.",                          # rounded to the precision shown
    "The total is 1,234,567.89, about 1.23 million or 1.2M.",
    "Growth was 12.5%.",
    "Total 1,234,568 (1.234568e+06 in the output).",
    "Revenue is about 4,300.",                        # rounded to two significant digits
    "Losses were (4,290.50).",                        # accounting negatives
])
def test_figures_that_come_from_the_output_pass(answer):
    assert missing(answer) == []


@pytest.mark.parametrize(("answer", "invented"), [
    ("North made 4,921.50.", ["4,921.50"]),
    ("South has 41% of revenue.", ["41%"]),
    ("The total is 2.5 million.", ["2.5 million"]),
    ("Average order is 317.25 and North made 4,290.50.", ["317.25"]),
])
def test_invented_figures_are_caught(answer, invented):
    assert missing(answer) == invented


def test_years_dates_small_counts_and_question_numbers_are_not_claims():
    answer = "In 2026 (from 2026-01-01 to 31.03.2026) the top 3 regions in Q1, step 2 of 8."
    assert missing(answer) == []
    assert [f.text for f in find_figures("Top 15 of 240")] == ["15", "240"]
    assert missing("The top 15 products.", "Show the top 15 products") == []


def test_code_in_the_answer_is_not_checked():
    assert missing("Run `df.head(999)` to see more.") == []


def test_the_loop_flags_an_invented_number(session, cards):
    with FakeOpenAI([
        tool_call("import pandas as pd\n"
                  "print(pd.read_parquet('input/sales.parquet')['revenue'].sum())", "Total"),
        reply("Total revenue is 6,376.50, and next month will bring 7,777.00."),
    ]) as server:
        run = ask(session, cards, config_for(server.base_url), "Total revenue?")

    answer = run.answer
    assert answer.ok  # the answer is kept, but the user is told what to check
    assert len(answer.warnings) == 1 and "7,777.00" in answer.warnings[0]
    assert "6,376.50" not in answer.warnings[0]
    assert run.of("warning")[0].message == answer.warnings[0]
    assert run.kinds.index("warning") < run.kinds.index("answer")


def test_figures_from_the_data_card_and_earlier_answers_count_as_seen(session, cards):
    with FakeOpenAI([reply("Revenue ranges from 980.25 to 1,630, as said: 4,321.")]) as server:
        run = ask(session, cards, config_for(server.base_url), "Range?",
                  history=[("Anything?", "Earlier we found 4,321.")])
    assert run.answer.warnings == ()
