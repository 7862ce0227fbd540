"""The sandbox's warnings and sentences in the reader's language: the local backend's from
the catalogue (context "session"), any other as the backend says it."""

from __future__ import annotations

from analyst.words import say
from sandbox import DockerUnusable, local_warning, local_warning_key

__all__ = ["backend_warning", "sandbox_words"]


def backend_warning(warning: str, language: str) -> str:
    """The backend's warning (what generated code can reach) in `language`: the local
    backend's from the catalogue (context "session"), any other as the backend says it."""
    if isinstance(warning, DockerUnusable):
        key, values = warning.local_key()
        return say(language, "session", warning.key, None, why=sandbox_words(warning.why, language),
                   local=say(language, "session", key, None, **values))
    if warning != local_warning():
        return warning
    key, values = local_warning_key()
    return say(language, "session", key, None, **values)


def sandbox_words(text: str, language: str) -> str:
    """A sandbox sentence in `language`: one that names its message (`key`, `values`, e.g.
    `sandbox.engine.EngineWords`) from the catalogue (context "session"), any other as said."""
    key, values = getattr(text, "key", None), getattr(text, "values", None)
    if not isinstance(key, str) or not isinstance(values, dict):
        return text
    return say(language, "session", key, None, **values)
