"""Remove this installation's sandbox containers that their app process left behind."""

from __future__ import annotations

from docker.errors import DockerException, NotFound

from sandbox.engine import LABEL, client, engine_problem
from sandbox.owners import INSTALLATION_LABEL, OWNER_LABEL, installation, owner_gone


def reap_orphans(everything: bool = False) -> int:
    """Remove our installation's containers whose owner is gone (or all of them); return how many.

    Called when the app starts. Only containers labelled with this installation's id are
    looked at: another app on the same engine (another data folder) is never touched. Of
    ours, those of a living app process are left alone unless `everything` is set, except
    ones that already exited (nothing runs in them any more).
    """
    if engine_problem() is not None:
        return 0
    try:
        listed = client().api.containers(all=True, filters={
            "label": [f"{LABEL}=1", f"{INSTALLATION_LABEL}={installation()}"]})
    except (DockerException, OSError):
        return 0
    doomed = [c["Id"] for c in listed
              if everything or c.get("State") in ("exited", "dead")
              or owner_gone((c.get("Labels") or {}).get(OWNER_LABEL, ""))]
    removed = 0
    for cid in doomed:
        try:
            client().api.remove_container(cid, force=True, v=True)  # with its output volume
        except NotFound:
            pass  # removed meanwhile (by its owner or another reaper): gone all the same
        except (DockerException, OSError):
            continue
        removed += 1
    try:  # output volumes no container of ours uses (normally they go with their container)
        client().api.prune_volumes(filters={
            "label": [f"{LABEL}=1", f"{INSTALLATION_LABEL}={installation()}"]})
    except (DockerException, OSError):
        pass
    return removed
