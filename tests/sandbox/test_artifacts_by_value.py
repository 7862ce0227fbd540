"""Issue 14, point 1: what a step wrote crosses to the host once, by value.

Each test is an attack from inside the sandbox (the real backends: local and Docker) on the
host reading `output/` after the step: links swapped in after the listing (by the next
step or by a thread the step left running), FIFOs, a flood of files, paths longer than
PATH_MAX, names that are not UTF-8. The host must read only its own copies, taken when
the step ended, and never a byte of its own files.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from datetime import datetime
from pathlib import Path

import pytest

from sandbox import Limits, OutputFile, open_session
from sandbox.artifacts import MAX_FILES
from sandbox.workspace import MAX_SESSION_FILES
from tests.sandbox.conftest import TEST_LIMITS

# Files of the host a link could point at; the host must never copy a byte of them.
HOST_SECRETS = [p for p in ("/etc/shadow", "/proc/self/environ", "/etc/hostname")
                if os.path.exists(p)]
TARGETS = [*HOST_SECRETS, "/proc/1/environ", "../input/sales.parquet", "/etc/passwd"]


def host_bytes() -> list[bytes]:
    """Distinctive chunks of the host's secret files, as the host process reads them."""
    chunks = []
    for path in HOST_SECRETS:
        try:
            data = Path(path).read_bytes()
        except OSError:
            continue
        chunks += [line for line in data.replace(b"\0", b"\n").splitlines() if len(line) >= 8]
    return chunks


def assert_no_host_bytes(workspace, files) -> None:
    secrets = host_bytes()
    for file in files:
        copy = workspace.artifact_path(file)
        assert copy is not None, file
        data = copy.read_bytes()
        assert hashlib.sha256(data).hexdigest() == file.sha256 and len(data) == file.size
        leaked = [s for s in secrets if s in data]
        assert not leaked, (file.path, leaked[:1])


def write_files(names: dict[str, str]) -> str:
    return "".join(f"open({('output/' + n)!r}, 'w').write({body!r})\n" for n, body in names.items())


@pytest.mark.parametrize("target", TARGETS)
def test_a_file_swapped_for_a_link_by_the_next_step_changes_nothing_the_host_kept(
        session, workspace, target):
    (workspace.input_dir / "sales.parquet").write_bytes(b"PAR1 the user's table")
    names = {"table.csv": "region,revenue\nNorth,10\n", "chart.png": "not really a png",
             "nested/notes.txt": "kept as written"}
    session.run("import os\nos.makedirs('output/nested', exist_ok=True)")
    first = session.run(write_files(names))
    assert first.ok, first
    assert sorted(f.path for f in first.files) == sorted(f"output/{n}" for n in names)
    swap = session.run(
        "import os\n"
        f"for name in {list(names)!r}:\n"
        "    os.remove('output/' + name)\n"
        f"    os.symlink({target!r}, 'output/' + name)\n")
    assert swap.ok, swap
    assert swap.files == ()  # links are never collected
    assert "links" in (swap.notice or "")
    for file in first.files:
        kept = workspace.artifact_path(file).read_text()
        assert kept == names[file.path.removeprefix("output/")]
    assert_no_host_bytes(workspace, first.files)
    assert (workspace.input_dir / "sales.parquet").read_bytes() == b"PAR1 the user's table"


# A thread left running by the step swaps its file for a link and back, as fast as it can,
# while the host collects; then goes on after the step returned.
RACER = """
import os, threading, time
def race(stop=time.time() + {seconds}):
    n = 0
    while time.time() < stop:
        for i in range(4):
            path = f'output/race-{{i}}.csv'
            try:
                os.remove(path)
            except OSError:
                pass
            try:
                if n % 2 and i >= 2:  # race-0/1 stay files, race-2/3 flip to links
                    os.symlink({target!r}, path)
                else:
                    with open(path, 'w') as f:
                        f.write('step data ' * 50)
            except OSError:
                pass
        n += 1
threading.Thread(target=race, daemon=True).start()
time.sleep(0.05)
"""


@pytest.mark.parametrize("target", ["/etc/shadow", "/proc/self/environ"])
def test_a_thread_racing_the_collection_never_makes_the_host_copy_its_files(session, workspace,
                                                                         target):
    started = session.run(RACER.format(seconds=3, target=target))
    collected = list(started.files)
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        result = session.run("pass")
        collected += result.files
    assert collected, "the race never produced a regular file to collect"
    assert_no_host_bytes(workspace, collected)
    for file in collected:
        assert set(workspace.artifact_path(file).read_bytes()) <= set(b"step data ")


def test_a_fifo_is_never_opened_for_reading_and_no_reader_blocks(session, workspace):
    from analyst.report import Report, Section, render_pdf, render_xlsx

    chart = session.run(
        "import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nplt.savefig('output/chart.png')")
    assert chart.ok and chart.files[0].is_image
    started = time.monotonic()
    fifo = session.run("import os\nos.remove('output/chart.png')\nos.mkfifo('output/chart.png')\n"
                       "os.mkfifo('output/table.csv')")
    assert time.monotonic() - started < 5 and fifo.ok and fifo.files == ()
    assert "pipes" in (fifo.notice or "")
    # The report of the first step reads the host's copy: it renders, and does not hang.
    section = Section(title="Chart", narrative="", chart_path=workspace.artifact_path(chart.files[0]))
    report = Report(title="t", subtitle="", generated_at=datetime.now(), language_hint="en", kpis=(),
                    sections=(section,), sources=(), definitions=(), steps_code=())
    done: dict[str, bytes] = {}
    worker = threading.Thread(target=lambda: done.update(pdf=render_pdf(report),
                                                         xlsx=render_xlsx(report)), daemon=True)
    worker.start()
    worker.join(60)
    assert done.get("pdf", b"").startswith(b"%PDF") and done.get("xlsx", b"").startswith(b"PK")


@pytest.mark.slow  # writes and collects a hundred thousand files (seconds, inherent)
def test_a_hundred_thousand_empty_files_keep_later_steps_fast_and_few(session):
    flood = session.run(
        "import os\nos.makedirs('output/flood', exist_ok=True)\n"
        "made = 0\n"
        "for i in range(100_000):\n"
        "    try:\n"
        "        open(f'output/flood/{i}', 'w').close()\n"
        "        made += 1\n"
        "    except OSError:\n"
        "        break\n"
        "made", timeout=120)
    assert len(flood.files) <= MAX_FILES
    # Stopped at the session's file limit, and what it made removed again.
    assert flood.error is not None and flood.error.name == "OutputLimitExceeded", flood
    assert f"more than {MAX_SESSION_FILES:,} files" in flood.notice
    timings = []
    for _ in range(5):
        started = time.perf_counter()
        assert session.run("print(1)").ok
        timings.append(time.perf_counter() - started)
    assert sorted(timings)[2] < 0.5, timings


def test_a_path_longer_than_path_max_is_left_out_and_breaks_nothing(session):
    result = session.run(
        "import os\n"
        "fd = os.open('output', os.O_RDONLY)\n"
        "for _ in range(30):\n"  # 30 folders of 200 characters: a 6,000-character path
        "    os.mkdir('d' * 200, dir_fd=fd)\n"
        "    inner = os.open('d' * 200, os.O_RDONLY, dir_fd=fd)\n"
        "    os.close(fd)\n"
        "    fd = inner\n"
        "out = os.open('deep.csv', os.O_WRONLY | os.O_CREAT, dir_fd=fd)\n"
        "os.write(out, b'a\\n1\\n')\n")
    assert result.ok, result
    assert result.files == () and "deeper" in result.notice
    later = session.run("open('output/after.csv', 'w').write('x\\n1\\n')")
    assert later.ok and [f.path for f in later.files] == ["output/after.csv"]


NAMES = [b"\xff\xfe report.csv", "итоги\nфевраль.csv".encode(), b"\x1b[31mred\x1b[0m.txt",
         "\u202egnp.exe".encode(), b"back\\slash.txt", "出口 2026.csv".encode()]


def test_names_that_are_not_utf8_or_hold_control_characters_are_escaped_and_stored(
        session, tmp_path):
    from analyst.events import Answer, Step
    from analyst.record import finished
    from analyst.store import Store

    code = "import os\n" + "".join(
        f"open(os.path.join(b'output', {name!r}), 'wb').write(b'1')\n" for name in NAMES)
    result = session.run(code)
    assert result.ok, result
    shown = sorted(f.path for f in result.files)
    assert len(shown) == len(NAMES) and len(set(shown)) == len(NAMES)
    for path in shown:
        path.encode("utf-8")  # storable and printable as text
        assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c == "\u202e" for c in path)
    assert "output/\\xff\\xfe report.csv" in shown and "output/出口 2026.csv" in shown
    assert "output/back\\\\slash.txt" in shown
    store = Store(tmp_path / "data")
    sid = store.create_session("owner", "t").id
    step = finished(Step(1, "d", code), result, session.workspace.root)
    store.add_answer(sid, Answer("q", "a", steps=(step,), brain="llm"))
    kept = store.messages(sid)[-1].answer.steps[0].result.files
    assert sorted(f.path for f in kept) == shown
    assert [a.sha256 for a in step.artifacts] == [f.sha256 for f in result.files]


def test_the_clean_up_after_the_output_limit_never_follows_a_link(backend, workspace):
    original = b"PAR1 the user's table, must survive"
    (workspace.input_dir / "sales.parquet").write_bytes(original)
    small = Limits(**{**TEST_LIMITS.__dict__, "output_bytes": 2 * 1024**2})
    with open_session(workspace, backend=backend, limits=small) as session:
        result = session.run(
            "import os, threading, time\n"
            "def swap(stop=time.time() + 2):\n"
            "    while time.time() < stop:\n"
            "        for i in range(8):\n"
            "            p = f'output/swap-{i}'\n"
            "            try:\n"
            "                os.remove(p)\n"
            "            except OSError:\n"
            "                pass\n"
            "            try:\n"
            "                if i % 2:\n"
            "                    os.symlink('../input/sales.parquet', p)\n"
            "                else:\n"
            "                    open(p, 'w').write('x')\n"
            "            except OSError:\n"
            "                pass\n"
            "threading.Thread(target=swap, daemon=True).start()\n"
            "with open('output/big.bin', 'wb') as f:\n"
            "    for _ in range(6):\n"
            "        f.write(b'0' * 1024**2)\n"
            "time.sleep(0.3)\n")
        assert result.error is not None and result.error.name in ("OutputLimitExceeded", "OSError")
        time.sleep(2.2)
        session.run("pass")
    assert (workspace.input_dir / "sales.parquet").read_bytes() == original


def test_an_old_record_without_a_copy_has_nothing_to_read(workspace):
    (workspace.output_dir / "old.csv").write_text("a\n1\n")
    assert workspace.artifact_path(OutputFile("output/old.csv", 4, False)) is None
    assert workspace.artifact_path(OutputFile("output/old.csv", 4, False, "../../etc/passwd")) is None
