"""The engine proxy: the app's only way to the Docker socket when it runs as a service.

Whoever holds the Docker socket is root on the host. The app needs about fifteen API calls,
so the socket is mounted into this small proxy alone and the app talks to the proxy
(`DOCKER_HOST=tcp://engine-proxy:2375` on a network with no way out). Each request is
checked before one byte reaches the engine:

- its method and path are on `RULES` (the calls `sandbox/` makes; nothing else: no exec,
  no networks, no pulls, no swarm);
- a call on a container names one carrying the sandbox label (`analyst.sandbox=1`), asked
  of the engine itself, so a stolen app cannot read or stop anybody else's containers;
- a container is created only with the sandbox's hardening (no network, no capabilities,
  read-only root, no privileged mode, no host namespaces or devices, bind mounts only under
  the data folder): `create_problem`;
- builds run with no network and tag only the sandbox's repository, as do tags; listing
  containers and pruning volumes only by the sandbox label;
- an image archive (`POST /images/load`) is read whole first and passed on only when every
  image it names is of the sandbox's repository (`image_archive`): `docker load` tags what
  the archive says, so it could replace any image of the host.

A refused request is answered 403 with the reason (the SDK raises it as the engine's own
message) and written to the proxy's log, one line each.

One request per connection (`Connection: close` is forced), so a request after the checked
one cannot ride along on a kept-alive connection; after the check the bytes are spliced
both ways unchanged, which is also how the attach stream (a hijacked connection) crosses.
A proxy image from a registry could not be pulled here, and a general-purpose one knows
nothing of our labels and mounts: hence this one, stdlib only.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import sys
import tempfile
import threading
from dataclasses import dataclass
from http.client import HTTPConnection
from pathlib import Path, PurePosixPath
from urllib.parse import parse_qs, unquote, urlsplit

from analyst.deploy.image_archive import Unreadable, load_problem, receive, repository

SANDBOX_LABEL = "analyst.sandbox"
SANDBOX_REPOSITORY = "analyst-sandbox"
MAX_HEAD = 64 * 1024
MAX_CREATE_BODY = 1024 * 1024
_VERSION = re.compile(r"^/v\d+(\.\d+)?(?=/)")
_ID = r"(?P<cid>[A-Za-z0-9][A-Za-z0-9_.-]*)"


@dataclass(frozen=True)
class Rule:
    method: str
    path: re.Pattern[str]


def _rule(method: str, path: str) -> Rule:
    return Rule(method, re.compile(path + r"$"))


RULES: tuple[Rule, ...] = (
    _rule("GET", r"/_ping"), _rule("HEAD", r"/_ping"), _rule("GET", r"/version"),
    _rule("GET", r"/images/(?P<image>.+)/json"),
    _rule("POST", r"/images/(?P<image>.+)/tag"),
    _rule("POST", r"/images/load"),
    _rule("POST", r"/build"),
    _rule("GET", r"/events"),
    _rule("GET", r"/containers/json"),
    _rule("POST", r"/containers/create"),
    _rule("POST", rf"/containers/{_ID}/(start|attach|wait|kill)"),
    _rule("GET", rf"/containers/{_ID}/(json|stats)"),
    _rule("GET", rf"/containers/{_ID}/archive"),
    _rule("HEAD", rf"/containers/{_ID}/archive"),
    _rule("PUT", rf"/containers/{_ID}/archive"),
    _rule("DELETE", rf"/containers/{_ID}"),
    _rule("POST", r"/volumes/prune"),
)


class Refused(Exception):
    """A request the proxy does not pass on; the message goes back to the caller."""


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    """Without the API version prefix (`/v1.41`)."""
    query: dict[str, list[str]]
    headers: dict[str, str]
    """Lower-case names."""


def parse_head(head: bytes) -> Request:
    lines = head.decode("latin-1").split("\r\n")
    try:
        method, target, _ = lines[0].split(" ", 2)
    except ValueError:
        raise Refused("not an HTTP request") from None
    parts = urlsplit(target)
    headers = {}
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        if sep:
            headers[name.strip().lower()] = value.strip()
    path = _VERSION.sub("", unquote(parts.path))
    return Request(method.upper(), path, parse_qs(parts.query), headers)


def matching_rule(request: Request) -> re.Match[str]:
    for rule in RULES:
        if rule.method == request.method:
            found = rule.path.match(request.path)
            if found:
                return found
    raise Refused(f"{request.method} {request.path} is not a call the app makes")


def create_problem(body: dict, data_root: PurePosixPath) -> str | None:
    """Why a container create is not the sandbox's hardened container, or None."""
    labels = body.get("Labels") or {}
    host = body.get("HostConfig") or {}
    if labels.get(SANDBOX_LABEL) != "1":
        return f"a container without the {SANDBOX_LABEL} label"
    checks = (
        (host.get("Privileged"), "privileged mode"),
        (host.get("CapAdd"), "added capabilities"),
        ("ALL" not in (host.get("CapDrop") or []), "capabilities kept"),
        (host.get("NetworkMode") != "none", "a network"),
        (not host.get("ReadonlyRootfs"), "a writable root filesystem"),
        ("no-new-privileges" not in (host.get("SecurityOpt") or []), "new privileges allowed"),
        (any("unconfined" in opt for opt in host.get("SecurityOpt") or []), "an unconfined profile"),
        (host.get("Devices") or host.get("DeviceRequests"), "host devices"),
        (host.get("Binds") or host.get("VolumesFrom"), "Binds or VolumesFrom"),
        (any(host.get(ns) == "host" or str(host.get(ns) or "").startswith("container:")
             for ns in ("PidMode", "IpcMode", "UTSMode", "UsernsMode", "CgroupnsMode")),
         "a namespace of the host or another container"),
        (host.get("Sysctls"), "sysctls"),
    )
    for bad, what in checks:
        if bad:
            return what
    for mount in host.get("Mounts") or []:
        problem = _mount_problem(mount, data_root)
        if problem:
            return problem
    return None


def _mount_problem(mount: dict, data_root: PurePosixPath) -> str | None:
    kind = mount.get("Type")
    if kind == "bind":
        source = PurePosixPath(str(mount.get("Source", "")))
        if ".." in source.parts or not source.is_absolute() or not source.is_relative_to(data_root):
            return f"a bind mount outside the data folder ({source})"
        if not mount.get("ReadOnly"):
            return f"a writable bind mount ({source})"
        return None
    if kind == "volume" and not mount.get("Source"):
        options = ((mount.get("VolumeOptions") or {}).get("DriverConfig") or {})
        fields = options.get("Options") or {}
        if options.get("Name") == "local" and fields.get("type") == "tmpfs" \
                and fields.get("device") == "tmpfs":
            return None
    return f"a {kind} mount other than the sandbox's own tmpfs"


def query_problem(request: Request, found: re.Match[str]) -> str | None:
    """Checks of the query string: builds offline, prunes and tags only of the sandbox's."""
    if request.path == "/build" and request.query.get("networkmode") != ["none"]:
        return "a build with a network"
    if request.path == "/build" and any(repository(tag) != SANDBOX_REPOSITORY
                                        for tag in request.query.get("t", [])):
        return f"a build tagged outside {SANDBOX_REPOSITORY}"
    if request.path in ("/volumes/prune", "/containers/json"):
        try:
            filters = json.loads((request.query.get("filters") or ["{}"])[0])
        except ValueError:
            filters = {}
        if not isinstance(filters, dict) or not any(
                str(label) == f"{SANDBOX_LABEL}=1" for label in _listed(filters.get("label"))):
            return ("pruning volumes that are not the sandbox's" if request.path.startswith("/volumes")
                    else "listing containers that are not the sandbox's")
    if request.path.endswith("/tag") and request.query.get("repo") != [SANDBOX_REPOSITORY]:
        return f"a tag outside {SANDBOX_REPOSITORY}"
    return None


def _listed(value: object) -> list[str]:
    if isinstance(value, dict):  # the API's older form: {"label=value": true}
        return [str(key) for key, on in value.items() if on]
    return [str(item) for item in value] if isinstance(value, list) else []


class Engine:
    """The real engine's Unix socket: fresh connections for inspects and for spliced calls."""

    def __init__(self, socket_path: str) -> None:
        self.socket_path = socket_path

    def connect(self) -> socket.socket:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.socket_path)
        return sock

    def is_sandbox(self, cid: str) -> bool:
        conn = _UnixHTTPConnection(self)
        try:
            conn.request("GET", f"/containers/{cid}/json")
            answer = conn.getresponse()
            if answer.status != 200:
                return False
            labels = (json.loads(answer.read()).get("Config") or {}).get("Labels") or {}
            return labels.get(SANDBOX_LABEL) == "1"
        finally:
            conn.close()


class _UnixHTTPConnection(HTTPConnection):
    def __init__(self, engine: Engine) -> None:
        super().__init__("localhost", timeout=30)
        self._engine = engine

    def connect(self) -> None:
        self.sock = self._engine.connect()


def _read_head(client: socket.socket) -> tuple[bytes, bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = client.recv(65536)
        if not chunk:
            raise Refused("the request ended before its headers")
        data += chunk
        if len(data) > MAX_HEAD:
            raise Refused("request headers too large")
    head, _, rest = data.partition(b"\r\n\r\n")
    return head, rest


def _closing_head(head: bytes, upgrade: bool) -> bytes:
    lines = [line for line in head.split(b"\r\n")
             if not line.lower().startswith((b"connection:", b"keep-alive:"))]
    lines.append(b"Connection: Upgrade" if upgrade else b"Connection: close")
    return b"\r\n".join(lines) + b"\r\n\r\n"


def _refuse(client: socket.socket, reason: str) -> None:
    """Answer 403 with the reason, log it (one line), and close."""
    print(f"refused: {reason}", file=sys.stderr, flush=True)
    body = json.dumps({"message": f"refused by the analyst engine proxy: {reason}"}).encode()
    client.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\n"
                   b"Connection: close\r\nContent-Length: " + str(len(body)).encode()
                   + b"\r\n\r\n" + body)
    client.close()


def _pump(source: socket.socket, sink: socket.socket) -> None:
    try:
        while True:
            chunk = source.recv(65536)
            if not chunk:
                break
            sink.sendall(chunk)
    except OSError:
        pass
    finally:
        # The half-close travels on: the engine sees the app's end of an attach stream.
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)


def serve_one(client: socket.socket, engine: Engine, data_root: PurePosixPath) -> None:
    """Check one request; pass it on, or answer 403 with the reason."""
    try:
        head, rest = _read_head(client)
        request = parse_head(head)
        found = matching_rule(request)
        problem = query_problem(request, found)
        if problem:
            raise Refused(problem)
        cid = found.groupdict().get("cid")
        if cid and not engine.is_sandbox(cid):
            raise Refused(f"container {cid} is not a sandbox container")
        if request.path == "/containers/create":
            rest = _whole_body(client, request, rest)
            try:
                problem = create_problem(json.loads(rest or b"{}"), data_root)
            except ValueError:
                problem = "an unreadable container definition"
            if problem:
                raise Refused(f"a container with {problem}")
    except Refused as exc:
        _refuse(client, str(exc))
        return
    except (OSError, ValueError):
        client.close()
        return
    if request.path == "/images/load":
        _pass_checked_archive(client, engine, head, request, rest)
        return
    upstream = engine.connect()
    upgrade = "upgrade" in request.headers.get("connection", "").lower()
    upstream.sendall(_closing_head(head, upgrade) + rest)
    back = threading.Thread(target=_pump, args=(upstream, client), daemon=True)
    back.start()
    _pump(client, upstream)
    back.join()
    upstream.close()
    client.close()


def _whole_body(client: socket.socket, request: Request, rest: bytes) -> bytes:
    if "chunked" in request.headers.get("transfer-encoding", "").lower():
        raise Refused("a chunked container definition")
    length = int(request.headers.get("content-length") or 0)
    if length > MAX_CREATE_BODY:
        raise Refused("a container definition too large")
    while len(rest) < length:
        chunk = client.recv(65536)
        if not chunk:
            break
        rest += chunk
    return rest


def _pass_checked_archive(client: socket.socket, engine: Engine, head: bytes,
                          request: Request, rest: bytes) -> None:
    """`POST /images/load`: the archive is read whole, its names checked, then sent on with
    its length (whatever framing it came in)."""
    with tempfile.NamedTemporaryFile(prefix="analyst-proxy-load-") as kept:
        try:
            receive(client, rest, request.headers, kept)
            kept.flush()
            problem = load_problem(Path(kept.name), SANDBOX_REPOSITORY)
        except Unreadable as exc:
            problem = str(exc)
        except (OSError, ValueError):
            client.close()
            return
        if problem:
            _refuse(client, problem)
            return
        size = kept.tell()
        kept.seek(0)
        lines = [line for line in _closing_head(head, False).split(b"\r\n")
                 if not line.lower().startswith((b"content-length:", b"transfer-encoding:"))]
        lines.insert(-2, b"Content-Length: " + str(size).encode())
        upstream = engine.connect()
        try:
            upstream.sendall(b"\r\n".join(lines))
            while chunk := kept.read(1 << 20):
                upstream.sendall(chunk)
            _pump(upstream, client)
        finally:
            upstream.close()
            client.close()


def serve(listen: tuple[str, int], engine: Engine, data_root: PurePosixPath,
          ready: threading.Event | None = None) -> None:
    """Accept connections forever, one thread each."""
    server = socket.create_server(listen, reuse_port=False)
    if ready is not None:
        ready.set()
    while True:
        client, _ = server.accept()
        threading.Thread(target=serve_one, args=(client, engine, data_root), daemon=True).start()
