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
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, Self

from analyst.catalogue import write_mo_files
from analyst.events import Answer, Event, Step
from analyst.progress import Progress
from analyst.recipes.registry import copy_recipes
from analyst.session.admission import Admission, Lease, QueueTimeout, admission
from analyst.session.backend_words import backend_warning
from analyst.session.stopping import INTERRUPTED, STOPPED, StopSwitch, ended_text
from analyst.session.upload_name import arrived_name
from analyst.session.verified import RecipeGate
from analyst.session.warm import current_pool
from analyst.store import file_tables
from analyst.store import workspace_state as state
from analyst.store.answer_log import AnswerLog, MemoryAnswers, WorkspaceAnswers
from analyst.store.file_log import FileLog, WorkspaceFiles
from analyst.store.file_log import current as current_file
from analyst.store.restore import ingest_named, restore_files
from analyst.words import say
from sandbox import Limits, SandboxError, Workspace

# The brains (analyst.brain, analyst.agent) and the report builder (analyst.report.build) are
# imported in the methods that need them: they load every recipe, pandas, matplotlib,
# reportlab or openai, which `analyst ingest` and `--help` (tests/cli/test_lazy_imports.py)
# and a page that only lists files must not pay for.
if TYPE_CHECKING:  # imported when a report is made: they pull in pandas and reportlab
    from analyst.report import Report
    from analyst.report.build import Pin

log = logging.getLogger(__name__)

Brain = Literal["auto", "offline", "llm"]
WAIT_NOTICE_EVERY_S = 30.0
"""While a question waits for a free place, the caller hears again this often."""
# The English of the catalogue's agent/no_model (said in the question's language).
NO_MODEL = ("No language model is configured. Set OPENAI_API_KEY (or OPENAI_BASE_URL for a "
            "local server) in Settings, or ask with the offline analyst.")


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
        self._admission = admission
        """The host's slots (`analyst.session.admission`); None: this process's default,
        under the data folder, shared by the app, the CLI and the API of this host."""
        self._lease: Lease | None = None
        self._life = threading.RLock()  # the session is swapped by a pause from another thread
        self._paused: int | None = None
        """Steps the kernel had run when a pause stopped it; None: no pause since."""
        self._cards: list[Any] = list(cards)
        # The one record of this session's answers: read for the earlier conversation (so
        # follow-up questions keep their context), written with every answer given.
        self.answers: AnswerLog = _answer_log(history, workspace)
        # The one record of its files, likewise: read on restore, written by `add_file`.
        self.files: FileLog = files if files is not None else WorkspaceFiles(workspace.root)
        self._session: Any | None = None
        self._warned = False
        self._restore_pending = False
        self._sources: list[tuple[state.FileRecord, list[Any]]] = []
        self._stop = StopSwitch()
        self._touched = False
        """A model's code ran in the current session: nothing offline runs in it (see
        `verified_session`)."""
        self._shared = False
        """Code that is not a recipe call ran in the current session (a query, a step run
        directly): recipes must not run in it (`analyst.session.verified`)."""
        self.problems: list[str] = []
        """Files of an earlier session that could not be read again, in plain words."""

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
        analysis.install_recipes()
        # Cards and answers of an earlier session come back on first use, not here: the
        # UI opens workspaces only for their folders and brings its own cards.
        analysis._restore_pending = True
        return analysis

    def install_recipes(self) -> None:
        """Copy the recipes package to `lib/recipes/` so sandbox code can `import recipes`."""
        install_recipes(self.workspace.lib_dir)


    # -- data ---------------------------------------------------------------------------

    @property
    def cards(self) -> tuple[Any, ...]:
        self._restore()
        return tuple(self._cards)

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
        self._restore()
        path = Path(path)
        name = arrived_name(display_name or path.name)
        sha, opts = state.sha256_of(path), state.options_dict(options)
        for known, cards in self._sources:
            if (known.name, known.sha256, known.options) == (name, sha, opts):
                return list(cards)
        previous = current_file(self.files, name) if replace else None
        old = [c for c in self._cards if c.source_file == name] if replace else []
        with file_tables.scratch(self.workspace) as twin:
            fresh = ingest_named(path, name, options, twin, progress)
            new = file_tables.place_tables(self.workspace, twin, fresh, old)
            original = file_tables.place_original(self.workspace, twin, fresh,
                                            previous.original if previous else None)
        self._keep(new, replacing=old)
        if old:
            self.close()  # variables of the running session may hold the old table
        # Recorded even without a kept original (then it cannot be read again, but its
        # saved cards still come back): the file log is the list of the session's files.
        record = state.record_of(name, original or "", sha, opts, new, self.workspace.root)
        self._sources = [(r, c) for r, c in self._sources if not (replace and r.name == name)]
        self._sources.append((record, list(new)))
        try:
            self.files.add(record, replace=replace)
        except (OSError, sqlite3.Error):
            log.warning("could not record %s", name, exc_info=True)
        return list(new)

    def tables_unchanged(self) -> bool:
        """Every table file this analysis uses is still the one its card describes (a page
        that reopens the session checks this before it attaches: a table changed on disk
        meanwhile is never used; the session is opened again from its files instead)."""
        for record, _ in self._sources:
            try:
                if state.saved_cards(record, self.workspace.root) is None:
                    return False
            except ValueError:
                return False
        return True

    def _keep(self, new: list[Any], replacing: Sequence[Any] = ()) -> None:
        """Cards of a file read again take the places of its old ones; others go last."""
        gone = {c.table for c in replacing} | {c.table for c in new}
        slots = {c.table: i for i, c in enumerate(self._cards)}
        updated = {c.table: c for c in new if c.table in slots}
        self._cards = [updated.get(c.table, c) for c in self._cards
                       if c.table not in gone or c.table in updated]
        self._cards += [c for c in new if c.table not in updated]

    def _restore(self) -> None:
        """Bring back the files of an earlier session: saved cards, else read them again."""
        if not self._restore_pending:
            return
        self._restore_pending = False
        restored, problems = restore_files(self.workspace, self.files)
        for record, cards in restored:
            self._keep(cards)
            self._sources.append((record, cards))
        self.problems.extend(problems)

    # -- questions ----------------------------------------------------------------------

    @property
    def history(self) -> tuple[Answer, ...]:
        """Every answer of the session, in order (pins refer to them by index), read from
        its log each time: another tab of the same session may have added some."""
        return tuple(self.answers.answers())

    @property
    def session(self) -> Any:
        with self._life:
            if self._session is None:
                from sandbox import open_session  # the Docker SDK: when a session starts
                self._session = open_session(self.workspace, backend=self.backend,
                                             limits=self.limits, pool=current_pool())
            return self._session

    @property
    def lease(self) -> Lease:
        """This session's claim on one of the host's running places (made on first use)."""
        with self._life:
            if self._lease is None:
                self._lease = (self._admission or admission()).lease(self._pause)
            return self._lease

    def _pause(self) -> None:
        """Another session needs the place and this one is idle: stop the container, keep
        everything else (called by the admission's thread, never during a question)."""
        with self._life:
            session, self._session = self._session, None
            self._touched = self._shared = False
            if session is None:
                return
            steps = getattr(session, "steps", 0)
            self._paused = (self._paused or 0) + steps
        session.close()

    def _waiting(self, language: str) -> Generator[Event, None, bool]:
        """Wait for a place to run on this host; say so at once, when the line moves, and now
        and then. Returns True holding the place (busy), False when the user stopped meanwhile."""
        told, told_place = None, 0
        for wait in self.lease.waiting(self.lease.admission.wait_limit_s):
            if self._stop.on:
                return False
            if told is None or wait.place != told_place \
                    or wait.seconds - told >= WAIT_NOTICE_EVERY_S:
                seconds = int(wait.seconds)
                text = (say(language, "session", "waiting", place=wait.place) if told is None
                        else say(language, "session", "still_waiting", plural=seconds,
                                 n=seconds, place=wait.place))
                told, told_place = wait.seconds, wait.place
                yield Event("status", text, data={"waiting_s": round(wait.seconds, 1),
                                                  "place": wait.place,
                                                  "limit": self.lease.admission.limit})
        if self._stop.on:  # a Stop that came just as the place was free
            self.lease.end()
            return False
        return True

    def _resumed_notice(self, language: str) -> str | None:
        """After a pause, what the new container lost: only as it is."""
        with self._life:
            lost, self._paused = self._paused, None
        self.lease.take_paused()
        if lost is None:
            return None
        if lost <= 0:
            return say(language, "session", "resumed_nothing_lost")
        return say(language, "session", "resumed_variables_lost", plural=lost, n=lost)

    def verified_session(self) -> Any:
        """A session no code but our own recipes ran in: figures from it are verified.

        A model's step can patch `pd.read_parquet`, leave a thread that answers for the
        kernel or change anything else in its interpreter, and so can any other code that is
        not a recipe call, so after one the session is replaced by a fresh one (variables are
        lost; recipe steps read their tables anew).
        """
        if self._touched or self._shared:
            self._drop_session()
        return self.session

    def shared_session(self) -> Any:
        """The current session, for code that is not a recipe call: from now on no recipe
        runs in it (`analyst.session.verified.RecipeGate`)."""
        session = self.session
        self._shared = True
        return session

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

            yield from self._finish(Answer(question, say(language_of(question), "add_file_first"),
                                           ok=False))
            return
        from analyst.brain.understand.phrases import question_language
        lang = question_language(question, self.cards)  # its words, not the names it quotes
        chosen, config, problem = _choose_brain(brain, llm_config, lang)
        if problem:
            yield Event("warning", problem)
        if chosen == "none":
            from analyst.words import say as catalogue

            yield from self._finish(Answer(question, catalogue(lang, "agent", "no_model"),
                                           ok=False, brain="llm"))
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

            yield from self._finish(Answer(question, say(language_of(question), "add_file_first"),
                                           ok=False))
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
            session, self.cards, approve=approve, language=language),
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
        if self._session is not None:
            self._session.interrupt()

    def _guarded(self, question: str, brain: str,
                 events: Callable[[Any], Iterator[Event]],
                 language: str | None = None) -> Iterator[Event]:
        """Run a brain in one of the host's places (waiting for one, told, when none is
        free); an infrastructure failure becomes a plain error and a failed answer."""
        from analyst.brain.understand.phrases import question_language

        self._stop.clear()
        steps: list[Step] = []
        warned: list[str] = []  # warnings shown while answering are kept with the answer
        answered = False
        began = False
        lang = language or question_language(question, self.cards)
        try:
            began = yield from self._waiting(lang)
            if not began:  # stopped while waiting: nothing ran
                yield from self._finish(_kept(_ended(question, self._stop.reason, (), brain), (), lang))
                return
            resumed = self._resumed_notice(lang)
            if resumed:
                warned.append(resumed)
                yield Event("warning", resumed)
            if brain == "offline":
                if self._touched:  # nothing offline runs where a model's code ran
                    self._drop_session()
            else:
                self._touched = True  # from the model's first step on, nothing here is ours
            self.session.start()
            if self.session.warning and not self._warned:
                self._warned = True
                warning = backend_warning(self.session.warning, lang)
                warned.append(warning)
                yield Event("warning", warning)
            # Each recipe step in an interpreter only recipes ran in (the gate replaces the
            # session when other code ran in it); the brain announces its steps by events.
            gate = RecipeGate(self, self._stop, recipes=brain == "offline")
            stream = events(gate)
            try:
                for event in stream:
                    if event.kind == "code" and event.step is not None:
                        gate.announce(event.step)
                    # After a stop only the result of the step that was running gets through.
                    if self._stop.on and event.kind != "result":
                        break
                    if event.kind == "result" and event.step is not None:
                        steps.append(event.step)
                    if event.kind == "warning" and event.message:
                        warned.append(event.message)
                    if event.kind == "answer" and event.answer is not None:
                        answered = True
                        answer = _kept(event.answer, warned, lang)
                        event = replace(event, answer=answer)
                        self._remember(answer)
                    yield event
                    if self._stop.on:
                        break
            finally:
                if isinstance(stream, Generator):  # brains are generators; close runs their finally
                    stream.close()
        except Exception as exc:  # noqa: BLE001 - a wait too long, or a bug of ours: in words
            if isinstance(exc, SandboxError | QueueTimeout):  # nothing ran, the line left
                reason = exc.message_in(lang) if isinstance(exc, QueueTimeout) else str(exc)
                text = say(lang, "agent", "could_not_run", reason=reason)
            else:  # the trace goes to the log, what finished stays
                log.exception("answering %r with the %s brain failed", question, brain)
                reason = text = say(lang, "agent", "our_fault")
            yield Event("error", reason)
            yield from self._finish(_kept(Answer(question, text, steps=tuple(steps), brain=brain,
                                                 ok=False), warned, lang))
            return
        except GeneratorExit:
            # The caller stopped reading (the app's Stop click, its page gone): what
            # finished is kept. Without an interrupt() first nobody pressed Stop.
            if not answered:
                reason = self._stop.reason if self._stop.on else INTERRUPTED
                self._remember(_kept(_ended(question, reason, steps, brain), warned, lang))
            raise
        finally:
            if began:
                self.lease.end()  # idle from now: the place is kept, the session may be paused
        if self._stop.on and not answered:
            yield from self._finish(_kept(
                _ended(question, self._stop.reason, steps, brain), warned, lang))

    def _finish(self, answer: Answer) -> Iterator[Event]:
        self._remember(answer)
        yield Event("answer", answer.text, answer=answer)

    def _begin(self, question: str) -> None:
        try:
            self.answers.begin(question)
        except (OSError, sqlite3.Error):  # the question is still answered, but not kept
            log.warning("could not save a question", exc_info=True)

    def remember(self, answer: Answer) -> None:
        """Keep an answer given outside `ask` (e.g. the app's "ended without an answer")."""
        self._remember(answer)

    def _remember(self, answer: Answer) -> None:
        try:
            self.answers.add(answer)
        except (OSError, sqlite3.Error):  # the answer is still shown, but not kept
            log.warning("could not save an answer", exc_info=True)

    # -- life ---------------------------------------------------------------------------

    def close(self) -> None:
        """Stop the sandbox session and give its place on the host back."""
        self._drop_session()
        if self._lease is not None:
            # Outside `_life`: a pause holds the lease's lock and then takes `_life`.
            self._lease.release()

    def _drop_session(self) -> None:
        """Stop the sandbox session, keeping the place (a new session starts in it)."""
        with self._life:
            session, self._session = self._session, None
            self._touched = self._shared = False
        if session is not None:
            session.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def _answer_log(history: AnswerLog | Sequence[Answer] | None,
                workspace: Workspace) -> AnswerLog:
    if history is None:
        return WorkspaceAnswers(workspace.root)
    if isinstance(history, AnswerLog):
        return history
    return MemoryAnswers(history)


def _ended(question: str, reason: str, steps: Sequence[Step], brain: str) -> Answer:
    """The failed answer of a question that did not run to its end, for `reason`."""
    return Answer(question, ended_text(reason), steps=tuple(steps), brain=brain, ok=False,
                  ended=reason)


def _kept(answer: Answer, warnings: Sequence[str], language: str) -> Answer:
    """`answer` as it is kept: with the warnings shown while it was made that it does not
    hold yet, and the language it was given in (the app shows it in that language later,
    whatever the interface speaks then)."""
    extra = tuple(w for w in dict.fromkeys(warnings) if w not in answer.warnings)
    return replace(answer, warnings=answer.warnings + extra, language=answer.language or language)


def _choose_brain(brain: Brain, llm_config: Any | None,
                  language: str = "en") -> tuple[str, Any, str | None]:
    """("llm" | "offline" | "none", config, a warning to show in `language` or None)."""
    if brain == "offline":
        return "offline", None, None
    if llm_config is None:
        from analyst.agent.config import ConfigError, LLMConfig

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
