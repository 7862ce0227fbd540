"""Generated step records of every shape: recipe calls, queries, model code, failures,
with charts and tables, in several scripts."""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections.abc import Iterator
from pathlib import Path

from analyst.events import Answer, FileHash, ModelCode, QueryCall, RecipeCall, Step, StepFigures
from sandbox import (
    FIGURES_FUNCTION,
    DisplayValue,
    ExecutionError,
    ExecutionResult,
    Notice,
    OutputFile,
)

NAMES = ["Revenue", "Сума, грн", "Виручка", "Выручка", "销售额", "Umsatz (€)", "Qty × Price",
         "emoji 📈", "quote ' and \" marks", "tab\tand\nnewline"]
LANGUAGES = ["en", "uk", "ru", "zh"]


def _hex(rng: random.Random) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(64))


def _files(rng: random.Random, stem: str) -> tuple[OutputFile, ...]:
    kinds = rng.sample([".png", ".parquet", ".csv", ".xlsx", ".svg"], rng.randint(0, 4))
    return tuple(OutputFile(f"output/{stem}{kind}", rng.randint(0, 10**7),
                            kind in (".png", ".svg")) for kind in kinds)


def _result(rng: random.Random, shape: str, stem: str) -> ExecutionResult | None:
    if shape == "never ran":
        return None
    files = _files(rng, stem)
    table = {"columns": ["month", rng.choice(NAMES)], "index": [0, 1],
             "data": [["2026-01", rng.uniform(-1e6, 1e9)], ["2026-02", None]],
             "rows_total": 2, "truncated": False}
    common = {"stdout": f"{rng.choice(NAMES)}\n" * rng.randint(0, 3), "files": files,
              "duration_s": round(rng.uniform(0, 30), 3)}
    if shape == "failed":
        return ExecutionResult(stderr="Traceback ...", error=ExecutionError(
            "KeyError", repr(rng.choice(NAMES)), "Traceback (most recent call last): ..."),
            **common)
    if shape == "timed out":
        notices = (Notice("timeout_restarted", {"seconds": rng.choice([60, 0.5, 1])}),
                   Notice("lost", {"earlier": rng.randint(0, 30), "when": "during"}))
        return ExecutionResult(timed_out=True, restarted=True, notice="Stopped after 60 s.",
                               notices=notices, **common)
    if shape == "out of memory":
        return ExecutionResult(out_of_memory=True, restarted=True, **common)
    if shape == "interrupted":
        return ExecutionResult(interrupted=True, notice="Stopped at your request.",
                               notices=(Notice("stopped"),))
    return ExecutionResult(value=DisplayValue(text="<table>", table=table), **common)


def _figures(rng: random.Random) -> StepFigures:
    name = rng.choice(NAMES)
    return StepFigures(
        recipe=rng.choice(["kpi_summary", "top_n", "period_dynamics"]), title=name,
        figures={"total": rng.uniform(-1e9, 1e9), "orders": float(rng.randint(0, 10**6))},
        notes=tuple(rng.sample(NAMES, 2)),
        head=tuple({name: rng.uniform(0, 1e6), "month": "2026-03"} for _ in range(3)),
        tail=({name: 1.5, "month": "2026-04"},), rows=rng.randint(0, 10**6),
        definition=f"{name} = sum of rows")


def _origin(rng: random.Random, kind: str) -> RecipeCall | QueryCall | ModelCode:
    name = rng.choice(NAMES)
    if kind == "recipe":
        return RecipeCall(rng.choice(["top_n", "kpi_summary", "abc_analysis", "pnl_summary"]),
                          {"amount": name, "by": rng.choice(NAMES), "n": rng.randint(1, 50),
                           "other": rng.choice([True, False]),
                           "opex": rng.sample(NAMES, 2), "currency": rng.choice(["грн", "$", None])},
                          rng.choice(LANGUAGES))
    if kind == "query":
        return QueryCall({"table": "input/sales.parquet", "measures": [{"column": name,
                          "agg": "sum"}], "group_by": [rng.choice(NAMES)],
                          "filters": [{"column": "Регіон", "op": "in", "values": ["Київ"]}],
                          "limit": rng.randint(1, 100)})
    return ModelCode(rng.choice([None, "top_n", "kpi_summary"]))


def generated_steps(seed: int = 7, count: int = 60) -> Iterator[Step]:
    """`count` steps covering every origin × outcome, the rest drawn at random."""
    rng = random.Random(seed)
    origins = ["recipe", "query", "model"]
    shapes = ["ok", "failed", "timed out", "out of memory", "interrupted", "never ran"]
    for i in range(count):
        kind, shape = origins[i % 3], shapes[(i // 3) % len(shapes)]
        stem = rng.choice(["revenue", "виручка_по_місяцях", "销售", "top_10 items"]) + str(i)
        result = _result(rng, shape, stem)
        yield Step(
            number=i + 1, description=f"{rng.choice(NAMES)} by {rng.choice(NAMES)}",
            code=f"# {rng.choice(NAMES)}\nimport recipes\nprint({i})\n",
            result=result, origin=_origin(rng, kind),
            figures=_figures(rng) if shape == "ok" and kind != "model" else None,
            artifacts=tuple(FileHash(f.path, _hex(rng)) for f in result.files) if result else (),
            inputs=tuple(FileHash(f"input/{t}.parquet", _hex(rng))
                         for t in rng.sample(["sales", "продажі", "销售", "q1_2026"], rng.randint(0, 2))),
        )


def generated_answers(seed: int = 7) -> list[Answer]:
    """Answers of 0 to 7 steps each, of both brains, answered or not."""
    rng = random.Random(seed)
    steps = list(generated_steps(seed))
    answers = []
    while steps or not answers:
        size = rng.randint(0, 7)  # 0: an answer without steps (no file yet, no model...)
        taken, steps = steps[:size], steps[size:]
        answers.append(Answer(
            question=rng.choice(["revenue by month", "Виручка по місяцях?", "销售额多少",
                                 "Standard report"]),
            text=f"{rng.choice(NAMES)}: 1\u00a0234,50 грн.\n\nSecond paragraph.",
            steps=tuple(taken), warnings=tuple(rng.sample(NAMES, rng.randint(0, 2))),
            brain=rng.choice(["offline", "llm"]), ok=rng.choice([True, False]),
            usage=rng.choice([{}, {"prompt_tokens": 1200, "completion_tokens": 80,
                                   "cost_usd": 0.0012}]),
            language=rng.choice(["", "en", "uk", "ru", "zh"])))
    return answers


def kept_and_read_back(answer: Answer, root: Path) -> tuple[Answer | None, Answer]:
    """`answer` once kept and read back by each record: the SQLite store (under
    root/data) and the workspace's answer log (under root/ws)."""
    from analyst.store import Store, workspace_state

    store = Store(root / "data")
    session = store.create_session("ann")
    store.add_message(session.id, "user", answer.question)
    store.add_answer(session.id, answer)
    (stored,) = [m.answer for m in Store(root / "data").messages(session.id)
                 if m.role == "assistant"]
    workspace_state.append_answer(root / "ws", answer)
    (logged,) = workspace_state.load_answers(root / "ws")
    return stored, logged


def run_here(code: str) -> ExecutionResult:
    """Our own generated `code` run in this process, its figures handed over as the kernel
    does (`send_figures`: the last call's, through JSON), for tests that need no sandbox."""
    sent: list[dict] = []
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {FIGURES_FUNCTION: sent.append})  # noqa: S102 - our own generated code
    figures = json.loads(json.dumps(sent[-1], default=str, ensure_ascii=False)) if sent else None
    return ExecutionResult(stdout=out.getvalue(), figures=figures)
