"""Token usage and estimated cost of one question, summed over every call to the model."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from analyst.agent.client import ModelReply
from analyst.agent.config import LLMConfig
from analyst.agent.context import estimate_tokens


class Usage:
    """A running total; servers that report no usage get an estimate, marked as such."""

    def __init__(self, config: LLMConfig) -> None:
        self.config = config
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.calls = 0
        self.estimated = False

    @property
    def total(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def add(self, reply: ModelReply, sent: Sequence[dict[str, Any]]) -> None:
        self.calls += 1
        if reply.prompt_tokens is None or reply.completion_tokens is None:
            self.estimated = True
            self.prompt_tokens += estimate_tokens(sent)
            written = reply.text + "".join(c.arguments for c in reply.tool_calls)
            self.completion_tokens += len(written) // 4 + 1
            return
        self.prompt_tokens += reply.prompt_tokens
        self.completion_tokens += reply.completion_tokens

    def to_dict(self) -> dict[str, Any]:
        return {
            "model": self.config.model,
            "calls": self.calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "total_tokens": self.total,
            "cost_usd": self.config.estimate_cost(self.prompt_tokens, self.completion_tokens),
            "estimated": self.estimated,
        }

    def summary(self) -> str:
        about = "about " if self.estimated else ""
        text = f"{about}{self.total:,} tokens in {self.calls} call{'s' * (self.calls != 1)}"
        cost = self.config.estimate_cost(self.prompt_tokens, self.completion_tokens)
        return text + (f", estimated cost ${cost:.4f}" if cost is not None else "")
