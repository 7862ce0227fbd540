"""Issue 14, point 5: tables a step writes are read back on the host within fixed bounds.

The steps run in the real sandbox and write what a hostile step would: a 0.6 MB Parquet
file claiming 400 million rows, a wide one, a CSV that is one endless line. The host's
preview is judged from the metadata and the first rows: it is refused with a sentence, in
bounded memory (measured in a separate process), and ordinary tables still preview.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from analyst.record.artifact_tables import MAX_ROWS, read_step_table
from sandbox import Limits, Workspace, open_session

REPO = Path(__file__).resolve().parents[2]
LIMITS = Limits(step_timeout_s=120, grace_s=2, output_bytes=256 * 1024**2, memory_bytes=2 * 1024**3)

HOSTILE = {
    "400 million rows": ("import pyarrow as pa, pyarrow.parquet as pq\n"
                         "pq.write_table(pa.table({'x': pa.nulls(400_000_000)}), "
                         "'output/huge.parquet', row_group_size=400_000_000)\n", "huge.parquet"),
    "many row groups": ("import pyarrow as pa, pyarrow.parquet as pq\n"
                        "pq.write_table(pa.table({'x': pa.nulls(50_000_000)}), "
                        "'output/groups.parquet', row_group_size=100_000)\n", "groups.parquet"),
    "one endless CSV line": ("with open('output/line.csv', 'w') as f:\n"
                             "    for _ in range(40):\n        f.write('x,' * 1_000_000)\n",
                             "line.csv"),
}


@pytest.fixture(params=["local", pytest.param("docker", marks=pytest.mark.docker)])
def session(request, tmp_path):
    if request.param == "docker":
        request.getfixturevalue("docker_image")
    with open_session(Workspace(tmp_path / "ws"), backend=request.param, limits=LIMITS) as opened:
        yield opened


def preview_in_a_fresh_process(root: Path, file: dict) -> dict:
    # The peak is this process's own (VmHWM, reset at exec), not ru_maxrss: Linux carries the
    # forked parent's high-water mark across exec into it, which is pytest's whole footprint
    # once a full run has collected every test (419 MB, whatever the file).
    code = ("import json, sys\n"
            "from analyst.record.artifact_tables import read_step_table\n"
            "read = read_step_table(sys.argv[1], json.loads(sys.argv[2]), rows=20)\n"
            "hwm = next(l for l in open('/proc/self/status') if l.startswith('VmHWM:'))\n"
            "print(json.dumps({'rows': None if read.frame is None else len(read.frame),"
            " 'total': read.rows_total, 'problem': read.problem,"
            " 'peak_mb': int(hwm.split()[1]) // 1024}))\n")
    done = subprocess.run([sys.executable, "-c", code, str(root), json.dumps(file)],
                          cwd=REPO, capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("attack", list(HOSTILE))
def test_a_hostile_table_is_previewed_in_bounded_memory_or_refused_in_words(session, attack):
    code, name = HOSTILE[attack]
    result = session.run(code)
    assert result.ok, result
    [file] = [f for f in result.files if f.path.endswith(name)]
    seen = preview_in_a_fresh_process(session.workspace.root, file.__dict__)
    assert seen["peak_mb"] < 400, seen
    if seen["total"] is not None and seen["total"] > MAX_ROWS:
        assert seen["rows"] is None and f"{seen['total']:,} rows" in seen["problem"]
    else:
        assert seen["rows"] is not None and seen["rows"] <= 20 or seen["problem"], seen


def test_an_ordinary_table_previews_its_first_rows_and_says_how_many_there_are(session):
    result = session.run("import pandas as pd\n"
                         "pd.DataFrame({'n': range(10_000)}).to_parquet('output/t.parquet')\n"
                         "pd.DataFrame({'n': range(10_000)}).to_csv('output/t.csv', index=False)")
    for file in result.files:
        read = read_step_table(session.workspace, file, rows=20)
        assert read.problem is None and list(read.frame["n"]) == list(range(20))
        whole = read_step_table(session.workspace, file)
        assert len(whole.frame) == 10_000
    parquet = next(f for f in result.files if f.path.endswith(".parquet"))
    assert read_step_table(session.workspace, parquet, rows=20).rows_total == 10_000
