# ruff: noqa: E501
# Written by a program: one question and its reason a line.
"""The sweep's questions answered wrong today, each with what it answered
(written by `python -m tests.sweep --known`; a fix removes its line)."""

WRONG_TODAY: dict[str, str] = {
    'mtcars.csv|en|spearman rank correlation hp vs qsec':
        'I read this as: Spearman rank correlation of hp and vs. -> one figure -0.7515933898832221 (asked one figure, -0.666606)',
    'titanic.csv|en|share of survivors per class':
        "I read this as: share of the rows by class. -> 3 groups differ, e.g. ('1st class',): 24.696048632218844 for 40.6813627254509",
}
