"""The LLM analyst: a tool-calling agent loop over any OpenAI-compatible endpoint.

    config = LLMConfig.from_env()
    if config.configured:
        for event in run_agent(session, cards, "Revenue by month?", config):
            ...  # render; the last event is kind "answer"
"""

from analyst.agent.client import ModelAPIError
from analyst.agent.config import ConfigError, LLMConfig
from analyst.agent.loop import run_agent

__all__ = ["ConfigError", "LLMConfig", "ModelAPIError", "run_agent"]
