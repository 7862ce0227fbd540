"""The engine proxy's allow-list, without an engine: every call the sandbox makes passes,
in every API version spelling; every other call of the Docker API is refused by name."""

from __future__ import annotations

import itertools
import json
from urllib.parse import quote

import pytest

from analyst.deploy.proxy import Refused, matching_rule, parse_head, query_problem

VERSIONS = ("", "/v1.41", "/v1.44", "/v1.24")
IDS = ("3f2a9c", "analyst-sbx-0123456789ab", "a" * 64)

SANDBOX_CALLS = [
    ("GET", "/_ping"), ("HEAD", "/_ping"), ("GET", "/version"),
    ("GET", "/images/analyst-sandbox:ee6bd0d512dd/json"),
    ("GET", "/images/analyst-sandbox-base:bookworm/json"),
    ("GET", "/events?filters=%7B%22type%22%3A+%5B%22container%22%5D%7D"),
    ("GET", "/containers/json?all=1&filters="
     + quote(json.dumps({"label": ["analyst.sandbox=1", "analyst.installation=x"]}))),
    ("POST", "/containers/create?name=analyst-sbx-1"),
    ("POST", "/build?t=analyst-sandbox%3Aabc&networkmode=none&rm=1"),
    ("POST", "/images/analyst-sandbox:abc/tag?repo=analyst-sandbox&tag=latest"),
    ("POST", "/volumes/prune?filters=" + quote(json.dumps({"label": ["analyst.sandbox=1"]}))),
] + [(method, path.format(cid=cid)) for cid in IDS for method, path in (
    ("POST", "/containers/{cid}/start"), ("POST", "/containers/{cid}/attach?stdin=1&stream=1"),
    ("POST", "/containers/{cid}/wait"), ("POST", "/containers/{cid}/kill?signal=SIGINT"),
    ("GET", "/containers/{cid}/json"), ("GET", "/containers/{cid}/stats?stream=0"),
    ("GET", "/containers/{cid}/archive?path=%2Fworkspace%2Foutput%2F."),
    ("PUT", "/containers/{cid}/archive?path=%2Fworkspace%2Foutput"),
    ("DELETE", "/containers/{cid}?force=1&v=1"),
)]

OTHER_CALLS = [
    ("POST", "/containers/{cid}/exec"), ("POST", "/exec/{cid}/start"),
    ("POST", "/containers/{cid}/update"), ("POST", "/containers/{cid}/rename?name=x"),
    ("GET", "/containers/{cid}/export"), ("POST", "/containers/{cid}/pause"),
    ("POST", "/containers/{cid}/restart"), ("GET", "/containers/{cid}/logs"),
    ("POST", "/containers/prune"), ("POST", "/commit?container={cid}"),
    ("POST", "/images/create?fromImage=alpine"), ("DELETE", "/images/analyst-sandbox:abc"),
    ("POST", "/images/alpine/push"), ("GET", "/images/analyst-sandbox/get"),
    ("POST", "/networks/create"), ("GET", "/networks"), ("POST", "/networks/bridge/connect"),
    ("POST", "/volumes/create"), ("DELETE", "/volumes/x"), ("GET", "/volumes"),
    ("POST", "/swarm/init"), ("POST", "/services/create"), ("POST", "/secrets/create"),
    ("POST", "/plugins/pull"), ("GET", "/system/df"), ("POST", "/session"),
    ("GET", "/info"), ("POST", "/auth"), ("POST", "/containers/{cid}/start/../../exec"),
    ("PUT", "/containers/create"), ("GET", "/containers/create"),
]


def _request(method: str, version: str, path: str):
    head = f"{method} {version}{path} HTTP/1.1\r\nHost: docker\r\nConnection: keep-alive"
    return parse_head(head.encode())


@pytest.mark.parametrize(("method", "path"), SANDBOX_CALLS)
def test_every_call_the_sandbox_makes_passes_in_every_api_version(method: str, path: str) -> None:
    for version in VERSIONS:
        request = _request(method, version, path)
        assert query_problem(request, matching_rule(request)) is None


@pytest.mark.parametrize(("method", "path", "cid"),
                         [(m, p, c) for (m, p), c in itertools.product(OTHER_CALLS, IDS[:2])])
def test_every_other_call_is_refused(method: str, path: str, cid: str) -> None:
    for version in VERSIONS:
        request = _request(method, version, path.format(cid=cid))
        with pytest.raises(Refused):
            matching_rule(request)


@pytest.mark.parametrize(("path", "why"), [
    ("/build?t=x", "a build with a network"),
    ("/build?t=x&networkmode=bridge", "a build with a network"),
    ("/build?t=x&networkmode=host", "a build with a network"),
    ("/volumes/prune", "pruning volumes that are not the sandbox's"),
    ("/volumes/prune?filters=" + quote(json.dumps({"label": ["other=1"]})),
     "pruning volumes that are not the sandbox's"),
    ("/volumes/prune?filters=" + quote(json.dumps({"dangling": ["true"]})),
     "pruning volumes that are not the sandbox's"),
    ("/images/alpine/tag?repo=analyst-app&tag=latest", "a tag outside analyst-sandbox"),
    ("/volumes/prune?filters=" + quote(json.dumps({"label": ["analyst.sandbox=10"]})),
     "pruning volumes that are not the sandbox's"),
    ("/volumes/prune?filters=not-json", "pruning volumes that are not the sandbox's"),
    ("/images/x/tag?repo=evil/analyst-sandbox", "a tag outside analyst-sandbox"),
])
def test_allowed_endpoints_refuse_what_the_sandbox_never_asks(path: str, why: str) -> None:
    for version in VERSIONS:
        request = _request("POST", version, path)
        assert query_problem(request, matching_rule(request)) == why


@pytest.mark.parametrize("filters", [None, {}, {"label": ["other=1"]}, {"status": ["running"]},
                                     {"label": ["analyst.sandbox"]}, ["analyst.sandbox=1"]])
def test_containers_are_listed_only_by_the_sandbox_label(filters: object) -> None:
    query = "" if filters is None else "&filters=" + quote(json.dumps(filters))
    for version in VERSIONS:
        request = _request("GET", version, "/containers/json?all=1" + query)
        assert query_problem(request, matching_rule(request)) == (
            "listing containers that are not the sandbox's")
