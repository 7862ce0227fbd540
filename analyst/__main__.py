"""`analyst COMMAND ...` (or `python -m analyst`): each command lives in `analyst/commands/<name>.py`."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from pathlib import Path
from types import ModuleType

from analyst.commands.language import chosen, words
from analyst.ingest.bounded import start as start_reader
from analyst.logs import configure_logging

log = logging.getLogger("analyst.cli")

COMMANDS = {
    "ingest": "Read a spreadsheet and print its data cards",
    "ask": "Ask a question about one or more files",
    "report": "Build the standard PDF (and XLSX) report for files",
    "web": "Start the web app in the browser (Streamlit)",
}
"""Each command and its one-line summary; the command lives in `analyst/commands/<name>.py`."""


def build_parser(prog: str = "python -m analyst"
                 ) -> tuple[argparse.ArgumentParser, dict[str, ModuleType]]:
    """The command line's parser (its help is English, as command-line tools' is) and the
    module of each command built."""
    parser = argparse.ArgumentParser(prog=prog)
    sub = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name, summary in COMMANDS.items():
        module = importlib.import_module(f"analyst.commands.{name}")
        modules[name] = module
        module.add_arguments(sub.add_parser(name, help=summary))
    # Named by its choices (the help shows the same), not by its dest: an error says
    # "argument {ingest,ask,report,web}: ...".
    sub.metavar = "{" + ",".join(modules) + "}"
    return parser, modules


def main(argv: list[str] | None = None) -> int:
    # The console script is `analyst`; `python -m analyst` shows itself as such.
    called = Path(sys.argv[0]).name
    parser, modules = build_parser("python -m analyst" if called == "__main__.py" else called)
    # `analyst web` passes what it does not know on to `streamlit run` (--server.port 8502).
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "web":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "web":
        args.streamlit_args = extra
    configure_logging()  # time and level on each line; ANALYST_LOG_LEVEL (default INFO)
    if args.command in ("ingest", "ask", "report"):
        start_reader()  # the file reader imports its libraries while this command imports its own
    log.debug("running `%s`", args.command)
    try:
        return int(modules[args.command].run(args) or 0)
    except KeyboardInterrupt:
        # A command whose words follow what the user wrote (ask: the question) says how.
        speaks = getattr(modules[args.command], "speaks", chosen)
        print(words(speaks(args), "interrupted"), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
