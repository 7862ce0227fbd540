"""One analysis' sandbox session and its claim on one of the host's running places.

The session starts on first use and stops when the analysis closes, when another session
needs the place while this one is idle (a pause: the next question is told what was lost),
and whenever figures must be verified after code that is not a recipe call ran in it
(`analyst.session.verified`).
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any

from analyst.session.admission import Admission, Lease, admission
from analyst.session.backend_words import backend_warning
from analyst.session.warm import current_pool, expecting
from analyst.words import say
from sandbox import Limits, Workspace


class Place:
    """The sandbox session of one workspace, in one of the host's places. No I/O here."""

    def __init__(self, workspace: Workspace, backend: str, limits: Limits | None,
                 admission: Admission | None) -> None:
        self.workspace = workspace
        self.backend = backend
        self.limits = limits
        self._admission = admission
        """The host's slots (`analyst.session.admission`); None: this process's default,
        under the data folder, shared by the app, the CLI and the API of this host."""
        self._lease: Lease | None = None
        self._life = threading.RLock()  # the session is swapped by a pause from another thread
        self._session: Any | None = None
        self._paused: int | None = None
        """Steps the kernel had run when a pause stopped it; None: no pause since."""
        self._warned = False
        self._touched = False
        """A model's code ran in the current session: nothing offline runs in it (see
        `verified_session`)."""
        self._shared = False
        """Code that is not a recipe call ran in the current session (a query, a step run
        directly): recipes must not run in it (`analyst.session.verified`)."""

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

    def starting(self) -> contextlib.AbstractContextManager[None]:
        """Around a question's wait and start: when this session has no container, the warm
        pool keeps one more ready meanwhile (`analyst.session.warm.expecting`), which the
        question takes when its turn comes (`started`)."""
        if self._session is not None or self.backend == "local" or current_pool() is None:
            return contextlib.nullcontext()
        return expecting()

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

    def resumed_notice(self, language: str) -> str | None:
        """After a pause, what the new container lost: only as it is."""
        with self._life:
            lost, self._paused = self._paused, None
        self.lease.take_paused()
        if lost is None:
            return None
        if lost <= 0:
            return say(language, "session", "resumed_nothing_lost")
        return say(language, "session", "resumed_variables_lost", plural=lost, n=lost)

    def started(self, brain: str, language: str) -> str | None:
        """The session started for `brain`'s run; the backend's warning, the first time."""
        if brain == "offline":
            if self._touched:  # nothing offline runs where a model's code ran
                self.drop_session()
        else:
            self._touched = True  # from the model's first step on, nothing here is ours
        self.session.start()
        if self.session.warning and not self._warned:
            self._warned = True
            return backend_warning(self.session.warning, language)
        return None

    def verified_session(self) -> Any:
        """A session no code but our own recipes ran in: figures from it are verified.

        A model's step can patch `pd.read_parquet`, leave a thread that answers for the
        kernel or change anything else in its interpreter, and so can any other code that is
        not a recipe call, so after one the session is replaced by a fresh one (variables are
        lost; recipe steps read their tables anew).
        """
        if self._touched or self._shared:
            self.drop_session()
        return self.session

    def shared_session(self) -> Any:
        """The current session, for code that is not a recipe call: from now on no recipe
        runs in it (`analyst.session.verified.RecipeGate`)."""
        session = self.session
        self._shared = True
        return session

    def interrupt(self) -> None:
        """Interrupt the step running now, if a session runs (thread-safe)."""
        if self._session is not None:
            self._session.interrupt()

    def drop_session(self) -> None:
        """Stop the sandbox session, keeping the place (a new session starts in it)."""
        with self._life:
            session, self._session = self._session, None
            self._touched = self._shared = False
        if session is not None:
            session.close()

    def close(self) -> None:
        """Stop the sandbox session and give the place on the host back."""
        self.drop_session()
        if self._lease is not None:
            # Outside `_life`: a pause holds the lease's lock and then takes `_life`.
            self._lease.release()
