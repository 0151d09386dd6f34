"""A board database filled by the real pipeline: a small tournament, QA runs and transcript scoring.

`fill_board_db(path)` runs small tournaments of built-in entries on two bundled cases through
`arena.tournament` (one of them seats an agent that emits garbage as the murderer, so the log holds
invalid outputs, forfeits and an aborted game; another seats a `cot` mock model, so the log holds
private reasoning), deprecates a superseded entry, answers the QA suites
with the reference rows through `arena.coe.qa_run` (one of them under the `no-images` ablation) and
scores the transcripts with the offline judge. The session fixture builds it once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from arena.agents import SeatedAgents, seat_entries
from arena.coe.answerers import make_answerer
from arena.coe.context import Ablation
from arena.coe.offline_judge import OfflineJudge
from arena.coe.qa_run import QaConfig, run_qa
from arena.coe.scoring import score_games
from arena.entries import Entry, builtin_entries
from arena.providers.client import ModelClient
from arena.scripts.loader import discover_scripts, load_script
from arena.scripts.schema import Script
from arena.store import Store
from arena.tournament import RunOptions
from arena.tournament.director import all_play_all_tournament, run_tournament

LEGACY = Entry(name="random-legacy", model="builtin/random", temperature=0.5)
COT = Entry(name="cot-player", model="mock/player", strategy="cot")


@dataclass(frozen=True)
class BoardDb:
    path: Path
    entries: dict[str, Entry]
    scripts: dict[str, Script]


class GarbageAgent:
    """Answers every decision with text that is not an action: the runner logs parse errors and forfeits."""

    async def act(self, observation: Any) -> str:
        return "<b>no JSON here</b> **at all**"


def seat_garbage_murderer(script: Script, civilians: Entry, murderer: Entry, seed: int,
                          client: ModelClient | None) -> SeatedAgents:
    """The usual seating, except that a LEGACY murderer emits garbage (its games abort)."""
    seated = seat_entries(script, civilians, murderer, seed, client)
    if murderer.entry_id != LEGACY.entry_id:
        return seated
    return SeatedAgents(seated.seating, {**seated.agents, **{r: GarbageAgent() for r in script.culprit_ids}})


def play(store: Store, entries: list[Entry], scripts: list[Script], seat: Any = seat_entries) -> None:
    tournament = all_play_all_tournament(entries, scripts, games_per_pair=1, seed=0, rounds=1)

    async def run() -> None:
        async with ModelClient(use_cache=False) as client:  # mock models only: no network
            await run_tournament(tournament, store, RunOptions(rounds=1, concurrency=2, timeout_s=60), seat=seat,
                                 client=client)
    asyncio.run(run())


def answer(store: Store, entry: Entry, scripts: list[Script], mode: str, ablation: Ablation) -> None:
    config = QaConfig(mode=mode, ablation=ablation, seed=1)  # type: ignore[arg-type]
    asyncio.run(run_qa(store, entry, make_answerer(entry), scripts, config))


def fill_board_db(path: Path) -> BoardDb:
    """Play, answer and score into `path` (see the module docstring)."""
    store = Store(path)
    entries = {**builtin_entries(), LEGACY.name: LEGACY, COT.name: COT}
    scripts = {s.id: s for s in (load_script(folder) for folder in discover_scripts())}
    naive, rnd = entries["builtin/naive"], entries["builtin/random"]
    first, second = list(scripts.values())[:2]
    play(store, [naive, rnd], [first, second])
    play(store, [LEGACY, rnd], [first])
    play(store, [rnd, LEGACY], [second], seat=seat_garbage_murderer)
    play(store, [COT, rnd], [first])
    store.deprecate_entry(LEGACY.entry_id)
    for entry, mode in ((naive, "direct"), (rnd, "direct"), (rnd, "cot")):
        answer(store, entry, list(scripts.values()), mode, Ablation.NONE)
    answer(store, naive, list(scripts.values()), "direct", Ablation.NO_IMAGES)
    asyncio.run(score_games(store, OfflineJudge()))
    return BoardDb(path, entries, scripts)


@pytest.fixture(scope="session")
def board_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BoardDb]:
    yield fill_board_db(tmp_path_factory.mktemp("board") / "arena.duckdb")
