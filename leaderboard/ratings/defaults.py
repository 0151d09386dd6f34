"""The board's defaults, importable without the ratings' numerical libraries (the CLI shows them in `--help`)."""

MIN_GAMES = 10
"""Entries with fewer rated games than this are provisional."""
BOOTSTRAP_ROUNDS = 100
"""Bootstrap rounds for the rating confidence intervals."""
