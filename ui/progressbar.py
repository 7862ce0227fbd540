"""A progress bar that shows the stages an analyst job tells (`analyst.progress.Stage`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from analyst.progress import Stage
from ui import i18n
from ui.plain import name_text


def stage_bar(bar: Any) -> Callable[[Stage], None]:
    """The callback for a job: each stage moves `bar` (an `st.progress`) with its words in the
    interface language ("stage_read", "report_stage_pdf", ... in the catalogue, context "ui")."""

    def show(stage: Stage) -> None:
        key = f"stage_{stage.key}" if stage.job == "ingest" else f"{stage.job}_stage_{stage.key}"
        bar.progress(min(1.0, max(0.0, stage.fraction)), text=i18n.t(key, name=name_text(stage.name)))

    return show
