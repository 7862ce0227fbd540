"""Understand: a question read into a typed reading over the data cards.

`reading.choose` reads a question into a `Query` (`query.py`), every content word and number
placed or named back as not honoured; `intents` reads the sales recipes' words; `finask`
reads a question on a financial statement. Nothing here runs code or writes an answer.
"""
