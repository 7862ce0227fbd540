"""Verified figures run alone: a recipe step runs in an interpreter only recipes ran in.

A step is code run in a persistent interpreter, so anything that ran before it can change
what it computes (`pd.DataFrame.sum = ...`, a patched `read_parquet`, a thread answering for
the kernel). The figures of our own recipe calls are the report's verified ones (key-figure
tiles, definitions), so no other code may run before them in the same interpreter: not a
model's step, not a query (its values come from a question, a model or a template), not a
step handed to `Analysis.run_planned` directly.

`RecipeGate` is the session every brain of an `Analysis` gets. A brain announces each step
with its ``code`` event before running it; the gate runs a step announced as a recipe call
(`RecipeCall` origin, the same code) in the owner's clean interpreter, replaced first when
other code ran in it, and any other run, announced or not, marks the interpreter as
touched. The brains need not know: they run steps as they always did.
"""

from __future__ import annotations

from typing import Any, Protocol

from analyst.record import RecipeCall, Step
from analyst.session.stopping import NOT_RUN, StopSwitch
from sandbox import ExecutionResult, Notice


class Interpreters(Protocol):
    """Where a gate runs code (`analyst.session.place.Place`)."""

    def verified_session(self) -> Any:
        """A session only recipes ran in (a new one when other code ran in the current one)."""

    def shared_session(self) -> Any:
        """The current session, marked as touched by code that is not a recipe call."""

    @property
    def session(self) -> Any:
        """The current session, as it is."""


class RecipeGate:
    """A sandbox session for one brain's run: recipe calls alone, everything else shared.

    `recipes`: whether an announced recipe call may run in the clean interpreter (False for
    the model's brain, whose every step is the model's). Runs are refused once `switch` is on
    (the user's Stop): every later step of the question returns at once without running.
    """

    def __init__(self, owner: Interpreters, switch: StopSwitch, *, recipes: bool = True) -> None:
        self._owner = owner
        self._switch = switch
        self._recipes = recipes
        self._announced: Step | None = None

    def announce(self, step: Step) -> None:
        """The step about to run (its ``code`` event)."""
        self._announced = step

    def run(self, code: str, timeout: float | None = None) -> ExecutionResult:
        announced, self._announced = self._announced, None
        if self._switch.on:
            return ExecutionResult(interrupted=True, notice=NOT_RUN, notices=(Notice("not_run"),))
        recipe = (self._recipes and announced is not None and announced.code == code
                  and isinstance(announced.origin, RecipeCall))
        session = self._owner.verified_session() if recipe else self._owner.shared_session()
        result: ExecutionResult = session.run(code, timeout)
        return result

    def __getattr__(self, name: str) -> Any:
        # workspace, backend, warning...: the current session's (the same workspace always)
        return getattr(self._owner.session, name)
