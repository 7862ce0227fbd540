"""The host's session slots: a limit honoured across two processes (real flock, real
processes), and an idle session paused for another only after PAUSE_AFTER_S."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from analyst.session.admission import Admission

ROOT = Path(__file__).resolve().parents[2]
HOLDER = """
import sys, time
from analyst.session.admission import Admission
a = Admission(sys.argv[1], int(sys.argv[2]))
leases = [a.lease(lambda: None) for _ in range(int(sys.argv[3]))]
for lease in leases:  # a question each, running: never paused, its place held
    assert lease.try_begin()
print("held", flush=True)
time.sleep(60)
"""


def test_the_limit_holds_across_two_processes(tmp_path: Path) -> None:
    for limit, other in ((2, 2), (3, 1), (4, 4)):
        folder = tmp_path / f"running{limit}"
        proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder), str(limit),  # noqa: S603
                                 str(other)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
            ours = Admission(folder, limit)
            free = limit - other
            for _ in range(free):
                with ours.lease(lambda: None).question(timeout_s=5):
                    pass
            extra = ours.lease(lambda: None)
            t0 = time.monotonic()
            try:
                with extra.question(timeout_s=1):
                    raise AssertionError("a slot beyond the limit was given")
            except TimeoutError:
                assert time.monotonic() - t0 >= 1
        finally:
            proc.kill()
            proc.wait()
        # The other process died: its slots are free at once (the OS dropped its locks).
        with Admission(folder, limit).lease(lambda: None).question(timeout_s=5):
            pass


def test_the_limits_are_settings_with_plain_problems() -> None:
    from analyst.session.admission_settings import default_limit
    from analyst.settings import KNOWN_SETTINGS, load_settings

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in ("ANALYST_MAX_RUNNING_SESSIONS", "ANALYST_PAUSE_IDLE_SECONDS"):
        assert name in KNOWN_SETTINGS and f"| `{name}` |" in readme
    for raw, limit in (("1", 1), ("3", 3), ("40", 40)):
        settings = load_settings(env={"ANALYST_MAX_RUNNING_SESSIONS": raw}, secrets={})
        assert (settings.max_running_sessions, settings.problems) == (limit, ())
    settings = load_settings(env={}, secrets={"ANALYST_MAX_RUNNING_SESSIONS": 5,
                                              "ANALYST_PAUSE_IDLE_SECONDS": "2.5"})
    assert (settings.max_running_sessions, settings.pause_idle_s) == (5, 2.5)
    assert load_settings(env={}, secrets={}).max_running_sessions == default_limit()
    for raw in ("0", "-2", "two", "1.5"):
        settings = load_settings(env={"ANALYST_MAX_RUNNING_SESSIONS": raw}, secrets={})
        assert settings.max_running_sessions == default_limit()
        assert len(settings.problems) == 1 and "ANALYST_MAX_RUNNING_SESSIONS" in settings.problems[0].english
        assert repr(raw) in settings.problems[0].english
    for raw in ("-1", "soon", "inf", "nan"):
        settings = load_settings(env={"ANALYST_PAUSE_IDLE_SECONDS": raw}, secrets={})
        assert settings.pause_idle_s == 30.0
        assert len(settings.problems) == 1 and "ANALYST_PAUSE_IDLE_SECONDS" in settings.problems[0].english
    # From memory: one session's room each (512 MB), at least 2; the cores set how many of
    # them run a question at once (`default_questions`), not how many keep their container.
    assert default_limit() >= 2
