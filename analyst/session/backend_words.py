"""The sandbox's warnings and problems in the reader's language: each a `sandbox.Notice`
(`sandbox.problems`: a kind and its values) worded from the catalogue (context "session")."""

from __future__ import annotations

from analyst.words import say
from sandbox import DOCKER_UNUSABLE, PROBLEMS, Notice, notice_english, problem_parts

__all__ = ["backend_warning", "sandbox_words"]


def sandbox_words(problem: Notice, language: str) -> str:
    """A sandbox problem or warning in `language`; a kind this version does not know as
    the sandbox says it in English."""
    if problem.kind not in PROBLEMS:
        return notice_english(problem)
    if problem.kind == DOCKER_UNUSABLE:
        why, local = problem_parts(problem)
        return say(language, "session", problem.kind, None,
                   why="" if why is None else sandbox_words(why, language),
                   local=sandbox_words(local, language))
    return say(language, "session", problem.kind, None, **problem.values)


backend_warning = sandbox_words
"""The backend's warning (what generated code can reach) in `language`."""
