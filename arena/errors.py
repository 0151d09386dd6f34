"""The project's error hierarchy: every error a user can meet says what is wrong, where, and the fix."""

from __future__ import annotations

from collections.abc import Sequence


class ArenaError(Exception):
    """Base class for errors that are reported to the user without a traceback."""


class ConfigError(ArenaError):
    """A setting, entry or command-line value is wrong."""


class ScriptError(ArenaError):
    """A script (case) file cannot be loaded or is invalid.

    `problems` holds every problem found, so that a user fixes them all in one pass.
    """

    def __init__(self, message: str, problems: Sequence[object] | None = None) -> None:
        super().__init__(message)
        self.problems: list[object] = list(problems or [])


class ImageError(ArenaError):
    """An image is missing, corrupt, of an unsupported format or out of size limits."""


class StoreError(ArenaError):
    """The DuckDB store cannot be opened or written."""


class DatasetError(ArenaError):
    """An external dataset (WhodunitBench, MIRAGE, WellPlay...) cannot be read or imported."""


class GameError(ArenaError):
    """An action that is not legal in the current game state, or a question about a game not over."""


class LogError(ArenaError):
    """An event log cannot be read, or does not replay to the events it records."""


class GenerationError(ArenaError):
    """The case generator could not produce a case that passes its checks within its attempt budget."""


class LeaseError(ArenaError):
    """Another live run holds the tournament: one run per tournament id at a time."""
