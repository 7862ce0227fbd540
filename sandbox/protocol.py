"""Host side of the kernel protocol: JSON lines over the Unix socket in the workspace."""

from __future__ import annotations

import json
import os
import socket
import tempfile
import time
from pathlib import Path
from typing import Any

# A reply is produced by the same process as the untrusted code, so it is untrusted too:
# refuse absurd sizes instead of reading without end.
MAX_REPLY_BYTES = 64 * 1024 * 1024
_SUN_PATH_MAX = 100  # sockaddr_un holds 108 bytes on Linux; keep a margin


class KernelGone(Exception):
    """The kernel closed the connection or died."""


class ReplyTimeout(Exception):
    """No reply before the deadline; the connection stays usable."""


class KernelConnection:
    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._buffer = b""
        self._next_id = 0

    @classmethod
    def connect(cls, path: Path, deadline: float, alive=lambda: True) -> KernelConnection:
        """Connect to the kernel's socket, retrying until it listens or `deadline` passes."""
        address = _short_address(path)
        while True:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(address)
                return cls(sock)
            except OSError:
                sock.close()
                if time.monotonic() > deadline or not alive():
                    raise KernelGone(f"no kernel listening on {path}") from None
                time.sleep(0.005)

    def send(self, message: dict[str, Any]) -> int:
        self._next_id += 1
        message = {**message, "id": self._next_id}
        try:
            self._sock.sendall(json.dumps(message).encode() + b"\n")
        except OSError as exc:
            raise KernelGone(str(exc)) from exc
        return self._next_id

    def receive(self, deadline: float) -> dict[str, Any]:
        """The next reply line; `ReplyTimeout` at the deadline, `KernelGone` on EOF."""
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ReplyTimeout
            self._sock.settimeout(remaining)
            try:
                chunk = self._sock.recv(1 << 20)
            except TimeoutError:
                raise ReplyTimeout from None
            except OSError as exc:
                raise KernelGone(str(exc)) from exc
            if not chunk:
                raise KernelGone("connection closed")
            self._buffer += chunk
            if len(self._buffer) > MAX_REPLY_BYTES:
                raise KernelGone("reply too large")
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            reply = json.loads(line)
        except ValueError as exc:
            raise KernelGone("unreadable reply") from exc
        if not isinstance(reply, dict):
            raise KernelGone("unreadable reply")
        return reply

    def request(self, message: dict[str, Any], deadline: float) -> dict[str, Any]:
        """Send and wait for the matching reply (skipping late replies of older requests)."""
        wanted = self.send(message)
        while True:
            reply = self.receive(deadline)
            if reply.get("id") == wanted:
                return reply

    def close(self) -> None:
        try:
            self._sock.close()
        except OSError:
            pass


def _short_address(path: Path) -> str:
    """A path to the socket that fits in sockaddr_un: a symlink in the temp dir if needed."""
    text = os.fspath(path)
    if len(text.encode()) < _SUN_PATH_MAX:
        return text
    link_dir = Path(tempfile.gettempdir()) / f"analyst-sock-{os.getuid()}"
    link_dir.mkdir(mode=0o700, exist_ok=True)
    link = link_dir / f"{abs(hash(text)):x}"
    if not (link.is_symlink() and os.readlink(link) == os.fspath(path.parent)):
        link.unlink(missing_ok=True)
        link.symlink_to(path.parent, target_is_directory=True)
    return os.fspath(link / path.name)
