"""Logging of `analyst.*`: one handler, the level from ANALYST_LOG_LEVEL, time and level on
every line, in the CLI (a real subprocess) and the app (Streamlit AppTest)."""

from __future__ import annotations

import io
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analyst.logs import LEVEL_VARIABLE, LEVELS, configure_logging, read_log_level
from analyst.settings import load_settings

REPO = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (?P<level>[A-Z]+) (?P<name>analyst[.\w]*): "
                  r"(?P<message>.*)$")


@pytest.fixture(autouse=True)
def _restore_analyst_logger():
    logger = logging.getLogger("analyst")
    handlers, level = list(logger.handlers), logger.level
    yield
    logger.handlers[:] = handlers
    logger.setLevel(level)


def _emit_every_level(stream: io.StringIO, names=("analyst", "analyst.app", "analyst.ingest.x")):
    for name in names:
        for level in LEVELS:
            logging.getLogger(name).log(getattr(logging, level), "%s from %s", level, name)
    return [LINE.match(line) for line in stream.getvalue().splitlines()]


@pytest.mark.parametrize("chosen", [*LEVELS, *(lv.lower() for lv in LEVELS), " Warning "])
def test_lines_at_and_above_the_chosen_level_carry_time_level_and_logger(chosen):
    stream = io.StringIO()
    configure_logging({LEVEL_VARIABLE: chosen}, stream=stream)
    lines = _emit_every_level(stream)
    assert lines and all(lines), stream.getvalue()
    floor = LEVELS.index(chosen.strip().upper())
    expected = [(lv, name) for name in ("analyst", "analyst.app", "analyst.ingest.x")
                for lv in LEVELS[floor:]]
    assert [(m["level"], m["name"]) for m in lines] == expected
    assert all(m["message"] == f"{m['level']} from {m['name']}" for m in lines)


@pytest.mark.parametrize("bad", ["loud", "5", "infos", "WARN ING", "trace"])
def test_a_bad_level_falls_back_to_info_and_says_so_once(bad):
    stream = io.StringIO()
    for _ in range(3):  # as the app does on every script run
        configure_logging({LEVEL_VARIABLE: bad}, stream=stream)
    said = [line for line in stream.getvalue().splitlines() if LEVEL_VARIABLE in line]
    assert len(said) <= 1  # once per process (an earlier test may already have said it)
    assert read_log_level({LEVEL_VARIABLE: bad}) == ("INFO", read_log_level({LEVEL_VARIABLE: bad})[1])
    problem = read_log_level({LEVEL_VARIABLE: bad})[1]
    assert problem and repr(bad.strip()) in problem.english and "using INFO" in problem.english
    stream.truncate(0)
    stream.seek(0)
    lines = _emit_every_level(stream, names=("analyst.app",))
    assert [m["level"] for m in lines] == ["INFO", "WARNING", "ERROR", "CRITICAL"]


def test_configuring_again_keeps_one_handler_and_applies_the_new_level():
    stream = io.StringIO()
    for level in ("ERROR", "DEBUG", "WARNING"):
        configure_logging({LEVEL_VARIABLE: level}, stream=stream)
    ours = [h for h in logging.getLogger("analyst").handlers if isinstance(h, logging.StreamHandler)]
    assert len(ours) == 1
    logging.getLogger("analyst.app").warning("once")
    logging.getLogger("analyst.app").info("below WARNING")
    assert [m["message"] for m in map(LINE.match, stream.getvalue().splitlines())] == ["once"]


def test_the_level_is_a_setting_with_its_problem_on_the_settings_page():
    good = load_settings(env={LEVEL_VARIABLE: "debug"}, secrets={})
    assert good.log_level == "DEBUG" and not good.problems
    assert good.to_public_dict()[LEVEL_VARIABLE] == "DEBUG"
    from_file = load_settings(env={}, secrets={LEVEL_VARIABLE: "ERROR"})
    assert from_file.log_level == "ERROR" and from_file.sources[LEVEL_VARIABLE] == "secrets.toml"
    bad = load_settings(env={LEVEL_VARIABLE: "chatty"}, secrets={})
    assert bad.log_level == "INFO"
    assert any(LEVEL_VARIABLE in p.english and "'chatty'" in p.english for p in bad.problems)
    assert not any("not a setting Analyst knows" in p.english for p in bad.problems)


def _cli(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANALYST_"))}
    environ.update(PYTHONPATH=str(REPO), **env)
    return subprocess.run([sys.executable, "-m", "analyst", *args], check=False, cwd=cwd,
                          env=environ, capture_output=True, text=True, timeout=300)


@pytest.mark.slow  # a real process of our command line
def test_the_cli_logs_with_time_and_level_from_the_environment(tmp_path: Path):
    table = tmp_path / "sales.csv"
    table.write_text("Region,Revenue\nNorth,10\nSouth,20\n", encoding="utf-8")
    debug = _cli("ingest", str(table), cwd=tmp_path, ANALYST_LOG_LEVEL="DEBUG")
    assert debug.returncode == 0, debug.stderr
    lines = [LINE.match(line) for line in debug.stderr.splitlines()]
    assert any(m and m["level"] == "DEBUG" and m["name"] == "analyst.cli" for m in lines), debug.stderr
    quiet = _cli("ingest", str(table), cwd=tmp_path)  # default INFO: no debug line
    assert quiet.returncode == 0, quiet.stderr
    assert not any((m := LINE.match(line)) and m["level"] == "DEBUG" for line in quiet.stderr.splitlines())
    assert quiet.stdout == debug.stdout  # logging never mixes into the command's output
    bad = _cli("ingest", str(table), cwd=tmp_path, ANALYST_LOG_LEVEL="noisy")
    assert bad.returncode == 0
    warned = [m for m in map(LINE.match, bad.stderr.splitlines()) if m and m["level"] == "WARNING"]
    assert any(LEVEL_VARIABLE in m["message"] for m in warned), bad.stderr


def test_the_app_configures_the_analyst_logger_once_per_process(monkeypatch, tmp_path):
    monkeypatch.setenv("ANALYST_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv(LEVEL_VARIABLE, "WARNING")
    for _ in range(2):
        at = AppTest.from_file(str(REPO / "app.py"), default_timeout=60).run()
        assert not at.exception
    logger = logging.getLogger("analyst")
    assert logger.level == logging.WARNING
    assert sum(type(h).__name__ == "_Handler" for h in logger.handlers) == 1
