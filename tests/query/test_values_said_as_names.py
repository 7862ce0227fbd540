"""A value is a condition only where the words say it as one.

Found on a sales table (Date, Country: US/DE/FR/IT, Dept: IT/HR/Sales, Revenue):
- "show us the total revenue" stated the revenue of the US alone: the pronoun "us" had been
  read as the country "US" (and "what is it" as the country "IT");
- "revenue for IT" stated Italy's revenue, though "IT" is a department too;
- with orders and customers loaded apart, "total revenue for US customers" stated the revenue
  of every order: "US" is in the customers' table, and the orders' reading took it as "us".
A common word written in lower case never names a value in capitals; a value two columns hold
is asked about until its column is named; a value of another table, written as a name, is
declined by name (tables are not joined offline). Generated tables; the offline path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from analyst.session.analysis import Analysis
from tests.query.asking import ask, close, figures

PRONOUNS = ["show us the total revenue", "give us the total revenue",
            "can you tell us the total revenue", "total revenue for us please",
            "what is it, the total revenue"]


def _sales(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(60, 160)
    frame = pd.DataFrame({
        "Date": [pd.Timestamp("2025-01-01") + pd.Timedelta(days=rng.randint(0, 364))
                 for _ in range(n)],
        "Country": [rng.choice(["US", "DE", "FR", "IT"]) for _ in range(n)],
        "Dept": [rng.choice(["IT", "HR", "Sales"]) for _ in range(n)],
        "Revenue": [round(rng.uniform(10, 900), 2) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("question", PRONOUNS)
def test_a_pronoun_is_no_country(opened, tmp_path: Path, seed: int, question: str) -> None:
    frame = _sales(seed, tmp_path / f"sales{seed}.csv")
    analysis = opened(f"sales{seed}", tmp_path / f"sales{seed}.csv")
    answer = ask(analysis, question)
    assert answer.ok, answer.text
    assert f"{frame['Revenue'].sum():,.2f}" in answer.text, (question, answer.text)


@pytest.mark.parametrize("seed", range(4))
def test_a_value_of_two_columns_waits_for_its_column(opened, tmp_path: Path,
                                                     seed: int) -> None:
    frame = _sales(seed, tmp_path / f"sales{seed}.csv")
    analysis = opened(f"sales{seed}", tmp_path / f"sales{seed}.csv")
    for question in ["revenue for IT", "total revenue in IT", "how much revenue did IT bring"]:
        answer = ask(analysis, question)
        assert not answer.steps, (question, answer.text)
        assert "Country" in answer.text and "Dept" in answer.text, answer.text
    for question, column in [("revenue for the IT dept", "Dept"),
                             ("total revenue for country IT", "Country"),
                             ("total revenue for US", "Country"),
                             ("total revenue in the US", "Country")]:
        value = "US" if "US" in question else "IT"
        got = figures(ask(analysis, question))
        want = float(frame.loc[frame[column] == value, "Revenue"].sum())
        assert close(got.figures["value"], want), (question, got.query)


@pytest.mark.parametrize("seed", range(4))
def test_a_value_of_another_table_is_declined(opened, tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(50, 120)
    customers = pd.DataFrame({"Customer ID": ["C1", "C2", "C3", "C4"],
                              "Segment": ["SMB", "Enterprise", "SMB", "Mid"],
                              "Country": ["US", "DE", "US", "FR"]})
    orders = pd.DataFrame({"Order ID": range(1000, 1000 + n),
                           "Customer ID": [rng.choice(["C1", "C2", "C3", "C4"]) for _ in range(n)],
                           "Revenue": [round(rng.uniform(10, 900), 2) for _ in range(n)]})
    folder = tmp_path / f"two{seed}"
    folder.mkdir()
    # Named as exported: a table named "customers" had drawn "customers" to itself anyway.
    first, second = [("orders", "customers"), ("sales_2025", "crm_accounts")][seed % 2]
    orders.to_csv(folder / f"{first}.csv", index=False)
    customers.to_csv(folder / f"{second}.csv", index=False)
    with Analysis.open(tmp_path / f"ws{seed}", backend="local") as analysis:
        analysis.add_file(folder / f"{first}.csv")
        analysis.add_file(folder / f"{second}.csv")
        for question in ["total revenue for US customers", "revenue of SMB customers",
                         "average revenue for Enterprise customers"]:
            answer = ask(analysis, question)
            assert not answer.steps, (question, answer.text)
        assert second in ask(analysis, "total revenue for US customers").text
        answer = ask(analysis, "total revenue")
        assert f"{orders['Revenue'].sum():,.2f}" in answer.text, answer.text
