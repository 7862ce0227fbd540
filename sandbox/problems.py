"""What stands between a session and its isolation, as `Notice`s (a kind and its values).

The sandbox knows no languages: an engine that does not answer, a missing image and the
local backend's warning are records here, said in English by `english` (the CLI, the
logs); a host words the same kinds in its reader's language from its own catalogue
(context "session", whose English says exactly what is said here).
"""

from __future__ import annotations

from sandbox.result import Notice, NoticeValue

ENGINE_SILENT = "docker_engine_silent"  # `reason`: what the engine said, or how it failed
IMAGE_MISSING = "sandbox_image_missing"  # `tag`
DOCKER_UNUSABLE = "docker_not_usable"  # `problem` (a kind above) with its values, and `local`
LOCAL_OWN_USER = "local_backend_own_user"  # the app is root: a uid of its own per session
LOCAL_APP_USER = "local_backend_app_user"  # `user`: the app's own user
PROBLEMS = (ENGINE_SILENT, IMAGE_MISSING, DOCKER_UNUSABLE, LOCAL_OWN_USER, LOCAL_APP_USER)

DOCKER_ADVICE = "set ANALYST_SANDBOX_BACKEND=docker for anything but trusted data"


def engine_silent(reason: str) -> Notice:
    return Notice(ENGINE_SILENT, {"reason": reason})


def image_missing(tag: str) -> Notice:
    return Notice(IMAGE_MISSING, {"tag": tag})


def docker_unusable(problem: Notice | None, local: Notice) -> Notice:
    """The auto backend fell back to the local one: Docker's `problem` and the `local`
    backend's warning, their kinds and values side by side (their names never meet)."""
    values: dict[str, NoticeValue] = {"local": local.kind, **local.values}
    if problem is not None:
        values |= {"problem": problem.kind, **problem.values}
    return Notice(DOCKER_UNUSABLE, values)


def parts(notice: Notice) -> tuple[Notice | None, Notice]:
    """A `docker_unusable` notice's Docker problem (None: not known) and local warning."""
    v = notice.values
    kind = str(v.get("problem", ""))
    problem = Notice(kind, {k: v[k] for k in ("reason", "tag") if k in v}) if kind else None
    local = str(v.get("local", LOCAL_APP_USER))
    return problem, Notice(local, {"user": v["user"]} if "user" in v else {})


def english(notice: Notice) -> str:
    """The problem in English (an unknown kind reads as its id)."""
    v = notice.values
    if notice.kind == ENGINE_SILENT:
        return (f"the Docker engine does not answer ({v.get('reason', '')}); start it (e.g. "
                "`dockerd`) or point DOCKER_HOST at one")
    if notice.kind == IMAGE_MISSING:
        return f"the sandbox image {v.get('tag', '')} is missing; build it with `python -m sandbox build`"
    if notice.kind == DOCKER_UNUSABLE:
        problem, local = parts(notice)
        return f"Docker is not usable ({'' if problem is None else english(problem)}). {english(local)}"
    if notice.kind == LOCAL_OWN_USER:
        return (
            "Local backend: generated code runs on this machine as an unprivileged user of "
            "its own (a new uid for each session). It cannot read the app's environment "
            "(where the API key is), the app's database, other sessions or files closed to "
            "other users, but it can use the network and read any file every user may read. "
            f"This is NOT isolation; {DOCKER_ADVICE}."
        )
    if notice.kind == LOCAL_APP_USER:
        return (
            f"Local backend: generated code runs as an ordinary process of the app's own user "
            f"({v.get('user', '')}). It can read this user's files and the app's environment, "
            f"including the API key, and use the network. This is NOT isolation; {DOCKER_ADVICE}."
        )
    return notice.kind
