"""The LLM analyst speaks the reader's language: a question in Ukrainian, Russian or Chinese
gets every word the analyst itself says (status lines, warnings, a step's failure, retries,
why it gave up, the model API's failures) in that language, with the plural form of each
count; English is said as before. The model still reads English.

Everything runs for real: the openai client over HTTP to the scripted server, code in the
local sandbox. The model's own words (its answer) are not the analyst's, so they are left
out of what is checked, but a give-up answer is the analyst's and is checked whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from analyst.words import say
from sandbox import Workspace
from tests.agent.conftest import Run, ask, config_for, local_session, sales_workspace
from tests.agent.fake_openai import (
    FakeOpenAI,
    closed_port_url,
    error,
    raw_tool_call,
    reply,
    tool_call,
    tool_calls,
)
from tests.app.test_page_languages import english_words
from tests.grids import grid, tiered
from tests.plural_rule import category

QUESTIONS = {
    "uk": "Яка загальна виручка за регіонами?",
    "ru": "Какова общая выручка по регионам?",
    "zh": "各地区的总收入是多少？",
}
ANSWERS = {"uk": "Готово.", "ru": "Готово.", "zh": "完成了。"}
LANGUAGES = sorted(QUESTIONS)
COUNTS = (1, 2, 5, 21, 22, 25, 111)
KINDS_SHOWN = ("status", "retry", "warning", "error", "plan", "code", "result")
"""The events whose message the app shows (model_text is the model's own words)."""
FAILING = "raise KeyError(42)"  # its error, "KeyError: 42", is Python's and has no English word
NAMES = {"Python", "bash"}  # the languages the model wrote in


# One kernel for the module: the scenarios only run steps (no kill, timeout or restart), and
# none reads what an earlier one left in the kernel; a kernel per case was a third of its time.
@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return sales_workspace(tmp_path_factory.mktemp("agent_words"))


@pytest.fixture(scope="module")
def session(workspace: Workspace) -> Iterator[object]:
    yield from local_session(workspace)


def shown(run: Run) -> list[str]:
    """What the user reads that the analyst wrote: event messages and a failed answer."""
    texts = [e.message for e in run.events if e.kind in KINDS_SHOWN and e.message]
    if not run.answer.ok:
        texts.append(run.answer.text)
    texts.extend(run.answer.warnings)
    return texts


def english_left(texts: list[str]) -> list[str]:
    """English words in `texts`, code blocks (the step's code, quoted) set aside."""
    words = []
    for text in texts:
        text = re.sub(r"```.*?```", " ", text, flags=re.DOTALL)
        words.extend(w for w in english_words(text) if w.strip(".:-") not in NAMES)
    return words


def assert_in_language(run: Run, language: str) -> None:
    texts = shown(run)
    assert texts
    assert not english_left(texts), (language, texts)


def test_the_check_finds_the_english_it_is_meant_to_find(session, cards):
    """The same runs in English are caught by the check (it is not blind)."""
    with FakeOpenAI([error(500, "boom", headers={"retry-after-ms": "1"}), reply("Done.")]) \
            as server:
        run = ask(session, cards, config_for(server.base_url, api_retries=1), "Revenue by region?")
    assert english_left(shown(run))


# --- one scenario per thing the analyst says, each in uk / ru / zh --------------------------

def _tools_unsupported(session, cards, question):
    with FakeOpenAI([error(400, "model does not support tools"),
                     reply("```python\nprint(6 * 7)\n```"), reply(ANSWERS["uk"])]) as server:
        run = ask(session, cards, config_for(server.base_url), question)
    assert run.answer.ok and [e.kind for e in run.events].count("status") == 2
    return run


def _failing_step_then_fix(session, cards, question):
    with FakeOpenAI([tool_call(FAILING, ""), tool_call("print(5)", ""), reply("5")]) as server:
        run = ask(session, cards, config_for(server.base_url), question)
    assert run.answer.ok and run.of("error") and run.of("retry")
    return run


def _retried_then_answered(session, cards, question):
    with FakeOpenAI([error(429, "Rate limit reached", headers={"retry-after-ms": "1"}),
                     error(500, "internal", headers={"retry-after-ms": "1"}),
                     reply("5")]) as server:
        run = ask(session, cards, config_for(server.base_url, api_retries=3), question)
    assert run.answer.ok and len(run.of("retry")) == 2
    return run


def _retries_used_up(session, cards, question):
    broken = error(503, "unavailable", headers={"retry-after-ms": "1"})
    with FakeOpenAI([broken, broken, broken]) as server:
        run = ask(session, cards, config_for(server.base_url, api_retries=2), question)
    assert not run.answer.ok and run.of("error")
    return run


def _wait_too_long(session, cards, question):
    with FakeOpenAI([error(429, "slow down", headers={"retry-after": "120"})]) as server:
        run = ask(session, cards, config_for(server.base_url, api_retries=2,
                                             max_retry_wait=5.0), question)
    assert not run.answer.ok
    return run


def _budget(session, cards, question):
    with FakeOpenAI([tool_call("print(1)", "", usage=(5000, 100))]) as server:
        run = ask(session, cards, config_for(server.base_url, token_budget=5000), question)
    assert not run.answer.ok
    return run


def _step_limit(session, cards, question):
    with FakeOpenAI([tool_call("print(11)", ""), tool_call("print(22)", "")]) as server:
        run = ask(session, cards, config_for(server.base_url, max_steps=1), question)
    assert not run.answer.ok and len(run.answer.steps) == 1
    return run


def _failures_in_a_row(session, cards, question):
    with FakeOpenAI([tool_call(FAILING, ""), tool_call(FAILING, "")]) as server:
        run = ask(session, cards, config_for(server.base_url, max_failures=2), question)
    assert not run.answer.ok
    return run


def _empty_replies(session, cards, question):
    with FakeOpenAI([reply(""), reply("")]) as server:
        run = ask(session, cards, config_for(server.base_url, max_failures=2), question)
    assert not run.answer.ok
    return run


def _refused_bash(session, cards, question):
    with FakeOpenAI([reply("```bash\nwc -l input/sales.csv\n```"),
                     reply("```python\nprint(5)\n```"), reply("5")]) as server:
        run = ask(session, cards, config_for(server.base_url, tool_calling="off"), question)
    assert run.of("warning")
    return run


def _ungrounded_figure(session, cards, question):
    with FakeOpenAI([tool_call("print(5)", ""), reply("987654 / 123456")]) as server:
        run = ask(session, cards, config_for(server.base_url), question)
    assert run.answer.ok and run.answer.warnings
    return run


def _not_approved(session, cards, question):
    with FakeOpenAI([reply("```python\nprint(5)\n```")]) as server:
        run = ask(session, cards, config_for(server.base_url, tool_calling="off"), question,
                  approve=lambda step: False)
    assert not run.answer.ok and run.of("plan")
    return run


def _api_error(status, code=None):
    def scenario(session, cards, question):
        with FakeOpenAI([error(status, "Ошибка", code=code)]) as server:
            run = ask(session, cards, config_for(server.base_url, model="gpt-9"), question)
        assert not run.answer.ok and run.of("error")[0].message == run.answer.text
        return run
    return scenario


def _unreachable(session, cards, question):
    run = ask(session, cards, config_for(closed_port_url(), api_retries=1), question)
    assert not run.answer.ok
    return run


SCENARIOS = {
    "tools_unsupported": _tools_unsupported,
    "failing_step_then_fix": _failing_step_then_fix,
    "retried_then_answered": _retried_then_answered,
    "retries_used_up": _retries_used_up,
    "wait_too_long": _wait_too_long,
    "budget": _budget,
    "step_limit": _step_limit,
    "failures_in_a_row": _failures_in_a_row,
    "empty_replies": _empty_replies,
    "refused_bash": _refused_bash,
    "ungrounded_figure": _ungrounded_figure,
    "not_approved": _not_approved,
    "bad_key": _api_error(401),
    "unknown_model": _api_error(404, "model_not_found"),
    "no_credit": _api_error(429, "insufficient_quota"),
    "too_long": _api_error(400, "context_length_exceeded"),
    "unreachable": _unreachable,
}


# Every scenario and every language in the fast tier, the whole grid in the full run.
@pytest.mark.parametrize(("name", "language"), grid(sorted(SCENARIOS), LANGUAGES))
def test_what_the_analyst_says_is_in_the_language_of_the_question(session, cards, name,
                                                                  language):
    run = SCENARIOS[name](session, cards, QUESTIONS[language])
    assert_in_language(run, language)


def test_the_model_still_reads_english(session, cards):
    """The nudges sent back to the model after a failed step stay English."""
    with FakeOpenAI([reply("```bash\nls\n```"), reply("```python\nprint(5)\n```"),
                     reply("5")]) as server:
        ask(session, cards, config_for(server.base_url, tool_calling="off"), QUESTIONS["uk"])
    told = server.requests[1].messages[-1]["content"]
    assert "Only Python can run here" in told


def test_english_is_said_as_before(session, cards):
    with FakeOpenAI([error(400, "model does not support tools"),
                     reply("```python\n" + FAILING + "\n```"), reply("```python\nprint(5)\n```"),
                     reply("Done.")]) as server:
        run = ask(session, cards, config_for(server.base_url), "Revenue by region?")
    messages = [(e.kind, e.message) for e in run.events if e.kind in KINDS_SHOWN]
    assert messages == [
        ("status", "Asking gpt-4o-mini"),
        ("status", "gpt-4o-mini cannot call tools; it will write Python blocks instead."),
        ("code", "Step 1"), ("result", "Step 1"), ("error", "Step 1 failed: KeyError: 42"),
        ("retry", "The last step did not work; the model is correcting it."),
        ("code", "Step 2"), ("result", "Step 2"),
    ]


# --- counts: the plural form of each language --------------------------------------------

# The word each category of each language takes after the count.
FORMS = {
    "tokens": {"en": {"one": "token ", "other": "tokens"},
               "uk": {"one": "токен ", "few": "токени", "many": "токенів"},
               "ru": {"one": "токен ", "few": "токена", "many": "токенов"},
               "zh": {"other": "个令牌"}},
    "attempts": {"en": {"one": "attempt ", "other": "attempts"},
                 "uk": {"one": "спроба ", "few": "спроби ", "many": "спроб "},
                 "ru": {"one": "попытка ", "few": "попытки ", "many": "попыток "},
                 "zh": {"other": "次尝试"}},
    "steps": {"en": {"one": "step ", "other": "steps"},
              "uk": {"one": "крок ", "few": "кроки", "many": "кроків"},
              "ru": {"one": "шаг ", "few": "шага", "many": "шагов"},
              "zh": {"other": "步"}},
    "retries": {"en": {"one": "retry.", "other": "retries."},
                "uk": {"one": "повторної спроби", "few": "повторних спроб",
                       "many": "повторних спроб"},
                "ru": {"one": "повторной попытки", "few": "повторных попыток",
                       "many": "повторных попыток"},
                "zh": {"other": "次后"}},
}
QUESTION_IN = {**QUESTIONS, "en": "What is the total revenue by region?"}


# Through the whole loop: one, few and many in every language, in both tiers. The compound
# counts (21, 22, 25, 111: the same forms by the rule's tens and hundreds) each once per test,
# in the full run only, a different language each (`shift` turns them from test to test, so
# each language meets compound counts through the loop): 111 failed attempts are 111 requests
# whose history grows with each. Every count's form in every language is checked in the
# catalogue, in milliseconds (test_every_count_takes_its_form_in_the_catalogue).
ONE_FEW_MANY = tuple(n for n in COUNTS if n < 10)
COMPOUND = tuple(n for n in COUNTS if n >= 10)


def loop_counts(shift: int) -> list[object]:
    languages = list(QUESTION_IN)
    cases = [(language, n) for language in languages for n in ONE_FEW_MANY]
    cases += [(languages[(k + shift) % len(languages)], n) for k, n in enumerate(COMPOUND)]
    return tiered(cases, lambda _, case: case[1] < 10)


def _number(n: int, language: str) -> str:
    return f"{n:,}".replace(",", "\u00a0") if language in ("uk", "ru") else f"{n:,}"


def _form(kind: str, language: str, n: int, text: str) -> None:
    expected = FORMS[kind][language][category(language, n)]
    assert f"{_number(n, language)} {expected}" in text or \
        (language == "zh" and f"{n} {expected}" in text), (kind, language, n, text)
    others = {w for c, w in FORMS[kind][language].items() if w != expected}
    assert not any(f"{_number(n, language)} {w}" in text for w in others), text


@pytest.mark.parametrize(("language", "n"), loop_counts(0))
def test_the_token_budget_takes_the_form_of_its_count(session, cards, language, n):
    with FakeOpenAI([tool_call("print(1)", "", usage=(n, 0))]) as server:
        run = ask(session, cards, config_for(server.base_url, token_budget=n),
                  QUESTION_IN[language])
    _form("tokens", language, n, run.answer.text)


@pytest.mark.parametrize(("language", "n"), loop_counts(1))
def test_failed_attempts_in_a_row_take_the_form_of_their_count(session, cards, language, n):
    # A call to a tool that does not exist is a failed attempt that runs nothing.
    with FakeOpenAI([raw_tool_call("run_shell", "{}", usage=(1, 1))
                     for _ in range(n)]) as server:
        run = ask(session, cards, config_for(server.base_url, max_failures=n,
                                             token_budget=10**9), QUESTION_IN[language])
    _form("attempts", language, n, run.answer.text)
    if language != "en":
        assert not english_left([run.answer.text])


@pytest.mark.parametrize(("language", "n"), loop_counts(2))
def test_retries_take_the_form_of_their_count(session, cards, language, n):
    broken = error(500, "internal", headers={"retry-after-ms": "0"})
    with FakeOpenAI([broken] * (n + 1)) as server:
        run = ask(session, cards, config_for(server.base_url, api_retries=n),
                  QUESTION_IN[language])
    _form("retries", language, n, run.answer.text)
    assert len(run.of("retry")) == n
    if language != "en":
        assert not english_left(shown(run))


# The message of each count in each language, as the loop asks for it (milliseconds).
SAID = {"tokens": ("reason_budget", {}), "attempts": ("reason_failures", {}),
        "retries": ("api_gave_up_after", {"message": ""})}


@pytest.mark.parametrize("language", list(QUESTION_IN))
@pytest.mark.parametrize("kind", sorted(SAID))
def test_every_count_takes_its_form_in_the_catalogue(kind, language):
    key, values = SAID[kind]
    for n in COUNTS:
        _form(kind, language, n, say(language, "agent", key, n, n=n, **values))


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_the_step_limit_takes_the_form_of_its_count(session, cards, language):
    for n in (1, 2, 5):  # through the loop: every step runs in the sandbox
        with FakeOpenAI([tool_calls([("pass", "")] * (n + 1))]) as server:
            run = ask(session, cards, config_for(server.base_url, max_steps=n),
                      QUESTION_IN[language])
        _form("steps", language, n, run.answer.text)
    for n in COUNTS:  # the same message, without running 111 steps
        _form("steps", language, n, say(language, "agent", "reason_steps", n, n=n))
