"""The thing an id names, said after the measure: "total amount of overdue invoices".

Found on an invoice register (Invoice No, Customer, Amount, Status): "total amount of overdue
invoices" listed the 53 overdue invoices one by one, each with its own "total", and no total
at all: "invoices" was read as a grouping by Invoice No. The id's noun says whose amounts are
added up, not a grouping: the figure is over the rows kept. Where one id has several rows (an
order's lines), a total over the rows is still the orders' total, but an average or an
extreme of the lines is not the orders' own: declined by name. Generated registers, several
id names, many phrasings; the offline path with a real sandbox.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures

IDS = [("Invoice No", "invoices", "INV-"), ("Invoice ID", "invoices", "I"),
       ("Order ID", "orders", "SO-"), ("Order Number", "orders", "")]
STATUS = ["Paid", "Overdue", "Open"]
TOTALS = ["total amount of {s} {n}", "sum of amount for {s} {n}", "the total amount of all {s} {n}",
          "what is the total amount of the {s} {n}", "amount of {s} {n} in total"]
AVERAGES = ["average amount of {s} {n}", "mean amount of the {s} {n}"]


def _register(seed: int, path: Path, lines: bool) -> tuple[pd.DataFrame, str, str]:
    """An invoice or order register (a row an id, or several lines an id when `lines`)."""
    rng = random.Random(seed)
    column, noun, prefix = IDS[seed % len(IDS)]
    n = rng.randint(40, 120)
    ids = [f"{prefix}{1000 + i}" for i in range(n)]
    if lines:
        ids = [i for i in ids for _ in range(rng.randint(1, 4))]
    status = {i: rng.choice(STATUS) for i in set(ids)}
    frame = pd.DataFrame({column: ids, "Customer": [rng.choice(["Acme", "Globex", "Hooli"])
                                                    for _ in ids],
                          "Amount": [round(rng.uniform(50, 9000), 2) for _ in ids],
                          "Status": [status[i] for i in ids]})
    frame.to_csv(path, index=False)
    return frame, column, noun


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("lines", [False, True])
def test_a_total_of_the_things_kept_is_one_figure(opened, tmp_path: Path, seed: int,
                                                  lines: bool) -> None:
    path = tmp_path / f"register{seed}{lines}.csv"
    frame, _, noun = _register(seed, path, lines)
    analysis = opened(f"register{seed}{lines}", path)
    status = STATUS[seed % 3]
    want = float(frame.loc[frame["Status"] == status, "Amount"].sum())
    for phrase in TOTALS:
        question = phrase.format(s=status.lower(), n=noun)
        got = figures(ask(analysis, question))
        assert not got.query.group_by, (question, got.query)
        assert close(got.figures["value"], want), (question, got.figures, want)


@pytest.mark.parametrize("seed", range(8))
def test_an_average_of_things_of_one_row_each(opened, tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"register{seed}.csv"
    frame, _, noun = _register(seed, path, False)
    analysis = opened(f"register{seed}", path)
    status = STATUS[(seed + 1) % 3]
    kept = frame["Status"] == status
    for phrase in AVERAGES:
        question = phrase.format(s=status.lower(), n=noun)
        got = figures(ask(analysis, question))
        assert not got.query.group_by, (question, got.query)
        assert close(got.figures["value"], float(frame.loc[kept, "Amount"].mean())), question
    got = figures(ask(analysis, f"average amount of {noun} per customer"))
    assert got.query.group_by == ("Customer",), got.query


@pytest.mark.parametrize("seed", range(4))
def test_an_average_of_things_of_several_lines_is_declined(opened, tmp_path: Path,
                                                           seed: int) -> None:
    path = tmp_path / f"lines{seed}.csv"
    _, _, noun = _register(seed, path, True)
    analysis = opened(f"lines{seed}", path)
    for phrase in AVERAGES:
        question = phrase.format(s="paid", n=noun)
        answer = ask(analysis, question)
        assert not answer.steps, (question, answer.text)
        assert noun in answer.text, (question, answer.text)


@pytest.mark.parametrize("seed", range(4))
def test_what_was_invoiced_or_billed_is_the_amount(opened, tmp_path: Path, seed: int) -> None:
    """"billed to", "invoiced to", "the worth of overdue invoices" had found no column."""
    path = tmp_path / f"register{seed}.csv"
    frame, _, noun = _register(seed, path, False)
    analysis = opened(f"register{seed}", path)
    customer = ["Acme", "Globex", "Hooli"][seed % 3]
    for question, kept in [
        (f"total billed to {customer}", frame["Customer"] == customer),
        (f"how much was invoiced to {customer}", frame["Customer"] == customer),
        (f"total worth of overdue {noun}", frame["Status"] == "Overdue"),
    ]:
        got = figures(ask(analysis, question))
        assert close(got.figures["value"], float(frame.loc[kept, "Amount"].sum())), question


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("repeats", [False, True])
def test_names_of_many_things_said_with_a_measure(opened, tmp_path: Path, seed: int,
                                                  repeats: bool) -> None:
    """R's Caschool: "average testscr for districts with str below 20" listed 400 districts,
    each with its own average, instead of one figure; "district" holds a name a row (a few
    names twice). Over names a row each it is the average over the rows; with names on
    several rows, whether the average is over rows or districts is not said: declined."""
    rng = random.Random(seed)
    names = [f"{rng.choice(['North', 'Lake', 'Oak', 'Pine'])} {k} Unified" for k in range(60)]
    names += names[:8] if repeats else []
    frame = pd.DataFrame({"district": names,
                          "score": [round(rng.uniform(600, 720), 1) for _ in names],
                          "enrolment": [rng.randint(100, 9000) for _ in names],
                          "ratio": [round(rng.uniform(14, 26), 1) for _ in names]})
    path = tmp_path / f"schools{seed}{repeats}.csv"
    frame.to_csv(path, index=False)
    analysis = opened(f"schools{seed}{repeats}", path)
    kept = frame["ratio"] < 20
    got = figures(ask(analysis, "total enrolment for districts with ratio below 20"))
    assert close(got.figures["value"], float(frame.loc[kept, "enrolment"].sum()))
    answer = ask(analysis, "average score for districts with ratio below 20")
    if repeats:
        assert not answer.steps, answer.text
    else:
        got = figures(answer)
        assert not got.query.group_by, got.query
        assert close(got.figures["value"], float(frame.loc[kept, "score"].mean()))
