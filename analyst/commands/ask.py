"""`python -m analyst ask FILE... "question" [--offline] [--json]`: one answer on the terminal."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from analyst.commands.language import CliNote, add_language_argument, chosen, words
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
    add_offline_argument(parser, "use the offline analyst even when a language model is configured")
    parser.add_argument("--json", action="store_true",
                        help="print {answer, steps (code and result), artifacts} as JSON")
    parser.add_argument("--share-samples", action="store_true",
                        help="let the language model see a few raw rows (privacy mode is on by "
                             "default)")
    add_language_argument(parser, "language of the messages around the answer (the answer "
                          "itself is in the question's language). Default: ANALYST_LANG, else "
                          "the locale's language, else en")
    add_common_arguments(parser)


def speaks(args: argparse.Namespace) -> str:
    """The language of `ask`'s own words: `--lang`, ANALYST_LANG or a product-language
    locale when one is given, else the question's language (the answer's too), so a
    question in Chinese under LANG=C.UTF-8 reads Chinese around its answer as well."""
    return chosen(args, args.items[-1] if args.items else None)


def run(args: argparse.Namespace) -> int:
    lang = speaks(args)
    try:
        if len(args.items) < 2:
            raise CommandError(CliNote("need_file_and_question"))
        *files, question = args.items
        with open_analysis([Path(f) for f in files], args.workspace, args.backend,
                           quiet=args.json, language=lang) as analysis:
            lang = chosen(args, question, analysis.cards)  # the names it quotes left out
            answer = None
            for event in analysis.ask(question, brain="offline" if args.offline else "auto",
                                      privacy=not args.share_samples):
                if event.kind == "answer":
                    answer = event.answer
                elif event.kind in ("warning", "error") and not args.json:
                    print(clean(words(lang, f"{event.kind}_line", message=event.message)),
                          file=sys.stderr)
                elif event.kind == "status" and "waiting_s" in event.data and not args.json:
                    print(clean(event.message), file=sys.stderr)  # no free place on this host yet
                elif event.kind == "code" and not args.json:
                    print(clean(words(lang, "running", message=event.message)), file=sys.stderr)
            if answer is None:
                raise CommandError(CliNote("no_answer"))
            _print(answer, analysis.workspace.root, args.json, lang)
            return 0 if answer.ok else 1
    except Exception as exc:  # noqa: BLE001 - every failure becomes one line, never a traceback
        return fail(exc, lang)


def _print(answer: Answer, root: Path, as_json: bool, lang: str = "en") -> None:
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
        print(clean(f"\n{words(lang, 'charts')}\n" + "\n".join(f"  {p}" for p in charts)))
    if tables:
        print(clean(f"\n{words(lang, 'tables')}\n" + "\n".join(f"  {p}" for p in tables)))
