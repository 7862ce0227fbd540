"""One analysis (`analysis.Analysis`, the facade the UI and the CLI talk to) and what runs it:
its files and their cards (`sources`), the brain chosen (`brain_choice`), its sandbox session
in its place on the host (`place`; admission, line, warm pool), a question's guarded run
(`guarded`), its Stop, its verified interpreter.

Where its files and answers are kept is the store's (`analyst.store`: file and answer logs,
bringing an earlier session's files back)."""
