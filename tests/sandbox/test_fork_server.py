"""The local backend's fork server (sandbox/forkserver.py, sandbox/zygote.py): every local
kernel is a fork of one process that imported pandas and matplotlib once, and yet each
session starts as if it were a new program: nothing one session changes reaches the next,
no descriptor of the server or the host reaches a kernel, the random state is its own, and
a server that dies is replaced."""

from __future__ import annotations

import json
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from sandbox import SandboxUnavailable, Workspace, open_session, zygote
from sandbox.local import _server_env
from tests.sandbox.conftest import TEST_LIMITS

# What the kernel's process holds, read from inside a step (before any import of its own).
LOOK = """
import json, os, sys
fds = sorted(int(n) for n in os.listdir('/proc/self/fd'))
targets = {n: os.readlink(f'/proc/self/fd/{n}') for n in fds if os.path.exists(f'/proc/self/fd/{n}')}
print(json.dumps({'warm': 'pandas' in sys.modules and 'matplotlib.pyplot' in sys.modules,
                  'pid': os.getpid(), 'ppid': os.getppid(), 'targets': targets,
                  'uid': os.getuid()}))
"""


def _look(workspace: Workspace) -> dict:
    with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
        result = session.run(LOOK)
        assert result.ok, result
        return json.loads(result.stdout)


def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def test_kernels_are_warm_forks_of_one_server(tmp_path: Path) -> None:
    seen = [_look(Workspace(tmp_path / f"ws{n}").ensure()) for n in range(3)]
    assert all(each["warm"] for each in seen), "pandas and pyplot were not imported already"
    server = zygote.zygote(_server_env())
    # kernel -> keeper -> the server: the keepers are gone now, so ask about a live one.
    with open_session(Workspace(tmp_path / "live").ensure(), backend="local",
                      limits=TEST_LIMITS) as session:
        live = json.loads(session.run(LOOK).stdout)
        assert _parent(live["ppid"]) == server._proc.pid
    assert len({each["pid"] for each in seen}) == 3


def test_a_kernel_holds_no_descriptor_but_its_own(tmp_path: Path) -> None:
    """Only /dev/null, its log and the two ends to its keeper: not the server's control
    socket, not a status socket, not the keeper's channel to the host."""
    targets = _look(Workspace(tmp_path / "ws").ensure())["targets"]
    kinds = sorted("pipe" if t.startswith("pipe:") else "socket" if t.startswith("socket:") else t
                   for n, t in targets.items() if int(n) > 2)
    assert kinds == ["pipe", "socket"], targets
    assert targets["0"] == targets["1"] == "/dev/null"
    assert targets["2"].endswith(".kernel.log"), targets


def test_what_a_session_changes_in_the_shared_modules_stays_in_it(tmp_path: Path) -> None:
    first, second = (Workspace(tmp_path / name).ensure() for name in ("a", "b"))
    with open_session(first, backend="local", limits=TEST_LIMITS) as session:
        assert session.run("import pandas as pd, matplotlib\n"
                           "pd.Series.sum = lambda self, *a, **k: -1\n"
                           "matplotlib.rcParams['figure.dpi'] = 7\n"
                           "import builtins; builtins.planted = 'first'\n").ok
        assert session.run("pd.Series([1, 2]).sum()").value.text == "-1"
    with open_session(second, backend="local", limits=TEST_LIMITS) as session:
        after = session.run("import pandas as pd, matplotlib, builtins\n"
                            "(int(pd.Series([1, 2]).sum()), matplotlib.rcParams['figure.dpi'],"
                            " hasattr(builtins, 'planted'))")
        assert after.value.text == "(3, 100.0, False)", after


def test_each_session_draws_its_own_random_numbers(tmp_path: Path) -> None:
    draws = set()
    for n in range(4):
        with open_session(Workspace(tmp_path / f"ws{n}").ensure(), backend="local",
                          limits=TEST_LIMITS) as session:
            result = session.run("import numpy as np, random\n"
                                 "(float(np.random.rand()), random.random())")
            draws.add(result.value.text)
    assert len({d.split(",")[0] for d in draws}) == 4, draws  # numpy's
    assert len({d.split(",")[1] for d in draws}) == 4, draws  # Python's


def test_charts_draw_with_the_servers_fonts(tmp_path: Path) -> None:
    with open_session(Workspace(tmp_path / "ws").ensure(), backend="local",
                      limits=TEST_LIMITS) as session:
        result = session.run("import matplotlib.pyplot as plt\n"
                             "from matplotlib import font_manager\n"
                             "fig, ax = plt.subplots(); ax.bar(['a', 'б', '数'], [1, 2, 3])\n"
                             "fig.savefig('output/c.png')\n"
                             "len(font_manager.fontManager.ttflist) > 0")
        assert result.ok and result.value.text == "True", result
        assert (tmp_path / "ws" / "output" / "c.png").stat().st_size > 1000


def test_a_server_that_died_is_replaced_and_no_session_is_lost_to_it(tmp_path: Path) -> None:
    workspace = Workspace(tmp_path / "ws").ensure()
    _look(workspace)
    before = zygote.zygote(_server_env())
    with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
        assert session.run("x = 41").ok
        os.kill(before._proc.pid, signal.SIGKILL)
        before._proc.wait()
        # The running session's keeper is not the server: it answers on.
        assert session.run("x + 1").value.text == "42"
    again = _look(workspace)
    assert again["warm"]
    assert zygote.zygote(_server_env()) is not before


def test_a_keeper_that_cannot_start_is_said_plainly(tmp_path: Path) -> None:
    server = zygote.zygote(_server_env())
    request = zygote.Request(cwd=str(tmp_path / "no such folder"), env={}, keeper=[],
                             kernel=[])
    log = os.open(tmp_path / "log", os.O_WRONLY | os.O_CREAT, 0o600)
    started = time.monotonic()
    try:
        with pytest.raises(SandboxUnavailable, match="Cannot start the local Python kernel: "
                                                     "FileNotFoundError"):
            server.launch(request, log)
    finally:
        os.close(log)
    assert time.monotonic() - started < 10


def test_sessions_started_at_once_each_get_their_own_kernel(tmp_path: Path) -> None:
    """Streamlit starts sessions from many threads: one server serves them all."""
    def one(n: int) -> tuple[int, str]:
        with open_session(Workspace(tmp_path / f"ws{n}").ensure(), backend="local",
                          limits=TEST_LIMITS) as session:
            result = session.run(f"import os\nx = {n}\n(os.getpid(), x * 2)")
            assert result.ok, result
            pid, double = result.value.text.strip("()").split(", ")
            return int(pid), double

    with ThreadPoolExecutor(6) as pool:
        seen = list(pool.map(one, range(6)))
    assert [double for _, double in seen] == [str(n * 2) for n in range(6)]
    assert len({pid for pid, _ in seen}) == 6
