"""Which steps offer an interactive chart: real series only, never a list of key figures."""

from __future__ import annotations

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from analyst.record.artifact_tables import read_step_table
from analyst.store import Store
from tests.app.samples import ROOT, messy_csv
from ui.tables import chart_frame


def _standard_report(app_env) -> tuple[AppTest, list]:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv")).run()
    next(b for b in at.button if b.label == "Standard report").click().run()
    assert not at.exception
    _, answer = Store(app_env).messages(at.session_state["sid"])
    return at, answer.steps


@pytest.mark.docker  # reaches the Docker engine (the default backend is auto)
def test_key_figures_show_a_table_only_while_revenue_by_month_has_a_chart(app_env):
    at, steps = _standard_report(app_env)
    workspace = Store(app_env).workspace_dir(at.session_state["sid"])
    charts = {}
    for step in steps:
        saved = next(f for f in step.result.files if f.path.endswith(".parquet"))
        charts[step.recipe] = chart_frame(read_step_table(workspace, saved, 500).frame,
                                              step.recipe)
    assert charts["kpi_summary"] is None
    kind, data = charts["period_dynamics"]
    assert kind == "line" and len(data.columns) == 1
    # On screen: the key figures step (first) has no tabs at all, just its table; the
    # first tab group is revenue by month: its interactive chart first, with its table
    # under it, the sandbox's picture one tab away.
    labels = [t.label for t in at.tabs]
    assert labels[:2] == ["Interactive chart", "Chart"]
    assert charts["top_n"][0] == "bar" and charts["abc_analysis"][0] == "bar"


def test_a_table_of_indicators_from_any_source_gets_no_chart():
    figures = pd.DataFrame({"Показник": ["Сума, грн", "Кількість", "Днів"],
                            "Значення": [2_009_930.98, 292.0, 31.0]})
    assert chart_frame(figures) is None


def test_two_label_columns_are_not_one_series():
    frame = pd.DataFrame({"region": ["N", "N", "S"], "product": ["a", "b", "a"],
                          "revenue": [1.0, 2.0, 3.0]})
    assert chart_frame(frame) is None
    by_region = pd.DataFrame({"region": ["N", "S"], "revenue": [3.0, 3.0]})
    assert chart_frame(by_region)[0] == "bar"
