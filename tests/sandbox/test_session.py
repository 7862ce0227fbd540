"""The session contract, identical for the Docker and the local backend.

Tests that only run steps share one session per backend (`steps_session`); those that time
out, interrupt, crash or fill the output folder get a fresh one (`session`)."""

import os
import time

import pytest

from sandbox import open_session
from tests.sandbox.conftest import TEST_LIMITS


def test_variables_persist_between_steps(steps_session):
    session = steps_session
    assert session.run("x = 41").ok
    assert session.run("print(x + 1)").stdout == "42\n"


def test_code_runs_in_the_workspace_root_and_can_read_input(steps_session):
    session, workspace = steps_session, steps_session.workspace
    (workspace.input_dir / "sales.csv").write_text("region,amount\nN,10\nS,32\n")
    result = session.run("import csv\nsum(int(r['amount']) for r in csv.DictReader(open('input/sales.csv')))")
    assert result.ok, result.error
    assert result.value.text == "42"


def test_lib_is_importable(workspace, backend):
    (workspace.lib_dir / "recipes").mkdir()
    (workspace.lib_dir / "recipes" / "__init__.py").write_text("def answer():\n    return 42\n")
    with open_session(workspace, backend=backend, limits=TEST_LIMITS) as session:
        assert session.run("import recipes\nrecipes.answer()").value.text == "42"


def test_an_error_is_data_with_name_message_and_traceback(steps_session):
    session = steps_session
    result = session.run("totals = {}\ntotals['north']")
    assert not result.ok
    assert result.error.name == "KeyError"
    assert result.error.message == "'north'"
    assert "line 2" in result.error.traceback and "kernel.py" not in result.error.traceback


def test_a_syntax_error_is_data_too(steps_session):
    session = steps_session
    result = session.run("print(")
    assert result.error.name == "SyntaxError"
    assert session.run("print('still here')").stdout == "still here\n"


def test_exit_does_not_end_the_session(steps_session):
    session = steps_session
    session.run("y = 1")
    assert session.run("import sys; sys.exit(3)").error.name == "SystemExit"
    assert session.run("print(y)").stdout == "1\n"


def test_last_expression_value_like_a_notebook(steps_session):
    session = steps_session
    assert session.run("a = 2\na * 21").value.text == "42"
    assert session.run("b = 1").value is None


def test_a_dataframe_value_comes_back_as_table_data(steps_session):
    session = steps_session
    result = session.run(
        "import pandas as pd\n"
        "pd.DataFrame({'region': ['N', 'S'], 'revenue': [10.5, None],"
        " 'day': pd.to_datetime(['2026-01-31', None])})"
    )
    assert result.ok, result.error
    assert result.value.table == {
        "columns": ["region", "revenue", "day"],
        "index": [0, 1],
        "data": [["N", 10.5, "2026-01-31T00:00:00"], ["S", None, None]],
        "rows_total": 2,
        "truncated": False,
    }


def test_a_big_table_says_it_is_a_preview(steps_session):
    session = steps_session
    table = session.run("import pandas as pd\npd.Series(range(10_000), name='n')").value.table
    assert table["truncated"] is True and table["rows_total"] == 10_000
    assert len(table["data"]) < 10_000


def test_long_output_keeps_head_and_tail(steps_session):
    session = steps_session
    result = session.run("for i in range(200_000):\n    print(i)")
    assert result.ok
    assert result.stdout.startswith("0\n1\n") and result.stdout.endswith("199999\n")
    assert "characters cut" in result.stdout and len(result.stdout) < 200_000


def test_a_saved_figure_comes_back_as_an_image_file(steps_session):
    session = steps_session
    result = session.run(
        "import matplotlib.pyplot as plt\n"
        "plt.bar(['N', 'S'], [10, 32])\n"
        "plt.savefig('output/revenue.png')"
    )
    assert result.ok, result.error
    assert [(f.path, f.is_image) for f in result.files] == [("output/revenue.png", True)]


def test_an_open_figure_is_saved_automatically_and_show_does_not_block(steps_session):
    session, workspace = steps_session, steps_session.workspace
    result = session.run(
        "import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nplt.title('Выручка 收入')\nplt.show()"
    )
    assert result.ok, result.error
    assert len(result.files) == 1 and result.files[0].is_image
    assert (workspace.root / result.files[0].path).read_bytes().startswith(b"\x89PNG")
    assert session.run("1").files == ()  # figures are closed after being shown


def test_a_step_past_its_timeout_is_interrupted_and_keeps_variables(session):
    session.run("kept = 'yes'")
    started = time.monotonic()
    result = session.run("import time\ntime.sleep(10**6)", timeout=1)
    assert time.monotonic() - started < 5
    assert result.timed_out and not result.ok and not result.restarted
    assert "stopped after 1 second " in result.notice and "kept" in result.notice
    assert session.run("print(kept)").stdout == "yes\n"


def test_a_cpu_loop_is_interrupted_too(session):
    result = session.run("n = 0\nwhile True:\n    n += 1", timeout=1)
    assert result.timed_out
    assert session.run("n > 0").value.text == "True"


# A step that ignores the interrupt after its timeout is ended by a restart, its variables
# gone and the next step fresh: test_honest_notices' timeout cases (local and Docker).


def test_a_crashed_interpreter_is_restarted_and_says_variables_were_lost(session):
    session.run("lost = 1")
    result = session.run("import os\nos._exit(1)")
    assert result.restarted and not result.ok
    assert result.error.name == "SessionEnded"
    assert "ended during the step" in result.notice and "gone" in result.notice
    assert session.run("print('fresh')").stdout == "fresh\n"


def test_writing_past_the_output_limit_stops_the_step_and_removes_its_files(session, workspace):
    (workspace.output_dir / "earlier.csv").write_text("kept\n")
    result = session.run(
        "chunk = b'0' * (8 * 1024 * 1024)\n"
        "for i in range(100):\n"
        "    with open(f'output/fill-{i}.bin', 'wb') as f:\n"
        "        f.write(chunk)\n"
    )
    # Every file is below the per-file limit: the watcher sees the total cross 64 MB.
    assert not result.ok and not result.restarted
    assert result.error.name == "OutputLimitExceeded"
    assert "more than 64 MB of files" in result.notice and "were removed" in result.notice
    assert sorted(p.name for p in workspace.output_dir.iterdir()) == ["earlier.csv"]
    assert session.run("print('ok')").stdout == "ok\n"


def test_one_big_file_is_cut_by_the_file_size_limit(session, workspace):
    result = session.run(
        "with open('output/big.bin', 'wb') as f:\n"
        "    f.write(b'0' * (200 * 1024 * 1024))\n"
    )
    # The kernel's file-size limit stops the write at 64 MB; the file is then removed like
    # any step's files past the output limit, and the user is told the limit.
    assert not result.ok
    assert result.error.name == "OutputLimitExceeded"
    assert "wrote more than 64 MB of files (the limit for one session)" in result.notice
    assert not (workspace.output_dir / "big.bin").exists()
    assert session.run("print('ok')").stdout == "ok\n"


# A kernel idle past its limit ends itself and the next step starts a fresh one, saying the
# variables are gone: test_honest_notices' kernel that stopped between steps.


def test_constructing_a_session_does_no_io(tmp_path):
    open_session(tmp_path / "ws", backend="local")
    assert not (tmp_path / "ws").exists()


def test_output_folder_is_the_only_writable_place_in_the_workspace(session, workspace):
    if session.backend == "local" and os.geteuid() != 0:
        pytest.skip("the local kernel of a non-root app runs as the app's user and can write "
                    "wherever it can; only Docker or a root app (kernel under a uid of its own) restrict it")
    (workspace.input_dir / "sales.csv").write_text("a\n1\n")
    (workspace.lib_dir / "helper.py").write_text("x = 1\n")
    for code in ("open('input/new.txt', 'w').write('x')",
                 "open('input/sales.csv', 'a').write('2\\n')",
                 "import os\nos.remove('input/sales.csv')",
                 "open('lib/helper.py', 'w').write('x = 2')",
                 "open('lib/evil.py', 'w').write('')",
                 "open('planted.txt', 'w').write('x')"):
        result = session.run(code)
        assert result.error is not None and result.error.name in ("OSError", "PermissionError"), code
    assert (workspace.input_dir / "sales.csv").read_text() == "a\n1\n"
    assert (workspace.lib_dir / "helper.py").read_text() == "x = 1\n"
    assert not (workspace.input_dir / "new.txt").exists()
    assert not (workspace.lib_dir / "evil.py").exists()
    assert not (workspace.root / "planted.txt").exists()
    assert session.run("open('output/fine.txt', 'w').write('x')").ok


def test_a_fast_step_past_the_output_limit_is_caught_at_its_end(session, workspace):
    result = session.run(
        "for i in range(2):\n"
        "    with open(f'output/quick-{i}.bin', 'wb') as f:\n"
        "        f.truncate(40 * 1024 * 1024)\n"  # sparse: instant, but counts by size
    )
    assert result.error is not None and result.error.name == "OutputLimitExceeded"
    assert list(workspace.output_dir.iterdir()) == []


@pytest.mark.docker
@pytest.mark.parametrize("first, second", [("local", "docker"), ("docker", "local")])
def test_a_workspace_can_move_between_backends_and_rewrite_its_files(workspace, docker_image, first, second):
    # Settings can switch the backend mid-analysis: the other backend's user must be able to
    # overwrite what the first one saved, or every re-drawn chart fails with EACCES.
    with open_session(workspace, backend=first, limits=TEST_LIMITS) as session:
        assert session.run("open('output/chart.png', 'wb').write(b'one')").ok
    with open_session(workspace, backend=second, limits=TEST_LIMITS) as session:
        result = session.run("open('output/chart.png', 'wb').write(b'two!')")
        assert result.ok, result.error
    assert (workspace.output_dir / "chart.png").read_bytes() == b"two!"
