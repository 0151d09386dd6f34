"""A spending cap for one command: stop asking once the calls this client made have cost the budget.

`BudgetGuard(client, budget_usd).check()` raises `BudgetReached` when the client's recorded cost
(all entries, this process) has reached the budget. Callers check before each new call, so the
calls already in flight finish and are recorded; a rerun of a resumable command continues.
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.errors import ArenaError
from arena.providers.client import ModelClient


class BudgetReached(ArenaError):
    """The command's --budget-usd is spent."""


@dataclass(frozen=True)
class BudgetGuard:
    client: ModelClient
    budget_usd: float | None

    @property
    def spent_usd(self) -> float:
        return sum(usage.cost_usd for usage in self.client.usage.values())

    def check(self) -> None:
        if self.budget_usd is not None and self.spent_usd >= self.budget_usd:
            raise BudgetReached(f"--budget-usd {self.budget_usd:g} reached (${self.spent_usd:.4f} spent); "
                                "rerun the same command with a higher budget to continue")
