"""Every recipe writes its notes as message ids with values, never as English sentences.

Each recipe runs in-process on generated tables that provoke its caveats (gaps, blanks,
negatives, ties, costs stored as negatives, lines without an actual, unknown stages, empty
columns); every note it returns is a `NoteId`, crosses the figures line as a `RecipeNote`
with the same id and values, and says no English word in uk/ru/zh beyond the data's own
labels. Across the seeds, each converted caveat is seen at least once.
"""

from __future__ import annotations

import json
import random
import re

import numpy as np
import pandas as pd
import pytest

from analyst import recipes
from analyst.recipes.notes import NoteId, note_data
from analyst.record.figures import figures_sent
from analyst.words.note import RecipeNote, Word
from sandbox import ExecutionResult
from tests.recipes.test_statement_pack import statement

SEEDS = range(8)
ALLOWED = {"ISO", "C"}  # the standard's name; the ABC analysis' class C


def _ledger(rng: random.Random) -> pd.DataFrame:
    n = rng.randint(12, 40)
    months = pd.date_range("2026-01-01", periods=rng.randint(3, 6), freq="MS")
    accounts = ["Виручка", "Собівартість", "Оренда", "Податок на прибуток", "Ξένα έξοδα"]
    sign = rng.choice([1, -1])
    rows = []
    for _ in range(n):
        account = rng.choice(accounts)
        value = rng.uniform(10, 900) * (3 if account == "Виручка" else 1)
        rows.append({"дата": rng.choice(list(months[::2])).strftime("%Y-%m-%d"),
                     "рахунок": account,
                     "сума": round(value if account == "Виручка" else sign * value, 2)})
    df = pd.DataFrame(rows)
    df.loc[rng.randrange(n), "дата"] = "—"
    return df


def _sales(rng: random.Random) -> pd.DataFrame:
    n = rng.randint(10, 50)
    items = ["Айва", "Бук", "Верба", "Граб", "Дуб", "Ясен"]
    revenue = [round(rng.uniform(-300, 900), 2) for _ in range(n)]
    return pd.DataFrame({
        "товар": [rng.choice(items + [None]) for _ in range(n)],
        "виручка": revenue,
        "собівартість": [round(abs(r) * rng.uniform(0.2, 1.6), 2) for r in revenue],
        "порожній": [None] * n,
    })


def _tied(rng: random.Random) -> pd.DataFrame:
    value = float(rng.randint(5, 50))
    return pd.DataFrame({"товар": ["Айва", "Бук", "Верба", "Граб"],
                         "сума": [value * 3, value, value, -value * 5]})


def _funnel(rng: random.Random) -> tuple[pd.DataFrame, list[str]]:
    stages = ["візит", "лід", "угода"]
    rows = [rng.choice(stages[:2] + ["спам"]) for _ in range(rng.randint(8, 30))]
    dates = [rng.choice(["2026-01-05", "2026-02-07", "—"]) for _ in rows]
    return pd.DataFrame({"етап": rows, "дата": dates}), [*stages, "повтор"]


def _budget(rng: random.Random) -> pd.DataFrame:
    lines = ["Виручка від продажу", "Оренда", "Зарплата", "Реклама"]
    budget = [round(rng.uniform(100, 9000), 2) for _ in lines]
    actual = [b * rng.uniform(0.7, 1.3) for b in budget]
    actual[rng.randrange(1, len(lines))] = np.nan
    sign = rng.choice([1, -1])
    return pd.DataFrame({"стаття": lines,
                         "бюджет": [b if i == 0 else sign * b for i, b in enumerate(budget)],
                         "факт": [a if i == 0 else sign * a for i, a in enumerate(actual)]})


def _results(seed: int) -> list[recipes.RecipeResult]:
    rng = random.Random(seed)
    ledger, sales, (stages, order) = _ledger(rng), _sales(rng), _funnel(rng)
    frame = statement(seed, negative=bool(seed % 2), below=bool(seed % 3), months=rng.choice([12, 15]))
    loss = (frame["Period"] == frame["Period"].iloc[0]) & (frame["Line item"] == "Consulting")
    frame.loc[loss, "Value"] = 10_000_000.0 * (-1 if seed % 2 else 1)
    wide = pd.DataFrame({"дата": ["2026-01-31", "2026-02-28", "2026-04-30"],
                         "виручка": [100.0, 50.0, 80.0], "собівартість": [-30.0, -20.0, -90.0]})
    args = ("Period", "Line item", "Value", "Section")
    credits = statement(seed, negative=False, below=False)  # a cost line credited for the year
    credits.loc[credits["Line item"] == "Freight", "Value"] = -50.0
    credits["Period"] = credits["Period"].astype(object)
    credits.loc[rng.randrange(len(credits)), "Period"] = "—"  # a row with no readable month
    return [
        recipes.pnl_summary(ledger, "дата", account="рахунок", amount="сума"),
        recipes.pnl_summary(wide, "дата", revenue="виручка", cogs="собівартість"),
        recipes.pnl_summary(wide, "дата", revenue="виручка"),
        recipes.funnel_conversion(stages, stage="етап", order=order, period="дата"),
        recipes.funnel_conversion(pd.DataFrame({"а": [10], "б": [12]}), ["а", "б"]),
        recipes.top_n(_tied(rng), "товар", "сума", n=2),
        recipes.abc_analysis(_tied(rng), "товар", "сума"),
        recipes.breakdown(_tied(rng).assign(сума=lambda d: -d["сума"].abs()), "товар", "сума"),
        recipes.margin_by(sales, "товар", "виручка", "собівартість"),
        recipes.profile(sales),
        recipes.budget_vs_actual(_budget(rng), "стаття", "бюджет", "факт"),
        recipes.pnl_statement(frame, *args),
        recipes.margin_trend(frame, *args),
        recipes.expense_structure(frame, "Line item", "Value", "Section", date="Period"),
        recipes.expense_structure(credits, "Line item", "Value", "Section", date="Period"),
        recipes.statement_margins(frame, *args),
    ]


def _english_left(note: RecipeNote, language: str) -> list[str]:
    text = note.render(language)
    labels = [str(v) for v in note.values.values() if isinstance(v, str) and not isinstance(v, Word)]
    for value in sorted(labels, key=len, reverse=True):
        text = text.replace(value, "")  # the data's own labels, quoted as they are
    text = text.replace("(blank)", "")
    text = re.sub(r"\d{4} Q[1-4]|Q[1-4] \d{4}|FY \d{4}", "", text)
    return [w for w in re.findall(r"[A-Za-z]+", text) if w not in ALLOWED]


def _sent(result: recipes.RecipeResult) -> ExecutionResult:
    """The step's result as the kernel hands it over (`send_figures`: JSON, text for the rest)."""
    return ExecutionResult(figures=json.loads(json.dumps({
        "recipe": result.name, "title": result.title, "figures": result.figures,
        "notes": list(result.notes), "note_data": note_data(result.notes),
        "definition": result.definition, "head": [], "tail": [], "rows": len(result.table),
    }, default=str, ensure_ascii=False)))


@pytest.mark.parametrize("seed", SEEDS)
def test_every_recipe_note_is_an_id_that_survives_the_figures_line(seed: int) -> None:
    for result in _results(seed):
        for n in result.notes:
            assert isinstance(n, NoteId), (result.name, n)  # never a bare English sentence
        figures = figures_sent(_sent(result))
        assert figures is not None
        for sent, got in zip(result.notes, figures.notes, strict=True):
            assert isinstance(got, RecipeNote) and got.to_dict() == sent.to_dict()
            assert str(got) == str(sent)
            for language in ("uk", "ru", "zh"):
                assert got.render(language) != str(sent)
                assert not _english_left(got, language), (language, got.render(language))


def test_the_generated_tables_provoke_the_converted_caveats() -> None:
    seen = {n.key for seed in SEEDS for result in _results(seed) for n in result.notes
            if isinstance(n, NoteId)}
    expected = {"note_guessed_opex", "note_below_line", "note_undated_pnl", "note_empty_periods",
                "note_no_opex", "note_no_cogs", "note_stages_unknown", "note_stages_missing",
                "note_funnel_undated", "note_stages_above", "note_tie", "note_abc_non_positive",
                "note_not_positive", "note_losses", "note_empty_columns", "note_no_actual_lines",
                "note_revenue_lines", "note_costs_negative", "note_loss_periods",
                "note_negative_cogs", "note_negative_opex", "note_below_costs",
                "note_latest_year", "note_months_no_margin", "note_margin_months",
                "note_negative_cost_lines", "note_undated_left"}
    assert expected <= seen, sorted(expected - seen)
