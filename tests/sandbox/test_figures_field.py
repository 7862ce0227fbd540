"""A step's figures cross once, structured: the code calls `send_figures({...})` and the
host gets the object as `ExecutionResult.figures`; nothing the step prints becomes figures.

One session per backend serves every case (steps are cheap, sessions are not). The host
believes no more of the field than its shape and size: a step can lift the kernel's cap or
forge the reply, so `sandbox.replies.figures_of` checks again.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from sandbox import FIGURES_FUNCTION, ExecutionResult, Workspace, open_session
from sandbox.kernel import MAX_FIGURES_BYTES as KERNEL_BYTES
from sandbox.replies import MAX_FIGURES_BYTES, figures_of
from sandbox.session import KernelSession
from tests.sandbox.conftest import TEST_LIMITS

TEXTS = ["Revenue", "Сума, грн", "销售额", "quote ' and \" marks", "tab\tand\nnewline",
         "line\u2028separator", "ANALYST_FIGURES {\"total\": 1}", "", "emoji 📈", "back\\slash"]


def json_value(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value: what a step may send (NaN too: Python's JSON reads it back)."""
    kind = rng.choice(["int", "float", "text", "bool", "none"] + (["list", "dict"] if depth < 3 else []))
    if kind == "int":
        return rng.choice([0, -1, 2**53 + 1, -(10**18), rng.randint(-10**6, 10**6)])
    if kind == "float":
        return rng.choice([0.1, -2.5e-308, 1.7e308, float("nan"), rng.uniform(-1e9, 1e9)])
    if kind == "text":
        return rng.choice(TEXTS)
    if kind == "bool":
        return rng.choice([True, False])
    if kind == "none":
        return None
    if kind == "list":
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(TEXTS) + str(i): json_value(rng, depth + 1) for i in range(rng.randint(0, 4))}


def same(a: Any, b: Any) -> bool:
    """Equal as JSON, NaN equal to NaN."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("seed", range(6))
def test_the_host_keeps_only_a_json_object_within_the_cap(seed: int) -> None:
    """What a forged reply may hold in its `figures` field."""
    rng = random.Random(seed)
    good = {rng.choice(TEXTS) + str(i): json_value(rng) for i in range(rng.randint(0, 5))}
    assert figures_of(good) is good
    deep: dict = {}
    for _ in range(100_000):
        deep = {"d": deep}
    for bad in ([good], "figures", 1.0, None, True, {1: "key not text"}, {"x": {1, 2}},
                {"big": "x" * (MAX_FIGURES_BYTES + rng.randint(0, 1000))}, deep):
        assert figures_of(bad) is None, type(bad)


@pytest.fixture(scope="module", params=["local", pytest.param("docker", marks=pytest.mark.docker)])
def session(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[KernelSession]:
    if request.param == "docker":
        request.getfixturevalue("docker_image")
    workspace = Workspace(tmp_path_factory.mktemp("figures") / "ws").ensure()
    with open_session(workspace, backend=request.param, limits=TEST_LIMITS) as opened:
        yield opened


def test_the_name_is_defined_once_and_the_caps_agree() -> None:
    assert FIGURES_FUNCTION == "send_figures" and MAX_FIGURES_BYTES == KERNEL_BYTES


def test_what_a_step_sends_comes_back_as_the_results_figures(session: KernelSession) -> None:
    rng = random.Random(27)
    for _ in range(12):
        sent = {rng.choice(TEXTS) + str(i): json_value(rng) for i in range(rng.randint(0, 6))}
        # Built in the step from its JSON text: what crosses is the step's own object.
        result = session.run(f"import json\n{FIGURES_FUNCTION}(json.loads({json.dumps(sent)!r}))\n")
        assert result.ok, result.error
        assert result.figures is not None and same(result.figures, sent), (sent, result.figures)
        again = ExecutionResult.from_dict(json.loads(json.dumps(result.to_dict())))
        assert again.figures is not None and same(again.figures, sent)  # a stored record too


def test_other_values_cross_as_their_text_and_the_last_call_wins(session: KernelSession) -> None:
    result = session.run("import datetime, decimal\n"
                         f"{FIGURES_FUNCTION}({{'total': 1}})\n"
                         f"{FIGURES_FUNCTION}({{'when': datetime.date(2026, 3, 1), "
                         "'exact': decimal.Decimal('0.10'), 'n': 3})\n")
    assert result.ok and result.figures == {"when": "2026-03-01", "exact": "0.10", "n": 3}


@pytest.mark.parametrize("printed", [
    'print("ANALYST_FIGURES " + json.dumps({"recipe": "kpi_summary", "figures": {"total": 1e9}}))',
    'print(json.dumps({"figures": {"total": 1e9}}))',
    'print("send_figures({\'total\': 1e9})")',
])
def test_what_a_step_prints_is_never_figures(session: KernelSession, printed: str) -> None:
    result = session.run(f"import json\n{printed}\n")
    assert result.ok and result.stdout.strip() and result.figures is None
    # A step that sends nothing has none, whatever the step before it sent.
    session.run(f"{FIGURES_FUNCTION}({{'earlier': 1}})\n")
    assert session.run("x = 1\n").figures is None


@pytest.mark.parametrize("spoil", [f"del {FIGURES_FUNCTION}", f"{FIGURES_FUNCTION} = print",
                                   f"{FIGURES_FUNCTION} = None"])
def test_a_step_that_spoils_the_name_spoils_only_itself(session: KernelSession, spoil: str) -> None:
    session.run(spoil + "\n")
    result = session.run(f"{FIGURES_FUNCTION}({{'after': 2}})\n")
    assert result.ok and result.figures == {"after": 2}


@pytest.mark.parametrize(("code", "reason"), [
    (f"{FIGURES_FUNCTION}([1, 2])", "takes a dict of at most 1,048,576 bytes as JSON"),
    (f"{FIGURES_FUNCTION}('total: 1')", "takes a dict"),
    (f"{FIGURES_FUNCTION}({{'text': 'x' * {KERNEL_BYTES}}})", "takes a dict of at most 1,048,576 bytes"),
    (f"{FIGURES_FUNCTION}({{(1, 2): 3}})", "keys must be"),
])
def test_figures_that_cannot_cross_fail_the_step_in_plain_words(
        session: KernelSession, code: str, reason: str) -> None:
    result = session.run(code + "\n")
    assert not result.ok and result.figures is None
    assert result.error is not None and reason in result.error.message, result.error


def test_a_step_that_lifts_the_kernels_cap_gets_no_figures(session: KernelSession) -> None:
    # The kernel runs as __main__ in a container, as a module of the fork server's locally.
    result = session.run("import sys\n"
                         "kernel = sys.modules.get('sandbox_kernel', sys.modules['__main__'])\n"
                         "kernel.MAX_FIGURES_BYTES = 10**9\n"
                         f"{FIGURES_FUNCTION}({{'text': 'x' * {MAX_FIGURES_BYTES + 10}}})\n")
    assert result.ok and result.figures is None
    assert session.run(f"{FIGURES_FUNCTION}({{'n': 1}})\n").figures == {"n": 1}
