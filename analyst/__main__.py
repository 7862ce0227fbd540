"""`analyst COMMAND ...` (or `python -m analyst`): each command lives in `analyst/commands/<name>.py`,
listed in `COMMANDS` here."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from analyst.commands import ask, ingest, report, web
from analyst.commands.language import chosen, words
from analyst.ingest.bounded import start as start_reader
from analyst.logs import configure_logging

log = logging.getLogger("analyst.cli")

@dataclass(frozen=True)
class Command:
    """One command of `analyst`: its summary in the main help, its options, what it does and
    the language of its words (most follow `--lang` and the environment; `ask` also its
    question)."""

    summary: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    speaks: Callable[[argparse.Namespace], str] = chosen
    reads_files: bool = True
    """It reads the user's files, so the bounded file reader starts at once."""


COMMANDS = {
    "ingest": Command("Read a spreadsheet and print its data cards", ingest.add_arguments,
                      ingest.run),
    "ask": Command("Ask a question about one or more files", ask.add_arguments, ask.run,
                   ask.speaks),
    "report": Command("Build the standard PDF (and XLSX) report for files",
                      report.add_arguments, report.run),
    "web": Command("Start the web app in the browser (Streamlit)", web.add_arguments, web.run,
                   reads_files=False),
}


def build_parser(prog: str = "python -m analyst") -> argparse.ArgumentParser:
    """The command line's parser; its help is English, as command-line tools' is."""
    parser = argparse.ArgumentParser(prog=prog)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, command in COMMANDS.items():
        command.add_arguments(sub.add_parser(name, help=command.summary))
    # Named by its choices (the help shows the same), not by its dest: an error says
    # "argument {ingest,ask,report,web}: ...".
    sub.metavar = "{" + ",".join(COMMANDS) + "}"
    return parser


def main(argv: list[str] | None = None) -> int:
    # The console script is `analyst`; `python -m analyst` shows itself as such.
    called = Path(sys.argv[0]).name
    parser = build_parser("python -m analyst" if called == "__main__.py" else called)
    # `analyst web` passes what it does not know on to `streamlit run` (--server.port 8502).
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "web":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "web":
        args.streamlit_args = extra
    configure_logging()  # time and level on each line; ANALYST_LOG_LEVEL (default INFO)
    command = COMMANDS[args.command]
    if command.reads_files:
        start_reader()  # the file reader imports its libraries while this command imports its own
    log.debug("running `%s`", args.command)
    try:
        return int(command.run(args) or 0)
    except KeyboardInterrupt:
        print(words(command.speaks(args), "interrupted"), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
