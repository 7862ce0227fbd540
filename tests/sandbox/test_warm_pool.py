"""The warm pool (issue 30, point 2): containers started ahead with the kernel's imports
done, each handed to one session only, hardened as a session's own, refilled, stopped.

One module-scoped pool of two serves most tests (the suite must not get slower); a cold
session from a pool of size 0 (today's behaviour) is the baseline they are measured against.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest
from docker.errors import NotFound

from sandbox import Workspace, open_session
from sandbox.docker_backend import LABEL, WARM_LABEL, remove_container
from sandbox.engine import client
from sandbox.owners import INSTALLATION_LABEL, OWNER_LABEL, installation, owner_token
from sandbox.pool import WarmPool
from sandbox.session import KernelSession
from tests.sandbox.conftest import TEST_LIMITS

pytestmark = pytest.mark.docker

WHO = ("import re\n"
       "re.search(r'containers/([0-9a-f]{64})/', open('/proc/self/mountinfo').read()).group(1)")
"""The step that names the container it runs in (its hostname file is mounted from there)."""

SECURITY_FIELDS = ("CapAdd", "CapDrop", "SecurityOpt", "NetworkMode", "ReadonlyRootfs",
                   "Privileged", "Memory", "MemorySwap", "NanoCpus", "PidsLimit", "Ulimits",
                   "Tmpfs", "ShmSize", "LogConfig", "Init", "AutoRemove", "IpcMode", "PidMode",
                   "UsernsMode", "Devices", "OomKillDisable", "Runtime", "CgroupParent")


@pytest.fixture(scope="module")
def pool(docker_image: str) -> Iterator[WarmPool]:
    with WarmPool(2, TEST_LIMITS, docker_image) as warm:
        assert warm.wait_ready(timeout=120), "the pool did not get warm"
        yield warm


def table(folder: Path, name: int, seed: int | None = None) -> int:
    """A random CSV `input/t<name>.csv`; its true total, by pandas on the host."""
    rng = random.Random(name if seed is None else seed)
    frame = pd.DataFrame({"x": [rng.randint(-1000, 1000) for _ in range(rng.randint(1, 300))]})
    (folder / "input").mkdir(parents=True, exist_ok=True)
    frame.to_csv(folder / "input" / f"t{name}.csv", index=False)
    return int(frame.x.sum())


def first_step(seed: int) -> str:
    return (f"import pandas as pd\nimport matplotlib.pyplot as plt\n"
            f"int(pd.read_csv('input/t{seed}.csv').x.sum())")


def container_of(session: KernelSession) -> str:
    result = session.run(WHO)
    assert result.ok, result
    assert result.value is not None
    return result.value.text.strip("'")


def opened(folder: Path, pool: WarmPool) -> KernelSession:
    return open_session(Workspace(folder).ensure(), backend="docker", limits=TEST_LIMITS,
                        pool=pool)


def gone(cid: str) -> bool:
    try:
        client().api.inspect_container(cid)
    except NotFound:
        return True
    return False


@dataclass(frozen=True)
class Pair:
    """A session from the warm pool and one from a pool of size 0, both after their first step."""

    warm: KernelSession
    cold: KernelSession
    warm_s: float
    cold_s: float
    seed: int


@pytest.fixture(scope="module")
def pair(pool: WarmPool, docker_image: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pair]:
    seed = random.randrange(1_000_000)
    answers, seconds = {}, {}
    sessions = {"cold": opened(tmp_path_factory.mktemp("cold"), WarmPool(0, TEST_LIMITS, docker_image)),
                "warm": opened(tmp_path_factory.mktemp("warm"), pool)}
    try:
        for name, session in sessions.items():
            truth = table(session.workspace.root, seed)
            started = time.monotonic()
            result = session.run(first_step(seed))  # the container starts inside it
            seconds[name] = time.monotonic() - started
            assert result.ok, result
            answers[name] = (result.value.text if result.value else None, str(truth))
        assert answers["warm"] == answers["cold"] == (str(truth), str(truth))
        yield Pair(sessions["warm"], sessions["cold"], seconds["warm"], seconds["cold"], seed)
    finally:
        for session in sessions.values():
            session.close()


def test_a_warm_session_answers_its_first_step_without_paying_the_imports(pair: Pair) -> None:
    assert pair.warm_s < pair.cold_s / 2, (pair.warm_s, pair.cold_s)


def test_a_warm_container_is_hardened_as_a_sessions_own(pair: Pair) -> None:
    warm = client().api.inspect_container(container_of(pair.warm))
    cold = client().api.inspect_container(container_of(pair.cold))
    for name in SECURITY_FIELDS:
        assert warm["HostConfig"].get(name) == cold["HostConfig"].get(name), name
    for name in ("User", "Env", "Cmd", "Entrypoint", "WorkingDir", "Hostname"):
        assert warm["Config"].get(name) == cold["Config"].get(name), name
    # What differs: the pool's mark, and input/ and lib/ are its own volumes, not host paths.
    assert warm["Config"]["Labels"][WARM_LABEL] == "1" and WARM_LABEL not in cold["Config"]["Labels"]
    kinds = {m["Destination"]: m["Type"] for m in warm["Mounts"]}
    assert kinds == {"/workspace/input": "volume", "/workspace/lib": "volume",
                     "/workspace/output": "volume"}
    assert {m["Destination"]: m["Type"] for m in cold["Mounts"]}["/workspace/input"] == "bind"


@pytest.mark.parametrize("path", ["input/{name}", "input/new.csv", "lib/x.py", "lib/recipes/y.py"])
def test_a_warm_sessions_input_and_lib_cannot_be_written_from_inside(pair: Pair, path: str) -> None:
    target = path.format(name=f"t{pair.seed}.csv")
    result = pair.warm.run(f"import os\nos.makedirs(os.path.dirname({target!r}), exist_ok=True)\n"
                           f"open({target!r}, 'w').write('x')")
    assert result.error is not None and result.error.name in ("PermissionError", "OSError"), result


def test_a_file_added_or_changed_on_the_host_reaches_a_warm_session_before_its_next_step(
        pair: Pair) -> None:
    root, rng = pair.warm.workspace.root, random.Random(pair.seed)
    # New uploads, then the first table rewritten with other numbers (a stale copy would
    # answer with the old total: a silent wrong number).
    for name in [pair.seed + 1, pair.seed + 2, pair.seed, pair.seed + 1]:
        truth = table(root, name, rng.randrange(1_000_000))
        result = pair.warm.run(f"import pandas as pd\nint(pd.read_csv('input/t{name}.csv').x.sum())")
        assert result.ok and result.value is not None and result.value.text == str(truth), result


def test_no_two_sessions_ever_get_the_same_container(pool: WarmPool, tmp_path: Path) -> None:
    seen: list[str] = []
    for round_ in range(2):
        assert pool.wait_ready(timeout=120)
        sessions = [opened(tmp_path / f"r{round_}s{n}", pool) for n in range(2)]
        try:
            ids = [container_of(s) for s in sessions]
            sessions[0].run("secret = 'only mine'\nopen('/tmp/mine', 'w').write('x')")
            other = sessions[1].run("import os\n('secret' in globals(), os.path.exists('/tmp/mine'))")
            assert other.value is not None and other.value.text == "(False, False)"
        finally:
            for session in sessions:
                session.close()
        assert all(gone(cid) for cid in ids), "a closed session's container is removed, not given back"
        seen += ids
    assert len(set(seen)) == len(seen) == 4


def test_a_file_removed_on_the_host_is_never_read_again_by_a_warm_session(
        pool: WarmPool, tmp_path: Path) -> None:
    """The archive API only adds: a warm session whose input lost a file starts again in a
    container bound to the host's folder, so the removed table is gone there too."""
    assert pool.wait_ready(1, timeout=120)
    with opened(tmp_path / "removed", pool) as session:
        root = session.workspace.root
        table(root, 1), table(root, 2)
        probe = "import os\nsorted(os.listdir('input'))"
        first = session.run(probe)
        assert first.ok and first.value is not None and first.value.text == "['t1.csv', 't2.csv']"
        warm = client().api.inspect_container(container_of(session))["Config"]["Labels"]
        assert warm.get(WARM_LABEL) == "1", "the session did not take a warm container"
        (root / "input" / "t2.csv").unlink()
        again = session.run(probe)
        assert again.ok and again.value is not None and again.value.text == "['t1.csv']", again


FAILURES = [
    ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)", None),  # the kernel dies
    ("while True:\n    pass", 1.0),  # a timeout: interrupted, the kernel kept
    ("import os, signal\nos.kill(1, signal.SIGKILL)", None),  # at the keeper: refused
]


def test_a_killed_or_timed_out_step_does_not_poison_the_pool(pool: WarmPool, tmp_path: Path) -> None:
    assert pool.wait_ready(1, timeout=120)
    used: set[str] = set()
    with opened(tmp_path / "bad", pool) as bad:
        for code, timeout in FAILURES:
            before = container_of(bad)
            result = bad.run(code, timeout=timeout)
            after = container_of(bad)  # the session goes on (in a new container after a death)
            assert (after != before) == result.restarted, result
            used |= {before, after}
    assert all(gone(cid) for cid in used)
    assert pool.wait_ready(timeout=120)
    with opened(tmp_path / "next", pool) as good:
        assert container_of(good) not in used
        result = good.run("6 * 7")
        assert result.ok and result.value is not None and result.value.text == "42"
        assert not result.restarted and not result.notices


def test_a_pool_is_labelled_for_the_sweep_refills_and_is_removed_when_stopped(
        docker_image: str, tmp_path: Path, pair: Pair) -> None:
    # What `reap_orphans` lists, narrowed to this process's warm containers.
    sweep = {"label": [f"{LABEL}=1", f"{INSTALLATION_LABEL}={installation()}",
                       f"{WARM_LABEL}=1", f"{OWNER_LABEL}={owner_token()}"]}
    with WarmPool(1, TEST_LIMITS, docker_image) as pool:
        assert pool.wait_ready(timeout=120)
        first = pool.ready_ids()
        assert set(first) <= {c["Id"] for c in client().api.containers(filters=sweep)}
        with opened(tmp_path / "s", pool) as session:
            # Taken the moment it is ready: ready means the imports are done, not started.
            started = time.monotonic()
            result = session.run("import pandas, matplotlib.pyplot\n" + WHO)
            took = time.monotonic() - started
            assert result.value is not None and [result.value.text.strip("'")] == first
        assert took < pair.cold_s / 2, (took, pair.cold_s)
        assert pool.wait_ready(timeout=120), "the pool refills in the background"
        assert (pool.started, pool.handed) == (2, 1)
        refilled = pool.ready_ids()
        assert len(refilled) == 1 and refilled != first
        assert set(refilled) <= {c["Id"] for c in client().api.containers(filters=sweep)}
    assert all(gone(cid) for cid in first + refilled)


def test_size_zero_is_todays_behaviour(docker_image: str, tmp_path: Path) -> None:
    pool = WarmPool(0, TEST_LIMITS, docker_image).start()
    assert pool.take() is None and not pool.fits(docker_image, TEST_LIMITS)
    assert pool.wait_ready(timeout=0.1) and pool.started == 0
    with opened(tmp_path / "s", pool) as session:
        cid = container_of(session)
        mounts = {m["Destination"]: (m["Type"], m["RW"])
                  for m in client().api.inspect_container(cid)["Mounts"]}
        assert mounts["/workspace/input"] == ("bind", False)
        assert mounts["/workspace/lib"] == ("bind", False)
        (session.workspace.input_dir / "late.txt").write_text("seen at once")
        late = session.run("open('input/late.txt').read()")
        assert late.value is not None and late.value.text == "'seen at once'"
    pool.stop()



def test_resize_grows_and_shrinks_what_is_kept_ready(docker_image: str) -> None:
    """The pool keeps `size` ready from the moment `resize` says so, starting `parallel` at
    once; ready ones above a smaller size are removed (none is ever handed twice)."""
    with WarmPool(1, TEST_LIMITS, docker_image, parallel=2) as pool:
        assert pool.wait_ready(timeout=120)
        pool.resize(3)
        assert pool.wait_ready(timeout=180) and len(pool.ready_ids()) == 3
        grown = pool.ready_ids()
        pool.resize(1)
        kept = pool.ready_ids()
        assert len(kept) == 1 and pool.size == 1 and set(kept) < set(grown)
        assert all(gone(cid) for cid in set(grown) - set(kept))
        warm = pool.take()
        assert warm is not None and warm.id == kept[0] and pool.handed == 1
        warm.channel.close()  # ours: removed by us, as a session removes its container
        remove_container(warm.id, pool.engine)
    assert all(gone(cid) for cid in grown)
