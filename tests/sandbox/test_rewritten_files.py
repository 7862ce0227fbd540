"""Issue 14, point 1 (with tests/sandbox/test_artifacts_by_value.py): a file written again by
each step is copied to the host as each step wrote it, on the real backends.

These tests only run steps that write one file and read what they return: one session per
backend for the module (`steps_session`; a kernel start each was most of their cost). A
module of their own, so the Docker session's teardown comes in a Docker test's teardown
(tests/tiers.py counts what a teardown does against the test it ends).
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("size", [1, 4, 4096, 70_000])
def test_a_file_rewritten_at_once_with_as_many_bytes_is_kept_as_rewritten(steps_session, size):
    # Same name, same size, same second: only the bytes differ. Each step's copy must be
    # what that step wrote (a copy keyed on size and time would keep the first).
    session = steps_session
    for step, fill in enumerate("abcde"):
        result = session.run(f"open('output/same.csv', 'w').write({fill!r} * {size})")
        assert result.ok, result
        (file,) = result.files
        assert session.workspace.artifact_path(file).read_text() == fill * size, (step, file)


def test_a_file_rewritten_with_the_same_bytes_is_listed_by_each_step_that_wrote_it(
        steps_session):
    # A recipe run again saves the same table under the same name: each run's record must
    # list it (the standard report reads its tables from the steps' files).
    session = steps_session
    for _ in range(4):
        result = session.run("open('output/same.csv', 'w').write('region,revenue\\nNorth,10\\n')")
        assert result.ok and [f.path for f in result.files] == ["output/same.csv"], result
    untouched = session.run("print('nothing written')")
    assert untouched.files == ()
