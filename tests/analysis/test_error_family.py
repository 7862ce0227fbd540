"""One error family: every failure meant for the user is an `AnalystError` (the sandbox's a
`SandboxError`), and the app and the CLI decide what to show by type, never by class name."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest
from streamlit.testing.v1 import AppTest

import analyst
import sandbox
import ui
from analyst.commands.loading import human_error
from analyst.errors import AnalystError, user_message
from analyst.ingest.errors import IngestError
from analyst.recipes.columns import RecipeError
from sandbox.errors import SandboxError
from ui.runner import _failure_sentence

# Not meant to be imported on the host (a script run inside the sandbox).
_SCRIPTS = {"sandbox.kernel"}
# Outside the family on purpose (analyst/errors.py says why).
_OUTSIDE = {"analyst.recipes.columns.RecipeError", "sandbox.protocol.KernelGone",
            "sandbox.protocol.ReplyTimeout", "sandbox.protocol.ChannelTampered",
            # Signals caught where they are raised and turned into a card's notice or a
            # template's sentence (issue 31): they never reach a user as themselves.
            "analyst.ingest.formula_guard.OtherBook", "analyst.ingest.formula_guard.TooManyFormulas",
            "analyst.ingest.formulas_eval._OutOfTime", "analyst.recurring.rules.RuleBroken",
            # The engine proxy's refusal: answered to the app's Docker client as a 403 with
            # its reason, inside the proxy's own process (issue 30); never a user's sentence.
            "analyst.deploy.proxy.Refused",
            # Its archive check's signal, turned into that refusal by the proxy.
            "analyst.deploy.image_archive.Unreadable"}
GENERIC = "The analysis stopped because of an unexpected problem."


def _exception_classes(package) -> list[type[BaseException]]:
    found = []
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if info.name in _SCRIPTS:
            continue
        module = importlib.import_module(info.name)
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if obj.__module__ == module.__name__ and issubclass(obj, BaseException):
                found.append(obj)
    return found


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


OURS = _exception_classes(analyst) + _exception_classes(ui)
SANDBOX = _exception_classes(sandbox)
# A class written after this test, in any layer, is told apart by type too: a name check
# ("IngestError") would miss these.
LATER = [type("BrokenHeaderRow", (IngestError,), {}), type("NewProblem", (AnalystError,), {}),
         type("EngineGoneAway", (SandboxError,), {})]
FAMILY = [c for c in OURS + SANDBOX if _name(c) not in _OUTSIDE] + LATER
MESSAGES = ["Sales.xlsx is protected with a password; remove it in Excel and upload it again.",
            "Файл порожній: у ньому немає жодного рядка з даними.",
            "表格没有数据行。"]


def test_the_family_has_the_roots_it_should_and_no_stray_roots():
    assert len(OURS) >= 9 and len(SANDBOX) >= 4  # the walk found them
    strays = [_name(c) for c in OURS if not issubclass(c, AnalystError) and _name(c) not in _OUTSIDE]
    assert not strays, f"user-facing errors outside AnalystError: {strays}"
    strays = [_name(c) for c in SANDBOX if not issubclass(c, SandboxError) and _name(c) not in _OUTSIDE]
    assert not strays, f"sandbox errors outside SandboxError: {strays}"
    assert not any(issubclass(c, AnalystError) for c in SANDBOX)  # the sandbox knows nothing of us
    names = {_name(c) for c in OURS}
    for expected in ("analyst.ingest.errors.IngestError", "analyst.agent.config.ConfigError",
                     "analyst.report.model.ReportError", "analyst.report.build.ReportBuildError",
                     "analyst.store.schema.StoreVersionError", "analyst.agent.client.ModelAPIError",
                     "analyst.commands.loading.CommandError", "analyst.session.admission.QueueTimeout"):
        assert expected in names


@pytest.mark.parametrize("cls", FAMILY, ids=_name)
@pytest.mark.parametrize("message", MESSAGES)
def test_every_member_reaches_the_user_as_its_sentence(cls, message):
    exc = cls(message)
    assert user_message(exc) == message
    assert human_error(exc) == message  # CLI: the one line on stderr
    assert _failure_sentence(exc) == message  # app: a question that stopped


@pytest.mark.parametrize("exc", [ValueError("bad literal"), KeyError("revenue"),
                                 RuntimeError("boom"), RecipeError("inside the sandbox"),
                                 ZeroDivisionError("division by zero")], ids=repr)
def test_anything_else_is_a_bug_said_in_general_words(exc):
    assert user_message(exc) is None
    assert human_error(exc) is None  # the CLI prints "Internal error ..." and exits 2
    assert _failure_sentence(exc) == GENERIC


def test_a_message_is_one_line_whatever_its_spacing():
    assert user_message(IngestError("The file\n  has no rows.  ")) == "The file has no rows."
    assert user_message(IngestError("   ")) is None


def _guarded_page(module: str, name: str, message: str) -> None:
    import importlib

    from ui.errors import guarded

    base = getattr(importlib.import_module(module), name) if module else Exception
    later = type("WrittenLater", (base,), {})  # a subclass no list of names could know
    with guarded("read the file"):
        raise later(message)


@pytest.mark.parametrize(("module", "name", "shown"), [
    ("analyst.ingest.errors", "IngestError", True), ("analyst.errors", "AnalystError", True),
    ("analyst.agent.config", "ConfigError", True), ("sandbox.errors", "SandboxUnavailable", True),
    ("sandbox.build", "BuildError", True), ("analyst.session.admission", "QueueTimeout", True),
    ("analyst.store.schema", "StoreVersionError", True),
    ("builtins", "ValueError", False), ("builtins", "LookupError", False),
])
def test_the_app_shows_a_members_sentence_and_hides_a_bugs_details(module, name, shown):
    message = "Sheet 'Q1' has no header row; pick one."
    at = AppTest.from_function(_guarded_page, args=(module, name, message), default_timeout=30).run()
    assert not at.exception
    errors = [e.value for e in at.error]
    if shown:
        assert errors == [message] and not at.expander
    else:
        assert errors == ["Could not read the file. The details below can help whoever runs this app."]
        assert [e.label for e in at.expander] == ["Technical details"]


def _guarded_upload(language: str, name: str) -> None:
    import streamlit as st

    from analyst.ingest.errors import IngestError
    from analyst.words.note import Note
    from ui import i18n
    from ui.errors import guarded

    st.session_state[i18n.PREF_KEY] = language
    with guarded("read the file"):
        raise IngestError(Note("error_no_rows_below_header_in", file=name))


@pytest.mark.parametrize(("language", "shown"), [
    ("en", "{name} has no data rows below its header."),
    ("uk", "У {name} немає рядків даних під заголовком."),
    ("ru", "В {name} нет строк данных под заголовком."),
    ("zh", "{name} 的表头下方没有数据行。"),
])
@pytest.mark.parametrize("name", ["sales.csv", "звіт (final).xlsx"])
def test_the_app_says_an_error_with_a_message_id_in_the_interface_language(language, shown, name):
    at = AppTest.from_function(_guarded_upload, args=(language, name), default_timeout=30).run()
    assert not at.exception
    assert [e.value for e in at.error] == [shown.format(name=name)]
