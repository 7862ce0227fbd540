"""The agent runs for real here: the `openai` client over HTTP to a scripted server on
127.0.0.1, and code in the real local sandbox. Only the model's words are scripted."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest

from analyst.agent import LLMConfig, run_agent
from analyst.datacard import ColumnCard, DataCard
from analyst.events import Answer, Event
from analyst.words.note import Note
from sandbox import Limits, Workspace, open_session

SECRET_CUSTOMER = "Olena Kovalenko"  # noqa: S105  a customer name, not a password
"""A raw value that appears only in the sample rows: it must not reach the model in privacy
mode."""

SALES = pd.DataFrame({
    "month": ["2026-01", "2026-01", "2026-02", "2026-02", "2026-03"],
    "region": ["North", "South", "North", "South", "North"],
    "customer": [SECRET_CUSTOMER, "Petro Bondar", "Iryna Shevchenko", "Acme", "Globex"],
    "revenue": [1250.5, 980.25, 1410.0, 1105.75, 1630.0],
})


def sales_workspace(folder: Path) -> Workspace:
    """A workspace under `folder` whose input is the sales table."""
    ws = Workspace(folder / "ws").ensure()
    SALES.to_parquet(ws.root / "input" / "sales.parquet")
    return ws


def local_session(workspace: Workspace) -> Iterator[object]:
    """A local kernel on `workspace`, closed after (a fixture's body: `yield from`)."""
    with open_session(workspace, backend="local",
                      limits=Limits(step_timeout_s=20, grace_s=1)) as opened:
        yield opened


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return sales_workspace(tmp_path)


@pytest.fixture
def session(workspace: Workspace) -> Iterator[object]:
    yield from local_session(workspace)


@pytest.fixture
def cards() -> list[DataCard]:
    revenue = SALES["revenue"]
    return [DataCard(
        table="sales", source_file="sales.csv", source_sha256="0" * 64, sheet=None, sheets=(),
        rows=len(SALES),
        columns=(
            ColumnCard("month", "str", "date", 0, 3, first="2026-01", last="2026-03"),
            ColumnCard("region", "str", "category", 0, 2),
            ColumnCard("customer", "str", "text", 0, 5),
            ColumnCard("revenue", "float64", "money", 0, 5, sum=float(revenue.sum()),
                       min=float(revenue.min()), max=float(revenue.max())),
        ),
        header_row=1, encoding="utf-8", delimiter=",",
        assumptions=(Note("header_row", row=1),),
        sample_rows=tuple(tuple(row) for row in SALES.head(3).itertuples(index=False)),
        parquet_path="input/sales.parquet",
    )]


def config_for(base_url: str, **changes: object) -> LLMConfig:
    """Fast settings for tests: no waiting between retries; a step may take its time (a first
    step that imports matplotlib takes seconds on a loaded machine), tests of the step limit
    set their own."""
    settings: dict[str, object] = {
        "api_key": "sk-test", "base_url": base_url, "model": "gpt-4o-mini", "request_timeout": 5.0,
        "api_retries": 0, "step_timeout": 60.0,
    }
    settings.update(changes)
    return LLMConfig(**settings)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Run:
    events: list[Event]

    @property
    def answer(self) -> Answer:
        assert self.events[-1].kind == "answer", self.kinds
        assert [e.kind for e in self.events].count("answer") == 1
        answer = self.events[-1].answer
        assert answer is not None
        return answer

    @property
    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def of(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]


def ask(session: object, cards: list[DataCard], config: LLMConfig, question: str,
        **kwargs: object) -> Run:
    return Run(list(run_agent(session, cards, question, config, **kwargs)))  # type: ignore[arg-type]
