"""`python -m sandbox {run,doctor,build}`: operator commands. One human line on failure."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

from sandbox.backends import open_session
from sandbox.engine import engine_problem, image_problem, image_tag
from sandbox.errors import SandboxError
from sandbox.limits import Limits
from sandbox.notices import english
from sandbox.result import Notice


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["build"]:
        if importlib.util.find_spec("sandbox.build") is None:
            print("This checkout has no image builder (sandbox/build.py).", file=sys.stderr)
            return 2
        from sandbox import build

        return build.main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m sandbox", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run files as consecutive steps of one session")
    run.add_argument("--workspace", required=True, type=Path, help="the workspace folder")
    run.add_argument("--backend", choices=["auto", "docker", "local"], default="auto")
    run.add_argument("--timeout", type=float, default=None, help="seconds per step")
    run.add_argument("steps", nargs="+", type=Path, metavar="STEP.py")
    commands.add_parser("doctor", help="report engine, image and limits in plain words")
    commands.add_parser("build", help="build the sandbox image (see `build --help`)")
    args = parser.parse_args(argv)
    try:
        return run_steps(args) if args.command == "run" else doctor()
    except SandboxError as exc:
        print(f"sandbox: {exc}", file=sys.stderr)
        return 1


def run_steps(args: argparse.Namespace) -> int:
    """One JSON object per step on stdout; exit 0 whenever the session ran."""
    try:
        codes = [step.read_text(encoding="utf-8") for step in args.steps]
    except OSError as exc:
        print(f"sandbox: cannot read {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2
    with open_session(args.workspace, backend=args.backend) as session:
        if session.warning:
            print(f"sandbox: {english(session.warning)}", file=sys.stderr)
        for step, code in zip(args.steps, codes, strict=True):
            result = session.run(code, timeout=args.timeout)
            record = {"step": str(step), "backend": session.backend, **result.to_dict()}
            print(json.dumps(record, ensure_ascii=False), flush=True)
    return 0


def doctor() -> int:
    """Exit 0 when the Docker sandbox is ready, 1 when only the local fallback would run."""
    tag = image_tag()
    engine = engine_problem()
    image = image_problem(tag) if engine is None else Notice("not checked (no engine)")
    print(f"Docker engine: {'answers' if engine is None else english(engine)}")
    print(f"Sandbox image: {tag} {'is present' if image is None else '- ' + english(image)}")
    print("Limits per session (change them with ANALYST_SANDBOX_* variables):")
    for line in Limits.from_env().describe():
        print(f"  - {line}")
    if engine is None and image is None:
        print("Ready: generated code runs in isolated Docker containers.")
        return 0
    print("Not ready: the app would fall back to the local backend, which is NOT isolation.")
    return 1


if __name__ == "__main__":
    sys.exit(main())
