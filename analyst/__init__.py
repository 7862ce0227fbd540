"""Analyst: ingest spreadsheets, analyse them in a sandbox, build reports."""
