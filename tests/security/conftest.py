"""The app tests' fixtures, for the security tests that load the real pages (AppTest)."""

from tests.app.conftest import _secrets_exported_afresh, app_env

__all__ = ["_secrets_exported_afresh", "app_env"]
