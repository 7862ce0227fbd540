"""The real app, stopped as an operator stops it, leaves no sandbox container running."""

from __future__ import annotations

import subprocess
import time

import pytest

from sandbox.owners import ID_FILE, INSTALLATION_LABEL
from tests.app.browser_fixtures import chat_box, open_app
from tests.app.samples import messy_csv
from tests.app.server import running_app

pytestmark = [pytest.mark.browser, pytest.mark.docker]
NO_MODEL = {"OPENAI_API_KEY": "", "OPENAI_BASE_URL": "", "ANALYST_SANDBOX_BACKEND": "docker"}


def _containers(installation: str) -> list[str]:
    listed = subprocess.run(
        ["docker", "ps", "--all", "--quiet", "--filter", f"label={INSTALLATION_LABEL}={installation}"],
        check=True, capture_output=True, text=True, timeout=60).stdout
    return listed.split()


def test_the_app_stopping_stops_its_sandbox_containers(page, tmp_path, docker_image):
    page.set_default_timeout(120_000)
    csv = tmp_path / "sales.csv"
    csv.write_bytes(messy_csv())
    data = tmp_path / "data"
    with running_app(data, **NO_MODEL) as url:
        open_app(page, url)
        page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(csv))
        page.get_by_text("What I assumed when reading it").first.wait_for()
        box = chat_box(page)
        box.fill("revenue by month")
        box.press("Enter")
        page.locator('[data-testid="stChatMessage"]').filter(has_text="33,912").first.wait_for()
        installation = (data / ID_FILE).read_text().strip()
        assert _containers(installation), "the answer should have run in a Docker container"
    # running_app stopped the server with SIGTERM and waited for it to end.
    deadline = time.monotonic() + 5
    while _containers(installation) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert _containers(installation) == []
