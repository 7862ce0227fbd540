"""The session store of the previous release, verbatim from commit 33c1413.

`store.py` and `store_records.py` are `git show 33c1413:analyst/store.py` (and
`store_records.py`) with one change: the records are imported from this folder. Tests use
it to write a database exactly as that release did, then open it with today's store.
Never edit these files to follow today's code: they stand for databases already in the field.
"""
