"""When the model API fails, the user gets one clear message and a final answer (ok=False);
nothing is raised, no traceback is shown, and the conversation can go on."""

from __future__ import annotations

import time

from tests.agent.conftest import ask, config_for
from tests.agent.fake_openai import FakeOpenAI, closed_port_url, error, hang, reply, tool_call


def assert_failed_cleanly(run, *phrases: str) -> str:
    answer = run.answer
    assert not answer.ok
    assert run.kinds[-3:] == ["error", "usage", "answer"]
    message = run.of("error")[0].message
    assert message == answer.text
    for phrase in phrases:
        assert phrase in message, message
    assert "Traceback" not in message and "openai." not in message
    return message


def test_a_refused_key_says_so_and_where_to_set_it(session, cards):
    with FakeOpenAI([error(401, "Incorrect API key provided: sk-test")]) as server:
        run = ask(session, cards, config_for(server.base_url), "Revenue?")
    assert_failed_cleanly(run, "refused the API key", "OPENAI_API_KEY")


def test_an_unknown_model_is_named(session, cards):
    with FakeOpenAI([error(404, "The model `gpt-9` does not exist", code="model_not_found")]) \
            as server:
        run = ask(session, cards, config_for(server.base_url, model="gpt-9"), "Revenue?")
    assert_failed_cleanly(run, '"gpt-9"', "ANALYST_MODEL")


def test_a_rate_limit_is_retried_after_the_wait_the_server_asks_for(session, cards):
    with FakeOpenAI([
        error(429, "Rate limit reached", headers={"Retry-After": "0.3"}),
        error(429, "Rate limit reached", headers={"retry-after-ms": "100"}),
        reply("Answer after waiting."),
    ]) as server:
        started = time.monotonic()
        run = ask(session, cards, config_for(server.base_url, api_retries=3), "Revenue?")
        elapsed = time.monotonic() - started

    assert run.answer.ok and run.answer.text == "Answer after waiting."
    retries = run.of("retry")
    assert [r.data["wait_s"] for r in retries] == [0.3, 0.1]
    assert "429" in retries[0].message and "attempt 1 of 3" in retries[0].message
    assert elapsed >= 0.4
    assert len(server.requests) == 3


def test_a_persistent_rate_limit_ends_with_a_clear_message(session, cards):
    limited = error(429, "Rate limit reached", headers={"retry-after-ms": "10"})
    with FakeOpenAI([limited, limited, limited]) as server:
        run = ask(session, cards, config_for(server.base_url, api_retries=2), "Revenue?")
    message = assert_failed_cleanly(run, "429", "after 2 retries", "conversation is kept")
    assert len(run.of("retry")) == 2
    assert "ask again" in message


def test_a_wait_longer_than_we_accept_is_not_sat_through(session, cards):
    with FakeOpenAI([error(429, "slow down", headers={"Retry-After": "600"})]) as server:
        run = ask(session, cards, config_for(server.base_url, api_retries=3), "Revenue?")
    assert_failed_cleanly(run, "600 s")


def test_an_exhausted_quota_is_not_retried(session, cards):
    with FakeOpenAI([error(429, "You exceeded your quota", code="insufficient_quota")]) as server:
        run = ask(session, cards, config_for(server.base_url, api_retries=3), "Revenue?")
    assert_failed_cleanly(run, "run out of credit")


def test_a_server_error_is_retried_then_explained(session, cards):
    broken = error(500, "internal error", headers={"retry-after-ms": "10"})
    with FakeOpenAI([broken, broken]) as server:
        run = ask(session, cards, config_for(server.base_url, api_retries=1), "Revenue?")
    assert_failed_cleanly(run, "server error (500)")


def test_a_server_error_mid_analysis_keeps_the_steps_done_so_far(session, cards):
    with FakeOpenAI([tool_call("print(7)", "Seven"), error(503, "overloaded")]) as server:
        run = ask(session, cards, config_for(server.base_url), "Seven?")
    assert_failed_cleanly(run, "503")
    assert [s.result.stdout for s in run.answer.steps] == ["7\n"]


def test_a_server_that_does_not_answer_in_time(session, cards):
    with FakeOpenAI([hang(12.0)]) as server:
        started = time.monotonic()
        run = ask(session, cards, config_for(server.base_url, request_timeout=0.5), "Revenue?")
        elapsed = time.monotonic() - started
    assert_failed_cleanly(run, "did not answer within 0.5 s", "ANALYST_REQUEST_TIMEOUT")
    assert elapsed < 8  # the client gave up at its timeout; it did not wait out the 12 s hang


def test_nothing_listening_at_the_address(session, cards):
    url = closed_port_url()
    run = ask(session, cards, config_for(url), "Revenue?")
    assert_failed_cleanly(run, "Could not connect", url, "OPENAI_BASE_URL")


def test_the_next_question_works_after_a_failure(session, cards):
    """The session loses nothing: the same sandbox session and history carry on."""
    with FakeOpenAI([
        tool_call("kept = 123\nprint(kept)", "Remember"),
        error(500, "boom"),
        tool_call("print(kept)", "Recall"),
        reply("It is still 123."),
    ]) as server:
        config = config_for(server.base_url)
        first = ask(session, cards, config, "Remember?")
        second = ask(session, cards, config, "Recall?", history=[first.answer])

    assert not first.answer.ok and second.answer.ok
    assert second.answer.steps[0].result.stdout == "123\n"
    history_sent = server.requests[2].messages[1:3]
    assert history_sent[0] == {"role": "user", "content": "Remember?"}
