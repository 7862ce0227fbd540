"""`python -m analyst.deploy build|serve|proxy`: the app as a service (README "Run it as a service").

- `build`: the app's image (`analyst-app:<hash>` and `:latest`), offline unless `--online`.
- `serve`: the image's entrypoint: the sandbox image made present, then the web app on
  0.0.0.0:8501 (the container's port; the compose file decides what the host exposes).
- `proxy`: the engine proxy (`analyst.deploy.proxy`), the only holder of the Docker socket.

Operator commands in English, like `python -m sandbox build`; one line on failure.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from pathlib import Path, PurePosixPath

import sandbox


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m analyst.deploy", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="build the app's image")
    build.add_argument("--online", action="store_true", help="use the public base and index")
    build.add_argument("--if-missing", action="store_true", help="do nothing when it exists")
    commands.add_parser("serve", help="make the sandbox image present, then run the web app")
    proxy = commands.add_parser("proxy", help="the allow-list proxy in front of the Docker socket")
    proxy.add_argument("--listen", default="0.0.0.0:2375", help="HOST:PORT")  # noqa: S104
    proxy.add_argument("--engine", default="/var/run/docker.sock", help="the engine's socket")
    proxy.add_argument("--data-root", default=os.environ.get("ANALYST_DATA_DIR", "/var/lib/analyst"),
                       help="bind mounts are allowed under this folder only")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "serve":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "build":
        return _build(args)
    if args.command == "proxy":
        return _proxy(args)
    return _serve(extra)


def _build(args: argparse.Namespace) -> int:
    from analyst.deploy import image

    try:
        if args.if_missing and sandbox.image_exists(image.image_tag()):
            print(f"App image {image.image_tag()} is present.")
            return 0
        image.build(offline=not args.online, progress=lambda line: print(line, flush=True))
    except sandbox.BuildError as exc:  # (the app's AppBuildError is one)
        print(f"Could not build the app image: {exc}", file=sys.stderr)
        return 1
    return 0


def _proxy(args: argparse.Namespace) -> int:
    from analyst.deploy.proxy import Engine, serve

    host, _, port = args.listen.rpartition(":")
    ready = threading.Event()
    print(f"Engine proxy on {args.listen} for {args.engine}; bind mounts only under "
          f"{args.data_root}.", flush=True)
    serve((host, int(port)), Engine(args.engine), PurePosixPath(args.data_root), ready)
    return 0


def _serve(streamlit_args: list[str]) -> int:
    from analyst.deploy.first_start import ensure_sandbox_image
    from analyst.settings import default_data_dir

    data_dir = Path(os.environ.get("ANALYST_DATA_DIR") or default_data_dir())
    problem = ensure_sandbox_image(data_dir, progress=lambda line: print(line, flush=True))
    if problem:
        print(f"First start: {problem}. The app starts anyway and its Settings page says so.",
              file=sys.stderr, flush=True)
    command = [sys.executable, "-m", "analyst", "web", "--server.address", "0.0.0.0",  # noqa: S104
               "--server.port", "8501", *streamlit_args]
    os.execv(command[0], command)  # noqa: S606 - our interpreter and an argument list
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
