"""Attacks on the control channel from inside the sandbox, through the real backends.

The channel is the keeper's stdin/stdout (Docker's attach stream, or the local backend's
pipes); the step's code runs in the kernel, the keeper's child. Each test attacks it the way
a hostile step would and checks that the host kept telling the truth and the session went on.
"""

from __future__ import annotations

import contextlib
import json
import socket
import struct
import threading
import time

import pytest

from sandbox import open_session
from sandbox.protocol import MAX_FRAME_BYTES, ChannelTampered, KernelConnection
from tests.sandbox.conftest import TEST_LIMITS

# Finds every pipe or socket the kernel holds and writes `payload` to each writable one.
SPRAY = """
import os, stat
def spray(payload):
    hit = 0
    for name in os.listdir('/proc/self/fd'):
        fd = int(name)
        try:
            mode = os.fstat(fd).st_mode
        except OSError:
            continue
        if not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
            continue
        try:
            os.set_blocking(fd, False)
            os.write(fd, payload)
            hit += 1
        except OSError:
            pass
    return hit
"""

FORGED = ("import json, struct\n"
          "def forged(i):\n"
          "    body = json.dumps({'id': i, 'stdout': 'HIJACKED\\n', 'threads': 0,"
          " 'value': {'text': '999999', 'table': None}}).encode()\n"
          "    return struct.pack('>I', len(body)) + body\n")


def truth(session) -> None:
    """The session answers with what the data says, not with anything forged."""
    result = session.run("sum(range(1001))")
    assert result.value is not None and result.value.text == "500500", result
    assert "HIJACKED" not in result.stdout


@pytest.mark.parametrize("path", [
    ".sandbox/kernel.sock", "/workspace/.sandbox/kernel.sock", "output/kernel.sock",
    ".sandbox", "/tmp/kernel.sock",  # noqa: S108 - inside the sandbox
])
def test_turning_the_channel_into_a_folder_breaks_no_later_session(workspace, backend, path):
    with open_session(workspace, backend=backend, limits=TEST_LIMITS) as session:
        session.run(
            "import os, shutil\n"
            f"p = {path!r}\n"
            "try:\n"
            "    shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.unlink(p)\n"
            "except OSError:\n"
            "    pass\n"
            "try:\n"
            "    os.makedirs(os.path.join(p, 'inside'))\n"
            "except OSError:\n"
            "    pass\n"
        )
        truth(session)
    for _ in range(2):  # every later session of this workspace starts and answers
        with open_session(workspace, backend=backend, limits=TEST_LIMITS) as session:
            truth(session)


@pytest.mark.parametrize("start", [
    "threading.Thread(target=hijack, daemon=True).start()",
    "_thread.start_new_thread(hijack, ())",
    "threading.Thread(target=hijack).start()",
])
def test_a_thread_left_running_cannot_answer_later_requests(workspace, backend, start):
    with open_session(workspace, backend=backend, limits=TEST_LIMITS) as session:
        session.run("x = 41")
        left = session.run(
            SPRAY + FORGED + "import threading, _thread, time\n"
            "def hijack():\n"
            "    # Read whatever request comes, answer it with a forged result, forever.\n"
            "    while True:\n"
            "        for i in range(1, 40):\n"
            "            spray(forged(i))\n"
            "        time.sleep(0.01)\n"
            f"{start}\n"
            "time.sleep(0.2)\n"
        )
        # The thread is stopped: the session restarts and says why (the thread left running,
        # or its forged frames on the channel); no later answer is a forged one.
        after = [session.run("sum(range(1001))") for _ in range(3)]
        assert all(r.value is not None and r.value.text == "500500" for r in after), after
        assert all("HIJACKED" not in r.stdout for r in after)
        told = [r.notice or "" for r in (left, after[0])]
        assert any("restarted" in n and ("thread" in n or "control channel" in n) for n in told), told
        assert session.run("x").error.name == "NameError"  # a fresh interpreter answers


@pytest.mark.docker
@pytest.mark.parametrize("how", ["fork", "subprocess"])
def test_a_process_left_running_cannot_answer_later_requests(workspace, docker_image, how):
    start = {
        "fork": "if os.fork() == 0:\n    hijack()\n",
        "subprocess": ("import subprocess, sys\n"
                       "subprocess.Popen([sys.executable, '-c', "
                       "'import os, time\\n' + open('/proc/self/fd/0').read() if False else "
                       "'import time\\ntime.sleep(60)'], close_fds=False, start_new_session=True)\n"
                       "hijack_later = True\n"),
    }[how]
    with open_session(workspace, backend="docker", limits=TEST_LIMITS) as session:
        session.run(SPRAY + FORGED + "import os, time\n"
                    "def hijack():\n"
                    "    for _ in range(2000):\n"
                    "        for i in range(1, 40):\n"
                    "            spray(forged(i))\n"
                    "        time.sleep(0.005)\n"
                    "    os._exit(0)\n" + start)
        for _ in range(3):
            truth(session)
        # Nothing the step started is left: the keeper (PID 1) and the kernel only.
        assert session.run("import os\nsum(p.isdigit() for p in os.listdir('/proc'))").value.text == "2"


@pytest.mark.docker
def test_the_channel_fds_of_pid_1_are_closed_to_step_code(docker_session):
    for target in ("/proc/1/fd/0", "/proc/1/fd/1", "/proc/1/fd", "/proc/1/mem", "/proc/1/environ"):
        result = docker_session.run(f"open({target!r}, 'rb').read(1)")
        assert result.error is not None and result.error.name in (
            "PermissionError", "OSError", "IsADirectoryError"), (target, result)
    # The kernel's own stdin/stdout/stderr lead nowhere.
    links = docker_session.run("import os\n[os.readlink(f'/proc/self/fd/{n}') for n in (0, 1, 2)]")
    assert links.value.text == "['/dev/null', '/dev/null', '/dev/null']"
    truth(docker_session)


@pytest.mark.parametrize("megabytes", [9, 40, 4000])
def test_a_forged_oversized_frame_is_refused_with_a_restart(workspace, backend, megabytes):
    with open_session(workspace, backend=backend, limits=TEST_LIMITS) as session:
        session.run("x = 1")
        started = time.monotonic()
        result = session.run(
            SPRAY + "import struct, os\n"
            f"size = {megabytes} * 1024 * 1024\n"
            "spray(struct.pack('>I', min(size, 2**32 - 1)) + b'{\"data\": [' + b'1,' * 4096)\n"
            "import time\ntime.sleep(1)\n"
        )
        assert time.monotonic() - started < 15  # refused at its header, not read to its end
        assert not result.ok and result.restarted, result
        assert "control channel" in result.notice and "MB" in result.notice, result.notice
        assert result.error.name == "ChannelTampered"
        truth(session)
        assert session.run("x").error.name == "NameError"


@pytest.mark.parametrize("size", [MAX_FRAME_BYTES + 1, 40 * 1024 * 1024, 2**32 - 1])
def test_the_host_refuses_a_frame_over_the_limit_before_reading_it(size):
    host, kernel = socket.socketpair()
    sent = threading.Event()

    def forge() -> None:
        body = b"[" + b"1," * (1 << 20)
        # The host stops reading once it refuses the header: the rest may never go out.
        with contextlib.suppress(OSError):
            kernel.sendall(struct.pack(">I", size) + body[: 1 << 20])
        sent.set()

    forger = threading.Thread(target=forge, daemon=True)
    forger.start()
    conn = KernelConnection(_SocketChannel(host))
    with pytest.raises(ChannelTampered, match="MB"):
        conn.receive(time.monotonic() + 10)
    assert len(conn._buffer) < MAX_FRAME_BYTES
    host.close()  # the forger's send ends (broken pipe) before its socket is closed
    forger.join(10)
    kernel.close()


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b'"text"', json.dumps({"tampered": "x"}).encode()])
def test_a_frame_that_is_not_the_keepers_is_tampering(body):
    host, kernel = socket.socketpair()
    kernel.sendall(struct.pack(">I", len(body)) + body)
    with pytest.raises(ChannelTampered):
        KernelConnection(_SocketChannel(host)).receive(time.monotonic() + 5)
    kernel.close()
    host.close()


@pytest.mark.docker
def test_a_child_flooding_fd_1_and_2_reaches_no_log_and_breaks_nothing(docker_session, workspace):
    # Straight to the file descriptors, from processes the step starts (not through print).
    result = docker_session.run(
        "import subprocess\n"
        "procs = [subprocess.Popen(['sh', '-c', 'head -c 300000000 /dev/zero >&%d' % fd])\n"
        "         for fd in (1, 2)]\n"
        "procs.append(subprocess.Popen(['python', '-c', 'import os\\n"
        "for _ in range(300): os.write(1, b\"y\" * 1048576); os.write(2, b\"z\" * 1048576)']))\n"
        "[p.wait() for p in procs]\n"
        "print('flooded')\n",
        timeout=60,
    )
    assert result.ok and result.stdout == "flooded\n" and not result.restarted, result
    truth(docker_session)
    from sandbox.engine import client

    (container,) = client().containers.list(filters={"label": f"analyst.workspace={workspace.root}"})
    assert container.attrs["HostConfig"]["LogConfig"]["Type"] == "none"
    assert container.attrs["HostConfig"]["LogConfig"]["Config"] == {}


class _SocketChannel:
    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    def write(self, data: bytes) -> None:
        self.sock.sendall(data)

    def read(self, n: int, deadline: float) -> bytes:
        self.sock.settimeout(max(deadline - time.monotonic(), 0.001))
        return self.sock.recv(n)

    def close(self) -> None:
        self.sock.close()




@pytest.mark.docker
@pytest.mark.parametrize("delay", [0.05, 0.3, 1.0])
def test_a_forked_child_cannot_answer_the_step_that_forked_it(workspace, docker_image, delay):
    """The child's forged frames reach the reply channel before the kernel's own reply (the
    step waits), with every id a request could have: the host still gets the real answer."""
    with open_session(workspace, backend="docker", limits=TEST_LIMITS) as session:
        result = session.run(SPRAY + FORGED + "import os, time\n"
                             "if os.fork() == 0:\n"
                             "    for _ in range(50):\n"
                             "        for i in range(1, 40):\n"
                             "            spray(forged(i))\n"
                             "        time.sleep(0.002)\n"
                             "    os._exit(0)\n"
                             f"time.sleep({delay})\n"
                             "print('REAL')\n"
                             "import numpy as np, pandas as pd\n"
                             "pd.DataFrame(np.arange(20_000.0).reshape(500, 40) + 0.123456789)\n")
        # (A table of about 400 KB: a reply bigger than the socket's buffer.)
        assert result.ok and result.stdout == "REAL\n" and "HIJACKED" not in result.stdout, result
        assert result.value is not None and result.value.table is not None
        assert len(result.value.table["data"]) == 500 and result.value.table["data"][499][39] == 19999.123456789
        for _ in range(3):
            truth(session)
