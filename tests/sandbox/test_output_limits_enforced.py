"""Output limits the filesystem enforces, attacked from inside the Docker sandbox.

`output/` in the container is its own tmpfs volume of ANALYST_SANDBOX_OUTPUT_SIZE bytes and
ANALYST_SANDBOX_OUTPUT_FILES inodes (charged to the session's memory); the host's `output/`
holds copies made after each step, which the sandbox cannot reach.
"""

from __future__ import annotations

import time

import pytest

from sandbox import Limits, open_session
from sandbox.engine import client
from tests.sandbox.conftest import TEST_LIMITS

pytestmark = pytest.mark.docker

SMALL = Limits(**{**TEST_LIMITS.__dict__, "output_bytes": 16 * 1024**2, "output_files": 200})


def host_bytes(workspace) -> int:
    return sum(p.stat().st_size for p in workspace.output_dir.rglob("*") if p.is_file())


def host_files(workspace) -> int:
    return sum(1 for _ in workspace.output_dir.rglob("*"))


@pytest.mark.parametrize("writer", [
    "threading.Thread(target=write, daemon=True).start()",
    "threading.Thread(target=write).start()",
    "_thread.start_new_thread(write, ())",
    "import os\nif os.fork() == 0:\n    write()\n    os._exit(0)",
])
def test_nothing_left_running_writes_after_the_result(docker_image, workspace, writer):
    with open_session(workspace, backend="docker", limits=SMALL) as session:
        result = session.run(
            "import threading, _thread, time\n"
            "def write():\n"
            "    with open('output/late.bin', 'ab') as f:\n"
            "        while True:\n"
            "            f.write(b'x' * 4096)\n"  # ~4 MB/s: never near the limit by itself
            "            f.flush()\n"
            "            time.sleep(0.001)\n"
            f"{writer}\n"
            "time.sleep(0.3)\n"
        )
        at_return = host_bytes(workspace)
        time.sleep(1.5)
        later = session.run("import os\nos.path.getsize('output/late.bin')")
        # What the host holds did not grow after the result; what the sandbox holds now is
        # at most what it held then (the writer was frozen at the reply and then stopped).
        assert host_bytes(workspace) == at_return <= SMALL.output_bytes
        assert later.value is not None and int(later.value.text) <= at_return, (result, later)
        time.sleep(0.5)
        again = session.run("import os\nos.path.getsize('output/late.bin')")
        assert again.value.text == later.value.text


@pytest.mark.parametrize("code, what", [
    ("for i in range(100_000):\n    open(f'output/f{i}', 'w').close()", "files"),
    ("import os\nfor i in range(50):\n    os.makedirs(f'output/d{i}/' + '/'.join(['x'] * 20))", "files"),
    ("with open('output/big.bin', 'wb') as f:\n    for _ in range(100):\n"
     "        f.write(b'0' * 1024 * 1024)", "bytes"),
    ("for i in range(40):\n    open(f'output/m{i}.bin', 'wb').write(b'1' * 1024 * 1024)", "bytes"),
    # Deeper than PATH_MAX (4,096): one folder at a time, relative to the last one.
    ("import os\ntry:\n    os.chdir('output')\n    for i in range(400):\n"
     "        os.mkdir('d' * 40)\n        os.chdir('d' * 40)\n"
     "        open('deep.txt', 'w').write('x' * 100)\nfinally:\n    os.chdir('/workspace')",
     "files"),
])
def test_the_filesystem_holds_the_output_limits(docker_image, workspace, code, what):
    with open_session(workspace, backend="docker", limits=SMALL) as session:
        result = session.run(code, timeout=60)
        assert not result.ok and result.error.name == "OutputLimitExceeded", result
        assert host_bytes(workspace) <= SMALL.output_bytes
        assert host_files(workspace) <= SMALL.output_files
        inside = session.run(
            "import os\n"
            "n = s = 0\n"
            "for d, dirs, files in os.walk('output'):\n"
            "    n += len(dirs) + len(files)\n"
            "    s += sum(os.lstat(os.path.join(d, f)).st_size for f in files)\n"
            "(n, s)"
        )
        n, s = eval(inside.value.text)  # noqa: S307 - a tuple of two ints we asked for
        assert n <= SMALL.output_files and s <= SMALL.output_bytes
        # The session goes on, and a normal file still fits.
        ok = session.run("open('output/after.txt', 'w').write('fine')")
        assert ok.ok and not ok.restarted, ok
        assert (workspace.output_dir / "after.txt").read_text() == "fine"


def output_volume_of(session) -> str:
    mounts = client().api.inspect_container(session._backend.container)["Mounts"]
    (volume,) = [m["Name"] for m in mounts if m["Destination"] == "/workspace/output"]
    assert client().api.inspect_volume(volume)["Labels"].get("analyst.sandbox") == "1"
    return volume


def volume_exists(name: str) -> bool:
    return name in {v["Name"] for v in client().api.volumes()["Volumes"] or []}


@pytest.mark.parametrize("ending", ["close", "the engine kills the container"])
def test_the_output_volume_is_a_limited_tmpfs_and_goes_with_the_session(docker_image, workspace,
                                                                        ending):
    with open_session(workspace, backend="docker", limits=SMALL) as session:
        mount = session.run(
            "[l for l in open('/proc/self/mounts') if ' /workspace/output ' in l][0]").value.text
        assert "tmpfs" in mount and f"size={SMALL.output_bytes // 1024}k" in mount
        assert f"nr_inodes={SMALL.output_files + 1}" in mount and "noexec" in mount
        name = output_volume_of(session)
        if ending != "close":  # as when the app is killed: the engine's auto-remove
            client().api.kill(session._backend.container)
            deadline = time.monotonic() + 20
            while volume_exists(name) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert not volume_exists(name)
    assert not volume_exists(name)


def test_files_survive_a_restart_and_links_never_reach_the_host(docker_image, workspace, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("host secret\n")
    with open_session(workspace, backend="docker", limits=SMALL) as session:
        wrote = session.run(
            "import os\n"
            "open('output/kept.csv', 'w').write('a,b\\n1,2\\n')\n"
            f"os.symlink({str(secret)!r}, 'output/link.txt')\n"
            "os.symlink('/etc/shadow', 'output/shadow.txt')\n"
            "os.mkfifo('output/pipe')\n"
            "x = 1\n"
        )
        assert wrote.ok, wrote
        assert [f.path for f in wrote.files] == ["output/kept.csv"]
        for name in ("link.txt", "shadow.txt", "pipe"):
            assert not (workspace.output_dir / name).exists()
            assert not (workspace.output_dir / name).is_symlink()
        session.run("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)")  # a restart
        back = session.run("open('output/kept.csv').read()")
        assert back.ok and back.value.text == "'a,b\\n1,2\\n'", back
        assert session.run("x").error.name == "NameError"


def test_files_the_sandbox_deletes_go_from_the_host_too_so_its_disk_stays_bounded(
        docker_image, workspace):
    # Each step writes a new 6 MB file and deletes the one before: the sandbox never holds
    # more than 16 MB, and neither may the host's copy of its output/ (nor may a restart
    # bring a deleted file back).
    with open_session(workspace, backend="docker", limits=SMALL) as session:
        for step in range(6):
            result = session.run(
                "import os\n"
                f"for name in os.listdir('output'):\n"
                "    os.remove('output/' + name)\n"
                f"open('output/part-{step}.bin', 'wb').write(bytes([{step}]) * 6 * 1024 * 1024)\n")
            assert result.ok, result
            assert [f.path for f in result.files] == [f"output/part-{step}.bin"]
            assert sorted(p.name for p in workspace.output_dir.iterdir()) == [f"part-{step}.bin"]
            assert host_bytes(workspace) <= SMALL.output_bytes
        session.run("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)")  # a restart
        listed = session.run("import os\nsorted(os.listdir('output'))")
        assert listed.value.text == "['part-5.bin']", listed
