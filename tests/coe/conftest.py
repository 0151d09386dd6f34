"""Fixtures for the chain-of-evaluation tests: a store, a keyless model client, recorded games."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from arena.agents import play_game, seat_entries
from arena.engine import GameConfig
from arena.engine.rules import script_hash
from arena.entries import Entry, builtin_entries
from arena.providers.client import ModelClient
from arena.providers.secrets import KeyStore
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from arena.store import EntryRecord, GameRecord, Store
from tests.conftest import FIXTURE_CASE


@pytest.fixture
def mini() -> Script:
    return load_script(FIXTURE_CASE)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "arena.duckdb")


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[ModelClient]:
    keys = KeyStore(environ={}, dotenv=tmp_path / "no.env")
    async def no_wait(seconds: float) -> None:  # retries back off without waiting in tests
        return None

    async with ModelClient(use_cache=False, keys=keys, sleep=no_wait) as made:
        yield made


def record_played_game(store: Store, script: Script, civilians: Entry, murderer: Entry, seed: int,
                       rounds: int = 1) -> str:
    """Play one real game with built-in (or mock) agents and record it with all its events."""
    for entry in (civilians, murderer):
        store.upsert_entry(EntryRecord.from_entry(entry))
    result = asyncio.run(play_game(script, seat_entries(script, civilians, murderer, seed), GameConfig(rounds=rounds),
                                   seed=seed))
    game_id = f"{script.id}-{seed}-{civilians.name}"
    winner = result.winner if result.status == "finished" and result.winner != "none" else None
    store.record_game(GameRecord(game_id=game_id, script_id=script.id, script_hash=script_hash(script), seed=seed,
                                 civilians_entry=civilians.entry_id, murderer_entry=murderer.entry_id,
                                 status=result.status, winner=winner), result.events)
    return game_id


@pytest.fixture
def builtins() -> dict[str, Entry]:
    return builtin_entries()
