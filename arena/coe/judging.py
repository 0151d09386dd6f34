"""Scoring games with a judge or a panel of judges: `--judge offline`, `--judge ENTRY` or `--judge A,B`.

Each judge of a panel scores every game on its own (idempotent per judge, see `scoring`); the
report averages their scores per item and prints their agreement (`outcomes.judge_agreement`).
The offline judge may sit on a panel, but its scores stay apart: they are labelled `offline`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from arena.coe.cases import CaseIndex
from arena.coe.judges import LLMJudge
from arena.coe.offline_judge import OfflineJudge
from arena.coe.scoring import ScoreSummary, score_games
from arena.entries import Entry, load_entries, resolve_entry
from arena.errors import ConfigError
from arena.providers.budget import BudgetGuard
from arena.providers.client import ModelClient
from arena.store import Store

OFFLINE = "offline"
Metrics = Literal["coe", "mirage"]


def judge_entries(spec: str, options: Sequence[str], entries_file: Path | None) -> list[Entry | None]:
    """The judges named by `--judge` (comma-separated), None standing for the offline judge."""
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if not names:
        raise ConfigError("--judge: give offline, an entry, or entries separated by commas (e.g. --judge A,B)")
    if len(set(names)) != len(names):
        raise ConfigError(f"--judge {spec!r} names a judge twice; list each judge once")
    known = load_entries(entries_file) if any(n != OFFLINE for n in names) else {}
    judges: list[Entry | None] = []
    for name in names:
        if name == OFFLINE:
            judges.append(None)
            continue
        entry = resolve_entry(name, list(options), known)
        if entry.is_builtin:
            raise ConfigError(f"--judge {name}: a built-in agent cannot judge; give a model entry or 'offline'")
        judges.append(entry)
    return judges


class BudgetedJudge(LLMJudge):
    """An LLM judge that checks the command's budget before each call (`BudgetReached` stops it)."""

    def __init__(self, entry: Entry, client: ModelClient, guard: BudgetGuard, no_cache: bool = False) -> None:
        super().__init__(entry, client, no_cache=no_cache)
        self.guard = guard

    async def ask(self, prompt: str) -> tuple[str | None, str]:
        self.guard.check()
        return await super().ask(prompt)


async def score_with_judges(store: Store, judges: Sequence[Entry | None], cases: CaseIndex, *, no_cache: bool = False,
                            tournament: str | None = None, budget_usd: float | None = None,
                            metrics: Metrics = "coe") -> list[ScoreSummary]:
    """Score the games (of `tournament`, when given) with every judge in turn; one summary per judge.
    `budget_usd` caps what the model judges together may spend (a rerun continues); `metrics`: the
    CoE metrics (`scoring`) or MIRAGE's (`mirage_scoring`)."""
    score, offline, wrap = _scorers(metrics)
    summaries = []
    if any(j is None for j in judges):
        summaries.append(await score(store, offline(), cases, tournament=tournament))
    models = [j for j in judges if j is not None]
    if not models:
        return summaries
    async with ModelClient(use_cache=not no_cache) as client:
        client.check_entries(*models)  # provider known, key set: before anything is judged
        guard = BudgetGuard(client, budget_usd)
        for entry in models:
            judge = wrap(BudgetedJudge(entry, client, guard, no_cache=no_cache))
            summaries.append(await score(store, judge, cases, tournament=tournament))
    return summaries


def _scorers(metrics: Metrics) -> tuple[Any, Any, Any]:
    """(score function, offline judge factory, LLM-judge wrapper) of a metric family."""
    if metrics == "mirage":
        from arena.coe.mirage_judges import LLMMirageJudge, OfflineMirageJudge
        from arena.coe.mirage_scoring import score_mirage
        return score_mirage, OfflineMirageJudge, LLMMirageJudge
    return score_games, OfflineJudge, lambda judge: judge
