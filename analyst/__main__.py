"""`analyst COMMAND ...` (or `python -m analyst`): each command lives in `analyst/commands/<name>.py`."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from pathlib import Path
from types import ModuleType

from analyst.commands.help_format import CliHelpFormatter
from analyst.commands.language import argparse_speaks, argparse_words, argv_language, help_words
from analyst.logs import configure_logging

log = logging.getLogger("analyst.cli")

COMMANDS = ("ingest", "ask", "report", "web")
"""Each command's one-line summary is the message `command_<name>` of context "cli_help"."""


def build_parser(language: str, prog: str = "python -m analyst"
                 ) -> tuple[argparse.ArgumentParser, dict[str, ModuleType]]:
    """The command line's parser with every help text in `language`, and the module of each
    command built. argparse's own words are in `language` when this is called (and the
    parser used) inside `argparse_speaks(language)`: `main` does both."""
    # One formatter for every parser: Chinese help wrapped by the columns it takes.
    parser = argparse.ArgumentParser(prog=prog, formatter_class=CliHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"analyst.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"analyst.commands.{name}":
                raise
            continue  # command not built yet
        modules[name] = module
        module.add_arguments(sub.add_parser(name, help=help_words(language, f"command_{name}"),
                                            formatter_class=CliHelpFormatter), language)
    # Named by its choices (the help shows the same), not by its dest: an error says
    # "argument {ingest,ask,report,web}: ...", never the English word "command".
    sub.metavar = "{" + ",".join(modules) + "}"
    return parser, modules


def main(argv: list[str] | None = None) -> int:
    # The console script is `analyst`; `python -m analyst` shows itself as such.
    called = Path(sys.argv[0]).name
    # The help is written in the language the command line asks for, so that language is
    # read from argv (and ANALYST_LANG, the locale) before any parser exists.
    language = argv_language(sys.argv[1:] if argv is None else argv)
    with argparse_speaks(language):  # argparse's own words, too, while it builds and parses
        parser, modules = build_parser(
            language, "python -m analyst" if called == "__main__.py" else called)
        # `analyst web` passes what it does not know on to `streamlit run` (--server.port 8502).
        args, extra = parser.parse_known_args(argv)
        if extra and args.command != "web":
            parser.error(argparse_words(language, "unrecognized arguments: %s") % " ".join(extra))
        if args.command == "web":
            args.streamlit_args = extra
    configure_logging()  # time and level on each line; ANALYST_LOG_LEVEL (default INFO)
    if args.command in ("ingest", "ask", "report"):
        from analyst.ingest.bounded import start

        start()  # the file reader imports its libraries while this command imports its own
    log.debug("running `%s`", args.command)
    try:
        return int(modules[args.command].run(args) or 0)
    except KeyboardInterrupt:
        from analyst.commands.language import chosen, words

        # A command whose words follow what the user wrote (ask: the question) says how.
        speaks = getattr(modules[args.command], "speaks", chosen)
        print(words(speaks(args), "interrupted"), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
