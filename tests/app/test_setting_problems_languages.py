"""Every setting that cannot be used is said in the reader's language (issue 10, point 4):
`analyst.settings` problems are `SettingNote`s (a message id with the setting's name, the bad
value and the allowed range), the CLI and the Settings page say them in uk/ru/zh with no
English word left but the setting names and the values as written; English is unchanged.
The auto backend's "Docker is not usable" warning and the brain's "Using the offline
analyst" fallback likewise."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from analyst.settings import load_settings
from analyst.words.note import render
from tests.app.test_page_languages import english_words

LANGS = ("uk", "ru", "zh")
RNG = random.Random(20261203)
_LETTERS = "abcxyzqwкдлжщ漢字"


def _word() -> str:
    return "".join(RNG.choice(_LETTERS) for _ in range(RNG.randint(1, 6)))


def _below(minimum: float) -> Callable[[], str]:
    return lambda: f"{minimum - RNG.randint(1, 50) / 10:g}"


def _negative() -> str:
    return str(-RNG.randint(1, 999))


# Each setting with generators of values it refuses, and the English words (pinned) of its problem.
SETTINGS: dict[str, tuple[list[Callable[[], str]], str]] = {
    "ANALYST_MAX_SANDBOXES": ([_word, _below(1)], r"must be (a number|at least 1)"),
    "ANALYST_QUEUE_TIMEOUT": ([_word, _below(1)], r"must be (a number|at least 1)"),
    "ANALYST_OFFLINE": ([_word], r"must be on or off \(it is .*\); using off\."),
    "ANALYST_APPROVAL": ([_word], r"must be on or off \(it is .*\); using off\."),
    "ANALYST_PRIVACY": ([_word], r"must be on or off \(it is .*\); using on\."),
    "ANALYST_SANDBOX_BACKEND": ([_word], r"must be auto, docker or local \(it is .*\); using auto\."),
    "ANALYST_LANG": ([_word], r"must be en, uk, ru or zh \(it is .*\); using the locale's language\."),
    "ANALYST_LOG_LEVEL": ([_word], r"must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
    "ANALYST_MAX_RUNNING_SESSIONS": ([_word, _negative], r"must be a whole number of at least 1 "
                                     r"\(it is .*\); using \d+ \(from this computer's memory "
                                     r"and processors\)\."),
    "ANALYST_PAUSE_IDLE_SECONDS": ([_word, _negative], r"must be a number of seconds, 0 or more"),
    "ANALYST_WARM_SANDBOXES": ([_word, _negative], r"must be a whole number, 0 or more \(it is "
                               r".*\); using \d+ \(from this computer's memory and processors\)\."),
    "ANALYST_MAX_ROWS": ([_word, _negative], r"must be a positive number \(it is .*\); using "
                         r"5,000,000\."),
    "ANALYST_MAX_UPLOAD_MB": ([_word, _negative], r"must be a positive number"),
    "ANALYST_MAX_UNZIPPED_MB": ([_word, _negative], r"must be a positive number"),
    "ANALYST_SANDBOX_MEMORY": ([_word, _negative], r"is not a size; write it like 512m or 2g\. "
                               r"No analysis can run until it is fixed\."),
    "ANALYST_SANDBOX_CPUS": ([_word, _negative], r"must be a positive number\. No analysis"),
    "ANALYST_SANDBOX_TIMEOUT": ([_word, _negative], r"must be a positive number\. No analysis"),
    "ANALYST_MAX_STEPS": ([_word, _below(1)], r"must be (a number|at least 1) .*The model "
                          r"settings were ignored\."),
    "ANALYST_TOKEN_BUDGET": ([_word, _below(1000)], r"must be (a number|at least 1000)"),
    "ANALYST_TEMPERATURE": ([_word], r"must be a number \(it is .*\)\. The model settings"),
    "ANALYST_STREAM": ([_word], r"must be on or off \(it is .*\)\. The model settings"),
    "ANALYST_TOOL_CALLING": ([_word], r"must be auto, on or off \(it is .*\)\. The model"),
    "ANALYST_TYPO_" : ([lambda: "1"], r"\(in the environment\) is not a setting Analyst knows; "
                       r"check its spelling\."),
}
CASES = [(name, gen) for name, (gens, _) in SETTINGS.items() for gen in gens for _ in range(3)]


def _left(text: str, name: str, raw: str) -> list[str]:
    """English words of `text` once the setting's name and the value as written are out."""
    for gone in sorted({repr(raw), repr(raw.strip().lower()), raw, name}, key=len, reverse=True):
        text = text.replace(gone, " ")
    return english_words(text)


@pytest.mark.parametrize(("name", "bad"), CASES)
def test_every_setting_problem_in_every_language(name: str, bad: Callable[[], str]) -> None:
    raw = bad()
    if name == "ANALYST_TYPO_":
        name = "ANALYST_TYPO_" + RNG.choice("ABCXYZ") * 3
    settings = load_settings({name: raw}, secrets={})
    problems = [p for p in settings.problems if name in p.english]
    assert len(problems) == 1, (name, raw, settings.problems)
    problem = problems[0]
    english = render(problem, "en")
    assert english == str(problem) and re.search(SETTINGS.get(name, SETTINGS["ANALYST_TYPO_"])[1],
                                                 english), (name, raw, english)
    for lang in LANGS:
        said = render(problem, lang)
        assert name in said and said != english, (lang, said)
        assert _left(said, name, raw) == [], (lang, name, raw, said)


def test_a_setting_in_secrets_names_the_file_in_every_language() -> None:
    problem, = load_settings({}, secrets={"ANALYST_SPELLT": "1"}).problems
    assert str(problem) == ("ANALYST_SPELLT (in secrets.toml) is not a setting Analyst knows; "
                            "check its spelling.")
    for lang in LANGS:
        said = render(problem, lang)
        assert "secrets.toml" in said and _left(said, "ANALYST_SPELLT", "1") == [], said


def test_the_model_error_itself_speaks_the_language() -> None:
    from analyst.agent.config import ConfigError, LLMConfig

    for raw in ("0", "-3", "zero"):
        with pytest.raises(ConfigError) as caught:
            LLMConfig.from_env({"ANALYST_MAX_FAILURES": raw})
        assert caught.value.user_message.startswith("ANALYST_MAX_FAILURES must be")
        for lang in LANGS:
            assert _left(caught.value.message_in(lang), "ANALYST_MAX_FAILURES", raw) == []


# ---- The auto backend's warning and the brain's fallback ----------------------------------

@pytest.mark.parametrize("root", [True, False])
def test_docker_is_not_usable_in_every_language(root: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    import sandbox.local
    from analyst.session.backend_words import backend_warning
    from sandbox import notice_english
    from sandbox.problems import docker_unusable, engine_silent

    monkeypatch.setattr(sandbox.local.os, "geteuid", lambda: 0 if root else os.getuid() or 1000)
    user = "" if root else sandbox.local._user_name()
    for _ in range(5):
        value = f"{RNG.randint(1, 99)}: {_word()}"
        why = engine_silent(value)
        warning = docker_unusable(why, sandbox.local.local_notice())
        english = (f"Docker is not usable ({notice_english(why)}). "
                   f"{notice_english(sandbox.local.local_notice())}")
        assert notice_english(warning) == english and backend_warning(warning, "en") == english
        for lang in LANGS:
            said = backend_warning(warning, lang)
            assert value in said and "ANALYST_SANDBOX_BACKEND=docker" in said, said
            text = said.replace(value, " ").replace(user or "\0", " ")
            assert english_words(text) == [], (lang, english_words(text), said)


@pytest.mark.parametrize("key", ["docker_engine_silent", "sandbox_image_missing"])
def test_what_is_wrong_with_docker_in_every_language(key: str) -> None:
    from analyst.session.backend_words import backend_warning, sandbox_words
    from sandbox import local_notice, notice_english
    from sandbox.problems import docker_unusable, engine_silent, image_missing

    pinned = {"docker_engine_silent": "the Docker engine does not answer ({reason}); start it "
                                      "(e.g. `dockerd`) or point DOCKER_HOST at one",
              "sandbox_image_missing": "the sandbox image {tag} is missing; build it with "
                                       "`python -m sandbox build`"}[key]
    for _ in range(5):
        value = f"{_word()}:{RNG.randint(1, 999)}"
        why = engine_silent(value) if key == "docker_engine_silent" else image_missing(value)
        assert why.kind == key and notice_english(why) == pinned.format(reason=value, tag=value)
        assert sandbox_words(why, "en") == notice_english(why)
        for lang in LANGS:
            said = sandbox_words(why, lang)
            assert value in said and english_words(said.replace(value, " ")) == [], (lang, said)
            warning = backend_warning(docker_unusable(why, local_notice()), lang)
            assert said in warning, (lang, warning)


@pytest.mark.parametrize("brain", ["auto", "llm"])
def test_a_bad_model_setting_falls_back_in_the_readers_language(
        brain: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from analyst.session.brain_choice import choose_brain

    for raw in ("0", _word()):
        monkeypatch.setenv("ANALYST_MAX_STEPS", raw)
        chosen, _config, english = choose_brain(brain, None)  # type: ignore[arg-type]
        assert chosen == ("none" if brain == "llm" else "offline")
        assert english and english.startswith("ANALYST_MAX_STEPS must be")
        assert english.endswith("Using the offline analyst.") == (brain == "auto")
        for lang in LANGS:
            _, _, said = choose_brain(brain, None, lang)  # type: ignore[arg-type]
            assert said and _left(said, "ANALYST_MAX_STEPS", raw) == [], (lang, said)


# ---- Where the reader sees them: the CLI and the Settings page ---------------------------

BAD_ENV = {"ANALYST_MAX_SANDBOXES": "lots", "ANALYST_OFFLINE": "maybe",
           "ANALYST_SANDBOX_BACKEND": "k8s", "ANALYST_MAX_ROWS": "-7",
           "ANALYST_LOG_LEVEL": "chatty", "ANALYST_MAX_RUNNING_SESSIONS": "many",
           "ANALYST_PAUSE_IDLE_SECONDS": "-3", "ANALYST_TEMPERATURE": "warm",
           "ANALYST_TYPO_SETTING": "1"}


def _without_values(text: str) -> str:
    for name, raw in BAD_ENV.items():
        text = text.replace(repr(raw), " ").replace(name, " ")
    return text


def _cli_stderr(how: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                capsys: pytest.CaptureFixture[str]) -> str:
    """What `analyst ask` says on stderr with BAD_ENV set: as a real process (seconds of
    imports) or through `main(argv)` in this one, with the same environment."""
    from tests.cli.test_cli_words import analyst, run_in_process

    (tmp_path / "s.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    args = ("ask", "s.csv", "?", "--lang", lang, "--backend", "local")
    if how == "process":
        return analyst(*args, cwd=tmp_path, env_extra=dict(BAD_ENV)).stderr
    for name in [n for n in os.environ if n.startswith(("OPENAI_", "ANALYST_", "LC_"))]:
        monkeypatch.delenv(name)
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name, raw in BAD_ENV.items():
        monkeypatch.setenv(name, raw)
    monkeypatch.chdir(tmp_path)
    return run_in_process(capsys, *args)[2]


# One language through a real process of the command line (the path from the environment
# to stderr), the others through `main(argv)` in-process (the same words, without seconds of
# imports each).
@pytest.mark.parametrize(("lang", "how"), [
    pytest.param("uk", "process", marks=pytest.mark.slow),  # a real process of our CLI
    ("ru", "in_process"), ("zh", "in_process")])
def test_the_cli_names_ignored_settings_in_its_language(
        lang: str, how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from analyst.words import say

    stderr = _cli_stderr(how, lang, tmp_path, monkeypatch, capsys)
    prefix = say(lang, "cli", "setting_ignored", problem="").strip()
    lines = [line for line in stderr.splitlines() if line.startswith(prefix)]
    assert len(lines) == len(BAD_ENV), stderr
    for line in lines:
        assert english_words(_without_values(line)) == [], (lang, line)


@pytest.mark.docker  # reaches the Docker engine (the default backend, or the health check)
@pytest.mark.parametrize("lang", LANGS)
def test_the_settings_page_says_the_problems_in_its_language(
        lang: str, app_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from streamlit.testing.v1 import AppTest

    from tests.app.test_page_languages import APP, _set_language

    for name, raw in BAD_ENV.items():
        monkeypatch.setenv(name, raw)
    monkeypatch.setenv("ANALYST_SANDBOX_BACKEND", "k8s")
    import ui.health
    from sandbox.problems import engine_silent

    reason = "ECONNREFUSED:111"
    monkeypatch.setattr(ui.health, "engine_problem", lambda: engine_silent(reason))
    at = AppTest.from_file(APP, default_timeout=90).run()
    _set_language(at, lang)
    at.switch_page("pages/settings.py").run()
    assert not at.exception
    engine = [m.value for m in at.markdown if reason in m.value]
    assert engine and "dockerd" in engine[0], [m.value for m in at.markdown]
    line = next(x for x in engine[0].splitlines() if reason in x)
    assert english_words(line.replace(reason, " ")) == [], (lang, line)
    problems = at.error[0].value
    for name in BAD_ENV:
        assert name in problems, problems
    assert english_words(_without_values(problems)) == [], (lang, problems)


def test_the_keyed_sentences_survive_pickling_and_copying() -> None:
    import copy
    import pickle

    from sandbox import local_notice
    from sandbox.limits import LimitError, Limits
    from sandbox.problems import docker_unusable, engine_silent

    with pytest.raises(LimitError) as caught:
        Limits.from_env({"ANALYST_SANDBOX_PIDS": "many"})
    engine = engine_silent("refused")
    for item in (caught.value, engine, docker_unusable(engine, local_notice()),
                 load_settings({"ANALYST_OFFLINE": "maybe"}, secrets={}).problems[0]):
        for again in (pickle.loads(pickle.dumps(item)), copy.deepcopy(item)):  # noqa: S301
            assert str(again) == str(item) and type(again) is type(item)
            assert getattr(again, "key", None) == getattr(item, "key", None)
