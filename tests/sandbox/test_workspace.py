import pytest

from sandbox import OutputFile, Workspace, WorkspaceError


def test_constructor_does_no_io(tmp_path):
    Workspace(tmp_path / "not-yet")
    assert not (tmp_path / "not-yet").exists()


def test_ensure_creates_input_output_and_lib(tmp_path):
    ws = Workspace(tmp_path / "ws").ensure()
    assert ws.input_dir.is_dir() and ws.output_dir.is_dir() and ws.lib_dir.is_dir()


def test_resolve_keeps_paths_inside(tmp_path):
    ws = Workspace(tmp_path).ensure()
    assert ws.resolve("output/chart.png") == (tmp_path / "output" / "chart.png").resolve()


@pytest.mark.parametrize("escape", ["../secret.txt", "/etc/passwd", "output/../../x"])
def test_resolve_refuses_escapes(tmp_path, escape):
    with pytest.raises(WorkspaceError):
        Workspace(tmp_path / "ws").ensure().resolve(escape)


def test_resolve_refuses_a_symlink_pointing_out(tmp_path):
    ws = Workspace(tmp_path / "ws").ensure()
    (ws.output_dir / "link").symlink_to(tmp_path)
    with pytest.raises(WorkspaceError):
        ws.resolve("output/link/anything")


def test_changed_since_lists_new_and_changed_files_only(tmp_path):
    ws = Workspace(tmp_path).ensure()
    (ws.output_dir / "old.csv").write_text("a\n")
    (ws.output_dir / "same.txt").write_text("x")
    before = ws.snapshot()
    (ws.output_dir / "old.csv").write_text("a,b\n1,2\n")
    (ws.output_dir / "charts").mkdir()
    (ws.output_dir / "charts" / "revenue.png").write_bytes(b"\x89PNG")
    assert ws.changed_since(before) == [
        OutputFile("output/charts/revenue.png", 4, is_image=True),
        OutputFile("output/old.csv", 8, is_image=False),
    ]
