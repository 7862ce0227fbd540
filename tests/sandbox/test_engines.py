"""Several Docker engines, for real (issue 30, point 4): a second dockerd on this machine (its
own socket, data root and exec root, no bridge, no iptables) gets the sandbox image from the
main engine (`python -m sandbox build --host URL`'s copy), ANALYST_DOCKER_HOSTS lists both,
sessions spread over both, no container on a listed engine binds a host folder, and when the
second engine is stopped mid-run its sessions restart on the first, every answer kept and
the move said in a notice.

The main engine is shared with other tests: only containers of this test's sessions are
looked at, and it is never stopped. The second engine is always stopped at the end.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import docker
import pandas as pd
import pytest

from sandbox import ExecutionResult, Workspace, open_session, owners, reap_orphans, use_installation
from sandbox.build import load_into
from sandbox.engine import LABEL
from sandbox.engines import HOSTS_ENV, connect
from sandbox.notices import ENGINE_DOWN
from sandbox.owners import INSTALLATION_LABEL, OWNER_LABEL, owner_token
from sandbox.session import KernelSession
from tests.sandbox.conftest import TEST_LIMITS

pytestmark = pytest.mark.docker

MAIN = os.environ.get("DOCKER_HOST") or "unix:///var/run/docker.sock"
MAX_SESSIONS = 14
ANSWER = ("import pandas as pd\n"
          "total = int(pd.read_csv('input/sales.csv').amount.sum())\n"
          "open('output/answer.txt', 'w').write(str(total))\n"
          "total")
AGAIN = ("import pandas as pd\n"
         "(int(pd.read_csv('input/sales.csv').amount.sum()), open('output/answer.txt').read())")


@dataclass
class SecondEngine:
    url: str
    process: subprocess.Popen
    client: docker.DockerClient

    def stop(self) -> None:
        stop(self.process)


def stop(process: subprocess.Popen) -> None:
    """As an operator stops an engine: SIGTERM; dockerd stops its containers and ends."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def answering(url: str, process: subprocess.Popen, log: Path) -> docker.DockerClient:
    deadline = time.monotonic() + 60
    while True:
        try:
            client = connect(url)  # the SDK asks the engine's version at once
            client.ping()
            return client
        except (docker.errors.DockerException, OSError):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail("the second dockerd did not start:\n"
                            + log.read_text(errors="replace")[-2000:])
            time.sleep(0.5)


@pytest.fixture(scope="module")
def second_engine(docker_image: str) -> Iterator[SecondEngine]:
    if shutil.which("dockerd") is None or os.geteuid() != 0:
        pytest.skip("a second Docker engine needs dockerd and root")
    root = Path(tempfile.mkdtemp(prefix="eng2-", dir="/tmp"))  # noqa: S108  short: a socket path
    url = f"unix://{root}/docker.sock"
    log = root / "dockerd.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["dockerd", "--host", url, "--data-root", str(root / "data"), "--exec-root",
             str(root / "exec"), "--pidfile", str(root / "docker.pid"), "--bridge=none",
             "--iptables=false", "--ip-masq=false", "--shutdown-timeout", "2"],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        client = answering(url, process, log)
        load_into(url, progress=lambda line: None)
        assert client.images.get(docker_image).id == docker.from_env().images.get(docker_image).id
        yield SecondEngine(url, process, client)
    finally:
        stop(process)
        # `rm -rf`: the image's layers are many small files (shutil.rmtree took 96 s).
        subprocess.run(["rm", "-rf", str(root)], check=False)


def on_engine(client: docker.DockerClient, workspace: Workspace) -> list[dict]:
    """This session's running containers on that engine (found by its workspace's label)."""
    return client.api.containers(filters={
        "label": [f"{LABEL}=1", f"analyst.workspace={workspace.root}"]})


@dataclass
class Placed:
    session: KernelSession
    total: int
    engine: str
    """"main" or "second": where its container runs."""


def where(engine: SecondEngine, main: docker.DockerClient, workspace: Workspace) -> str:
    found = {"main": on_engine(main, workspace)}
    if engine.process.poll() is None:
        found["second"] = on_engine(engine.client, workspace)
    (name,) = [name for name, listed in found.items() if listed]  # exactly one container
    return name


def test_the_start_up_sweep_reaches_every_listed_engine(second_engine, docker_image, tmp_path,
                                                       monkeypatch):
    """A session may have run on any engine: the app's start-up sweep removes this
    installation's leftovers on each (here: one whose owner died, one exited, one of a live
    owner kept), and one of another installation is never touched."""
    monkeypatch.setattr(owners, "_installation", owners._installation)  # put back after
    ours = use_installation(tmp_path / "ours")
    theirs = use_installation(tmp_path / "theirs")
    use_installation(tmp_path / "ours")
    child = subprocess.Popen(["true"])  # noqa: S603, S607  a process that is gone: a dead owner
    child.wait()
    made = {}
    for who, owner, exited, name in ((ours, owner_token(child.pid), False, "dead owner"),
                                     (ours, owner_token(), True, "exited"),
                                     (ours, owner_token(), False, "live owner"),
                                     (theirs, owner_token(child.pid), False, "theirs")):
        container = second_engine.client.containers.create(
            docker_image, ["true"], network_mode="none",
            labels={LABEL: "1", INSTALLATION_LABEL: who, OWNER_LABEL: owner})
        if exited:
            container.start()
            container.wait(timeout=60)
        made[container.id] = name
    try:
        monkeypatch.setenv(HOSTS_ENV, f"{MAIN},{second_engine.url}")
        reap_orphans()
        left = {made[c["Id"]] for c in second_engine.client.api.containers(all=True)
                if c["Id"] in made}
        assert left == {"live owner", "theirs"}
    finally:
        for cid in made:
            try:
                second_engine.client.api.remove_container(cid, force=True)
            except docker.errors.NotFound:
                pass


def test_sessions_spread_over_two_engines_and_move_when_one_stops(
        second_engine: SecondEngine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOSTS_ENV, f"{MAIN},{second_engine.url}")
    main = docker.from_env()
    placed: list[Placed] = []
    try:
        # Sessions one after another until each engine runs two of them (the main engine
        # may hold other tests' containers: it gets sessions once its free places are
        # no more than the second's).
        while len(placed) < MAX_SESSIONS and min(
                sum(p.engine == name for p in placed) for name in ("main", "second")) < 2:
            n = len(placed)
            workspace = Workspace(tmp_path / f"ws{n}").ensure()
            amounts = list(range(n + 1, n + 6 + n % 4))
            pd.DataFrame({"amount": amounts}).to_csv(workspace.input_dir / "sales.csv", index=False)
            session = open_session(workspace, backend="docker", limits=TEST_LIMITS)
            result = session.run(ANSWER)
            assert result.ok and result.value is not None, result
            assert result.value.text == str(sum(amounts))
            placed.append(Placed(session, sum(amounts), where(second_engine, main, workspace)))
        on_second = [p for p in placed if p.engine == "second"]
        on_main = [p for p in placed if p.engine == "main"]
        assert len(on_second) >= 2 and len(on_main) >= 2, [p.engine for p in placed]

        # Nothing on a listed engine mounts a host path: input/ and lib/ came by value.
        for p in placed:
            client = second_engine.client if p.engine == "second" else main
            (container,) = on_engine(client, p.session.workspace)
            mounts = client.api.inspect_container(container["Id"])["Mounts"]
            assert [m for m in mounts if m["Type"] == "bind"] == [], mounts
            assert {m["Destination"] for m in mounts} == {
                "/workspace/input", "/workspace/lib", "/workspace/output"}

        # Mid-run: one session of the second engine is in a step when the engine stops.
        busy = on_second[0]
        during: list[ExecutionResult] = []
        step = threading.Thread(target=lambda: during.append(
            busy.session.run("import time\ntime.sleep(60)", timeout=120)))
        step.start()
        time.sleep(2)
        second_engine.stop()
        step.join(120)
        (interrupted,) = during
        assert interrupted.restarted and not interrupted.ok
        assert [n.values.get("reason") for n in interrupted.notices
                if n.kind == "process_ended"] == [ENGINE_DOWN], interrupted.notices

        # Every session answers again, the moved ones from the main engine, with what they
        # had written kept (output/ crossed back by value from the host's copies).
        for p in placed:
            result = p.session.run(AGAIN)
            assert result.ok and result.value is not None, result
            assert result.value.text == repr((p.total, str(p.total)))
            assert (p.session.workspace.output_dir / "answer.txt").read_text() == str(p.total)
            assert where(second_engine, main, p.session.workspace) == "main"
            moved = [n for n in result.notices if n.kind == "session_stopped"]
            if p.engine == "second" and p is not busy:
                assert [n.values.get("reason") for n in moved] == [ENGINE_DOWN], result.notices
                assert "another engine" in (result.notice or "")
            else:  # the busy one moved during its step; the main engine's never moved
                assert moved == [] and not result.restarted, result.notices
        # The moved sessions' containers on the main engine bind nothing either.
        for p in on_second:
            (container,) = on_engine(main, p.session.workspace)
            mounts = main.api.inspect_container(container["Id"])["Mounts"]
            assert [m for m in mounts if m["Type"] == "bind"] == [], mounts
    finally:
        for p in placed:
            p.session.close()
