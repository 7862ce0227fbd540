"""Issue 14, point 8: the local backend of an app running as root, attacked from inside.

Each session's kernel runs under a uid of its own: its code cannot read another session's
workspace or the app's database (through `..`, absolute paths or /proc), cannot write into
another session's folders, cannot leave a process behind after `close()` (not even a
`setsid` or double-forked one), and is bounded by RLIMIT_NPROC. A checkout in a folder
closed to other users still works; Python in such a folder fails with a message naming it.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from analyst.store import Store
from sandbox import Limits, open_session
from sandbox.local_user import SHARED_GID, _dead, _pids, _uids_of, is_session_uid
from tests.sandbox.conftest import TEST_LIMITS

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="only a root app switches users")
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture()
def two_sessions(tmp_path):
    """Two sessions of one app's store, each with an upload and an output file."""
    store = Store(tmp_path / "data")
    ids = [store.create_session("owner", t).id for t in ("mine", "theirs")]
    roots = [store.workspace_dir(i) for i in ids]
    sessions = []
    for root, secret in zip(roots, ("mine", "THEIR-SECRET-ROWS"), strict=True):
        session = open_session(root, backend="local", limits=TEST_LIMITS)
        session.start()
        (root / "input" / "sales.csv").write_text(f"region,revenue\n{secret},1\n")
        sessions.append(session)
    assert sessions[1].run("open('output/result.csv', 'w').write('theirs')").ok
    yield store, roots, sessions
    for session in sessions:
        session.close()


def attempts(other: Path, db: Path) -> list[str]:
    rel = f"../{other.name}"
    return [
        f"open('{rel}/input/sales.csv').read()",
        f"open({str(other / 'input' / 'sales.csv')!r}).read()",
        f"open('/proc/self/cwd/{rel}/input/sales.csv').read()",
        f"open('{rel}/output/result.csv').read()",
        f"open('{rel}/output/planted.csv', 'w').write('x')",
        f"open('{rel}/.sandbox/kernel.sock.planted', 'w').write('x')",
        f"import os\nos.listdir({str(other)!r})",
        f"import os\nos.listdir('{rel}')",
        "open('../../analyst.db', 'rb').read()",
        f"open({str(db)!r}, 'rb').read()",
        f"import sqlite3\nsqlite3.connect({str(db)!r}).execute('select * from sessions').fetchall()",  # noqa: S608
        f"open({str(other / '.artifacts')!r} + '/x', 'w')",
        "import os\nos.chmod('.', 0o777)",
        "import os\nos.rename('input', 'mine')",
        "open('.kernel.log', 'w').write('forged')",
    ]


def test_one_session_cannot_reach_another_or_the_apps_database(two_sessions):
    store, roots, sessions = two_sessions
    mine, theirs = roots
    for code in attempts(theirs, store.db_path):
        result = sessions[0].run(code)
        assert not result.ok and result.error.name in (
            "PermissionError", "FileNotFoundError", "OperationalError", "OSError"), (code, result)
        assert "THEIR-SECRET" not in result.stdout + str(result.value)
    assert sorted(p.name for p in (theirs / "output").iterdir()) == ["result.csv"]
    assert (theirs / "output" / "result.csv").read_text() == "theirs"
    assert sessions[1].run("print(open('input/sales.csv').read())").stdout.startswith("region")


def test_modes_close_the_data_folder_the_database_and_each_workspace(two_sessions):
    store, roots, sessions = two_sessions
    assert stat.S_IMODE(os.stat(store.data_dir).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(store.db_path).st_mode) == 0o600
    uids = set()
    for root, session in zip(roots, sessions, strict=True):
        info = os.stat(root)
        assert info.st_uid == 0 and stat.S_IMODE(info.st_mode) == 0o750
        owner = os.stat(root / "output")
        assert is_session_uid(owner.st_uid) and stat.S_IMODE(owner.st_mode) == 0o700
        assert info.st_gid == owner.st_gid  # the root's group is this session's alone
        assert stat.S_IMODE(os.stat(root / ".artifacts").st_mode) == 0o700
        uid = json.loads(session.run("import os, json\nprint(json.dumps(os.getuid()))").stdout)
        assert uid == owner.st_uid
        uids.add(uid)
    assert len(uids) == 2


ESCAPERS = {
    "setsid": "import subprocess\nsubprocess.Popen(['setsid', 'sleep', '1000'])",
    "double fork": ("import os, time\n"
                    "if os.fork() == 0:\n    os.setsid()\n"
                    "    if os.fork() == 0:\n        time.sleep(1000)\n    os._exit(0)\n"),
    "nohup and a new group": ("import subprocess\n"
                              "subprocess.Popen(['nohup', 'sleep', '1000'], process_group=0,"
                              " stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)"),
    "a thread that forks later": ("import os, threading, time\n"
                                  "def later():\n    time.sleep(0.2)\n"
                                  "    if os.fork() == 0:\n        os.setsid(); time.sleep(1000)\n"
                                  "threading.Thread(target=later, daemon=True).start()"),
}


def processes_of(uid: int) -> list[int]:
    """Living processes of `uid`: a zombie has ended (it waits for PID 1 to reap it)."""
    return [pid for pid in _pids() if uid in _uids_of(pid) and not _dead(pid)]


@pytest.mark.parametrize("escape", list(ESCAPERS))
def test_no_process_of_a_session_outlives_close(workspace, escape):
    session = open_session(workspace, backend="local", limits=TEST_LIMITS)
    started = session.run(ESCAPERS[escape] + "\nimport time\ntime.sleep(0.4)\nimport os\nos.getuid()")
    assert started.ok and not started.restarted, started
    uid = int(started.value.text)
    assert len(processes_of(uid)) >= 2, started  # the kernel and what escaped its process group
    session.close()
    time.sleep(0.2)
    assert processes_of(uid) == []


def test_a_fork_bomb_is_bounded_by_rlimit_nproc_and_the_session_goes_on(workspace):
    limits = Limits(**{**TEST_LIMITS.__dict__, "pids": 64})
    with open_session(workspace, backend="local", limits=limits) as session:
        nproc = session.run("import resource\nresource.getrlimit(resource.RLIMIT_NPROC)")
        assert nproc.value.text == "(64, 64)"
        bomb = session.run(
            "import os\nmade = 0\n"
            "for _ in range(500):\n"
            "    try:\n        pid = os.fork()\n    except OSError:\n        break\n"
            "    if pid == 0:\n        import time; time.sleep(30); os._exit(0)\n"
            "    made += 1\n"
            "made", timeout=30)
        assert bomb.ok and int(bomb.value.text) < 64, bomb
        uid = int(session.run("import os\nos.getuid()").value.text)
    time.sleep(0.2)
    assert processes_of(uid) == []


def test_a_checkout_in_a_folder_closed_to_other_users_still_runs(tmp_path):
    closed = Path(tempfile.mkdtemp(prefix="analyst-closed-"))  # 0700, root's
    try:
        shutil.copytree(REPO / "sandbox", closed / "checkout" / "sandbox")
        code = ("import sys\nfrom sandbox import open_session\n"
                f"with open_session({str(tmp_path / 'ws')!r}, backend='local') as s:\n"
                "    r = s.run('import pandas\\nprint(pandas.DataFrame({\"a\": [1, 2]}).a.sum())')\n"
                "print(r.stdout.strip(), r.error)\n")
        done = subprocess.run([sys.executable, "-c", code], cwd=closed / "checkout",
                              capture_output=True, text=True, timeout=120, check=False,
                              env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    finally:
        shutil.rmtree(closed)
    assert done.returncode == 0 and done.stdout.strip() == "3 None", done.stdout + done.stderr


def test_python_in_a_closed_folder_is_refused_with_that_folder_named(tmp_path):
    closed = Path(tempfile.mkdtemp(prefix="analyst-closed-python-"))
    try:
        (closed / "bin").mkdir()
        (closed / "bin" / "python").symlink_to(os.path.realpath(sys.executable))
        code = ("import sys\nsys.path.insert(0, " + repr(str(REPO)) + ")\n"
                "from sandbox import open_session, SandboxUnavailable\n"
                "try:\n"
                f"    open_session({str(tmp_path / 'ws')!r}, backend='local').start()\n"
                "except SandboxUnavailable as exc:\n    print(exc)\n")
        done = subprocess.run([str(closed / "bin" / "python"), "-c", code], capture_output=True,
                              text=True, timeout=120, check=False)
    finally:
        shutil.rmtree(closed)
    assert f"the folder {closed} is closed to other users" in done.stdout, done.stdout + done.stderr
    assert f"g:{SHARED_GID}:x" in done.stdout
