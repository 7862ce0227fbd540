"""Keeping what the model reads short and to the point."""

from __future__ import annotations

from analyst.agent.context import fit_messages, format_result, trim_traceback, truncate_middle
from sandbox import DisplayValue, ExecutionError, ExecutionResult, OutputFile

TRACEBACK = "Traceback (most recent call last):\n" + "".join(
    f'  File "<step 1>", line {n}, in f{n}\n    f{n + 1}()\n' for n in range(1, 8)
) + "KeyError: 'Revenue'\n"


def test_long_text_keeps_head_and_tail_and_says_how_much_was_cut():
    text = "H" * 5000 + "T" * 5000
    cut = truncate_middle(text, 1200)
    assert cut.startswith("H" * 800) and cut.endswith("T" * 400)
    assert "8,800 characters cut" in cut
    assert truncate_middle("short", 1200) == "short"


def test_a_traceback_keeps_its_last_frames_and_the_error():
    trimmed = trim_traceback(TRACEBACK)
    assert trimmed.count('  File "') == 3
    assert "4 earlier frames omitted" in trimmed
    assert trimmed.endswith("KeyError: 'Revenue'")


def test_a_result_reads_as_status_output_value_files_error():
    result = ExecutionResult(
        stdout="rows: 5\n", value=DisplayValue("42"), duration_s=0.25,
        files=(OutputFile("output/chart.png", 100, True),),
    )
    assert format_result(result, 2000) == (
        "status: ok (0.25 s)\nstdout:\nrows: 5\nvalue of the last expression:\n42\n"
        "files written: output/chart.png"
    )
    failed = format_result(ExecutionResult(error=ExecutionError("KeyError", "'Revenue'",
                                                                TRACEBACK)), 2000)
    assert failed.startswith("status: failed") and "KeyError: 'Revenue'" in failed
    silent = format_result(ExecutionResult(), 2000)
    assert "print()" in silent


def test_fitting_keeps_the_system_prompt_and_question_and_drops_old_material_first():
    messages = [
        {"role": "system", "content": "SYSTEM " * 50},
        {"role": "user", "content": "old question " + "q" * 4000},
        {"role": "assistant", "content": "old answer " + "a" * 4000},
        {"role": "user", "content": "Now?"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "1"}, {"id": "2"}]},
        {"role": "tool", "tool_call_id": "1", "content": "first output\n" + "x" * 4000},
        {"role": "tool", "tool_call_id": "2", "content": "latest output\n" + "y" * 400},
    ]
    fitted = fit_messages(messages, budget_tokens=900)
    assert fitted[0] == messages[0]
    assert [m["role"] for m in fitted] == ["system", "user", "assistant", "tool", "tool"]
    assert fitted[1]["content"] == "Now?"
    assert fitted[3]["content"].startswith("[Output of this earlier step removed")
    assert "first output" in fitted[3]["content"]
    assert fitted[4] == messages[6]
    assert fit_messages(messages, budget_tokens=100_000) == messages
