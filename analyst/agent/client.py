"""Talking to the model API: client creation, one normalized reply, retries, plain messages.

The openai client's own retries are switched off so that every wait is visible to the user
as a ``retry`` event instead of a silent pause.
"""

from __future__ import annotations

import json
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import openai

from analyst.agent.config import LLMConfig
from analyst.agent.words import AgentNote
from analyst.errors import AnalystError
from analyst.events import Event

BACKOFF_BASE_S = 1.0


class ModelAPIError(AnalystError):
    """The model API failed for good; `str()` is one plain paragraph for the user (in
    English), `message_in(language)` the same in the reader's language when the message is
    an `AgentNote` (as every message of this module is)."""

    def __init__(self, message: str | AgentNote, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status

    def words(self, language: str | None) -> str:
        """The message in `language`, as it is written (no spaces folded)."""
        message = self.args[0]
        return message.render(language) if isinstance(message, AgentNote) else str(message)


class ToolsUnsupported(ModelAPIError):
    """The server refused the `tools` parameter: the model has no tool calling."""


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: str
    """The raw JSON text the model produced (it may be invalid: that is the model's error)."""


@dataclass(frozen=True)
class ModelReply:
    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    finish_reason: str | None = None


def make_client(config: LLMConfig) -> openai.OpenAI:
    """The client for `config`'s server, made once per server, key and timeout: a new one
    builds its TLS context and connection pool again (about 50 ms of CPU per question)."""
    return _client(config.api_key, config.base_url, config.request_timeout)


@lru_cache(maxsize=16)
def _client(api_key: str | None, base_url: str | None, timeout: float) -> openai.OpenAI:
    # Local servers (Ollama, vLLM, LM Studio) need no key, but the client insists on one.
    return openai.OpenAI(api_key=api_key or "not-needed", base_url=base_url, timeout=timeout,
                         max_retries=0)


def ask_model(
    client: openai.OpenAI,
    config: LLMConfig,
    messages: Sequence[dict[str, Any]],
    *,
    tools: Sequence[dict[str, Any]] | None,
    language: str | None = "en",
) -> Generator[Event, None, ModelReply]:
    """One completion, retried on rate limits and transient failures; yields ``retry`` events
    (their message in `language`, the reader's).

    Use as ``reply = yield from ask_model(...)``. Raises `ModelAPIError` when it gives up.
    """
    attempt = 0
    while True:
        try:
            return _complete(client, config, messages, tools)
        except openai.APIError as exc:
            failure = describe_api_error(exc, config)
            message = failure.message
            if isinstance(exc, openai.BadRequestError) and tools and _mentions_tools(exc):
                raise ToolsUnsupported(message, status=400) from None
            status = getattr(exc, "status_code", None)
            if not failure.retryable:
                raise ModelAPIError(message, status=status) from None
            wait = failure.retry_after
            if wait is None:
                wait = BACKOFF_BASE_S * 2**attempt
            if attempt >= config.api_retries:
                raise ModelAPIError(_gave_up(message, attempt), status=status) from None
            if wait > config.max_retry_wait:
                raise ModelAPIError(
                    AgentNote("api_wait_too_long", message=message, wait=float(wait)),
                    status=status,
                ) from None
            attempt += 1
            yield Event(
                "retry",
                AgentNote("api_retry", message=message, wait=float(wait), attempt=attempt,
                          retries=config.api_retries).render(language),
                data={"attempt": attempt, "wait_s": wait, "status": status},
            )
            time.sleep(wait)


@dataclass(frozen=True)
class APIFailure:
    message: AgentNote
    """Plain words for the user: what failed and what to do about it (`str()`: English)."""
    retryable: bool = False
    retry_after: float | None = None
    """Seconds the server asked us to wait (Retry-After), when it said."""


def describe_api_error(exc: openai.APIError, config: LLMConfig) -> APIFailure:
    where = config.endpoint_name
    if isinstance(exc, openai.APITimeoutError):
        return APIFailure(
            AgentNote("api_timeout", where=where, seconds=float(config.request_timeout)),
            retryable=True,
        )
    if isinstance(exc, openai.APIConnectionError):
        return APIFailure(AgentNote("api_connect", where=where), retryable=True)
    if not isinstance(exc, openai.APIStatusError):
        return APIFailure(AgentNote("api_failed", detail=_detail(exc)))
    status = exc.status_code
    if status == 401:
        return APIFailure(AgentNote("api_key", where=where))
    if status == 403:
        return APIFailure(AgentNote("api_forbidden", model=config.model, detail=_detail(exc)))
    if status == 404:
        return APIFailure(AgentNote("api_no_model", where=where, model=config.model))
    if status == 429 and _error_code(exc) == "insufficient_quota":
        return APIFailure(AgentNote("api_quota"))
    if status == 429:
        return APIFailure(AgentNote("api_rate_limit"), retryable=True,
                          retry_after=_retry_after(exc))
    if status >= 500 or status in (408, 409):
        return APIFailure(AgentNote("api_server_error", status=str(status)), retryable=True,
                          retry_after=_retry_after(exc))
    if status == 400 and _error_code(exc) == "context_length_exceeded":
        return APIFailure(AgentNote("api_too_long"))
    return APIFailure(AgentNote("api_rejected", status=str(status), detail=_detail(exc)))


def _gave_up(message: AgentNote, retries: int) -> AgentNote:
    if not retries:
        return AgentNote("api_gave_up", message=message)
    return AgentNote("api_gave_up_after", retries, message=message, n=retries)


def _complete(
    client: openai.OpenAI,
    config: LLMConfig,
    messages: Sequence[dict[str, Any]],
    tools: Sequence[dict[str, Any]] | None,
) -> ModelReply:
    kwargs: dict[str, Any] = {"model": config.model, "messages": list(messages)}
    if tools:
        kwargs["tools"] = list(tools)
    if config.temperature is not None:
        kwargs["temperature"] = config.temperature
    if config.reasoning_effort:
        kwargs["reasoning_effort"] = config.reasoning_effort
    if not config.stream:
        response = client.chat.completions.create(**kwargs)
        choice = response.choices[0]
        calls = tuple(
            ToolCall(c.id, c.function.name, c.function.arguments or "")
            for c in (choice.message.tool_calls or ())
            if getattr(c, "function", None) is not None
        )
        usage = response.usage
        return ModelReply(
            text=choice.message.content or "",
            tool_calls=calls,
            prompt_tokens=usage.prompt_tokens if usage else None,
            completion_tokens=usage.completion_tokens if usage else None,
            finish_reason=choice.finish_reason,
        )
    return _collect_stream(
        client.chat.completions.create(
            **kwargs, stream=True, stream_options={"include_usage": True}
        )
    )


def _collect_stream(stream: Any) -> ModelReply:
    """Assemble streamed deltas (text pieces, tool-call fragments by index) into one reply."""
    text: list[str] = []
    calls: dict[int, dict[str, Any]] = {}
    prompt_tokens = completion_tokens = None
    finish_reason = None
    for chunk in stream:
        if chunk.usage is not None:
            prompt_tokens = chunk.usage.prompt_tokens
            completion_tokens = chunk.usage.completion_tokens
        for choice in chunk.choices:
            delta = choice.delta
            if delta.content:
                text.append(delta.content)
            for part in delta.tool_calls or ():
                call = calls.setdefault(part.index, {"id": "", "name": "", "arguments": ""})
                call["id"] = part.id or call["id"]
                if part.function is not None:
                    call["name"] += part.function.name or ""
                    call["arguments"] += part.function.arguments or ""
            finish_reason = choice.finish_reason or finish_reason
    return ModelReply(
        text="".join(text),
        tool_calls=tuple(
            ToolCall(c["id"] or f"call_{i}", c["name"], c["arguments"])
            for i, c in sorted(calls.items())
        ),
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        finish_reason=finish_reason,
    )


def _detail(exc: openai.APIError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
        if isinstance(inner, str):
            return inner
    return str(getattr(exc, "message", "") or exc)


def _error_code(exc: openai.APIError) -> str | None:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("code"):
            return str(inner["code"])
    return None


def _mentions_tools(exc: openai.APIError) -> bool:
    # Ollama: "model does not support tools"; vLLM: "auto" tool choice requires ...
    # A 400 about a malformed tool message must not be mistaken for "no tools at all".
    text = (_detail(exc) + json.dumps(exc.body, default=str)).lower()
    return "tool" in text and any(
        hint in text for hint in ("support", "tool choice", "tool_choice", "enable")
    )


def _retry_after(exc: openai.APIStatusError) -> float | None:
    headers = exc.response.headers
    for name, divisor in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            return max(0.0, float(value) / divisor)
        except ValueError:
            continue  # an HTTP date: rare for APIs; fall back to our own backoff
    return None
