"""The reader server lives as long as its owner: a process that read files and ends, in any
of the ways a program ends normally, leaves no reader behind and no ResourceWarning.

`python -m tests.sweep` used to end with "subprocess N is still running": the server was
only stopped when the interpreter's end closed its stdin, after the warning was written.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

OWNER = """
import os, sys
from pathlib import Path
from analyst.ingest import ingest_file, bounded

class Folder:
    input_dir = Path(sys.argv[1]) / "input"

files = int(sys.argv[3])
for number in range(files):
    path = Path(sys.argv[1]) / f"sales{number}.csv"
    path.write_text("Date,Region,Amount\\n2024-01-01,North,1.5\\n2024-01-02,South,2\\n")
    ingest_file(path, Folder())
if sys.argv[4] == "warm-only":
    bounded.warm()
for entry in os.listdir("/proc"):
    if entry.isdigit():
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        parent = next(line.split()[1] for line in status.splitlines() if line.startswith("PPid:"))
        if int(parent) == os.getpid():
            print("child", entry, flush=True)
ending = sys.argv[2]
if ending == "sys.exit":
    sys.exit(0)
if ending == "exception":
    raise SystemExit(3)
"""


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


@pytest.mark.parametrize("ending", ["falls off the end", "sys.exit", "exception"])
@pytest.mark.parametrize(("files", "how"), [(1, "read"), (3, "read"), (0, "warm-only")])
def test_the_reader_server_ends_with_its_owner_and_warns_of_nothing(
        tmp_path: Path, ending: str, files: int, how: str) -> None:
    done = subprocess.run([sys.executable, "-W", "always", "-X", "dev", "-c", OWNER,
                           str(tmp_path), ending, str(files), how],
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert done.returncode in (0, 3), done.stderr
    assert "ResourceWarning" not in done.stderr and "still running" not in done.stderr, done.stderr
    servers = [int(line.split()[1]) for line in done.stdout.splitlines() if line.startswith("child ")]
    assert servers, done.stdout  # the owner did start a reader
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in servers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in servers), [p for p in servers if _alive(p)]
    assert os.path.isdir(tmp_path / "input") == (files > 0)
