"""Several Docker engines, without Docker (issue 30, point 4): ANALYST_DOCKER_HOSTS is read as
a list of engine addresses, a wrong entry is named in a plain sentence, a session goes to the
engine with the most free places, and no container on a listed engine binds a host folder.
Each trait is checked over many generated variants."""

from __future__ import annotations

import random
import re

import pytest
from docker.types import Mount

from sandbox import Limits, SandboxError, Workspace
from sandbox.docker_backend import container_options
from sandbox.engines import HOSTS_ENV, HostsError, Load, engines, most_free, parse_hosts

SEEDS = range(200)
SEPARATORS = (",", ", ", " ", "\n", " ,\n", ",,", "\t")


def an_address(rng: random.Random) -> str:
    name = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-") for _ in range(rng.randint(1, 12)))
    kind = rng.choice(("unix", "tcp", "ssh"))
    if kind == "unix":
        return f"unix:///{'/'.join([name] * rng.randint(1, 3))}/docker.sock"
    if kind == "tcp":
        return f"tcp://{name}.example:{rng.randint(1, 65535)}"
    return f"ssh://{rng.choice(['', 'root@', 'ops@'])}{name}.example"


NOT_ADDRESSES = ("docker.sock", "/var/run/docker.sock", "http://host:2375", "unix://relative.sock",
                 "tcp://", "ssh://", "tcp://host:2376/path", "npipe:////./pipe/docker", "host:2376",
                 "UNIX:///var/run/docker.sock", "unix:/var/run/docker.sock")


@pytest.mark.parametrize("seed", SEEDS)
def test_the_list_is_every_address_once_in_its_order(seed: int) -> None:
    rng = random.Random(seed)
    addresses = [an_address(rng) for _ in range(rng.randint(1, 6))]
    written = addresses + rng.sample(addresses, rng.randint(0, len(addresses)))  # repeats
    text = rng.choice(("", " ", "\n")) + "".join(
        address + rng.choice(SEPARATORS) for address in written)
    assert parse_hosts(text) == tuple(dict.fromkeys(addresses))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_wrong_entry_is_named_in_a_plain_sentence(seed: int) -> None:
    rng = random.Random(seed)
    wrong = rng.choice(NOT_ADDRESSES)
    entries = [an_address(rng) for _ in range(rng.randint(0, 4))]
    entries.insert(rng.randint(0, len(entries)), wrong)
    with pytest.raises(HostsError) as caught:
        parse_hosts(rng.choice(SEPARATORS).join(entries))
    said = str(caught.value)
    assert isinstance(caught.value, SandboxError)  # the sandbox's own error family
    assert HOSTS_ENV in said and repr(wrong) in said and "unix:///" in said
    assert "Traceback" not in said and "\n" not in said


def test_unset_is_the_one_engine_of_today_and_a_list_is_its_engines(monkeypatch) -> None:
    monkeypatch.delenv(HOSTS_ENV, raising=False)
    (only,) = engines()
    assert only.url is None and not only.by_value  # DOCKER_HOST / the socket, folders bound
    assert engines()[0] is only  # the same engine (client, event watcher) every time
    monkeypatch.setenv(HOSTS_ENV, "unix:///tmp/a.sock, tcp://b.example:2376")
    listed = engines()
    assert [e.url for e in listed] == ["unix:///tmp/a.sock", "tcp://b.example:2376"]
    assert all(e.by_value for e in listed)
    assert listed[0].exits is not listed[1].exits is not only.exits  # one watcher each


def random_loads(rng: random.Random) -> list[Load]:
    return [Load(places=rng.randint(1, 8), used=rng.randint(0, 10), up=rng.random() < 0.7)
            for _ in range(rng.randint(0, 6))]


@pytest.mark.parametrize("seed", range(500))
def test_a_session_goes_to_the_engine_with_the_most_free_places(seed: int) -> None:
    loads = random_loads(random.Random(seed))
    chosen = most_free(loads)
    up = [i for i, load in enumerate(loads) if load.up]
    if not up:
        assert chosen is None
        return
    assert chosen in up
    best = max(loads[i].free for i in up)
    assert loads[chosen].free == best
    assert chosen == min(i for i in up if loads[i].free == best)  # the first listed of equals


@pytest.mark.parametrize("seed", range(50))
def test_sessions_placed_one_after_another_spread_over_equal_engines(seed: int) -> None:
    rng = random.Random(seed)
    engines_n, places = rng.randint(2, 5), rng.randint(2, 6)
    used = [0] * engines_n
    for _ in range(engines_n * places):
        chosen = most_free([Load(places, n) for n in used])
        assert chosen is not None
        used[chosen] += 1
    assert used == [places] * engines_n


def binds(options: dict) -> list[Mount]:
    return [m for m in options["mounts"] if m["Type"] == "bind"]


@pytest.mark.parametrize("seed", range(20))
def test_a_container_on_a_listed_engine_binds_no_host_folder(seed: int, tmp_path) -> None:
    rng = random.Random(seed)
    workspace = Workspace(tmp_path / f"ws-{seed}")
    limits = Limits(memory_bytes=rng.randint(256, 4096) * 1024**2)
    name = f"analyst-sbx-{seed}"
    bound = container_options(workspace, limits, name)
    copied = container_options(workspace, limits, name, by_value=True)
    assert {m["Source"] for m in binds(bound)} == {str(workspace.root / "input"),
                                                  str(workspace.root / "lib")}
    assert binds(copied) == []
    assert sorted(m["Target"] for m in copied["mounts"]) == [
        "/workspace/input", "/workspace/lib", "/workspace/output"]
    # Nothing else differs: every hardening option is the same by construction.
    assert {k: v for k, v in copied.items() if k != "mounts"} == {
        k: v for k, v in bound.items() if k != "mounts"}
    assert not re.search(str(tmp_path), str(copied["mounts"]))
