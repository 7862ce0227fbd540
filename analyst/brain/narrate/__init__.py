"""Narrate: the answer in plain words, from the figures a step sent and nothing else."""
