"""The engine proxy in front of the real engine: the sandbox works through it unchanged, and
the same calls with any of the sandbox's hardening taken away, or aimed at a container that
is not a sandbox, are refused before they reach the engine."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any

import docker
import pytest
from docker.errors import APIError

from analyst.deploy.proxy import Engine, serve
from sandbox import Limits, Workspace
from sandbox.docker_backend import container_options, kernel_command
from tests.deploy.images import TEST_LABEL, import_one_file_image, present

pytestmark = pytest.mark.docker
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def data_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("proxy-data")


@pytest.fixture(scope="module")
def proxy_url(data_root: Path) -> str:
    port = _free_port()
    ready = threading.Event()
    threading.Thread(target=serve, args=(("127.0.0.1", port), Engine("/var/run/docker.sock"),
                                         PurePosixPath(data_root), ready), daemon=True).start()
    assert ready.wait(5)
    return f"tcp://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def through_proxy(proxy_url: str) -> Iterator[docker.DockerClient]:
    client = docker.DockerClient(base_url=proxy_url, version="1.41", timeout=30)
    yield client
    client.close()


@pytest.fixture(scope="module")
def stranger(docker_image: str) -> Iterator[str]:
    """A container on the same engine that is not a sandbox (started directly, our test label)."""
    engine = docker.from_env()
    container = engine.containers.create(docker_image, ["sleep", "60"], labels={TEST_LABEL: "1"},
                                         network_mode="none", entrypoint=[])
    yield str(container.id)
    container.remove(force=True)
    engine.close()


@pytest.mark.slow
def test_a_sandbox_session_runs_through_the_proxy(docker_image: str, proxy_url: str,
                                                  data_root: Path) -> None:
    """`python -m sandbox run` with DOCKER_HOST at the proxy: create, attach, archive in and
    out, inspect, kill, remove all cross it; the chart comes back."""
    workspace = data_root / "ws-run"
    step = data_root / "step.py"
    step.write_text("import matplotlib.pyplot as plt\nplt.plot([1, 3, 2])\n"
                    "plt.savefig('output/line.png')\nprint(6 * 7)\n")
    env = {**os.environ, "DOCKER_HOST": proxy_url}
    done = subprocess.run([sys.executable, "-m", "sandbox", "run", "--workspace", str(workspace),
                           "--backend", "docker", str(step)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout.splitlines()[-1])
    assert record["backend"] == "docker" and record["ok"], record
    assert record["stdout"].strip() == "42"
    assert [f["path"] for f in record["files"]] == ["output/line.png"]


def _hardened(data_root: Path, name: str) -> dict[str, Any]:
    workspace = Workspace(data_root / name).ensure()
    options = container_options(workspace, Limits(), f"s36-proxy-{name}")
    options["labels"] = {**options["labels"], TEST_LABEL: "1"}
    options.pop("auto_remove")  # so a passed create can be removed by the test itself
    return options


def _mount(kind: str, source: str, read_only: bool = True) -> docker.types.Mount:
    return docker.types.Mount("/workspace/x", source, type=kind, read_only=read_only)


WEAKENED = {
    "privileged": lambda o, root: o.update(privileged=True),
    "cap_add": lambda o, root: o.update(cap_add=["SYS_ADMIN"]),
    "cap_drop_none": lambda o, root: o.update(cap_drop=[]),
    "bridge_network": lambda o, root: o.update(network_mode="bridge"),
    "host_network": lambda o, root: o.update(network_mode="host"),
    "writable_root": lambda o, root: o.update(read_only=False),
    "new_privileges": lambda o, root: o.update(security_opt=[]),
    "unconfined": lambda o, root: o.update(
        security_opt=["no-new-privileges", "seccomp=unconfined"]),
    "host_pid": lambda o, root: o.update(pid_mode="host"),
    "host_ipc": lambda o, root: o.update(ipc_mode="host"),
    "devices": lambda o, root: o.update(devices=["/dev/sda:/dev/sda:rwm"]),
    "binds": lambda o, root: o.update(volumes={"/etc": {"bind": "/x", "mode": "ro"}}),
    "sysctls": lambda o, root: o.update(sysctls={"net.ipv4.ip_forward": "1"}),
    "no_label": lambda o, root: o.update(labels={TEST_LABEL: "1"}),
    "bind_outside": lambda o, root: o["mounts"].append(_mount("bind", "/etc")),
    "bind_escape": lambda o, root: o["mounts"].append(_mount("bind", f"{root}/../../etc")),
    "bind_socket": lambda o, root: o["mounts"].append(_mount("bind", "/var/run/docker.sock")),
    "bind_writable": lambda o, root: o["mounts"].append(_mount("bind", f"{root}", False)),
    "named_volume": lambda o, root: o["mounts"].append(_mount("volume", "somebody-elses")),
    "other_driver": lambda o, root: o["mounts"].append(docker.types.Mount(
        "/workspace/y", None, type="volume", driver_config=docker.types.DriverConfig(
            "local", {"type": "none", "device": "/", "o": "bind"}))),
}


@pytest.mark.parametrize("weakness", sorted(WEAKENED))
def test_a_container_without_the_sandbox_hardening_is_refused(
        weakness: str, docker_image: str, through_proxy: docker.DockerClient,
        data_root: Path) -> None:
    options = _hardened(data_root, f"weak-{weakness}")
    WEAKENED[weakness](options, data_root)
    with pytest.raises(APIError) as refused:
        through_proxy.containers.create(docker_image, kernel_command(Limits()), **options)
    assert refused.value.status_code == 403
    assert "refused by the analyst engine proxy" in str(refused.value.explanation)
    engine = docker.from_env()
    assert not engine.containers.list(all=True, filters={"name": f"s36-proxy-weak-{weakness}"})


def test_the_hardened_container_itself_is_created(docker_image: str,
                                                  through_proxy: docker.DockerClient,
                                                  data_root: Path) -> None:
    """The control: the refusals above are of the weakness, not of every create."""
    options = _hardened(data_root, "control")
    container = through_proxy.containers.create(docker_image, kernel_command(Limits()), **options)
    try:
        assert container.attrs["Config"]["Labels"]["analyst.sandbox"] == "1"
    finally:
        container.remove(force=True)


@pytest.mark.parametrize("call", ["inspect", "stats", "archive", "kill", "remove"])
def test_a_container_that_is_not_a_sandbox_cannot_be_touched(
        call: str, stranger: str, through_proxy: docker.DockerClient) -> None:
    api = through_proxy.api
    calls = {
        "inspect": lambda: api.inspect_container(stranger),
        "stats": lambda: api.stats(stranger, stream=False),
        "archive": lambda: api.get_archive(stranger, "/etc/passwd"),
        "kill": lambda: api.kill(stranger),
        "remove": lambda: api.remove_container(stranger, force=True),
    }
    with pytest.raises(APIError) as refused:
        calls[call]()
    assert refused.value.status_code == 403
    assert docker.from_env().containers.get(stranger).id == stranger


@pytest.mark.parametrize("call", ["networks", "exec", "pull", "prune_all", "build_online",
                                  "volumes", "info", "list_all"])
def test_calls_the_app_never_makes_are_refused(call: str, stranger: str,
                                               through_proxy: docker.DockerClient) -> None:
    api = through_proxy.api
    calls = {
        "networks": lambda: api.networks(),
        "exec": lambda: api.exec_create(stranger, ["id"]),
        "pull": lambda: api.pull("alpine", tag="latest"),
        "prune_all": lambda: api.prune_volumes(),
        "build_online": lambda: list(api.build(fileobj=__import__("io").BytesIO(b"FROM scratch\n"),
                                              tag="s36-never")),
        "volumes": lambda: api.volumes(),
        "info": lambda: api.info(),
        "list_all": lambda: api.containers(all=True),
    }
    with pytest.raises(APIError) as refused:
        calls[call]()
    assert refused.value.status_code == 403


@pytest.mark.parametrize("how", ["exit", "between steps", "mid-step"])
def test_no_container_outlives_its_host_through_the_proxy(how: str, docker_image: str,
                                                          proxy_url: str, data_root: Path) -> None:
    """The watchdog crosses the proxy: a host that exits removes its containers (atexit,
    through the proxy), and one killed with SIGKILL leaves none after the watchdog timeout
    (its end of the attach stream closes, the proxy passes the half-close on, the engine
    closes the keeper's stdin)."""
    import signal

    from sandbox.owners import WATCHDOG_TIMEOUT_S
    from tests.sandbox.test_owners import HOST, _exists, _gone_within

    base = data_root / f"owners-{how.replace(' ', '-')}"
    proc = subprocess.Popen([sys.executable, "-c", HOST, str(base / "data"),  # noqa: S603
                             "sleep" if how == "between steps" else how, "2", str(base / "ws")],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT), "DOCKER_HOST": proxy_url})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line, proc.stderr.read()[-2000:] if proc.stderr else ""
        containers = json.loads(line)
        assert all(_exists(c) for c in containers)
        if how == "mid-step":
            assert proc.stdout.readline().strip() == "running"
        if how == "exit":
            proc.wait(timeout=120)
            assert [c for c in containers if _exists(c)] == []
            return
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        assert _gone_within(containers, WATCHDOG_TIMEOUT_S) == []
    finally:
        if proc.poll() is None:
            proc.kill()


def _saved_image(tag: str) -> bytes:
    """`docker save` of a one-file image tagged `tag` (removed from the engine again)."""
    import_one_file_image(tag, b"an image someone wants the host to run\n")
    saved = subprocess.run(["docker", "save", tag], capture_output=True, check=True,
                           timeout=120).stdout
    subprocess.run(["docker", "rmi", "-f", tag], capture_output=True, check=True, timeout=60)
    return saved


@pytest.mark.parametrize("framing", ["length", "chunked"])
@pytest.mark.parametrize("repository", ["s39-foreign", "analyst-app", "analyst-sandbox"])
def test_an_image_archive_loads_only_images_of_the_sandboxs_repository(
        framing: str, repository: str, through_proxy: docker.DockerClient) -> None:
    """`docker load` tags what the archive says: through the proxy, an archive naming any
    other repository (the app's own image included) is refused before the engine sees it;
    the sandbox's own archive loads, whether sent with its length or in chunks."""
    import io
    import uuid

    tag = f"{repository}:s39-{uuid.uuid4().hex[:8]}"
    saved = _saved_image(tag)
    body = io.BytesIO(saved) if framing == "length" else iter([saved[:7000], saved[7000:]])
    try:
        if repository == "analyst-sandbox":
            list(through_proxy.api.load_image(body))
            assert present(tag)
        else:
            with pytest.raises(APIError) as refused:
                list(through_proxy.api.load_image(body))
            assert refused.value.status_code == 403
            assert tag in str(refused.value.explanation)
            assert not present(tag)
    finally:
        subprocess.run(["docker", "rmi", "-f", tag], capture_output=True, check=False, timeout=60)


def test_a_build_tagged_outside_the_sandboxs_repository_is_refused(
        through_proxy: docker.DockerClient) -> None:
    import io
    import uuid

    # A name of no one's: were the proxy to pass it, the build would replace that image.
    tag = f"s39-foreign-build:{uuid.uuid4().hex[:8]}"
    try:
        with pytest.raises(APIError) as refused:
            list(through_proxy.api.build(fileobj=io.BytesIO(b"FROM scratch\nLABEL x=1\n"),
                                         tag=tag, network_mode="none"))
        assert refused.value.status_code == 403
        assert "a build tagged outside analyst-sandbox" in str(refused.value.explanation)
        assert not present(tag)
    finally:
        subprocess.run(["docker", "rmi", "-f", tag], capture_output=True, check=False, timeout=60)
