"""Why a kernel ended or its channel was tampered with reaches every reader (issue 10, point 4).

The detail of the `process_ended`, `session_stopped` and `tampered` notices ("exit status
3", a signal, a forged reply) was English text the backends wrote: Ukrainian, Russian and
Chinese readers got the sentence without it. Each is now a reason id with its figures; the
kernel is killed here from inside the step, through the real backends, and every language
must say the same figures (English its sentence as before).
"""

from __future__ import annotations

import re
import signal
import subprocess
import time

import pytest

from analyst.words.notice import notice_text
from sandbox import ExecutionResult, Notice, open_session
from tests.grids import first_fast
from tests.sandbox.conftest import TEST_LIMITS
from tests.sandbox.test_channel_attacks import SPRAY
from tests.sandbox.test_docker_hardening import _inspect, still_works

OTHERS = ("uk", "ru", "zh")


def english_words(text: str) -> set[str]:
    """Latin words of `text` but a program's name and a signal's (SIGTERM is its name)."""
    return {w for w in re.findall(r"[A-Za-z]{3,}", text)
            if w != "Python" and not re.fullmatch(r"SIG[A-Z0-9]+", w)}


def said_everywhere(result: ExecutionResult, *figures: str) -> None:
    """English is the sandbox's sentence; the others say no English word and every figure."""
    assert notice_text(result, "en") == result.notice
    for language in OTHERS:
        text = notice_text(result, language)
        assert text is not None and not english_words(text), (language, text)
        for figure in figures:
            assert re.search(rf"(?<!\d){re.escape(figure)}(?!\d)", text), (
                language, figure, text)


def the(result: ExecutionResult, kind: str) -> Notice:
    [notice] = [n for n in result.notices if n.kind == kind]
    return notice


def exited(backend: str) -> str:
    return "exited" if backend == "local" else "container_exited"


@pytest.mark.parametrize(("code", "status"), [
    ("os._exit(1)", 1), ("os._exit(3)", 3), ("os._exit(42)", 42), ("os._exit(0)", 0),
    ("os._exit(255)", 255),  # past 128, but no signal's number: the status alone
])
def test_an_exit_status_is_said_in_every_language(session, backend, code, status):
    session.run("kept = 1")
    result = session.run(f"import os\n{code}")
    assert result.restarted and not result.ok
    notice = the(result, "process_ended")
    assert notice.values["reason"] == exited(backend), notice
    assert notice.values["status"] == status and "signal" not in notice.values, notice
    said_everywhere(result, str(status))


@pytest.mark.parametrize(("code", "number"), [
    ("os.kill(os.getpid(), signal.SIGSEGV)", signal.SIGSEGV),
    ("os.abort()", signal.SIGABRT),
    ("signal.signal(signal.SIGTERM, signal.SIG_DFL)\nos.kill(os.getpid(), signal.SIGTERM)",
     signal.SIGTERM),
    ("os.kill(os.getpid(), signal.SIGUSR1)", signal.SIGUSR1),
    ("signal.signal(signal.SIGINT, signal.SIG_DFL)\nos.kill(os.getpid(), signal.SIGINT)",
     signal.SIGINT),
])
def test_the_signal_that_killed_the_kernel_is_named_in_every_language(session, backend, code,
                                                                     number):
    result = session.run(f"import os, signal\n{code}")
    assert result.restarted and not result.ok
    notice = the(result, "process_ended")
    assert notice.values["reason"] == exited(backend), notice
    assert notice.values["status"] == 128 + number, notice
    assert notice.values["signal"] == number, notice
    assert notice.values["signal_name"] == signal.Signals(number).name, notice
    said_everywhere(result, str(128 + number), str(int(number)), signal.Signals(number).name)


def test_a_sigkill_is_said_as_what_it_most_likely_was(session, backend):
    result = session.run("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)")
    assert result.restarted and not result.ok
    if backend == "local":
        # Without a cgroup a SIGKILL is most often the OOM killer: said as memory, and why.
        notice = the(result, "memory_restarted")
        assert result.out_of_memory
        assert notice.values["reason"] == "oom_likely" and notice.values["signal"] == 9, notice
        said_everywhere(result, "1")
    else:
        # The engine says whether its OOM killer did it: here it did not.
        notice = the(result, "process_ended")
        assert notice.values["reason"] == "container_exited", notice
        assert notice.values["status"] == 137 and notice.values["signal_name"] == "SIGKILL"
        said_everywhere(result, "137", "9", "SIGKILL")


@pytest.mark.docker
@pytest.mark.parametrize("block", [50_000_000, 200_000_000])
def test_a_memory_blow_up_says_the_engine_saw_it(docker_session, block):
    """Also test_docker_hardening's memory hog (its 50 MB blocks): the cgroup's OOM killer
    ends the kernel, the session restarts and says what was lost."""
    docker_session.run("lost = 1")
    result = docker_session.run(
        f"blocks = []\nwhile True:\n    blocks.append(b'x' * {block})", timeout=60)
    assert result.out_of_memory and result.restarted and not result.ok
    notice = the(result, "memory_restarted")
    assert notice.values["reason"] == "out_of_memory", notice
    assert notice.values["limit_bytes"] == TEST_LIMITS.memory_bytes
    assert "ran out of memory (limit 1 GB)" in result.notice and "gone" in result.notice
    said_everywhere(result, "1")
    still_works(docker_session)
    assert docker_session.run("lost").error.name == "NameError"


# A session that ended itself while idle says its exit status (0) in every language:
# test_honest_notices' kernel that stopped between steps (on both backends, 0, 1 and 4 steps).


# Each case kills a kernel (seconds): SIGTERM in the fast tier, every signal in the full run.
@pytest.mark.parametrize("number", first_fast([signal.SIGTERM, signal.SIGSEGV, signal.SIGHUP]))
def test_a_kernel_killed_between_steps_says_by_which_signal(workspace, number):
    """Local: a process the step left behind wakes the frozen kernel and kills it."""
    with open_session(workspace, backend="local", limits=TEST_LIMITS) as session:
        session.run(
            "import os, signal, subprocess, sys\n"
            f"signal.signal({int(number)}, signal.SIG_DFL)\n"
            "me = os.getpid()\n"
            "subprocess.Popen([sys.executable, '-c', 'import os, time; time.sleep(1); '"
            f" f'os.kill({{me}}, {int(number)}); os.kill({{me}}, 18)'], start_new_session=True)\n")
        time.sleep(3)
        result = session.run("print('back')")
    assert result.ok and result.restarted
    notice = the(result, "session_stopped")
    assert notice.values["reason"] == "exited", notice
    assert notice.values["status"] == 128 + number and notice.values["signal"] == number
    said_everywhere(result, str(128 + number), str(int(number)), signal.Signals(number).name)


@pytest.mark.docker
def test_a_removed_container_is_said_in_every_language(docker_session, workspace):
    docker_session.run("x = 1")
    subprocess.run(["docker", "rm", "-f", _inspect(workspace)["Id"]], check=True,
                   capture_output=True)
    result = docker_session.run("print('fresh')")
    assert result.ok and result.restarted
    notice = the(result, "session_stopped")
    assert notice.values["reason"] == "container_gone", notice
    said_everywhere(result)
    uk = notice_text(result, "uk")
    assert uk is not None and "контейнер" in uk


def _frame(body: str) -> str:
    return f"import struct\nbody = {body}\nspray(struct.pack('>I', len(body)) + body)\n"


@pytest.mark.parametrize(("step", "reason", "figures"), [
    (_frame("b'not json at all'"), "not_a_reply", ()),
    (_frame("b'[1, 2, 3]'"), "not_a_reply", ()),
    (_frame("b'{\"id\": 987654321, \"stdout\": \"x\"}'"), "unasked", ()),
    ("import struct\nspray(struct.pack('>I', 9 * 1024 * 1024) + b'{' * 4096)\n",
     "reply_too_big", ("9,0", "8")),
    ("import struct\nspray(struct.pack('>I', 40 * 1024 * 1024) + b'{' * 4096)\n",
     "reply_too_big", ("40,0", "8")),
])
def test_what_was_tampered_with_is_said_in_every_language(session, step, reason, figures):
    result = session.run(SPRAY + step + "import time\ntime.sleep(1)\n")
    assert result.restarted and not result.ok
    notice = the(result, "tampered")
    assert notice.values["reason"] == reason, notice
    if reason == "reply_too_big":
        assert notice.values["limit_mb"] == 8
        assert f"{notice.values['mb']:.1f}".replace(".", ",") == figures[0]
    said_everywhere(result, *figures[1:])
    uk = notice_text(result, "uk")
    assert uk is not None and uk != notice_text(
        ExecutionResult(notices=(Notice("tampered"),)), "uk"), uk  # more than the sentence
    for figure in figures:  # uk and ru write a decimal comma
        assert figure in uk, (figure, uk)
