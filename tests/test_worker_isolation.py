"""Two pytest-xdist workers never share what a test owns (issue 28, point 4): each test's
data folder, each sandbox kernel's user, each server's port.

A generated test file runs on two workers; each of its tests opens a local sandbox session
in its own `tmp_path`, asks the kernel who it runs as, takes a free port (as the app
tests do for their servers), and writes what it got to a shared folder. Then: both workers
ran, and no two tests got the same folder, kernel user or port.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

GENERATED = '''
    import json, os, time
    from pathlib import Path

    import pytest

    from sandbox import Workspace, open_session
    from tests.app.server import free_port

    @pytest.mark.parametrize("n", range(6))
    def test_owns(n, tmp_path):
        port = free_port()
        with open_session(Workspace(tmp_path / "ws").ensure(), backend="local") as session:
            done = session.run("import os; print(os.getuid())", timeout=120)
            assert done.ok, done.error
            time.sleep(0.3)  # overlap with the other worker's tests
            record = {"worker": os.environ["PYTEST_XDIST_WORKER"], "tmp": str(tmp_path),
                      "kernel_uid": int(done.stdout.split()[-1]), "port": port}
        out = Path(os.environ["ISOLATION_OUT"])
        (out / f"{n}.json").write_text(json.dumps(record))
'''


def test_two_workers_share_no_folder_user_or_port(tmp_path):
    test_file = tmp_path / "test_generated_isolation.py"
    test_file.write_text(textwrap.dedent(GENERATED), encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    env = {**os.environ, "ISOLATION_OUT": str(out), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
         "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path),
         "--basetemp", str(tmp_path / "base"), str(test_file)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    records = [json.loads(p.read_text()) for p in sorted(out.glob("*.json"))]
    assert len(records) == 6
    assert {r["worker"] for r in records} == {"gw0", "gw1"}
    for key in ("tmp", "port"):
        assert len({r[key] for r in records}) == 6, (key, records)
    for record in records:  # each worker's folders under its own base
        assert f"popen-{record['worker']}" in record["tmp"], record
    if os.geteuid() == 0:  # as root every kernel runs as a user of its own
        assert len({r["kernel_uid"] for r in records}) == 6, records
        assert all(r["kernel_uid"] != 0 for r in records)
