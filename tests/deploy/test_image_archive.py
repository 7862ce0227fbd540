"""Which images an archive sent to `POST /images/load` would tag, read in every format the
engine loads (docker save's manifest.json, the legacy `repositories`, OCI's index.json),
plain or gzipped: only archives naming images of the sandbox's repository pass the proxy.
Without an engine; tests/deploy/test_engine_proxy.py makes the attack through it."""

from __future__ import annotations

import gzip
import io
import itertools
import json
import tarfile
from pathlib import Path

import pytest

from analyst.deploy.image_archive import image_names, load_problem, repository
from analyst.deploy.proxy import SANDBOX_REPOSITORY, matching_rule, parse_head, query_problem

OURS = ["analyst-sandbox:ee6bd0d512dd", "analyst-sandbox:latest",
        "docker.io/library/analyst-sandbox:abc"]
FOREIGN = ["analyst-app:latest", "debian:bookworm", "docker.io/library/alpine:3.20",
           "registry.local:5000/analyst-sandbox:x", "evil/analyst-sandbox:latest",
           "analyst-sandbox-base:bookworm", "postgres@sha256:" + "a" * 64]


def _member(tar: tarfile.TarFile, name: str, body: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(body)
    tar.addfile(info, io.BytesIO(body))


def archive(folder: Path, names: list[str], kind: str, zipped: bool = False) -> Path:
    """An image archive naming `names` the way `kind` does (with a layer beside it)."""
    if kind == "manifest.json":
        content: object = [{"Config": "c.json", "RepoTags": names, "Layers": ["l/layer.tar"]}]
    elif kind == "repositories":
        content = {}
        for name in names:
            repo, _, tag = name.rpartition(":")
            content.setdefault(repo, {})[tag] = "0" * 64  # type: ignore[union-attr]
    else:
        content = {"schemaVersion": 2, "manifests": [
            {"mediaType": "application/vnd.oci.image.manifest.v1+json",
             "annotations": {"io.containerd.image.name": name}} for name in names]}
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w") as tar:
        _member(tar, "l/layer.tar", b"\0" * 1024)
        _member(tar, kind, json.dumps(content).encode())
    path = folder / f"image-{kind}-{len(names)}{'.gz' if zipped else ''}.tar"
    path.write_bytes(gzip.compress(raw.getvalue()) if zipped else raw.getvalue())
    return path


KINDS = ["manifest.json", "repositories", "index.json"]


@pytest.mark.parametrize(("kind", "zipped"), list(itertools.product(KINDS, [False, True])))
def test_archives_of_the_sandboxs_images_pass(tmp_path: Path, kind: str, zipped: bool) -> None:
    for count in (1, 2, 3):
        path = archive(tmp_path, OURS[:count], kind, zipped)
        assert load_problem(path, SANDBOX_REPOSITORY) is None
        assert sorted(image_names(path)) == sorted(OURS[:count])


@pytest.mark.parametrize(("kind", "zipped", "foreign"),
                         [(k, z, f) for k, z in list(itertools.product(KINDS, [False, True]))
                          for f in FOREIGN if not ("@" in f and k == "repositories")])
def test_an_archive_naming_any_other_image_is_refused(tmp_path: Path, kind: str, zipped: bool,
                                                      foreign: str) -> None:
    # Alone, and hidden among the sandbox's own names.
    for names in ([foreign], [OURS[0], foreign], [*OURS, foreign]):
        problem = load_problem(archive(tmp_path, names, kind, zipped), SANDBOX_REPOSITORY)
        assert problem is not None and foreign in problem, (names, problem)


# mtime=0 and ids: xdist workers collect apart, and a gzip header's time in an id made
# their collections differ (CI refused the run).
@pytest.mark.parametrize("body", [b"", b"not a tar at all", gzip.compress(b"nor this", mtime=0),
                                  b"\0" * 10240], ids=["empty", "text", "gzip-of-text", "zeros"])
def test_what_is_not_an_image_archive_is_refused(tmp_path: Path, body: bytes) -> None:
    path = tmp_path / "x.tar"
    path.write_bytes(body)
    assert load_problem(path, SANDBOX_REPOSITORY) is not None


@pytest.mark.parametrize("kind", KINDS)
def test_an_archive_naming_no_image_is_refused(tmp_path: Path, kind: str) -> None:
    problem = load_problem(archive(tmp_path, [], kind), SANDBOX_REPOSITORY)
    assert problem == "an image archive that names no image"


@pytest.mark.parametrize(("name", "repo"), [
    ("analyst-sandbox:abc", "analyst-sandbox"), ("analyst-sandbox", "analyst-sandbox"),
    ("docker.io/library/analyst-sandbox:abc", "analyst-sandbox"),
    ("registry.local:5000/analyst-sandbox:x", "registry.local:5000/analyst-sandbox"),
    ("registry.local:5000/analyst-sandbox", "registry.local:5000/analyst-sandbox"),
    ("analyst-sandbox@sha256:" + "b" * 64, "analyst-sandbox"),
    ("evil/analyst-sandbox:1", "evil/analyst-sandbox"),
])
def test_the_repository_of_a_name(name: str, repo: str) -> None:
    assert repository(name) == repo


@pytest.mark.parametrize(("tags", "refused"), [
    (["analyst-sandbox:abc"], False), (["analyst-sandbox:abc", "analyst-sandbox:latest"], False),
    ([], False), (["analyst-app:latest"], True), (["analyst-sandbox:abc", "debian:bookworm"], True),
    (["registry.local:5000/analyst-sandbox:x"], True),
])
def test_a_build_tags_only_the_sandboxs_repository(tags: list[str], refused: bool) -> None:
    query = "&".join(["networkmode=none", *(f"t={tag}" for tag in tags)])
    request = parse_head(f"POST /v1.41/build?{query} HTTP/1.1\r\nHost: docker".encode())
    problem = query_problem(request, matching_rule(request))
    assert (problem == f"a build tagged outside {SANDBOX_REPOSITORY}") is refused, problem


@pytest.mark.parametrize(("headers", "body", "kept"), [
    ({"content-length": "11"}, b"hello world", b"hello world"),
    ({"transfer-encoding": "chunked"}, b"5\r\nhello\r\n6;x=1\r\n world\r\n0\r\n\r\n", b"hello world"),
    ({"transfer-encoding": "chunked"}, b"-5\r\nhello\r\n0\r\n\r\n", None),
    ({"content-length": "-3"}, b"abc", None),
    ({"transfer-encoding": "chunked"}, b"zz\r\nhello\r\n", None),
    ({"content-length": "20"}, b"cut short", None),
    ({"transfer-encoding": "chunked"}, b"5\r\nhel", None),
])
def test_the_body_is_kept_as_sent_or_refused(headers: dict[str, str], body: bytes,
                                             kept: bytes | None) -> None:
    """Sent with its length or in chunks (the Docker SDK streams a generator so), split
    anywhere; a negative, unreadable or cut-short body is refused, never waited on forever."""
    import socket

    from analyst.deploy.image_archive import Unreadable, receive

    for cut in range(0, len(body) + 1, 3):
        ours, theirs = socket.socketpair()
        theirs.sendall(body[cut:])
        theirs.close()
        sink = io.BytesIO()
        try:
            if kept is None:
                with pytest.raises((Unreadable, ValueError)):
                    receive(ours, body[:cut], headers, sink)
            else:
                receive(ours, body[:cut], headers, sink)
                assert sink.getvalue() == kept
        finally:
            ours.close()
