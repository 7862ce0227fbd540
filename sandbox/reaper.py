"""Remove sandbox containers left behind by an app process that is gone."""

from __future__ import annotations

import os
import socket

from sandbox.engine import LABEL, docker, engine_problem


def reap_orphans(everything: bool = False) -> int:
    """Remove our containers whose owner process is gone (or all of them); return how many.

    Called when the app starts. Containers of another living app process on this host, and
    of other hosts sharing the engine, are left alone unless `everything` is set.
    """
    if engine_problem() is not None:
        return 0
    listed = docker("ps", "--all", "--filter", f"label={LABEL}=1",
                    "--format", '{{.ID}} {{.Label "analyst.owner"}}', timeout=30)
    doomed = [cid for cid, owner in _rows(listed.stdout) if everything or _orphaned(owner)]
    if doomed:
        docker("rm", "--force", *doomed, timeout=60)
    return len(doomed)


def _rows(text: str) -> list[tuple[str, str]]:
    rows = []
    for line in text.splitlines():
        cid, _, owner = line.strip().partition(" ")
        if cid:
            rows.append((cid, owner))
    return rows


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
