"""Remove sandbox containers left behind by an app process that is gone."""

from __future__ import annotations

import os
import socket

from docker.errors import DockerException, NotFound

from sandbox.engine import LABEL, client, engine_problem


def reap_orphans(everything: bool = False) -> int:
    """Remove our containers whose owner process is gone (or all of them); return how many.

    Called when the app starts. Containers of another living app process on this host, and
    of other hosts sharing the engine, are left alone unless `everything` is set.
    """
    if engine_problem() is not None:
        return 0
    try:
        listed = client().api.containers(all=True, filters={"label": f"{LABEL}=1"})
    except (DockerException, OSError):
        return 0
    doomed = [c["Id"] for c in listed
              if everything or _orphaned((c.get("Labels") or {}).get("analyst.owner", ""))]
    removed = 0
    for cid in doomed:
        try:
            client().api.remove_container(cid, force=True)
        except NotFound:
            pass  # removed meanwhile (by its owner or another reaper): gone all the same
        except (DockerException, OSError):
            continue
        removed += 1
    return removed


def _orphaned(owner: str) -> bool:
    host, _, pid = owner.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return host == "" or not pid.isdigit()  # unlabelled: nobody owns it
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False  # alive, another user's
    return False
