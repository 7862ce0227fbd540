"""Step records from before `send_figures` still show their figures; records written since
never take figures from what their step printed.

Before, a step's figures were its last stdout line `ANALYST_FIGURES {json}`; its stored
result has no "figures" key. Such a record is read from that line when it is loaded
(`analyst.record.legacy.old_figures`, the one reader of the old form). A result written
since has the key (None when the step sent nothing), and its stdout is only output.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from analyst.record import ModelCode, QueryCall, RecipeCall, Step
from analyst.record.origin import origin_to_dict
from sandbox import ExecutionResult

OLD = "ANALYST_FIGURES"
LABELS = ["North", "Північ", "Север", "北方", "quote ' \" marks", "line\u2028break", "tab\there"]


def figures(rng: random.Random) -> dict[str, Any]:
    """A figures object as a recipe or a query step sends (and once printed)."""
    label = rng.choice(LABELS)
    return {"recipe": rng.choice(["top_n", "kpi_summary", "query", "data_overview"]),
            "title": f"Top {label}", "figures": {"total": rng.uniform(-1e6, 1e6), "n": rng.randint(0, 99)},
            "notes": [], "head": [{"Region": label, "Revenue": rng.randint(0, 10**6)}],
            "tail": [], "rows": rng.randint(1, 500), "definition": "", "query": {"table": "t"}}


def printed(rng: random.Random, data: dict[str, Any]) -> str:
    """The output of a step of then: rows, the figures line, maybe a refusal-free tail."""
    rows = "\n".join(f"{rng.choice(LABELS)}  {rng.randint(0, 99)}" for _ in range(rng.randint(0, 5)))
    line = f"{OLD} {json.dumps(data, default=str, ensure_ascii=rng.choice([True, False]))}"
    return f"{rows}\n{line}\n" if rng.random() < 0.5 else f"{rows}\n{line}"


def record(rng: random.Random, result: dict[str, Any], with_origin: bool) -> dict[str, Any]:
    data: dict[str, Any] = {"number": 1, "description": "Step", "code": "", "result": result}
    if with_origin:
        data["origin"] = origin_to_dict(rng.choice([RecipeCall("top_n", {}), QueryCall({"table": "t"}),
                                                     ModelCode()]))
    else:
        data["recipe"] = "top_n"
    return data


@pytest.mark.parametrize("seed", range(8))
def test_an_old_record_shows_the_figures_its_step_printed(seed: int) -> None:
    rng = random.Random(seed)
    data = figures(rng)
    old = record(rng, {"ok": True, "stdout": printed(rng, data)}, with_origin=rng.random() < 0.5)
    if "origin" in old and rng.random() < 0.5:
        old["figures"] = {"recipe": data["recipe"], "figures": {}}  # kept, but less than printed
    step = Step.from_dict(json.loads(json.dumps(old)))
    assert step.figures is not None
    assert step.figures.figures == pytest.approx(data["figures"]) and step.figures.head == tuple(data["head"])
    # Written again today and read back: the same figures, now from the record itself.
    again = Step.from_dict(json.loads(json.dumps(step.to_dict(), default=str)))
    assert again.figures == step.figures


@pytest.mark.parametrize("seed", range(8))
def test_a_record_written_since_never_reads_its_output(seed: int) -> None:
    rng = random.Random(seed)
    forged, sent = figures(rng), rng.choice([None, figures(rng)])
    result = ExecutionResult(stdout=printed(rng, forged), figures=sent)
    step = Step.from_dict(json.loads(json.dumps(record(rng, result.to_dict(), with_origin=True))))
    assert step.figures is None  # the record kept none: the printed line is not believed
    stored = record(rng, result.to_dict(), with_origin=True)
    stored["figures"] = sent
    step = Step.from_dict(json.loads(json.dumps(stored)))
    assert (step.figures is None) == (sent is None)
    if step.figures is not None and sent is not None:
        assert step.figures.figures == pytest.approx(sent["figures"])


def test_a_failed_old_step_or_an_unreadable_line_has_no_figures() -> None:
    rng = random.Random(1)
    line = f"{OLD} {json.dumps(figures(rng))}"
    for result in ({"ok": False, "stdout": line, "error": {"name": "E", "message": "", "traceback": ""}},
                   {"ok": True, "stdout": f"{OLD} {{not json"}, {"ok": True, "stdout": f"{OLD} [1, 2]"},
                   {"ok": True, "stdout": "no figures here"}):
        assert Step.from_dict(record(rng, result, with_origin=False)).figures is None
