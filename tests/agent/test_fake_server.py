"""The scripted server the agent tests talk to costs them nothing to stop (issue 28): its
serving loop looked for `stop()` only every half second, which every test that used it paid."""

from __future__ import annotations

import json
import time
from http.client import HTTPConnection
from urllib.parse import urlsplit

from tests.agent.fake_openai import POLL_S, FakeOpenAI, reply


def _stop_seconds(answered: bool) -> float:
    server = FakeOpenAI([reply("Done.")]).start()
    if answered:  # the loop has just gone back to waiting, the usual moment of a test's stop
        url = urlsplit(server.base_url)
        connection = HTTPConnection(url.hostname or "", url.port, timeout=10)
        connection.request("POST", f"{url.path}/chat/completions",
                           body=json.dumps({"model": "m", "messages": []}),
                           headers={"Content-Type": "application/json"})
        answer = json.loads(connection.getresponse().read())
        connection.close()
        assert answer["choices"][0]["message"]["content"] == "Done."
    started = time.monotonic()
    server.stop()
    return time.monotonic() - started


def test_the_server_stops_at_once_used_or_not() -> None:
    # The fastest of three: a busy machine may delay one stop, never all three by this much.
    for answered in (False, True):
        fastest = min(_stop_seconds(answered) for _ in range(3))
        assert fastest < 0.25, (answered, fastest)
    assert POLL_S <= 0.05
