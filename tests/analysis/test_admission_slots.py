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
for lease in leases:
    with lease.question(timeout_s=5):
        pass
    lease.busy = True  # hold them busy: never paused
    a._write_state(lease)
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
