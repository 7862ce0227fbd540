"""Configuration from the environment, with messages that name the variable to fix."""

from __future__ import annotations

import pytest

from analyst.agent import ConfigError, LLMConfig


def test_defaults_without_any_setting():
    config = LLMConfig.from_env({})
    assert not config.configured
    assert (config.model, config.max_steps, config.max_failures, config.step_timeout) == (
        "gpt-4o-mini", 8, 3, 60.0)
    assert config.temperature is None and config.reasoning_effort is None


def test_a_key_or_a_base_url_makes_it_configured():
    assert LLMConfig.from_env({"OPENAI_API_KEY": "sk-x"}).configured
    local = LLMConfig.from_env({"OPENAI_BASE_URL": "http://localhost:11434/v1",
                                "ANALYST_MODEL": "qwen2.5-coder"})
    assert local.configured and local.model == "qwen2.5-coder"
    assert local.prices() is None  # no OpenAI price for a local model


def test_every_setting_is_read():
    config = LLMConfig.from_env({
        "OPENAI_API_KEY": "sk-x", "ANALYST_TEMPERATURE": "0.1",
        "ANALYST_REASONING_EFFORT": "high", "ANALYST_MAX_STEPS": "12",
        "ANALYST_MAX_FAILURES": "2", "ANALYST_STEP_TIMEOUT": "30",
        "ANALYST_TOKEN_BUDGET": "50000", "ANALYST_STREAM": "true",
        "ANALYST_TOOL_CALLING": "off", "ANALYST_PRICE_INPUT_PER_MTOK": "1",
        "ANALYST_PRICE_OUTPUT_PER_MTOK": "2",
    })
    assert (config.temperature, config.reasoning_effort, config.max_steps) == (0.1, "high", 12)
    assert (config.max_failures, config.step_timeout, config.token_budget) == (2, 30.0, 50000)
    assert config.stream and config.tool_calling == "off"
    assert config.estimate_cost(1_000_000, 500_000) == pytest.approx(2.0)


def test_known_openai_prices_give_a_cost_estimate():
    config = LLMConfig.from_env({"OPENAI_API_KEY": "sk-x"})
    assert config.estimate_cost(1_000_000, 1_000_000) == pytest.approx(0.75)


@pytest.mark.parametrize(("env", "phrase"), [
    ({"ANALYST_MAX_STEPS": "many"}, "ANALYST_MAX_STEPS must be a number"),
    ({"ANALYST_MAX_STEPS": "0"}, "ANALYST_MAX_STEPS must be at least 1"),
    ({"ANALYST_TOOL_CALLING": "maybe"}, "ANALYST_TOOL_CALLING must be auto, on or off"),
])
def test_bad_values_are_named(env, phrase):
    with pytest.raises(ConfigError, match=phrase):
        LLMConfig.from_env(env)


def test_the_key_never_appears_in_the_config_text():
    config = LLMConfig(api_key="sk-very-secret-123")
    assert "sk-very-secret-123" not in repr(config)
    assert "sk-very-secret-123" not in str(config)


def test_a_switch_with_a_value_that_is_neither_on_nor_off_is_named_not_ignored():
    with pytest.raises(ConfigError, match="ANALYST_STREAM"):
        LLMConfig.from_env({"ANALYST_STREAM": "banana"})
    assert LLMConfig.from_env({"ANALYST_STREAM": "On"}).stream is True
    assert LLMConfig.from_env({"ANALYST_TOOL_CALLING": "Auto"}).tool_calling == "auto"
