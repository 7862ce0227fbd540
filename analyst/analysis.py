"""One analysis: a workspace, the data cards of its files, and one sandbox session.

The UI and the CLI talk to this object only; it picks the brain (the LLM agent when a model
is configured, else the offline planner), keeps the answers, and owns the session's life.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Self

from analyst.events import Answer, Event, Step
from sandbox import Limits, SandboxError, Workspace, open_session

Brain = Literal["auto", "offline", "llm"]
RECIPES_DIR = Path(__file__).resolve().parent / "recipes"
NO_MODEL = ("No language model is configured. Set OPENAI_API_KEY (or OPENAI_BASE_URL for a "
            "local server) in Settings, or ask with the offline analyst.")


class Analysis:
    """Ties one workspace, its `DataCard`s and one sandbox session. No I/O in the constructor."""

    def __init__(
        self,
        workspace: Workspace,
        *,
        backend: str = "auto",
        limits: Limits | None = None,
        cards: tuple[Any, ...] = (),
    ) -> None:
        self.workspace = workspace
        self.backend = backend
        self.limits = limits
        self._cards: list[Any] = list(cards)
        self._history: list[Answer] = []
        self._session: Any | None = None
        self._warned = False

    @classmethod
    def open(cls, root: Path | str, backend: str = "auto", limits: Limits | None = None) -> Analysis:
        """Prepare the workspace folders and the `recipes` library; the sandbox starts later."""
        analysis = cls(Workspace(Path(root)), backend=backend, limits=limits)
        analysis.workspace.ensure()
        analysis.install_recipes()
        return analysis

    def install_recipes(self) -> None:
        """Copy the recipes package to `lib/recipes/` so sandbox code can `import recipes`."""
        target = self.workspace.lib_dir / "recipes"
        # Replace rather than merge: a stale module left from an older version must not load.
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(RECIPES_DIR, target,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))

    # -- data ---------------------------------------------------------------------------

    @property
    def cards(self) -> tuple[Any, ...]:
        return tuple(self._cards)

    def add_file(self, path: Path | str, display_name: str | None = None,
                 options: Any | None = None) -> list[Any]:
        """Ingest a file into `input/`; its tables replace earlier ones of the same name.

        Raises `IngestError` (one human sentence) when the file cannot be read.
        """
        from analyst.ingest import ingest_file

        path = Path(path)
        if display_name and display_name != path.name:
            # Uploads arrive under temporary names; the user must see their own file name
            # in the data card, the answer and the report's sources.
            with tempfile.TemporaryDirectory() as tmp:
                named = Path(tmp) / Path(display_name).name
                shutil.copyfile(path, named)
                new = ingest_file(named, self.workspace, options)
        else:
            new = ingest_file(path, self.workspace, options)
        tables = {card.table for card in new}
        self._cards = [c for c in self._cards if c.table not in tables] + list(new)
        return list(new)

    # -- questions ----------------------------------------------------------------------

    @property
    def history(self) -> tuple[Answer, ...]:
        return tuple(self._history)

    @property
    def session(self) -> Any:
        if self._session is None:
            self._session = open_session(self.workspace, backend=self.backend, limits=self.limits)
        return self._session

    def ask(
        self,
        question: str,
        *,
        brain: Brain = "auto",
        llm_config: Any | None = None,
        privacy: bool = True,
        approve: Callable[[Step], bool] | None = None,
    ) -> Iterator[Event]:
        """Answer a question; the events end with one ``answer`` (also kept in `history`)."""
        if not self._cards:
            from analyst.planner.phrases import language_of, say

            yield from self._finish(Answer(question, say(language_of(question), "add_file_first"),
                                           ok=False))
            return
        chosen, config, problem = _choose_brain(brain, llm_config)
        if problem:
            yield Event("warning", problem)
        if chosen == "none":
            yield from self._finish(Answer(question, NO_MODEL, ok=False, brain="llm"))
            return
        yield from self._run(question, chosen, config, privacy, approve)

    def standard_report(self, approve: Callable[[Step], bool] | None = None,
                        language: str | None = None) -> Iterator[Event]:
        """Run the standard analysis (offline recipes) on every table.

        Its words are in `language` ("en", "uk", "ru", "zh"), by default the data's.
        """
        from analyst.planner import standard_report

        yield from self._guarded("Standard report", lambda: standard_report(
            self.session, self.cards, approve=approve, language=language))

    def _run(self, question: str, chosen: str, config: Any, privacy: bool,
             approve: Callable[[Step], bool] | None) -> Iterator[Event]:
        if chosen == "llm":
            from analyst.agent import run_agent

            def events() -> Iterator[Event]:
                return run_agent(self.session, self.cards, question, config,
                                 history=self.history, privacy=privacy, approve=approve)
        else:
            from analyst.planner import answer_offline

            def events() -> Iterator[Event]:
                return answer_offline(self.session, self.cards, question, approve=approve)
        yield from self._guarded(question, events)

    def _guarded(self, question: str, events: Callable[[], Iterator[Event]]) -> Iterator[Event]:
        """Run a brain; an infrastructure failure becomes a plain error and a failed answer."""
        try:
            self.session.start()
            if self.session.warning and not self._warned:
                self._warned = True
                yield Event("warning", self.session.warning)
            for event in events():
                if event.kind == "answer" and event.answer is not None:
                    self._history.append(event.answer)
                yield event
        except SandboxError as exc:
            yield Event("error", str(exc))
            yield from self._finish(Answer(question, f"The analysis could not run: {exc}",
                                           ok=False))

    def _finish(self, answer: Answer) -> Iterator[Event]:
        self._history.append(answer)
        yield Event("answer", answer.text, answer=answer)

    # -- life ---------------------------------------------------------------------------

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
            self._session = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def _choose_brain(brain: Brain, llm_config: Any | None) -> tuple[str, Any, str | None]:
    """("llm" | "offline" | "none", config, a warning to show or None)."""
    if brain == "offline":
        return "offline", None, None
    if llm_config is None:
        from analyst.agent.config import ConfigError, LLMConfig

        try:
            llm_config = LLMConfig.from_env()
        except ConfigError as exc:
            if brain == "llm":
                return "none", None, str(exc)
            return "offline", None, f"{exc} Using the offline analyst."
    if llm_config.configured:
        return "llm", llm_config, None
    return ("none", None, None) if brain == "llm" else ("offline", None, None)
