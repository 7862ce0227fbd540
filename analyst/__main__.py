"""`python -m analyst COMMAND ...`: each command lives in `analyst/commands/<name>.py`."""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = {
    "ingest": "Read a spreadsheet and print its data cards",
    "ask": "Ask a question about one or more files",
    "report": "Build the standard PDF (and XLSX) report for files",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m analyst")
    sub = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name, help_text in COMMANDS.items():
        try:
            module = importlib.import_module(f"analyst.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"analyst.commands.{name}":
                raise
            continue  # command not built yet
        modules[name] = module
        module.add_arguments(sub.add_parser(name, help=help_text))
    args = parser.parse_args(argv)
    try:
        return int(modules[args.command].run(args) or 0)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
