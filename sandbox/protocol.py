"""Host side of the control channel: length-prefixed JSON frames to and from the keeper.

A frame is a 4-byte big-endian length, then that many bytes of JSON. The transport is a
byte stream: the Docker backend's attach stream (stdout multiplexed with 8-byte headers,
since there is no TTY) or the local backend's pipes. Everything that comes back was produced
next to untrusted code, so it is checked: a frame over MAX_FRAME_BYTES is refused before it
is read, and anything that is not one of the keeper's frames is tampering.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import socket
import struct
import time
from typing import IO, Any, Protocol

from sandbox.notices import (
    CLAIMED,
    NOT_A_REPLY,
    REPLY_TOO_BIG,
    STREAM,
    UNASKED,
    tamper_detail,
)

MAX_FRAME_BYTES = 8 * 1024 * 1024  # the keeper refuses larger replies as well
HEADER = struct.Struct(">I")
_DOCKER_HEADER = struct.Struct(">BxxxI")  # stream (1 stdout, 2 stderr), payload size


class KernelGone(Exception):
    """The kernel closed the connection or died."""


class ChannelTampered(KernelGone):
    """Something that is not the keeper's answer came over the channel; `str()` says what
    in English, `reason` (one of `sandbox.notices.TAMPERINGS`) and `values` as data."""

    def __init__(self, detail: str, reason: str = CLAIMED,
                 values: dict[str, int | float | str] | None = None) -> None:
        super().__init__(detail)
        self.reason = reason
        self.values = dict(values or {})

    @classmethod
    def because(cls, reason: str, **values: int | float | str) -> ChannelTampered:
        return cls(tamper_detail(reason, values), reason, values)

    @classmethod
    def relayed(cls, reason: object, values: object = None) -> ChannelTampered:
        """The keeper's word that the kernel misbehaved: a reason id and its figures, as its
        frame has them. Anything else is the kernel's claim, whose words a step may have
        chosen: a fixed sentence instead."""
        figures = values if isinstance(values, dict) else {}
        if reason in (NOT_A_REPLY, UNASKED):
            return cls.because(str(reason))
        if reason == REPLY_TOO_BIG and all(_figure(figures.get(k)) for k in ("mb", "limit_mb")):
            return cls.because(REPLY_TOO_BIG, mb=float(figures["mb"]), limit_mb=int(figures["limit_mb"]))
        return cls.because(CLAIMED)


def _figure(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value < 1e12


class ReplyTimeout(Exception):
    """No reply before the deadline; the connection stays usable."""


class Channel(Protocol):
    def write(self, data: bytes) -> None:
        """All of `data`; raises OSError when the other side is gone."""

    def read(self, n: int, deadline: float) -> bytes:
        """Up to n bytes (b"" at end of stream); ReplyTimeout at the deadline."""

    def close(self) -> None: ...


class PipeChannel:
    """The keeper's stdin/stdout as pipes of a local child process (raw, unbuffered files)."""

    def __init__(self, to_kernel: IO[bytes], from_kernel: IO[bytes]) -> None:
        self._files = (to_kernel, from_kernel)
        self._out, self._in = to_kernel.fileno(), from_kernel.fileno()

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self._out, view):]

    def read(self, n: int, deadline: float) -> bytes:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([self._in], [], [], remaining)[0]:
            raise ReplyTimeout
        return os.read(self._in, n)

    def close(self) -> None:
        for file in self._files:
            with contextlib.suppress(OSError):
                file.close()


class AttachChannel:
    """A container's stdin/stdout through the engine's attach API (no TTY: stdout is framed)."""

    def __init__(self, sock: socket.socket, keep: object = None) -> None:
        self._sock = sock
        self._keep = keep  # the SDK's response object: the socket lives as long as it does
        self._raw = b""
        self._left = 0  # payload bytes of the current stdout chunk still to come

    def write(self, data: bytes) -> None:
        self._sock.sendall(data)

    def read(self, n: int, deadline: float) -> bytes:
        while True:
            if self._left and self._raw:
                take = self._raw[:min(n, self._left)]
                self._raw = self._raw[len(take):]
                self._left -= len(take)
                return take
            if not self._left and len(self._raw) >= _DOCKER_HEADER.size:
                stream, size = _DOCKER_HEADER.unpack_from(self._raw)
                if stream != 1:
                    raise ChannelTampered.because(STREAM, stream=stream)
                self._raw = self._raw[_DOCKER_HEADER.size:]
                self._left = size
                continue
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ReplyTimeout
            self._sock.settimeout(remaining)
            try:
                chunk = self._sock.recv(1 << 20)
            except TimeoutError:
                raise ReplyTimeout from None
            if not chunk:
                return b""
            self._raw += chunk

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._sock.close()


class KernelConnection:
    """Requests and replies over a `Channel`, one frame each."""

    def __init__(self, channel: Channel) -> None:
        self._channel = channel
        self._buffer = b""
        self._next_id = 0

    def send(self, message: dict[str, Any]) -> int:
        self._next_id += 1
        body = json.dumps({**message, "id": self._next_id}).encode()
        try:
            self._channel.write(HEADER.pack(len(body)) + body)
        except OSError as exc:
            raise KernelGone(str(exc)) from exc
        return self._next_id

    def _fill(self, n: int, deadline: float) -> None:
        while len(self._buffer) < n:
            try:
                chunk = self._channel.read(max(n - len(self._buffer), 1 << 16), deadline)
            except OSError as exc:
                raise KernelGone(str(exc)) from exc
            if not chunk:
                raise KernelGone("connection closed")
            self._buffer += chunk

    def receive(self, deadline: float) -> dict[str, Any]:
        """The next frame; `ReplyTimeout` at the deadline, `KernelGone` on EOF.

        `ChannelTampered` for a frame over the size limit (refused before its body is read),
        one that is not a JSON object, or the keeper's own word that the kernel misbehaved.
        """
        self._fill(HEADER.size, deadline)
        (size,) = HEADER.unpack_from(self._buffer)
        if size > MAX_FRAME_BYTES:
            raise ChannelTampered.because(REPLY_TOO_BIG, mb=round(size / 1024 / 1024, 1),
                                          limit_mb=MAX_FRAME_BYTES // 1024 // 1024)
        self._fill(HEADER.size + size, deadline)
        body = self._buffer[HEADER.size:HEADER.size + size]
        self._buffer = self._buffer[HEADER.size + size:]
        try:
            reply = json.loads(body)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            raise ChannelTampered.because(NOT_A_REPLY)
        if "tampered" in reply:
            raise ChannelTampered.relayed(reply["tampered"], reply.get("values"))
        return reply

    def request(self, message: dict[str, Any], deadline: float) -> dict[str, Any]:
        """Send and wait for the matching reply (skipping late replies of older requests)."""
        wanted = self.send(message)
        while True:
            reply = self.receive(deadline)
            if reply.get("id") == wanted:
                return reply

    def close(self) -> None:
        self._channel.close()
