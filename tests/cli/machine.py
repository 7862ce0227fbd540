"""A machine that names no language: the CLI tests' words must come from --lang, ANALYST_LANG
or the question alone, never from the locale or settings of the machine running them."""

from __future__ import annotations

import pytest

LANGUAGE_NAMES = ("ANALYST_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "ANALYST_OFFLINE",
                  "ANALYST_SANDBOX_BACKEND")
MODEL_NAMES = ("OPENAI_API_KEY", "OPENAI_BASE_URL")


def no_language_from_the_machine(monkeypatch: pytest.MonkeyPatch, *, model: bool = True) -> None:
    """LANG=C.UTF-8 and no language setting; with `model`, no model configured either."""
    for name in LANGUAGE_NAMES + (MODEL_NAMES if model else ()):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
