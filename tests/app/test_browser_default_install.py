"""The app exactly as the README starts it (`analyst web`), nothing configured, in real
headless Chromium (issue 25, points 2 and 3).

"revenue by month" shows its chart and table; the standard report's PDF holds every table
and chart its steps made; ten reloads and a second tab of one session leave one running
sandbox container for it. Before: with the default backend no chart, table or PDF figure
reached the page, and every reload or tab started another container.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from sandbox.docker_backend import WARM_LABEL
from sandbox.engine import LABEL
from sandbox.owners import ID_FILE, INSTALLATION_LABEL
from tests.app.browser_fixtures import (
    CHART,
    _last_message,
    _settled,
    _upload,
    chat_box,
    failed,
    open_app,
    show_page,
)
from tests.app.samples import messy_csv
from tests.app.server import free_port, health, tracked
from tests.default.installed import (
    analyst_command,
    assert_every_table_and_chart_is_in,
    untouched_env,
)

pytestmark = [pytest.mark.browser, pytest.mark.docker, pytest.mark.slow]
PATIENCE_MS = 180_000


@pytest.fixture(autouse=True)
def _patient(page, request):
    page.set_default_timeout(PATIENCE_MS)
    page.set_default_navigation_timeout(PATIENCE_MS)
    yield
    if failed(request):
        show_page(page)


@contextmanager
def readme_app(data_dir: Path) -> Iterator[str]:
    """`analyst web` with the README's defaults; only the port is chosen (a free one)."""
    port = free_port()
    data_dir.mkdir(parents=True)
    log = open(data_dir.parent / "web.log", "ab")  # noqa: SIM115 - closed below; "ab": a second attempt keeps the first log
    proc = subprocess.Popen([*analyst_command(), "web", "--server.port", str(port)],
                            cwd=data_dir.parent, env=untouched_env(data_dir), stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://localhost:{port}"
    try:
        if health(proc, url, timeout=90) != b"ok":
            raise RuntimeError(f"`analyst web` did not start: see {log.name}")
        with tracked(url, proc, Path(log.name)):
            yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def _ask(page, question: str, expect: str, shown: int | None = None) -> int:
    """Ask, and wait for this question's own stored answer (its "Add to report" buttons).

    `shown`: the messages the page holds before asking; a reloaded page draws its history
    first, so it is waited for. Returns the messages shown after the answer. Waiting on any
    message with `expect` returned at once on a reloaded page (an earlier answer has it),
    and the next reload then interrupted the question while its chart was being saved."""
    messages = page.locator('[data-testid="stChatMessage"]')
    if shown:
        messages.nth(shown - 1).wait_for(state="attached")
    before = messages.count() if shown is None else shown
    box = chat_box(page)
    box.fill(question)
    box.press("Enter")
    answer = messages.nth(before + 1)  # after the question's own message
    _settled(page, answer.filter(has_text=expect)
             .filter(has=page.get_by_role("button", name="Add to report")))
    return before + 2


def _workspace(data: Path, page) -> Path:
    [sid] = urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)["s"]
    return data / "workspaces" / sid


def _docker(*args: str, check: bool = True) -> str:
    return subprocess.run(["docker", *args], capture_output=True, text=True, check=check,
                          timeout=60).stdout


def _running_containers(workspace: Path) -> list[str]:
    """The running containers serving `workspace`: those made for it (labelled with it), and
    warm ones its app handed to it (made before it existed, so unlabelled: they hold its
    input files, copied in by value; a warm container still waiting holds none).

    Only this app's: its installation label (its data folder's id). Other apps of the run,
    on other workers, hand out containers holding the same sample file."""
    data = workspace.parent.parent
    mine_only = f"label={INSTALLATION_LABEL}={(data / ID_FILE).read_text().strip()}"
    # One listing of this app's running sandboxes with the two labels that count: asked
    # twelve times a test, each `docker` call a process of its own.
    listed = [line.split("\t") for line in _docker(
        "ps", "--filter", f"label={LABEL}", "--filter", mine_only, "--format",
        '{{.ID}}\t{{.Label "analyst.workspace"}}\t{{.Label "' + WARM_LABEL + '"}}').splitlines()]
    bound = [cid for cid, made_for, _ in listed if made_for == str(workspace)]
    mine = sorted(p.name for p in (workspace / "input").iterdir())
    handed = [cid for cid, _, warm in listed if warm == "1" and _input_listing(cid) == mine]
    return bound + handed


def _input_listing(cid: str) -> list[str] | None:
    """The file names in a container's input/; None when it ended meanwhile. The keeper
    kills every process but the kernel when a step ends, a `docker exec` included: such a
    killed listing is asked again."""
    for _ in range(10):
        done = subprocess.run(["docker", "exec", cid, "ls", "-A", "/workspace/input"],
                              capture_output=True, text=True, timeout=60)
        if done.returncode == 0:
            return sorted(done.stdout.split())
        if not _docker("ps", "-q", "--filter", f"id={cid}"):
            return None
        time.sleep(0.3)
    raise AssertionError(f"`docker exec {cid} ls` failed 10 times: {done.stderr}")


def _described(ids: list[str], data: Path) -> str:
    """What a failed count saw: every container of this app (name, state, labels, input
    files) and the end of the app's log."""
    mine_only = f"label={INSTALLATION_LABEL}={(data / ID_FILE).read_text().strip()}"
    every = _docker("ps", "-aq", "--filter", mine_only).split()
    seen = [f"counted: {ids}"] + [
        _docker("inspect", "--format", "{{.Name}} {{.State.Status}} {{.Created}} "
                "{{json .Config.Labels}}", cid, check=False).strip()
        + f" input={_input_listing(cid)}" for cid in every]
    log = (data.parent / "web.log").read_text(errors="replace")[-6000:]
    return "\n".join([*seen, "--- web.log (end) ---", log])


@pytest.fixture()
def sales(tmp_path: Path) -> Path:
    path = tmp_path / "sales.csv"
    path.write_bytes(messy_csv())
    return path


def test_chart_table_and_report_pdf_with_nothing_configured(page, tmp_path, sales,
                                                           expected_backend):
    data = tmp_path / "data"
    with readme_app(data) as url:
        open_app(page, url)
        _upload(page, sales)
        _settled(page, page.get_by_text("What I assumed when reading it"))

        # (Imported here: without Playwright this module must still collect, and skip.)
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        # What the page said, for a chart that never appears (seen once in a loaded run: the
        # answer and its tabs drawn, the Vega-Lite element never mounted in 120 s).
        said: list[str] = []
        page.on("console", lambda m: said.append(f"console {m.type}: {m.text}"[:300]))
        page.on("requestfailed", lambda r: said.append(f"failed {r.url} {r.failure}"[:300]))
        shown = _ask(page, "revenue by month", "33,912")
        answer = page.locator('[data-testid="stChatMessage"]').nth(shown - 1)
        try:
            _settled(page, answer.locator(CHART))
        except PlaywrightTimeout:
            page.screenshot(path=str(tmp_path / "no-chart.png"), full_page=True)
            raise AssertionError("the answer's chart never appeared; the page said:\n"
                                 + "\n".join(said[-40:]) + f"\n(screenshot: {tmp_path}/no-chart.png)"
                                 ) from None
        # The table is drawn in the answer (folded under its step: attached, maybe hidden).
        answer.locator('[data-testid="stDataFrame"]').first.wait_for(state="attached")
        local_said = page.get_by_text("Local backend").count() > 0
        assert local_said == (expected_backend == "local")

        messages = page.locator('[data-testid="stChatMessage"]')
        before = messages.count()
        page.get_by_role("button", name="Standard report").click()
        # Its question and its (live) answer first: until then the last message is the
        # previous answer, whose "Add to report" buttons would end the wait below at once
        # (and the Report page, opened while the report still ran, interrupted it).
        messages.nth(before + 1).wait_for(state="attached", timeout=PATIENCE_MS)
        # The stored answer (its steps with their buttons) replaces the live one: only then
        # is the report in the session, and the Report page can build it.
        _settled(page, _last_message(page).get_by_role("button", name="Add to report"))
        # Vega-Lite charts mount a moment after their message: wait for the third to be drawn.
        _last_message(page).locator(CHART).nth(2).wait_for(state="attached", timeout=PATIENCE_MS)
        assert _last_message(page).locator(CHART).count() >= 3
        page.locator('[data-testid="stSidebarNavLink"]').filter(has_text="Report").click()
        _settled(page, page.get_by_role("button", name="Generate report")).click()
        _settled(page, page.get_by_text("is ready"))
        with page.expect_download() as download:
            page.get_by_role("button", name="Download PDF").click()
        pdf = tmp_path / "report.pdf"
        download.value.save_as(pdf)
        assert_every_table_and_chart_is_in(pdf, _workspace(data, page) / "output")


def test_ten_reloads_and_a_second_tab_leave_one_container(page, tmp_path, sales,
                                                           expected_backend):
    if expected_backend != "docker":
        pytest.skip("counts Docker containers: the engine or the image is not here")
    data = tmp_path / "data"
    with readme_app(data) as url:
        open_app(page, url)
        _upload(page, sales)
        _settled(page, page.get_by_text("What I assumed when reading it"))
        shown = _ask(page, "total revenue", "33,912")
        workspace = _workspace(data, page)
        assert len(_running_containers(workspace)) == 1
        for n in range(10):
            page.reload()
            # Each reload asks again, so its page uses a sandbox (they start on first use).
            # A question with one figure and no chart: every reload draws the whole
            # conversation again, and ten charted answers made this the suite's longest case
            # (112 s under load); what is counted, the containers, is the same.
            shown = _ask(page, "total revenue", "33,912", shown)
            running = _running_containers(workspace)
            assert len(running) == 1, f"after reload {n + 1}: {_described(running, data)}"
        other = page.context.new_page()
        other.set_default_timeout(PATIENCE_MS)
        other.goto(page.url)
        _ask(other, "revenue by region", "33,912", shown)
        assert len(_running_containers(workspace)) == 1
