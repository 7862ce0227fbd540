"""Every upload keeps its own original on disk, so reading it again reads the right bytes."""

from pathlib import Path

from analyst.session.analysis import Analysis
from ui.state import kept_original, kept_upload, upload_name


def keep(root: Path, name: str, data: bytes) -> Path:
    """What the upload page does with a new file: keep its bytes under its kept name."""
    path = kept_upload(root, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def test_names_that_differ_only_in_unsafe_characters_get_different_files():
    names = ["Sales (Jan).csv", "Sales [Jan].csv", "Sales {Jan}.csv", "Sales _Jan_.csv"]
    kept = [upload_name(n) for n in names]
    assert len(set(kept)) == len(names)
    assert all(k.endswith(".csv") for k in kept)  # ingest reads the format from the suffix
    assert all(k.startswith("Sales _Jan_") for k in kept)  # still recognisable


def test_a_safe_name_is_kept_as_it_is_and_the_mapping_is_stable():
    assert upload_name("Q1 sales-2026.xlsx") == "Q1 sales-2026.xlsx"
    assert upload_name("Sales (Jan).csv") == upload_name("Sales (Jan).csv")
    assert "/" not in upload_name("../../etc/passwd") and upload_name("").startswith("upload")


def test_a_safe_name_that_looks_hashed_cannot_take_another_uploads_place():
    hashed = upload_name("Sales (Jan).csv")
    assert upload_name(hashed) != hashed


def test_the_second_upload_does_not_overwrite_the_first(tmp_path):
    first = keep(tmp_path, "Sales (Jan).csv", b"region,amount\nN,10\n")
    second = keep(tmp_path, "Sales [Jan].csv", b"region,amount\nS,99\n")
    assert first != second
    # Correcting the first file later reads its own bytes again.
    assert kept_upload(tmp_path, "Sales (Jan).csv").read_bytes() == b"region,amount\nN,10\n"
    assert kept_upload(tmp_path, "Sales [Jan].csv").read_bytes() == b"region,amount\nS,99\n"


def test_reading_both_files_gives_each_its_own_numbers(tmp_path):
    with Analysis.open(tmp_path / "ws", backend="local") as analysis:
        for name, data in [("Sales (Jan).csv", b"region,amount\nN,10\n"),
                           ("Sales [Jan].csv", b"region,amount\nS,99\n")]:
            analysis.add_file(keep(tmp_path / "ws", name, data), name)
        again = analysis.add_file(kept_upload(tmp_path / "ws", "Sales (Jan).csv"),
                                  "Sales (Jan).csv", replace=True)
    assert [c.source_file for c in again] == ["Sales (Jan).csv"]
    assert [col.sum for col in again[0].columns if col.name == "amount"] == [10]


def test_an_older_workspace_finds_its_kept_original_under_the_merged_name(tmp_path):
    root = tmp_path / "ws"
    with Analysis.open(root, backend="local") as analysis:
        legacy = root / "uploads" / "Sales _Jan_.csv"  # where older versions kept it
        legacy.parent.mkdir(parents=True)
        legacy.write_bytes(b"region,amount\nN,10\n")
        analysis.add_file(legacy, "Sales (Jan).csv")
    assert kept_upload(root, "Sales (Jan).csv") == legacy
    # ...but never when the bytes there are another upload's (the old collision).
    legacy.write_bytes(b"region,amount\nS,99\n")
    assert kept_upload(root, "Sales (Jan).csv") != legacy


def test_an_upload_is_kept_once_and_a_correction_reads_that_copy(app_env):
    """The app keeps one copy of each upload (the original in input/), none in uploads/."""
    from streamlit.testing.v1 import AppTest

    from tests.app.samples import ROOT

    names = ["Sales (Jan).csv", "Sales [Jan].csv", "продажі.csv", "销售 2026.csv"]
    payloads = [f"region,amount\nN,{10 + i}\nS,{i}\n".encode() for i in range(len(names))]
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90).run()
    for name, data in zip(names, payloads, strict=True):
        at.file_uploader(key="uploader").set_value((name, data, "text/csv")).run()
        assert not at.exception
    root = next((app_env / "workspaces").iterdir())
    files = [p for p in root.rglob("*") if p.is_file() and ".analyst" not in p.parts]
    for name, data in zip(names, payloads, strict=True):
        copies = [p for p in files if p.read_bytes() == data]
        assert len(copies) == 1 and copies[0].parent == root / "input", (name, copies)
        assert kept_original(root, name) == copies[0].resolve()
    assert not (root / "uploads").exists()
    assert not list((root / ".analyst").glob("upload-*"))  # the temporary copies are gone
