"""One analysis: its workspace, sandbox session, files, answers and their history on disk."""
