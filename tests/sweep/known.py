# ruff: noqa: E501
# Written by a program: one question and its reason a line.
"""The sweep's questions answered wrong today, each with what it answered
(written by `python -m tests.sweep --known`; a fix removes its line)."""

WRONG_TODAY: dict[str, str] = {
}
