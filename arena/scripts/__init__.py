"""Scripts (cases): the typed format, the loader, validation and statistics."""

from arena.scripts.loader import discover_scripts, load_script, load_script_unchecked
from arena.scripts.schema import FORMAT_VERSION, Clue, Question, Role, Script

__all__ = [
    "FORMAT_VERSION",
    "Clue",
    "Question",
    "Role",
    "Script",
    "discover_scripts",
    "load_script",
    "load_script_unchecked",
]
