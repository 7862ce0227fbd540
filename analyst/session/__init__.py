"""One analysis (`analysis.Analysis`, the facade the UI and the CLI talk to) and what runs it:
its place on the host (admission, line, warm pool), its Stop, its verified interpreter.

Where its files and answers are kept is the store's (`analyst.store`: file and answer logs,
bringing an earlier session's files back)."""
