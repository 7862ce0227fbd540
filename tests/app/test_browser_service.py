"""The app as a service, as the README runs it (issue 30, point 1): its image built offline,
`docker-compose up` with compose.yaml, the health endpoint and the image's HEALTHCHECK say
ok, and a question asked in real Chromium comes back with its chart, computed in a sandbox
container that the app started through the engine proxy (the app itself holds no socket).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.app.browser_fixtures import CHART, _settled, _upload, chat_box, open_app
from tests.app.samples import messy_csv
from tests.app.server import free_port

pytestmark = [pytest.mark.browser, pytest.mark.docker, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
PATIENCE_MS = 180_000
APP_UID = 10002  # the image's user (analyst/deploy/Dockerfile)


@pytest.fixture(autouse=True)
def _patient(page):
    page.set_default_timeout(PATIENCE_MS)
    page.set_default_navigation_timeout(PATIENCE_MS)


def compose() -> list[str]:
    """Compose v1 (Debian's docker-compose) or the v2 plugin, whichever is here."""
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    if subprocess.run(["docker", "compose", "version"], capture_output=True,
                      check=False).returncode == 0:
        return ["docker", "compose"]
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail("CI=true but neither docker-compose nor `docker compose` is installed")
    pytest.skip("neither docker-compose nor `docker compose` is installed")


@pytest.fixture(scope="module")
def app_image() -> str:
    """Built as the README says, once: a present image of these sources is reused."""
    done = subprocess.run([sys.executable, "-m", "analyst.deploy", "build", "--if-missing"],
                          cwd=ROOT, capture_output=True, text=True, timeout=1800, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    from analyst.deploy.image import image_tag

    return image_tag()


def _health(url: str) -> bytes:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as answer:  # noqa: S310
            return bytes(answer.read())
    except OSError:
        return b""


def _inspect(name: str) -> dict:
    done = subprocess.run(["docker", "inspect", name], capture_output=True, text=True,
                          check=True, timeout=60)
    return dict(json.loads(done.stdout)[0])


@contextmanager
def service(data: Path, image: str) -> Iterator[tuple[str, str]]:
    """`docker-compose up -d` in a project of its own; (url, app container) while it runs.
    Its services' logs are printed when something failed inside."""
    data.mkdir(parents=True)
    os.chown(data, APP_UID, APP_UID)  # the README's `chown 10002:10002`
    project = f"s36t{uuid.uuid4().hex[:8]}"
    port = free_port()
    env = {**os.environ, "ANALYST_DATA_DIR": str(data), "ANALYST_PORT": str(port),
           "ANALYST_APP_IMAGE": image}
    command = [*compose(), "-p", project, "-f", str(ROOT / "compose.yaml")]
    try:
        subprocess.run([*command, "up", "-d"], env=env, check=True, timeout=300)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 180
        while _health(url) != b"ok":
            assert time.monotonic() < deadline, "the service never answered ok"
            time.sleep(0.3)
        yield url, f"{project}_app_1"
    except BaseException:
        subprocess.run([*command, "logs", "--no-color"], env=env, timeout=60, check=False)
        raise
    finally:
        subprocess.run([*command, "down", "-v", "--remove-orphans"], env=env, timeout=300,
                       check=False)


def test_compose_serves_an_answer_with_its_chart(page, tmp_path: Path, app_image: str,
                                                 docker_image: str) -> None:
    sales = tmp_path / "sales.csv"
    sales.write_bytes(messy_csv())
    data = tmp_path / "data"
    with service(data, app_image) as (url, app):
        assert not any("docker.sock" in m.get("Source", "") for m in _inspect(app)["Mounts"])
        open_app(page, url)
        _upload(page, sales)
        _settled(page, page.get_by_text("What I assumed when reading it"))
        box = chat_box(page)
        box.fill("revenue by month")
        box.press("Enter")
        answer = _settled(page, page.locator('[data-testid="stChatMessage"]')
                          .filter(has_text="33,912")
                          .filter(has=page.get_by_role("button", name="Add to report")))
        _settled(page, answer.locator(CHART))
        assert page.get_by_text("Local backend").count() == 0
        # Its sandbox: a container of the engine, started for a workspace of this data folder.
        running = subprocess.run(
            ["docker", "ps", "-q", "--filter", "label=analyst.sandbox=1"],
            capture_output=True, text=True, check=True, timeout=60).stdout.split()
        workspaces = [_inspect(c)["Config"]["Labels"].get("analyst.workspace", "")
                      for c in running]
        assert any(w.startswith(str(data)) for w in workspaces), workspaces
        # The image's HEALTHCHECK, as the engine sees it: its first check runs 10 s after the
        # start (analyst/deploy/Dockerfile), so it is asked last, the answer's time overlapping.
        deadline = time.monotonic() + 120
        while _inspect(app)["State"].get("Health", {}).get("Status") != "healthy":
            assert time.monotonic() < deadline, _inspect(app)["State"]
            time.sleep(1)
