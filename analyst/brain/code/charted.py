"""Give a finished recipe step its chart, from the table it saved (the host's copy)."""

from __future__ import annotations

from dataclasses import replace

from analyst.brain.code.charts import chart_for, draws
from analyst.charting.check import agrees, stated
from analyst.record import RecipeCall, Step
from analyst.record.artifact_tables import TABLE_SUFFIXES, read_step_table
from sandbox import Workspace


def charted(step: Step, workspace: Workspace) -> Step:
    """`step` with its `chart` when it is a recipe call that ran and saved a table its
    recipe draws; else `step` unchanged. Only the host's by-value copy of the table is
    read, within the readers' caps, never `output/`."""
    origin, result = step.origin, step.result
    if (not isinstance(origin, RecipeCall) or result is None or not result.ok
            or not draws(origin.recipe)):
        return step
    files = sorted((f for f in result.files if f.path.endswith(TABLE_SUFFIXES)),
                   key=lambda f: not f.path.endswith(".parquet"))
    if not files:
        return step
    table = read_step_table(workspace, files[0]).frame
    if table is None:
        return step
    chart = chart_for(origin.recipe, origin.params, table, title=step.description,
                      language=origin.language)
    # Made from this very table it agrees; held to it anyway, so a rule's slip is a chart
    # left out, never a wrong one.
    return replace(step, chart=chart) if chart is not None and agrees(chart, table, stated(step)) else step
