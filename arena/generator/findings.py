"""A problem found by a generator check: the check's name, where (case, clue, question, role), what, the fix."""

from __future__ import annotations

from dataclasses import dataclass

CHECKS = ("coherence", "solution", "chain", "keys", "vision", "wording", "length", "leak")


@dataclass(frozen=True)
class Finding:
    check: str  # one of CHECKS
    where: str
    message: str
    fix: str

    def __str__(self) -> str:
        return f"[{self.check}] {self.where}: {self.message} (fix: {self.fix})"
