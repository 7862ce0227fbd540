"""`python -m analyst ask FILE... "question" [--offline] [--json]`: one answer on the terminal."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from analyst.commands.loading import (
    CommandError,
    add_common_arguments,
    add_offline_argument,
    fail,
    open_analysis,
)
from analyst.commands.terminal import clean, clean_json, finite
from analyst.events import Answer


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("items", nargs="+", metavar="FILE... QUESTION",
                        help="one or more data files, then the question in quotes")
    add_offline_argument(parser, "use the offline analyst even when a language model is "
                                 "configured")
    parser.add_argument("--json", action="store_true",
                        help="print {answer, steps (code and result), artifacts} as JSON")
    parser.add_argument("--share-samples", action="store_true",
                        help="let the language model see a few raw rows (privacy mode is on "
                             "by default)")
    add_common_arguments(parser)


def run(args: argparse.Namespace) -> int:
    try:
        if len(args.items) < 2:
            raise CommandError('Give at least one file and a question, e.g. '
                               'python -m analyst ask sales.csv "revenue by month".')
        *files, question = args.items
        with open_analysis([Path(f) for f in files], args.workspace, args.backend,
                           quiet=args.json) as analysis:
            answer = None
            for event in analysis.ask(question, brain="offline" if args.offline else "auto",
                                      privacy=not args.share_samples):
                if event.kind == "answer":
                    answer = event.answer
                elif event.kind in ("warning", "error") and not args.json:
                    print(clean(f"{event.kind.capitalize()}: {event.message}"), file=sys.stderr)
                elif event.kind == "status" and "waiting_s" in event.data and not args.json:
                    print(clean(event.message), file=sys.stderr)  # no free place on this host yet
                elif event.kind == "code" and not args.json:
                    print(clean(f"Running: {event.message}"), file=sys.stderr)
            if answer is None:
                raise CommandError("The analyst stopped without an answer.")
            _print(answer, analysis.workspace.root, args.json)
            return 0 if answer.ok else 1
    except Exception as exc:  # noqa: BLE001 - every failure becomes one line, never a traceback
        return fail(exc)


def _print(answer: Answer, root: Path, as_json: bool) -> None:
    paths = [str(root / p) for p in answer.artifacts]
    if as_json:
        data = answer.to_dict()
        data["workspace"] = str(root)
        data["artifacts"] = paths
        print(clean_json(json.dumps(finite(data), ensure_ascii=False, indent=2, default=str)))
        return
    print(clean(answer.text))
    charts = [p for p in paths if p.endswith(".png")]
    tables = [p for p in paths if not p.endswith(".png")]
    if charts:
        print(clean("\nCharts:\n" + "\n".join(f"  {p}" for p in charts)))
    if tables:
        print(clean("\nTables:\n" + "\n".join(f"  {p}" for p in tables)))
