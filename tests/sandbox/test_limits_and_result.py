import pytest

from sandbox import ExecutionError, ExecutionResult, Limits, SandboxError
from sandbox.result import bound_text


def test_limits_have_safe_defaults():
    limits = Limits.from_env({})
    assert limits.memory_bytes == 2 * 1024**3
    assert limits.idle_s == 30 * 60
    assert limits.step_timeout_s > 0 and limits.pids > 0 and limits.output_bytes > 0


def test_limits_read_the_documented_variables():
    limits = Limits.from_env({
        "ANALYST_SANDBOX_MEMORY": "512m", "ANALYST_SANDBOX_CPUS": "0.5",
        "ANALYST_SANDBOX_IDLE_MINUTES": "5", "ANALYST_SANDBOX_OUTPUT_SIZE": "1.5g",
        "ANALYST_SANDBOX_TIMEOUT": "30",
    })
    assert limits.memory_bytes == 512 * 1024**2
    assert limits.cpus == 0.5
    assert limits.idle_s == 300
    assert limits.output_bytes == int(1.5 * 1024**3)
    assert limits.step_timeout_s == 30


def test_a_bad_limit_names_the_variable_and_the_expected_form():
    with pytest.raises(SandboxError, match="ANALYST_SANDBOX_MEMORY.*512m"):
        Limits.from_env({"ANALYST_SANDBOX_MEMORY": "lots"})


def test_limits_describe_themselves_in_plain_words():
    assert "memory: 2 GB per session (no extra swap)" in Limits().describe()


def test_long_text_keeps_head_and_tail_and_says_how_much_was_cut():
    text = "A" * 1000 + "B" * 1000
    bounded = bound_text(text, 100)
    assert bounded.startswith("A" * 50) and bounded.endswith("B" * 50)
    assert "1,900 characters cut" in bounded


def test_result_is_ok_only_without_error_timeout_or_oom():
    assert ExecutionResult().ok
    assert not ExecutionResult(error=ExecutionError("KeyError", "'x'", "")).ok
    assert not ExecutionResult(timed_out=True).ok
    assert not ExecutionResult(out_of_memory=True).ok


def test_result_to_dict_is_json_ready_and_includes_ok():
    data = ExecutionResult(stdout="1\n").to_dict()
    assert data["ok"] is True and data["stdout"] == "1\n" and data["files"] == ()
