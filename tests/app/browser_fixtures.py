"""What the real-browser tests share: the app started on a private data folder, patience
that fits a busy shared machine, and the few page helpers every test uses.

A test module takes the fixtures by importing them (`from tests.app.browser_fixtures import
_patient, app_url`): `_patient` is autouse there, and only there, since it needs `page`.
A module may set `PATIENCE_MS` for flows longer than the default two minutes.
"""

from __future__ import annotations

import warnings

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.app.server import APPS, KEPT, KeptApp, explain

NO_MODEL = {"OPENAI_API_KEY": "", "OPENAI_BASE_URL": "", "ANALYST_MAX_UPLOAD_MB": "5"}
PATIENCE_MS = 120_000


def _backend() -> str:
    """The Docker sandbox when its engine and image are there (as in CI), else local."""
    from sandbox.engine import engine_problem, image_problem, image_tag

    return "docker" if engine_problem() is None and image_problem(image_tag()) is None else "local"


@pytest.fixture(autouse=True)
def _patient(page, request):
    """No hidden 30 s default (page loads, clicks, downloads): on a busy shared machine a
    rerun with a cold sandbox can take longer; a real hang still fails, at 2 minutes (or
    the module's `PATIENCE_MS`). A failed test prints its page and every app running now
    (the module's `app_url` among them: its own failure does not pass through it)."""
    for kept in list(KEPT.values()):
        if (restarted := kept.ensure()) is not None:
            print(restarted)
    patience = getattr(request.module, "PATIENCE_MS", PATIENCE_MS)
    page.set_default_timeout(patience)
    page.set_default_navigation_timeout(patience)
    yield
    if failed(request):
        show_page(page)
        for url in list(APPS):
            explain(url)


@pytest.fixture(scope="module")
def app_url(tmp_path_factory):
    """One app per module, on a data folder of its own: each test's `page` is a new browser
    context, so a new session of it (tests that stop, restart or reconfigure the app start
    their own with `running_app`). Started again on the same address if it has exited
    (`_patient` checks before each test)."""
    app = KeptApp(tmp_path_factory.mktemp("app") / "data", ANALYST_SANDBOX_BACKEND=_backend(),
                  **NO_MODEL)
    KEPT[app.start()] = app
    try:
        yield app.url
    finally:
        KEPT.pop(app.url, None)
        app.close()


def failed(request: pytest.FixtureRequest) -> bool:
    """Whether the test itself failed (the report tests/conftest.py keeps on it)."""
    report = getattr(request.node, "report_call", None)
    return bool(report is not None and report.failed)


def show_page(page) -> None:
    """Print what a failed test's page showed: a timeout names only the selector it waited for."""
    try:
        shown = page.locator("body").inner_text(timeout=5_000)
    except Exception as exc:  # noqa: BLE001 - a diagnostic must not hide the failure
        shown = f"(could not read the page: {exc})"
    print(f"--- the page at {page.url} showed:\n{shown[-4000:]}")
    if not shown.strip():
        # A blank page: did Streamlit's frontend render at all (its root, a connection
        # status), and did the app ever start a session (the stacks `explain` prints)?
        try:
            html = page.content()
        except Exception as exc:  # noqa: BLE001 - a diagnostic must not hide the failure
            html = f"(could not read the page's HTML: {exc})"
        print(f"--- its HTML ({len(html)} characters) began with:\n{html[:3000]}")


FIRST_LOAD_MS = 45_000
"""How long a first page load may take before it counts as lost: a normal one shows the
uploader in seconds, even on a loaded machine."""
UPLOADER = '[data-testid="stFileUploaderDropzoneInput"]'


def open_app(page, url: str) -> None:
    """Open the app at `url` and wait for its uploader, reloading once if the page stays blank.

    On a fully loaded machine Chromium sometimes loses one of Streamlit's JavaScript chunks
    on the first load (the page stays the bare index.html, the app never sees a session:
    streamlit/streamlit#10510); a user reloads, and so does this, once, with a warning that
    names the requests that failed. A second blank load fails the test as before.
    """
    lost: list[str] = []
    page.on("requestfailed", lambda r: lost.append(f"{r.url} ({r.failure})"))
    page.goto(url)
    try:
        page.wait_for_selector(UPLOADER, state="attached", timeout=FIRST_LOAD_MS)
        return
    except PlaywrightTimeout:
        warnings.warn(f"the app at {url} showed no uploader after {FIRST_LOAD_MS // 1000} s "
                      f"(failed requests: {lost or 'none'}); reloaded once", stacklevel=2)
    page.reload()
    page.wait_for_selector(UPLOADER, state="attached")


def _idle(page) -> None:
    """The rerun an action started has finished (Streamlit marks the app so)."""
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]',
                           timeout=120_000)


CHART = '[data-testid="stVegaLiteChart"], [data-testid="stImage"]'
"""A step's chart as the answer shows it: the interactive Vega-Lite chart of its record,
else the picture its code drew (a charted step shows the interactive one first)."""


def _settled(page, locator, timeout: float = 120_000):
    """After an action: wait for its visible effect, then for the rerun to end.

    The effect comes first because right after a click the app can still say notRunning
    (the rerun has not started yet); the idle wait after it means no later rerun is about
    to replace the element. Generous timeouts: the machine is shared and a cold sandbox
    start can take tens of seconds.
    """
    locator.first.wait_for(timeout=timeout)
    _idle(page)
    return locator.first


def _last_message(page):
    return page.locator('[data-testid="stChatMessage"]').last


def _upload(page, path) -> None:
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(path))


CHAT_BOX = '[data-testid="stChatInputTextArea"]'
LOST_CHUNK = "Failed to fetch dynamically imported module"


def chat_box(page):
    """The question box, once it is on the page.

    Under full load Chromium sometimes fails to fetch the chunk a widget's code is in, after
    the page itself loaded: the page then shows "TypeError: Failed to fetch dynamically
    imported module: .../ChatInput.….js" where the box should be (seen in CI, stops 45 and
    46; the same loss as `open_app`'s, streamlit/streamlit#10510). A page never fetches a
    module again once it failed, so this reloads once, with a warning (the session, its
    files and answers are kept by the app); a second loss, or any other absence of the box,
    fails the test as before.
    """
    box = page.locator(CHAT_BOX)
    try:
        box.wait_for(timeout=FIRST_LOAD_MS)
        return box
    except PlaywrightTimeout:
        try:
            shown = page.locator("body").inner_text(timeout=5_000)
        except PlaywrightTimeout:
            shown = ""
        if LOST_CHUNK not in shown:
            box.wait_for()  # slow, not lost: the rest of the test's patience
            return box
    lost = next(line for line in shown.splitlines() if LOST_CHUNK in line)
    warnings.warn(f"{lost.strip()}; reloaded once", stacklevel=2)
    page.reload()
    box.wait_for()
    return box
