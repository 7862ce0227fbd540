"""The LLM analyst: a tool-calling agent loop over any OpenAI-compatible endpoint.

    config = LLMConfig.from_env()
    if config.configured:
        for event in run_agent(session, cards, "Revenue by month?", config):
            ...  # render; the last event is kind "answer"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyst.agent.config import ConfigError, LLMConfig
from analyst.lazy import on_first_use

if TYPE_CHECKING:
    from analyst.agent.client import ModelAPIError
    from analyst.agent.loop import run_agent

__all__ = ["ConfigError", "LLMConfig", "ModelAPIError", "run_agent"]

# The client and the loop import the openai SDK (about 0.8 s of CPU) and the planner. Every
# command reads `LLMConfig` through `analyst.settings`, and only `ask` talks to a model, so
# these two are imported on first use (PEP 562), not with the package.
_ON_FIRST_USE = {"ModelAPIError": "analyst.agent.client", "run_agent": "analyst.agent.loop"}


__getattr__ = on_first_use(__name__, _ON_FIRST_USE)
