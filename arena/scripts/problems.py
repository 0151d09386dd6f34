"""A problem found in a script: where it is (file and field path), what is wrong, and how to fix it."""

from __future__ import annotations

from dataclasses import dataclass

from arena.errors import ScriptError


@dataclass(frozen=True)
class Problem:
    file: str
    path: str
    message: str
    fix: str = ""

    def __str__(self) -> str:
        where = f"{self.file}: {self.path}" if self.path else self.file
        text = f"{where}: {self.message}"
        return f"{text} (fix: {self.fix})" if self.fix else text


def raise_problems(file: str, problems: list[Problem]) -> None:
    """Raise one ScriptError listing every problem, or return when there are none."""
    if not problems:
        return
    lines = "\n".join(f"  - {p}" for p in problems)
    raise ScriptError(f"{file}: {len(problems)} problem(s)\n{lines}", problems)
