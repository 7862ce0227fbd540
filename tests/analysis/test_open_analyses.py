"""One open analysis per session, whatever the pages (issue 25, point 3): reloads and tabs
attach to it, the last page to leave closes it, a changed table replaces it."""

from __future__ import annotations

import random
import threading
import time

from analyst.session.open_analyses import OpenAnalyses


class Opened:
    """Stands for an `Analysis`: counts how it was opened and closed."""

    count = 0

    def __init__(self, key: str) -> None:
        Opened.count += 1
        self.key, self.closed, self.fresh = key, 0, True

    def close(self) -> None:
        self.closed += 1


def test_every_page_of_a_session_gets_the_one_analysis():
    pages = OpenAnalyses[Opened]()
    first, new = pages.attach("s1", "tab-1", lambda: Opened("s1"))
    assert new
    for reload in range(10):
        again, new = pages.attach("s1", f"tab-1-reload-{reload}", lambda: Opened("s1"))
        assert again is first and not new
    assert len(pages) == 1 and first.closed == 0


def test_pages_opening_at_once_open_it_once():
    pages = OpenAnalyses[Opened]()
    before = Opened.count
    got: list[Opened] = []

    def slow_open() -> Opened:
        time.sleep(0.05)
        return Opened("s")

    threads = [threading.Thread(target=lambda n=n: got.append(
        pages.attach("s", f"tab{n}", slow_open)[0])) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Opened.count - before == 1
    assert len({id(a) for a in got}) == 1


def test_the_last_page_to_leave_closes_it():
    pages = OpenAnalyses[Opened]()
    tabs = [f"tab{n}" for n in range(5)]
    for tab in tabs:
        analysis, _ = pages.attach("s", tab, lambda: Opened("s"))
    random.Random(7).shuffle(tabs)
    for tab in tabs[:-1]:
        pages.release("s", tab)
        assert analysis.closed == 0 and pages.get("s") is analysis
    pages.release("s", tabs[-1])
    assert analysis.closed == 1 and pages.get("s") is None
    pages.release("s", tabs[-1])  # twice, or by a page that never attached: nothing
    pages.release("other", "tab0")
    assert analysis.closed == 1


def test_a_changed_table_replaces_it_and_stops_the_old_first():
    pages = OpenAnalyses[Opened]()
    old, _ = pages.attach("s", "tab1", lambda: Opened("s"))
    seen_closed: list[int] = []

    def reopen() -> Opened:
        seen_closed.append(old.closed)  # the old sandbox is stopped before the new starts
        return Opened("s")

    new, fresh = pages.attach("s", "tab2", reopen, usable=lambda a: False)
    assert fresh and new is not old and old.closed == 1 and seen_closed == [1]
    pages.release("s", "tab1")
    assert new.closed == 0  # tab2 still holds it
    pages.release("s", "tab2")
    assert new.closed == 1


def test_beyond_keep_the_least_recently_opened_closes():
    pages = OpenAnalyses[Opened](keep=3)
    opened = {key: pages.attach(key, "t", lambda key=key: Opened(key))[0]
              for key in ("a", "b", "c")}
    pages.attach("a", "t2", lambda: Opened("a"))  # a used again: b is now the oldest
    d, _ = pages.attach("d", "t", lambda: Opened("d"))
    assert opened["b"].closed == 1 and pages.get("b") is None
    assert all(opened[k].closed == 0 for k in ("a", "c")) and d.closed == 0
    assert len(pages) == 3


def test_forget_closes_whoever_holds_it_and_a_failing_close_stops_no_other():
    class Stubborn(Opened):
        def close(self) -> None:
            super().close()
            raise RuntimeError("engine gone")

    pages = OpenAnalyses[Opened]()
    stubborn, _ = pages.attach("x", "t1", lambda: Stubborn("x"))
    pages.attach("x", "t2", lambda: Stubborn("x"))
    pages.forget("x")
    assert stubborn.closed == 1 and pages.get("x") is None
    others = [pages.attach(k, "t", lambda k=k: Stubborn(k))[0] for k in "pqr"]
    pages.close_all()
    assert [o.closed for o in others] == [1, 1, 1] and len(pages) == 0
