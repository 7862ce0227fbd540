# ruff: noqa: E501
# Written by a program: one question and its reason a line.
"""The sweep's questions answered wrong today, each with what it answered
(written by `python -m tests.sweep --known`; a fix removes its line)."""

WRONG_TODAY: dict[str, str] = {
    'titanic.csv|en|share of survivors per class':
        "I read this as: share of the rows by class. -> 3 groups differ, e.g. ('1st class',): 24.696048632218844 for 40.6813627254509",
}
