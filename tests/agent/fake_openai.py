"""A scripted OpenAI-compatible HTTP server: a public test double for the LLM analyst.

It serves `POST /v1/chat/completions` on 127.0.0.1 (random port) from a script, in order,
as plain JSON or as SSE chunks (text and tool-call deltas) when the request says
``stream: true``. It records every request it receives, and `assert_done()` (called when
the `with` block ends) fails if part of the script was not used or a request came after
the script ran out.

    with FakeOpenAI([tool_call("print(1)"), reply("It is 1.")]) as server:
        client = openai.OpenAI(base_url=server.base_url, api_key="test", max_retries=0)
        ...
        assert server.requests[0].body["messages"][0]["role"] == "system"
"""

from __future__ import annotations

import itertools
import json
import socket
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

_ids = itertools.count(1)


@dataclass(frozen=True)
class Scripted:
    """One response of the script."""

    content: str | None = None
    tool_calls: tuple[tuple[str, str, str], ...] = ()
    """(id, function name, JSON arguments)."""
    status: int = 200
    error: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    """Wait this long before answering (to provoke a client timeout)."""
    usage: tuple[int, int] | None = None
    """(prompt, completion) tokens to report; by default about len/4 of the texts."""


def reply(content: str, **kw: Any) -> Scripted:
    """The model answers in words (or with ```code blocks, for models without tools)."""
    return Scripted(content=content, **kw)


def tool_call(code: str, description: str = "A step", *, content: str | None = None,
              **kw: Any) -> Scripted:
    """The model asks to run `code` with the execute_python tool."""
    return tool_calls([(code, description)], content=content, **kw)


def tool_calls(calls: Iterable[tuple[str, str]], *, content: str | None = None,
               **kw: Any) -> Scripted:
    """Several execute_python calls in one reply (parallel tool calls)."""
    return Scripted(
        content=content,
        tool_calls=tuple(
            (f"call_{next(_ids)}", "execute_python",
             json.dumps({"code": code, "description": description}))
            for code, description in calls
        ),
        **kw,
    )


def raw_tool_call(name: str, arguments: str, **kw: Any) -> Scripted:
    """A tool call exactly as given (a wrong tool name, broken JSON...)."""
    return Scripted(tool_calls=((f"call_{next(_ids)}", name, arguments),), **kw)


def error(status: int, message: str, *, code: str | None = None,
          headers: dict[str, str] | None = None) -> Scripted:
    """An API error with OpenAI's error body."""
    return Scripted(status=status, headers=headers or {},
                    error={"message": message, "type": "fake_error", "code": code})


def hang(seconds: float) -> Scripted:
    """Answer only after `seconds` (longer than the client waits)."""
    return Scripted(content="too late", delay_s=seconds)


@dataclass(frozen=True)
class Recorded:
    path: str
    headers: dict[str, str]
    """Names in lower case."""
    body: dict[str, Any]

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.body.get("messages", [])

    @property
    def system_prompt(self) -> str:
        return next(m["content"] for m in self.messages if m["role"] == "system")

    def tool_results(self) -> list[str]:
        return [m["content"] for m in self.messages if m["role"] == "tool"]


POLL_S = 0.01
"""How soon the server notices `stop()`, in seconds."""


class FakeOpenAI:
    def __init__(self, script: Iterable[Scripted] = ()) -> None:
        self._script = list(script)
        self._lock = threading.Lock()
        self.requests: list[Recorded] = []
        self.overrun = 0
        """Requests that came after the script ran out (answered with a 500)."""
        self._server: ThreadingHTTPServer | None = None

    @property
    def base_url(self) -> str:
        assert self._server is not None, "start the server first"
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    @property
    def remaining(self) -> int:
        return len(self._script)

    def start(self) -> FakeOpenAI:
        handler = type("Handler", (_Handler,), {"fake": self})
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self._server.block_on_close = False  # a hanging handler must not block stop()
        # serve_forever looks for stop() every poll_interval: its default half second was
        # paid by every test that used a server (a third of tests/agent/test_agent_words.py).
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": POLL_S},
                         daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def assert_done(self) -> None:
        assert not self._script, f"{len(self._script)} scripted responses were never requested"
        assert not self.overrun, f"{self.overrun} requests came after the script ran out"

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, exc_type: object, *rest: object) -> None:
        self.stop()
        if exc_type is None:
            self.assert_done()

    def _next(self, recorded: Recorded) -> Scripted | None:
        with self._lock:
            self.requests.append(recorded)
            if not self._script:
                self.overrun += 1
                return None
            return self._script.pop(0)


class _Handler(BaseHTTPRequestHandler):
    fake: FakeOpenAI

    def log_message(self, *args: Any) -> None:  # keep test output quiet
        pass

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        body = json.loads(raw or b"{}")
        headers = {name.lower(): value for name, value in self.headers.items()}
        step = self.fake._next(Recorded(self.path, headers, body))
        if step is None:
            step = error(500, "fake server: the script is used up")
        try:
            time.sleep(step.delay_s)
            if step.error is not None:
                self._send_json(step.status, {"error": step.error}, step.headers)
            elif body.get("stream"):
                self._send_stream(step, body, len(raw))
            else:
                self._send_json(200, _completion(step, body, len(raw)), step.headers)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up waiting: that is what some tests want

    def _send_json(self, status: int, payload: dict[str, Any], headers: dict[str, str]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _send_stream(self, step: Scripted, body: dict[str, Any], size: int) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()  # HTTP/1.0: the stream ends when the connection closes
        for chunk in _chunks(step, body, size):
            self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            self.wfile.flush()
        self.wfile.write(b"data: [DONE]\n\n")


def _usage(step: Scripted, request_size: int) -> dict[str, int]:
    if step.usage is not None:
        prompt, completion = step.usage
    else:
        written = (step.content or "") + "".join(args for _, _, args in step.tool_calls)
        prompt, completion = request_size // 4, len(written) // 4 + 1
    return {"prompt_tokens": prompt, "completion_tokens": completion,
            "total_tokens": prompt + completion}


def _completion(step: Scripted, body: dict[str, Any], size: int) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": step.content}
    if step.tool_calls:
        message["tool_calls"] = [
            {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}
            for cid, name, args in step.tool_calls
        ]
    return {
        "id": f"chatcmpl-{next(_ids)}", "object": "chat.completion", "created": int(time.time()),
        "model": body.get("model", "fake"),
        "choices": [{"index": 0, "message": message,
                     "finish_reason": "tool_calls" if step.tool_calls else "stop"}],
        "usage": _usage(step, size),
    }


def _chunks(step: Scripted, body: dict[str, Any], size: int) -> Iterator[dict[str, Any]]:
    base = {"id": f"chatcmpl-{next(_ids)}", "object": "chat.completion.chunk",
            "created": int(time.time()), "model": body.get("model", "fake")}

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    yield chunk({"role": "assistant", "content": ""})
    text = step.content or ""
    for start in range(0, len(text), 7):  # small pieces, as real servers send
        yield chunk({"content": text[start:start + 7]})
    for index, (cid, name, args) in enumerate(step.tool_calls):
        yield chunk({"tool_calls": [{"index": index, "id": cid, "type": "function",
                                     "function": {"name": name, "arguments": ""}}]})
        for start in range(0, len(args), 11):
            yield chunk({"tool_calls": [{"index": index,
                                         "function": {"arguments": args[start:start + 11]}}]})
    yield chunk({}, "tool_calls" if step.tool_calls else "stop")
    if (body.get("stream_options") or {}).get("include_usage"):
        yield {**base, "choices": [], "usage": _usage(step, size)}


def closed_port_url() -> str:
    """A base URL where nothing listens: connecting is refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"
