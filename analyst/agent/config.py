"""How the LLM analyst is configured: one frozen record, read from the environment once."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from analyst.errors import AnalystError
from analyst.words.note import SettingNote

ToolCalling = Literal["auto", "on", "off"]

# Published list prices in USD per million tokens (input, output). Used only to show an
# estimate; a model missing here gets no cost figure rather than a wrong one.
KNOWN_PRICES: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "o3-mini": (1.10, 4.40),
    "o4-mini": (1.10, 4.40),
}


class ConfigError(AnalystError, ValueError):  # ValueError: what callers caught before
    """A setting has a value we cannot use; the message names the variable and the fix."""


@dataclass(frozen=True)
class LLMConfig:
    api_key: str | None = field(default=None, repr=False)
    """Kept out of repr so the key never lands in a log or an error's details."""
    base_url: str | None = None
    model: str = "gpt-4o-mini"
    temperature: float | None = None
    """None: the server's default (some reasoning models refuse any other value)."""
    reasoning_effort: str | None = None
    """Sent only when set: "low", "medium" or "high" for models that take it."""
    max_steps: int = 8
    """Code executions per question."""
    max_failures: int = 3
    """Consecutive failed steps before the analyst stops and explains."""
    step_timeout: float = 60.0
    """Seconds one code step may run in the sandbox."""
    token_budget: int = 200_000
    """Tokens (prompt + completion, summed over all calls) one question may spend."""
    context_tokens: int = 24_000
    """Size the prompt is trimmed to before each call; the system prompt is always kept."""
    tool_output_chars: int = 6_000
    """One step's output shown to the model: head and tail beyond this, with a note."""
    request_timeout: float = 120.0
    """Seconds to wait for one answer of the model API."""
    api_retries: int = 3
    """Retries after a rate limit, a server error or a dropped connection."""
    max_retry_wait: float = 30.0
    """Longest wait we accept between retries; a longer Retry-After ends the question."""
    stream: bool = False
    tool_calling: ToolCalling = "auto"
    """"auto": use tools, fall back to ```python blocks if the server refuses tools."""
    price_input_per_mtok: float | None = None
    price_output_per_mtok: float | None = None

    @property
    def configured(self) -> bool:
        """True when a model endpoint is set up (a key for OpenAI, or any base URL)."""
        return bool(self.api_key) or bool(self.base_url)

    @property
    def endpoint_name(self) -> str:
        return self.base_url or "https://api.openai.com/v1"

    def prices(self) -> tuple[float, float] | None:
        """(input, output) USD per million tokens, or None when we do not know them."""
        if self.price_input_per_mtok is not None and self.price_output_per_mtok is not None:
            return (self.price_input_per_mtok, self.price_output_per_mtok)
        if self.base_url and "openai.com" not in self.base_url:
            return None  # a local or third-party server: OpenAI's prices would mislead
        return KNOWN_PRICES.get(self.model)

    def estimate_cost(self, prompt_tokens: int, completion_tokens: int) -> float | None:
        prices = self.prices()
        if prices is None:
            return None
        return (prompt_tokens * prices[0] + completion_tokens * prices[1]) / 1_000_000

    def with_(self, **changes: Any) -> LLMConfig:  # any of the fields, checked by replace()
        return replace(self, **changes)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> LLMConfig:
        env = os.environ if env is None else env
        tool_calling = (_text(env, "ANALYST_TOOL_CALLING") or "auto").lower()
        if tool_calling not in ("auto", "on", "off"):
            raise ConfigError(SettingNote("tool_calling", value=repr(tool_calling)))
        # In the fields' order: of several bad values, the first is the one named.
        numbers: dict[str, Any] = {}
        for name, variable, minimum in _NUMBERS:
            default = getattr(cls, name)
            value = _number(env, variable, default, minimum=minimum)
            numbers[name] = int(value) if isinstance(default, int) and value is not None else value
        return cls(
            api_key=_text(env, "OPENAI_API_KEY"),
            base_url=_text(env, "OPENAI_BASE_URL"),
            model=_text(env, "ANALYST_MODEL") or cls.model,
            reasoning_effort=_text(env, "ANALYST_REASONING_EFFORT"),
            stream=_flag(env, "ANALYST_STREAM"),
            tool_calling=tool_calling,  # type: ignore[arg-type]
            **numbers,
            price_input_per_mtok=_number(env, "ANALYST_PRICE_INPUT_PER_MTOK", None, minimum=0),
            price_output_per_mtok=_number(env, "ANALYST_PRICE_OUTPUT_PER_MTOK", None, minimum=0),
        )


# The numeric settings read from the environment: field, variable, smallest value allowed.
_NUMBERS: tuple[tuple[str, str, float | None], ...] = (
    ("temperature", "ANALYST_TEMPERATURE", None), ("max_steps", "ANALYST_MAX_STEPS", 1),
    ("max_failures", "ANALYST_MAX_FAILURES", 1), ("step_timeout", "ANALYST_STEP_TIMEOUT", 0.1),
    ("token_budget", "ANALYST_TOKEN_BUDGET", 1000),
    ("context_tokens", "ANALYST_CONTEXT_TOKENS", 2000),
    ("tool_output_chars", "ANALYST_TOOL_OUTPUT_CHARS", 500),
    ("request_timeout", "ANALYST_REQUEST_TIMEOUT", 0.1),
    ("api_retries", "ANALYST_API_RETRIES", 0), ("max_retry_wait", "ANALYST_MAX_RETRY_WAIT", 0),
)


def _text(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name, "").strip()
    return value or None


def _flag(env: Mapping[str, str], name: str) -> bool:
    raw = (_text(env, name) or "0").lower()
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise ConfigError(SettingNote("flag", name=name, value=repr(raw)))


def _number(
    env: Mapping[str, str], name: str, default: float | None, *, minimum: float | None = None
) -> float | None:
    raw = _text(env, name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(SettingNote("number", name=name, value=repr(raw))) from None
    if minimum is not None and value < minimum:
        raise ConfigError(SettingNote("minimum", name=name, value=raw, minimum=minimum))
    return value
