"""The LLM analyst: ask the model, run the code it writes, feed back the result, repeat.

One question is one `while` loop. Each turn the model either asks for code to run (a tool
call, or ```python blocks for models without tools) or answers in words. A step that
fails goes back to the model with its trimmed traceback; limits on steps, consecutive
failures and tokens end the loop with a plain explanation. The generator always ends with
exactly one ``answer`` event, whatever happened.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import openai

from analyst.agent.client import (
    ModelAPIError,
    ModelReply,
    ToolsUnsupported,
    ask_model,
    make_client,
)
from analyst.agent.codeblocks import extract_code_blocks, refusal_message
from analyst.agent.config import LLMConfig
from analyst.agent.context import (
    fit_messages,
    format_result,
    strip_private_keys,
    truncate_middle,
)
from analyst.agent.grounding import source_values, ungrounded, warning_text
from analyst.agent.prompt import EXECUTE_PYTHON, PromptCard, history_messages, system_prompt
from analyst.agent.usage import Usage
from analyst.agent.words import failure_words, joined, said
from analyst.brain.code.model_chart import model_charted
from analyst.brain.code.query import query_step
from analyst.brain.understand.phrases import question_language
from analyst.brain.understand.query import QueryError
from analyst.brain.understand.reading import reading_text
from analyst.brain.understand.schema import QUERY_TABLE, TOOL_NAME, query_from_arguments
from analyst.events import Answer, Event, ModelCode, Origin, Step
from analyst.recipes import QUESTION_RECIPES, RECIPES
from analyst.record import finished
from sandbox import SandboxError

if TYPE_CHECKING:
    from sandbox import Session

Approve = Callable[[Step], bool]
_RECIPE_CALL = re.compile(r"\brecipes\.([a-z_][a-z0-9_]*)\s*\(")


@dataclass(frozen=True)
class CodeRequest:
    """One piece of code the model asked to run, or why its request could not be read."""

    code: str
    description: str
    call_id: str | None = None
    """The tool call to answer; None for code taken from a ```python block."""
    problem: str | None = None
    origin: Origin | None = None
    """A `QueryCall` for a `query_table` call; None: code the model wrote."""
    reads: tuple[str, ...] = ()
    """The tables a query reads (model code: the tables its code names)."""
    heading: str = ""
    """What the model is told before the step's output (how its query was read)."""


def run_agent(
    session: Session,
    cards: Sequence[PromptCard],
    question: str,
    config: LLMConfig,
    *,
    history: Iterable[Answer | tuple[str, str]] = (),
    privacy: bool = True,
    approve: Approve | None = None,
    client: openai.OpenAI | None = None,
) -> Iterator[Event]:
    """Answer `question` about the tables of `cards` with the model of `config`."""
    client = client or make_client(config)
    tools_on = config.tool_calling != "off"
    language = question_language(question, cards)
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": system_prompt(cards, privacy=privacy, tool_calling=tools_on,
                                                    language=language)},
        *history_messages(history),
        {"role": "user", "content": question},
    ]
    steps: list[Step] = []
    usage = Usage(config)
    failures = 0

    def finish(text: str, *, ok: bool, warnings: tuple[str, ...] = ()) -> Iterator[Event]:
        yield Event("usage", usage.summary(), data=usage.to_dict())
        yield Event("answer", text, answer=Answer(
            question=question, text=text, steps=tuple(steps), warnings=warnings,
            brain="llm", ok=ok, usage=usage.to_dict(),
        ))

    yield Event("status", said(language, "asking", model=config.model))
    while True:
        if usage.total >= config.token_budget:
            reason = said(language, "reason_budget", config.token_budget, n=config.token_budget)
            yield from finish(give_up_text(reason, steps, language), ok=False)
            return
        sent = strip_private_keys(fit_messages(messages, config.context_tokens))
        try:
            reply = yield from ask_model(
                client, config, sent, tools=[EXECUTE_PYTHON, QUERY_TABLE] if tools_on else None,
                language=language,
            )
        except ToolsUnsupported as exc:
            if config.tool_calling == "on":
                yield Event("error", exc.words(language))
                yield from finish(exc.words(language), ok=False)
                return
            # Many local models have no tool calling: switch to ```python blocks and go on.
            tools_on = False
            messages[0]["content"] = system_prompt(cards, privacy=privacy, tool_calling=False,
                                                   language=language)
            yield Event("status", said(language, "no_tools", model=config.model))
            continue
        except ModelAPIError as exc:
            yield Event("error", exc.words(language), data={"status": exc.status})
            yield from finish(exc.words(language), ok=False)
            return
        usage.add(reply, sent)

        requests, refused, prose = read_reply(reply, cards, language)
        if not requests and not refused:
            if not prose.strip():
                failures += 1
                if failures >= config.max_failures:
                    yield from finish(give_up_text(said(language, "reason_empty"), steps,
                                                   language), ok=False)
                    return
                messages.append({"role": "user", "content": "Please answer the question in "
                                 "words, using the results above.", "_output": True})
                continue
            warnings = check_grounding(prose, messages, steps, language)
            for warning in warnings:
                yield Event("warning", warning)
            yield from finish(prose.strip(), ok=True, warnings=warnings)
            return

        if prose.strip():
            yield Event("model_text", prose.strip())
        messages.append(assistant_message(reply))
        if not requests:
            failures += 1
            messages.append({"role": "user", "content": refusal_message(refused), "_output": True})
            yield Event("warning", said(language, "refused_code",
                                        languages=joined(language, sorted(set(refused)))))
        block_outputs: list[str] = []
        for request in requests:
            if request.problem is not None:
                failures += 1
                _answer_request(messages, block_outputs, request, request.problem)
                continue
            if len(steps) >= config.max_steps:
                reason = said(language, "reason_steps", config.max_steps, n=config.max_steps)
                yield from finish(give_up_text(reason, steps, language), ok=False)
                return
            step = Step(number=len(steps) + 1, description=request.description,
                        code=request.code,
                        origin=request.origin or ModelCode(recipe_called(request.code)))
            if approve is not None:
                yield Event("plan", request.description or said(language, "run_this_code"),
                            step=step)
                if not approve(step):
                    yield from finish(said(language, "not_approved", n=step.number), ok=False)
                    return
            yield Event("code", request.description or said(language, "step", n=step.number),
                        step=step)
            try:
                result = session.run(request.code, timeout=config.step_timeout)
            except SandboxError as exc:
                yield Event("error", str(exc))
                yield from finish(said(language, "stopped", reason=str(exc)), ok=False)
                return
            step, spec_problem = model_charted(
                finished(step, result, session.workspace.root,
                         reads=request.reads or tables_named(request.code, cards)),
                session.workspace, language)
            steps.append(step)
            yield Event("result", request.description or said(language, "step", n=step.number),
                        step=step)
            if result.ok:
                failures = 0
            else:
                failures += 1
                yield Event("error", said(language, "step_failed", n=step.number,
                                          reason=failure_words(result, language)), step=step)
            output = request.heading + format_result(result, config.tool_output_chars)
            if spec_problem is not None:  # the model wrote the spec: it can write it again
                output += f"\nchart spec not drawn: {spec_problem.reason}"
            _answer_request(messages, block_outputs, request, output, number=step.number)
        if block_outputs:
            messages.append({"role": "user", "content": "\n\n".join(block_outputs),
                             "_output": True})
        if failures >= config.max_failures:
            reason = said(language, "reason_failures", failures, n=failures)
            yield from finish(give_up_text(reason, steps, language), ok=False)
            return
        if failures:
            yield Event("retry", said(language, "correcting"), data={"failures": failures})


def read_reply(reply: ModelReply, cards: Sequence[Any] = (), language: str = "en") -> tuple[
        list[CodeRequest], tuple[str, ...], str]:
    """(code to run, languages refused, the words around the code)."""
    if reply.tool_calls:
        requests = [_from_tool_call(c.id, c.name, c.arguments, cards, language)
                    for c in reply.tool_calls]
        return requests, (), reply.text
    # Without tool calls (or when a model with tools still writes blocks), run the blocks.
    blocks = extract_code_blocks(reply.text)
    requests = [CodeRequest(code, "") for code in blocks.python]
    refused = blocks.refused if not requests else ()
    prose = blocks.prose if (requests or refused) else reply.text
    return requests, refused, prose


def tables_named(code: str, cards: Sequence[Any]) -> tuple[str, ...]:
    """The tables the model's code names (`input/sales.parquet`): the inputs it read."""
    return tuple(c.parquet_path for c in cards if c.parquet_path in code)


def recipe_called(code: str) -> str | None:
    """The first recipe of the registry the code calls (`recipes.<name>(...)`), for the
    methodology appendix; a helper it calls (`recipes.render_chart`) is none."""
    known = {*RECIPES, *QUESTION_RECIPES}
    return next((m.group(1) for m in _RECIPE_CALL.finditer(code) if m.group(1) in known), None)


def assistant_message(reply: ModelReply) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
    if reply.tool_calls:
        message["tool_calls"] = [
            {"id": c.id, "type": "function",
             "function": {"name": c.name, "arguments": c.arguments}}
            for c in reply.tool_calls
        ]
    return message


def check_grounding(answer: str, messages: Sequence[dict[str, Any]],
                    steps: Sequence[Step], language: str | None = "en") -> tuple[str, ...]:
    """Warnings for figures of the answer found in no output, card, question or code.

    Earlier answers of the conversation count as sources (they were checked in their turn);
    what the model said between steps of this question does not.
    """
    question_at = max(i for i, m in enumerate(messages)
                      if m["role"] == "user" and not m.get("_output"))
    texts = [m["content"] for i, m in enumerate(messages)
             if isinstance(m.get("content"), str)
             and (m["role"] != "assistant" or i < question_at)]
    numbers: list[float] = []
    for step in steps:
        texts.append(step.code)
        result = step.result
        if result is None:
            continue
        texts.extend([result.stdout, result.stderr])
        if result.value is not None:
            texts.append(result.value.text)
            for row in (result.value.table or {}).get("data", []):
                numbers.extend(v for v in row if isinstance(v, int | float))
    missing = ungrounded(answer, source_values(texts, numbers))
    return (warning_text(missing, language),) if missing else ()


def give_up_text(reason: str, steps: Sequence[Step], language: str | None = "en") -> str:
    """A plain explanation when the analyst stops, in `language`: why (`reason`, already in
    it), the last code and what it gave."""
    text = said(language, "give_up", reason=reason)
    if steps:
        last = steps[-1]
        text += (f"\n\n{said(language, 'last_step_was')}\n\n```python\n{last.code.strip()}"
                 "\n```\n")
        if last.result is not None and not last.result.ok:
            text += "\n" + said(language, "failed_with",
                                reason=failure_words(last.result, language))
        elif last.result is not None and last.result.stdout.strip():
            text += f"\n{said(language, 'output_began')}\n\n" + truncate_middle(
                last.result.stdout.strip(), 600)
    return text + "\n\n" + said(language, "rephrase")


def _from_tool_call(call_id: str, name: str, arguments: str, cards: Sequence[Any] = (),
                    language: str = "en") -> CodeRequest:
    if name == TOOL_NAME:
        return query_request(call_id, arguments, cards, language)
    if name != EXECUTE_PYTHON["function"]["name"]:
        return CodeRequest("", "", call_id, f"There is no tool named {name!r}; use "
                           f"execute_python(code, description) or {TOOL_NAME}(...).")
    try:
        args = json.loads(arguments or "{}")
    except json.JSONDecodeError as exc:
        return CodeRequest("", "", call_id, f"The arguments were not valid JSON ({exc.msg}); "
                           "send {\"code\": ..., \"description\": ...}.")
    code = args.get("code") if isinstance(args, dict) else None
    if not isinstance(code, str) or not code.strip():
        return CodeRequest("", "", call_id, "The call had no code; send {\"code\": ..., "
                           "\"description\": ...}.")
    description = args.get("description")
    return CodeRequest(code, description if isinstance(description, str) else "", call_id)


def _answer_request(messages: list[dict[str, Any]], block_outputs: list[str],
                    request: CodeRequest, content: str, number: int | None = None) -> None:
    # Every tool call must get its tool message, or the API rejects the next request.
    if request.call_id is not None:
        messages.append({"role": "tool", "tool_call_id": request.call_id, "content": content})
    else:
        label = f"Output of step {number}" if number else "Your code was not run"
        block_outputs.append(f"{label}:\n{content}")



def query_request(call_id: str, arguments: str, cards: Sequence[Any],
                  language: str) -> CodeRequest:
    """The step a `query_table` call asks for: the validated query as readable pandas code
    (the offline analyst's), or the reason it cannot run, for the model to correct."""
    # Only real data cards can be queried (a query is checked against the columns).
    queryable = [c for c in cards if hasattr(c, "columns") and hasattr(c, "table")]
    try:
        query, card = query_from_arguments(arguments, queryable)
        step = query_step(query, card, 0, language)
    except (QueryError, ValueError, TypeError) as exc:  # a query our writer cannot write
        # is the model's to rephrase, never an end of the answer
        return CodeRequest("", "", call_id, f"{TOOL_NAME} error: {exc} Correct the query and "
                           "call the tool again.")
    heading = (f"query read as: {reading_text(query, 'en')} (table {card.table}, "
               f"{card.parquet_path})\n")
    return CodeRequest(step.code, step.description, call_id, origin=step.origin,
                       reads=(card.parquet_path,), heading=heading)
