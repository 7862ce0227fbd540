"""The first steps of a fresh session, while pandas and matplotlib are still being imported.

The kernel pre-imports them in a background thread, and matplotlib starts a timer thread of
its own while it builds its font cache (a fresh home each local session). A step that ends
meanwhile must not be taken for one that left a thread running: that restart lost the
step's variables (`x = 41` was gone at the next step). A thread the step itself starts is
still caught, however early it runs.
"""

from __future__ import annotations

import pytest

from sandbox import open_session
from tests.sandbox.conftest import TEST_LIMITS

FIRST_STEPS = {
    "instant": "x = 41",
    "short sleep": "import time\ntime.sleep(0.05)\nx = 41",
    "sleep 0.4 s": "import time\ntime.sleep(0.4)\nx = 41",
    "sleep 1 s": "import time\ntime.sleep(1.0)\nx = 41",
    "imports pyplot itself": "import matplotlib.pyplot as plt\nx = 41",
    "imports pandas itself": "import pandas as pd\nx = int(pd.Series([40, 1]).sum())",
    "a child process": ("import subprocess\nsubprocess.run(['true'])\nimport time\n"
                        "time.sleep(0.3)\nx = 41"),
}


# What matplotlib does while it builds its font cache, made slow enough that every first
# step below ends before it: a package on the kernel's path (lib/ comes first) stands in.
SLOW_PRELOAD = """
import threading, time
_timer = threading.Timer(5, lambda: None)
_timer.start()
try:
    time.sleep(1.5)
finally:
    _timer.cancel()
"""


@pytest.mark.parametrize("first", list(FIRST_STEPS))
def test_a_first_step_ending_during_the_pre_import_keeps_its_variables(workspace, backend, first):
    (workspace.lib_dir / "pandas.py").write_text(SLOW_PRELOAD + "class Series(list):\n"
                                                 "    def sum(self):\n        return 41\n")
    with open_session(workspace, backend=backend, limits=TEST_LIMITS) as session:
        started = session.run(FIRST_STEPS[first].replace("import matplotlib.pyplot as plt", ""))
        assert started.ok and not started.restarted and started.notice is None, started
        assert session.run("x").value.text in ("41", "41.0"), "the first step's variable is gone"


@pytest.mark.parametrize("first", ["instant", "sleep 0.4 s", "imports pyplot itself"])
def test_a_fresh_sessions_first_step_keeps_its_variables(workspace, backend, first):
    with open_session(workspace, backend=backend, limits=TEST_LIMITS) as session:
        started = session.run(FIRST_STEPS[first])
        assert started.ok and not started.restarted and started.notice is None, started
        after = session.run("import matplotlib.pyplot as plt\nx + 1")
        assert after.ok and not after.restarted, after
        assert after.value.text == "42"


@pytest.mark.parametrize("delay", [0.0, 0.3])
def test_a_thread_the_first_step_leaves_running_is_still_caught(workspace, backend, delay):
    with open_session(workspace, backend=backend, limits=TEST_LIMITS) as session:
        left = session.run(
            "import threading, time\n"
            f"time.sleep({delay})\n"
            "threading.Thread(target=time.sleep, args=(30,), daemon=True).start()\n"
            "x = 41"
        )
        assert left.restarted and "thread" in (left.notice or ""), left
        assert session.run("x").error.name == "NameError"  # a fresh interpreter answers
