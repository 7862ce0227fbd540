"""What an image archive sent to `POST /images/load` would name, checked before the engine
sees it.

`docker load` tags every image of the archive as the archive says: through the proxy, a
stolen app could otherwise replace any image of the host (`analyst-app:latest`, a base image
other services run) with one of its own. The app only ever loads the sandbox's image (the
archive in the data folder, analyst/deploy/first_start.py), so every name in the archive
must be of the sandbox's repository, and an archive must name at least one image.

The names are read where each format keeps them: `manifest.json` (`RepoTags`, docker save),
`repositories` (the legacy format) and `index.json` (OCI: the image name annotations).
"""

from __future__ import annotations

import json
import socket
import tarfile
from pathlib import Path
from typing import IO

NAME_FILES = ("manifest.json", "repositories", "index.json")
MAX_NAME_FILE = 4 * 1024 * 1024
OCI_NAME = "io.containerd.image.name"
OCI_REF = "org.opencontainers.image.ref.name"
MAX_LOAD_BODY = 16 * 1024**3
"""An archive is kept whole (in the proxy's temp folder) until its names are checked: the
sandbox's image is about 1.7 GB."""


class Unreadable(ValueError):
    """Not an image archive the proxy can read."""


def image_names(archive: Path) -> list[str]:
    """Every image name (repository:tag) the archive would tag when loaded."""
    names: list[str] = []
    try:
        with tarfile.open(archive, mode="r:*") as tar:
            for member in tar:
                name = member.name.removeprefix("./")
                if name not in NAME_FILES or not member.isfile():
                    continue
                if member.size > MAX_NAME_FILE:
                    raise Unreadable(f"{name} is too large")
                stream = tar.extractfile(member)
                if stream is None:
                    raise Unreadable(f"{name} cannot be read")
                names += _names(name, stream)
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise Unreadable(f"not a tar archive ({exc})") from None
    return names


def _names(kind: str, stream: IO[bytes]) -> list[str]:
    try:
        content = json.loads(stream.read())
    except ValueError:
        raise Unreadable(f"{kind} is not JSON") from None
    if kind == "manifest.json":
        return [str(tag) for image in _list(content) for tag in _list(_dict(image).get("RepoTags"))]
    if kind == "repositories":
        return [f"{repo}:{tag}" for repo, tags in _dict(content).items() for tag in _dict(tags)]
    names = []
    for manifest in _list(_dict(content).get("manifests")):
        notes = _dict(_dict(manifest).get("annotations"))
        if OCI_NAME in notes:
            names.append(str(notes[OCI_NAME]))
        elif OCI_REF in notes:  # a bare reference: the engine names it as it is
            names.append(str(notes[OCI_REF]))
    return names


def _list(value: object) -> list:
    return value if isinstance(value, list) else []


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def repository(name: str) -> str:
    """`analyst-sandbox` of `analyst-sandbox:abc`, `docker.io/library/analyst-sandbox:abc`
    and `analyst-sandbox@sha256:…`; the port of a registry host is not a tag."""
    name = name.split("@", 1)[0]
    last = name.rsplit("/", 1)[-1]
    if ":" in last:
        name = name[: len(name) - len(last)] + last.split(":", 1)[0]
    return name.removeprefix("docker.io/").removeprefix("library/")


def load_problem(archive: Path, allowed: str) -> str | None:
    """Why loading `archive` is not loading images of the `allowed` repository, or None."""
    try:
        names = image_names(archive)
    except Unreadable as exc:
        return f"an image archive that cannot be checked: {exc}"
    if not names:
        return "an image archive that names no image"
    foreign = sorted({name for name in names if repository(name) != allowed})
    if foreign:
        return f"an image archive naming images outside {allowed}: {', '.join(foreign)[:300]}"
    return None


class _Incoming:
    """The request body as it arrives: what came with the head, then the socket."""

    def __init__(self, client: socket.socket, rest: bytes) -> None:
        self.client, self.buffer = client, rest

    def read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.client.recv(1 << 20)
            if not chunk:
                raise Unreadable("the request ended before its body")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def line(self) -> bytes:
        while b"\r\n" not in self.buffer:
            if len(self.buffer) > 65536:
                raise Unreadable("a chunk header too large")
            chunk = self.client.recv(65536)
            if not chunk:
                raise Unreadable("the request ended before its body")
            self.buffer += chunk
        out, _, self.buffer = self.buffer.partition(b"\r\n")
        return out


def receive(client: socket.socket, rest: bytes, headers: dict[str, str], sink: IO[bytes]) -> None:
    """Copy a request's body (`rest`: what came with its head) into `sink`, chunked or of a
    given length, at most MAX_LOAD_BODY."""
    incoming = _Incoming(client, rest)
    total = 0

    def take(n: int) -> None:
        nonlocal total
        if n < 0:
            raise Unreadable("a negative body length")
        total += n
        if total > MAX_LOAD_BODY:
            raise Unreadable("an image archive too large")
        while n:
            part = incoming.read(min(n, 1 << 20))
            sink.write(part)
            n -= len(part)

    if "chunked" in headers.get("transfer-encoding", "").lower():
        while True:
            size = int(incoming.line().split(b";", 1)[0].strip() or b"x", 16)
            if size == 0:
                break
            take(size)
            incoming.read(2)  # the chunk's CRLF
        return
    take(int(headers.get("content-length") or 0))
