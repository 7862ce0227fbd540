"""Without a browser the end-to-end tests skip with the reason, except under CI=true: there they fail."""

from __future__ import annotations

import pytest

from tests.app import conftest


def test_a_missing_chromium_is_named_with_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setattr(conftest, "CHROMIUM", str(tmp_path / "no-chromium"))
    problem = conftest.browser_problem()
    assert problem is not None
    assert "Chromium is not installed" in problem and "apt-get install -y chromium" in problem


def test_without_ci_the_browser_tests_skip_with_the_reason(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="Chromium is not installed"):
        conftest.browser_unavailable("Chromium is not installed at /usr/bin/chromium")


@pytest.mark.parametrize("value", ["true", "TRUE"])
def test_under_ci_a_missing_browser_is_a_failure_not_a_skip(monkeypatch, value):
    monkeypatch.setenv("CI", value)
    with pytest.raises(pytest.fail.Exception,
                       match="CI=true but the browser tests cannot run: Chromium is not installed"):
        conftest.browser_unavailable("Chromium is not installed at /usr/bin/chromium")

