"""Which brain answers a question: the LLM agent when a model is configured, else the
offline planner, as the caller asked ("auto", "offline" or "llm")."""

from __future__ import annotations

from typing import Any, Literal

from analyst.agent.config import ConfigError, LLMConfig
from analyst.words import say

Brain = Literal["auto", "offline", "llm"]
# The English of the catalogue's agent/no_model (said in the question's language).
NO_MODEL = ("No language model is configured. Set OPENAI_API_KEY (or OPENAI_BASE_URL for a "
            "local server) in Settings, or ask with the offline analyst.")


def choose_brain(brain: Brain, llm_config: Any | None,
                 language: str = "en") -> tuple[str, Any, str | None]:
    """("llm" | "offline" | "none", config, a warning to show in `language` or None)."""
    if brain == "offline":
        return "offline", None, None
    if llm_config is None:
        try:
            llm_config = LLMConfig.from_env()
        except ConfigError as exc:
            problem = exc.message_in(language)
            if brain == "llm":
                return "none", None, problem
            return "offline", None, say(language, "session", "config_offline", None,
                                        problem=problem)
    if llm_config.configured:
        return "llm", llm_config, None
    return ("none", None, None) if brain == "llm" else ("offline", None, None)
