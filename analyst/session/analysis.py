"""One analysis: a workspace, the data cards of its files, and one sandbox session.

The UI and the CLI talk to this object only; it picks the brain (the LLM agent when a model
is configured, else the offline planner), keeps the answers, and owns the session's life.
Its files and answers are recorded in one place each (`file_log`, `answer_log`: the app's
store, or the workspace's `.analyst/` for the command line), so `Analysis.open` on a
workspace used before brings its data cards and history back.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

from analyst.catalogue import write_mo_files
from analyst.events import Answer, Event, Step
from analyst.progress import Progress
from analyst.recipes.registry import copy_recipes
from analyst.session.admission import Admission, Lease
from analyst.session.brain_choice import Brain, choose_brain
from analyst.session.guarded import finish, guarded
from analyst.session.place import Place
from analyst.session.sources import Sources
from analyst.session.stopping import STOPPED, StopSwitch
from analyst.store.answer_log import AnswerLog, open_answer_log
from analyst.store.file_log import FileLog, WorkspaceFiles
from sandbox import Limits, SandboxError, Workspace

# The brains (analyst.brain, analyst.agent) and the report builder (analyst.report.build) are
# imported in the methods that need them: they load every recipe, pandas, matplotlib,
# reportlab or openai, which `analyst ingest` and `--help` (tests/cli/test_lazy_imports.py)
# and a page that only lists files must not pay for.
if TYPE_CHECKING:  # imported when a report is made: they pull in pandas and reportlab
    from analyst.report import Report
    from analyst.report.build import Pin

log = logging.getLogger(__name__)


def install_recipes(lib_dir: Path) -> None:
    """`lib_dir/recipes/`: the recipes package and the product's words, compiled (the
    sandbox's Python has the standard library's gettext but not Babel)."""
    target = lib_dir / "recipes"
    # Replace rather than merge: a stale module left from an older version must not load.
    shutil.rmtree(target, ignore_errors=True)
    copy_recipes(target)
    write_mo_files(target / "locale")


class Analysis:
    """Ties one workspace, its `DataCard`s and one sandbox session. No I/O in the constructor."""

    def __init__(
        self,
        workspace: Workspace,
        *,
        backend: str = "auto",
        limits: Limits | None = None,
        cards: tuple[Any, ...] = (),
        history: AnswerLog | Sequence[Answer] | None = None,
        admission: Admission | None = None,
        files: FileLog | None = None,
    ) -> None:
        self.workspace = workspace
        self.backend = backend
        self.limits = limits
        # `admission`: the host's slots (`analyst.session.admission`); None: this process's
        # default, under the data folder, shared by the app, the CLI and the API of this host.
        self._place = Place(workspace, backend, limits, admission)
        # The one record of this session's answers: read for the earlier conversation (so
        # follow-up questions keep their context), written with every answer given.
        self.answers: AnswerLog = open_answer_log(history, workspace.root)
        # The one record of its files, likewise: read on restore, written by `add_file`.
        self.files: FileLog = files if files is not None else WorkspaceFiles(workspace.root)
        self._sources = Sources(workspace, self.files, cards)
        self._stop = StopSwitch()

    @classmethod
    def open(cls, root: Path | str, backend: str = "auto", limits: Limits | None = None,
             *, history: AnswerLog | Sequence[Answer] | None = None,
             admission: Admission | None = None,
             files: FileLog | None = None) -> Analysis:
        """Prepare the workspace folders and the `recipes` library; the sandbox starts later.

        `history`: where the session's answers are kept, an `AnswerLog` (the app gives its
        store's, `SessionAnswers`), or earlier answers to hold in memory only; None: the
        workspace's own `.analyst/history.jsonl`. `files`: where its files are recorded, a
        `FileLog` (the app gives its store's, `SessionFiles`); None: `.analyst/files.json`.
        """
        analysis = cls(Workspace(Path(root)), backend=backend, limits=limits, history=history,
                       admission=admission, files=files)
        analysis.workspace.ensure()
        install_recipes(analysis.workspace.lib_dir)  # `lib/recipes/`: sandbox code imports it
        # Cards and answers of an earlier session come back on first use, not here: the
        # UI opens workspaces only for their folders and brings its own cards.
        analysis._sources.restore_later()
        return analysis

    # -- data ---------------------------------------------------------------------------

    @property
    def cards(self) -> tuple[Any, ...]:
        return self._sources.cards

    @property
    def problems(self) -> list[str]:
        """Files of an earlier session that could not be read again, in plain words."""
        return self._sources.problems

    def add_file(self, path: Path | str, display_name: str | None = None,
                 options: Any | None = None, *, replace: bool = False,
                 progress: Progress | None = None) -> list[Any]:
        """Ingest a file into `input/` and return the data cards of its tables.

        `progress` is told each stage of the reading (`analyst.progress.Stage`).

        `replace=True`: the file read before under the same display name (e.g. again with
        corrected `IngestOptions`, or a newer version of it) is replaced: its tables keep
        their names with the new content, its cards are updated in place, the saved state
        is rewritten, and the sandbox session restarts so no variable holds the old data.
        Without it, a second file of the same name gets tables of their own (`sales_2`).
        Raises `IngestError` (one human sentence) when the file cannot be read; nothing
        changes then. The same file (name, content and options) added again gives back its
        cards without reading it twice.
        """
        # The running session's variables may hold the old tables of a file replaced.
        return self._sources.add(path, display_name, options, replace=replace,
                                 progress=progress, on_replaced=self.close)

    def tables_unchanged(self) -> bool:
        """Every table file this analysis uses is still the one its card describes (a page
        that reopens the session checks this before it attaches: a table changed on disk
        meanwhile is never used; the session is opened again from its files instead)."""
        return self._sources.unchanged()

    # -- questions ----------------------------------------------------------------------

    @property
    def history(self) -> tuple[Answer, ...]:
        """Every answer of the session, in order (pins refer to them by index), read from
        its log each time: another tab of the same session may have added some."""
        return tuple(self.answers.answers())

    @property
    def session(self) -> Any:
        return self._place.session

    @property
    def lease(self) -> Lease:
        """This session's claim on one of the host's running places (made on first use)."""
        return self._place.lease

    def verified_session(self) -> Any:
        """A session no code but our own recipes ran in: figures from it are verified (a
        fresh one after any other code ran in the current one: `Place.verified_session`)."""
        return self._place.verified_session()

    def shared_session(self) -> Any:
        """The current session, for code that is not a recipe call: from now on no recipe
        runs in it (`analyst.session.verified.RecipeGate`)."""
        return self._place.shared_session()

    def ask(
        self,
        question: str,
        *,
        brain: Brain = "auto",
        llm_config: Any | None = None,
        privacy: bool = True,
        approve: Callable[[Step], bool] | None = None,
    ) -> Generator[Event, None, None]:
        """Answer a question; the events end with one ``answer`` (also kept in `history`).

        The question is kept in the answer log before anything runs (`AnswerLog.begin`).
        """
        self._begin(question)
        if not self.cards:
            from analyst.brain.understand.phrases import language_of, say

            yield from finish(self.remember, Answer(
                question, say(language_of(question), "add_file_first"), ok=False))
            return
        from analyst.brain.understand.phrases import question_language
        lang = question_language(question, self.cards)  # its words, not the names it quotes
        chosen, config, problem = choose_brain(brain, llm_config, lang)
        if problem:
            yield Event("warning", problem)
        if chosen == "none":
            from analyst.words import say as catalogue

            yield from finish(self.remember, Answer(
                question, catalogue(lang, "agent", "no_model"), ok=False, brain="llm"))
            return
        yield from self._run(question, chosen, config, privacy, approve)

    def ask_query(self, question: str, query: Any, *,
                  approve: Callable[[Step], bool] | None = None) -> Generator[Event, None, None]:
        """Answer a suggested `question` by the `Query` it was made for, offline; the events
        end with one ``answer`` (kept in `history`, the question first, as `ask` does).

        The text is not read again: what runs is exactly the query the suggestion carried.
        """
        from analyst.brain.runner import answer_query
        from analyst.brain.understand.phrases import language_of

        self._begin(question)
        if not self.cards:
            from analyst.brain.understand.phrases import say

            yield from finish(self.remember, Answer(
                question, say(language_of(question), "add_file_first"), ok=False))
            return
        yield from self._guarded(question, "offline", lambda session: answer_query(
            session, self.cards, query, question, approve=approve,
            workspace_root=self.workspace.root))

    def plan(self, question: str) -> tuple[Step, ...]:
        """The steps the offline analyst would run for `question`, without running or
        recording anything (approval mode shows them first)."""
        from analyst.brain.runner import offline_plan

        return (offline_plan(self.cards, question, workspace_root=self.workspace.root)
                if self.cards else ())

    def standard_report(self, approve: Callable[[Step], bool] | None = None,
                        language: str | None = None) -> Generator[Event, None, None]:
        """Run the standard analysis (offline recipes) on every table.

        Its words are in `language` ("en", "uk", "ru", "zh"), by default the data's.
        """
        from analyst.brain import standard_report
        from analyst.brain.understand.phrases import data_language

        self._begin("Standard report")
        yield from self._guarded("Standard report", "offline", lambda session: standard_report(
            session, self.cards, approve=approve, language=language,
            workspace_root=self.workspace.root),
            language=language or data_language(self.cards))

    def run_planned(self, question: str, steps: Sequence[Any],
                    language: str = "en") -> Generator[Event, None, None]:
        """Run steps planned elsewhere (a recurring report's saved steps, planned again on
        the new table) as the offline analyst's answer to `question`, kept in `history`."""
        from analyst.brain.plan.plan import Plan
        from analyst.brain.runner import run_plan

        plan = Plan(steps=tuple(steps))
        self._begin(question)
        yield from self._guarded(question, "offline", lambda session: run_plan(
            session, plan, question, language=language), language=language)

    def report(self, *, title: str | None = None, pins: Sequence[Pin] | None = None,
               include_code: bool = True, language: str | None = None) -> Report:
        """The report of this analysis' answers (pinned results, else the standard report).

        A report of pins without the key figures first runs the key-figures step in this
        analysis' sandbox session, as an ordinary step; then `build_report` only reads.
        A standard report computed before one of its files was replaced is run again; a
        pinned answer of the earlier version is refused by `build_report` (never mixed).
        Raises `ReportBuildError` when there is nothing to report.
        """
        from analyst.record.versions import earlier_files, table_files
        from analyst.report.build import build_report, standard_answer, summary_plan

        answers = self.history
        latest = standard_answer(answers) if not pins else None
        if latest is not None and earlier_files(latest, self.workspace.root,
                                                  table_files(self.cards)):
            # The standard report of a file replaced since is run again, never mixed.
            for _ in self.standard_report(language=language):
                pass
            answers = self.history
        planned = summary_plan(answers, self.cards, pins, language, title)
        summary = self.run_step(planned) if planned is not None else None
        return build_report(answers, self.cards, self.workspace, title=title, pins=pins,
                            summary=summary, include_code=include_code, language=language)

    def run_step(self, step: Step) -> Step | None:
        """Run one planned step in this analysis' session; the finished step, or None when
        the sandbox cannot run it (a report without its tiles is better than none)."""
        from analyst.brain.runner import run_step

        try:
            # What a pause lost is told with the next question's answer, not here.
            with self.lease.question():
                # A verified figure comes from an interpreter no model's code touched.
                return run_step(self.verified_session(), step)
        except SandboxError:
            log.warning("could not run %s", step.description, exc_info=True)
            return None

    def _run(self, question: str, chosen: str, config: Any, privacy: bool,
             approve: Callable[[Step], bool] | None) -> Iterator[Event]:
        if chosen == "llm":
            from analyst.agent import run_agent

            def events(session: Any) -> Iterator[Event]:
                return run_agent(session, self.cards, question, config,
                                 history=self.history, privacy=privacy, approve=approve)
        else:
            from analyst.brain import answer_offline

            def events(session: Any) -> Iterator[Event]:
                return answer_offline(session, self.cards, question, approve=approve,
                                      workspace_root=self.workspace.root)
        yield from self._guarded(question, chosen, events)

    def interrupt(self, reason: str = STOPPED) -> None:
        """Stop the question or report running now (thread-safe; the UI's Stop button).

        The sandbox step running now is interrupted (variables kept, unless it will not
        stop), no further step runs, and the event stream ends soon after with a failed
        answer that keeps the steps that finished: "Stopped before the end." for the
        user's Stop, or, with `reason` "interrupted" (the page that asked was reloaded or
        closed), words that say so (`Answer.ended` tells which). A brain waiting for the
        model's reply ends when that reply arrives.
        """
        self._stop.set(reason)
        self._place.interrupt()

    def _guarded(self, question: str, brain: str,
                 events: Callable[[Any], Iterator[Event]],
                 language: str | None = None) -> Iterator[Event]:
        """`guarded.guarded`, in the question's language unless `language` is given."""
        from analyst.brain.understand.phrases import question_language

        self._stop.clear()
        lang = language or question_language(question, self.cards)
        yield from guarded(self._place, self._stop, self.remember, question, brain, events,
                           lang)

    def _begin(self, question: str) -> None:
        try:
            self.answers.begin(question)
        except (OSError, sqlite3.Error):  # the question is still answered, but not kept
            log.warning("could not save a question", exc_info=True)

    def remember(self, answer: Answer) -> None:
        """Keep an answer (also one given outside `ask`, e.g. the app's "ended without an
        answer")."""
        try:
            self.answers.add(answer)
        except (OSError, sqlite3.Error):  # the answer is still shown, but not kept
            log.warning("could not save an answer", exc_info=True)

    # -- life ---------------------------------------------------------------------------

    def close(self) -> None:
        """Stop the sandbox session and give its place on the host back."""
        self._place.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

