"""A question with no word in it (punctuation, quotes, dashes) is declined in words.

Found by a sweep of generated questions over public tables: "- '" raised an IndexError in
the reader (it looked at the first word of a question that has none), which reached the
app as a traceback. Each is asked through the real offline path.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pandas as pd
import pytest

from analyst.words import say
from tests.query.asking import ask

MARKS = ["-", "'", "?", "...", '"', "—", "¿", "!", "(", ")", "*", "«»", "、", "。"]


@pytest.mark.parametrize("question", [" ".join(p) for p in itertools.combinations(MARKS, 2)][::3]
                         + ["", "   ", "\t", "- '"])
def test_a_question_of_marks_is_declined(opened, tmp_path: Path, question: str) -> None:
    pd.DataFrame({"date": ["2024-01-01", "2024-01-02", "2024-01-03"], "sales": [1, 2, 3],
                  "region": ["N", "S", "N"]}).to_csv(tmp_path / "t.csv", index=False)
    answer = ask(opened("marks", tmp_path / "t.csv"), question)
    assert not answer.ok and not answer.steps and answer.text.strip(), answer.text
    assert say("en", "agent", "our_fault") not in answer.text  # the reader declined, no bug
