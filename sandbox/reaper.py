"""Remove this installation's sandbox containers that their app process left behind."""

from __future__ import annotations

import contextlib
from typing import Any

from docker.errors import DockerException, NotFound

from sandbox.engine import LABEL, engine_problem
from sandbox.engines import Engine, HostsError, engines
from sandbox.owners import INSTALLATION_LABEL, OWNER_LABEL, installation, owner_gone


def reap_orphans(everything: bool = False) -> int:
    """Remove our installation's containers whose owner is gone (or all of them); return how many.

    Called when the app starts, on every engine of ANALYST_DOCKER_HOSTS (a session may have
    run on any of them; one that does not answer is passed over). Only containers labelled
    with this installation's id are looked at: another app on the same engine (another data
    folder) is never touched. Of ours, those of a living app process are left alone unless
    `everything` is set, except ones that already exited (nothing runs in them any more).
    """
    try:
        listed = engines()
    except HostsError:  # a bad list is said where sessions start; the default engine is swept
        listed = (Engine(None),)
    return sum(_reap(each, everything) for each in listed)


def _reap(each: Engine, everything: bool) -> int:
    if each.url is None and engine_problem() is not None:
        return 0
    if each.url is not None and (each.down or not each.answers()):
        return 0
    labels = {"label": [f"{LABEL}=1", f"{INSTALLATION_LABEL}={installation()}"]}
    try:
        api: Any = each.client().api
        found = api.containers(all=True, filters=labels)
    except (DockerException, OSError):
        return 0
    doomed = [c["Id"] for c in found
              if everything or c.get("State") in ("exited", "dead")
              or owner_gone((c.get("Labels") or {}).get(OWNER_LABEL, ""))]
    removed = 0
    for cid in doomed:
        try:
            api.remove_container(cid, force=True, v=True)  # with its output volume
        except NotFound:
            pass  # removed meanwhile (by its owner or another reaper): gone all the same
        except (DockerException, OSError):
            continue
        removed += 1
    # Output volumes no container of ours uses (normally they go with their container).
    with contextlib.suppress(DockerException, OSError):
        api.prune_volumes(filters=labels)
    return removed
