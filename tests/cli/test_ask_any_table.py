"""`analyst ask FILE Q --offline --json` on tables it has never seen (cars, daily weather,
stock prices, electricity): exit 0 and the exact figures pandas computes from the file."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd
import pytest

from tests.cli.test_ask_report_cli import analyst
from tests.query.tables import write


def ask(path: Path, question: str, tmp_path: Path) -> dict:
    run = analyst("ask", str(path), question, "--offline", "--json", "--backend", "local",
                  "--workspace", str(tmp_path / "ws"), cwd=tmp_path)
    assert run.returncode == 0, (run.stdout, run.stderr)
    assert "Traceback" not in run.stderr
    return json.loads(run.stdout)


def figures_of(data: dict) -> dict:
    [step] = data["steps"]
    figures: dict = step["result"]["figures"]  # what the step sent, as the CLI writes it
    return figures


@pytest.mark.parametrize(("name", "question", "expected"), [
    ("cars", "What is the average Miles_per_Gallon by Origin?",
     lambda df: df.groupby("Origin")["Miles_per_Gallon"].mean().to_dict()),
    ("weather", "How many days of each weather type were there?",
     lambda df: df["weather"].value_counts().to_dict()),
    ("stocks", "maximum close by symbol",
     lambda df: df.groupby("symbol")["close"].max().to_dict()),
    ("electricity", "total net generation by fuel type",
     lambda df: df.groupby("fuel_type")["net_generation"].sum().to_dict()),
])
def test_plain_aggregations_give_the_exact_figures(name, question, expected, tmp_path):
    path = write(name, tmp_path)
    data = ask(path, question, tmp_path)
    assert data["ok"] and data["brain"] == "offline"
    assert f"file {path.name}" in data["answer"]
    got = figures_of(data)
    key, value = got["columns"][0], got["columns"][-1]
    table = {row[key]: row[value] for row in got["head"]}
    want = expected(pd.read_csv(path))
    assert table.keys() == want.keys()
    for k, v in want.items():
        assert math.isclose(table[k], v, rel_tol=1e-12), (k, table[k], v)
    assert any(a.endswith(".png") and Path(a).is_file() for a in data["artifacts"])


def test_a_single_figure_is_in_the_answer_words(tmp_path):
    path = write("stocks", tmp_path)
    data = ask(path, "average close for AAPL", tmp_path)
    df = pd.read_csv(path)
    mean = df[df["symbol"] == "AAPL"]["close"].mean()
    assert math.isclose(figures_of(data)["figures"]["value"], mean, rel_tol=1e-12)
    assert f"{mean:,.2f}" in data["answer"]
    assert data["answer"].startswith("I read this as: average of close, where symbol is AAPL.")
