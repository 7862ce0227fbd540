"""A question to the LLM analyst in Ukrainian, Russian or Chinese is answered on the page
without English: the analyst's give-up, a failed model API, the steps and the model's usage
are said in the question's language (the app, the real openai client over HTTP to the
scripted server, the local sandbox). The labels around them are the interface's: in a
browser of the question's language nothing on the page is English; in an English one,
the answer's own words still are not."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from analyst.words.number_formats import format_int
from tests.agent.fake_openai import FakeOpenAI, error, tool_call
from tests.app.samples import ROOT, messy_csv
from tests.app.test_page_languages import english_words, page_texts
from tests.plural_rule import category

APP = str(ROOT / "app.py")
QUESTIONS = {
    "uk": "Яка загальна виручка за регіонами?",
    "ru": "Какова общая выручка по регионам?",
    "zh": "各地区的总收入是多少？",
}
FAILING = "raise KeyError(42)"  # "KeyError: 42" is Python's own and has no English word
LOCAL_BACKEND = "Local backend"  # the sandbox's own warning about the local backend (not the analyst's)


LOCALES = {"uk": "uk-UA", "ru": "ru-RU", "zh": "zh-CN", "en": "en-US"}


def _asked(app_env, monkeypatch, script, question: str, locale: str, **env: str) -> list[str]:
    """The page's texts from the question on, once it is answered (in a browser of `locale`);
    with an English browser, only the answer's own words: its messages (give-up, errors,
    warnings) and the model's text."""
    with FakeOpenAI(script) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        at = AppTest.from_file(APP, default_timeout=90)
        at.context["locale"] = locale
        at.run()
        at.file_uploader(key="uploader").set_value(("sales.csv", messy_csv(), "text/csv"))
        at.run()
        at.chat_input[0].set_value(question).run()
        assert not at.exception
    if locale == "en-US":
        answer = at.chat_message[-1]
        said = [e.value for kind in ("error", "warning", "info") for e in answer.get(kind)]
        said += [e.value for e in at.error]  # a failure of the whole question
        said += [answer.markdown[0].value] if answer.markdown else []
        return [t for t in dict.fromkeys(said) if not t.startswith(LOCAL_BACKEND)]
    texts = page_texts(at)
    start = max(i for i, text in enumerate(texts) if text == question)
    return [t for t in texts[start + 1:] if not t.startswith(LOCAL_BACKEND)]


def _english(texts: list[str]) -> list[str]:
    """English words, the step's code (a fenced block) set aside; the page breaks URLs with
    a zero-width space so that they are not made links."""
    words = []
    for text in texts:
        text = re.sub(r"```.*?```", " ", text.replace("\u200b", ""), flags=re.DOTALL)
        words.extend(w for w in english_words(text) if w.strip(".:") != "Python")
    return words


@pytest.mark.docker  # reaches the Docker engine (the default backend is auto)
@pytest.mark.parametrize("browser", ["same", "en"])
@pytest.mark.parametrize("language", sorted(QUESTIONS))
def test_a_retried_call_and_failing_steps_end_in_the_language(app_env, monkeypatch, language,
                                                              browser):
    script = [error(500, "internal", headers={"retry-after-ms": "1"}),
              tool_call(FAILING, ""), tool_call(FAILING, "")]
    texts = _asked(app_env, monkeypatch, script, QUESTIONS[language],
                   LOCALES[language if browser == "same" else "en"],
                   ANALYST_MAX_FAILURES="2", ANALYST_API_RETRIES="2")
    joined = "\n".join(texts)
    assert "KeyError: 42" in joined and "raise KeyError(42)" in joined  # the give-up is shown
    assert format_int(2, language) in joined
    assert not _english(texts), (language, texts)


@pytest.mark.parametrize("browser", ["same", "en"])
@pytest.mark.parametrize("language", sorted(QUESTIONS))
def test_a_refused_key_is_explained_in_the_language(app_env, monkeypatch, language, browser):
    texts = _asked(app_env, monkeypatch, [error(401, "Incorrect API key provided")],
                   QUESTIONS[language], LOCALES[language if browser == "same" else "en"])
    joined = "\n".join(texts)
    assert "OPENAI_API_KEY" in joined and "401" in joined
    assert not _english(texts), (language, texts)


# The word after the count of tokens, by CLDR category (written out here, not read from the
# catalogues).
TOKENS = {"en": {"one": "token", "other": "tokens"},
          "uk": {"one": "токен", "few": "токени", "many": "токенів"},
          "ru": {"one": "токен", "few": "токена", "many": "токенов"},
          "zh": {"other": "个令牌"}}


@pytest.mark.parametrize("language", ["en", *sorted(QUESTIONS)])
@pytest.mark.parametrize("n", [1, 2, 5, 21, 22, 25, 111, 1021])
def test_the_model_usage_line_takes_the_form_of_its_count(language, n):
    from ui.render import usage_text

    text = usage_text({"prompt_tokens": 6248, "completion_tokens": n, "cost_usd": 0.0012},
                      language)
    assert text.endswith(f"+ {format_int(n, language)} {TOKENS[language][category(language, n)]}"
                         + (", about $0.0012" if language == "en" else "")
                         ) or language != "en"
    assert f"{format_int(n, language)} {TOKENS[language][category(language, n)]}" in text
    assert format_int(6248, language) in text and "0.0012" in text
    if language == "en":
        assert text == (f"Model usage: 6,248 + {n:,} token{'s' * (n != 1)}, about $0.0012")
    else:
        assert not english_words(text), text
