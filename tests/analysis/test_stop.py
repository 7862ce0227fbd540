"""The user's Stop: `Analysis.interrupt()` from another thread ends the running analysis."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from analyst.session.analysis import Analysis
from benchmarks.sales_data import write_sales_csv


def _from_another_thread(action) -> None:
    thread = threading.Thread(target=action)
    thread.start()
    thread.join()


def test_interrupting_a_standard_report_ends_the_stream_with_a_stopped_answer(tmp_path: Path):
    csv = write_sales_csv(tmp_path / "q1_sales.csv")
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.add_file(csv)
        full = [e for e in analysis.standard_report() if e.kind == "result"]
        assert len(full) >= 3  # enough steps that stopping after the first one shows

        events = []
        for event in analysis.standard_report():
            events.append(event)
            if event.kind == "result":
                _from_another_thread(analysis.interrupt)
        kinds = [e.kind for e in events]
        assert kinds.count("result") == 1 and kinds[-1] == "answer"
        stopped = events[-1].answer
        assert not stopped.ok and stopped.text == "Stopped before the end."
        assert len(stopped.steps) == 1 and stopped.steps[0].result.ok
        assert analysis.history[-1] == stopped

        # The next question runs normally: a stop is not remembered.
        again = list(analysis.ask("total revenue", brain="offline"))
        assert again[-1].answer.ok


def test_interrupting_a_running_step_returns_within_a_second_or_two(tmp_path: Path):
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        analysis.session.run("kept = 'still here'")
        timer = threading.Timer(0.5, analysis.interrupt)
        started = time.monotonic()
        timer.start()
        result = analysis.session.run("while True:\n    pass")
        assert time.monotonic() - started < 2.0
        assert result.interrupted and "variables are kept" in result.notice
        assert analysis.session.run("kept").value.text == "'still here'"
