"""Dry runs: the estimate from rendered prompts against what a played tournament actually used."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from arena.entries import Entry, builtin_entries
from arena.providers.client import ModelClient
from arena.providers.estimate import CostLine, cached_tokens, output_estimate
from arena.providers.pricing import Price
from arena.scripts.loader import load_script
from arena.store import Store
from arena.tournament import RunOptions, all_play_all_tournament, run_tournament
from arena.tournament.dry_run import estimate_tournament
from tests.conftest import FIXTURE_CASE

PLAYER = Entry(name="mock/player", model="mock/player")


async def test_estimate_matches_a_played_mock_tournament(tmp_path: Path) -> None:
    plan = all_play_all_tournament([PLAYER, builtin_entries()["builtin/random"]], [load_script(FIXTURE_CASE)],
                                   games_per_pair=1, seed=0, rounds=1)
    lines = await estimate_tournament(plan, rounds=1)
    estimate = lines[PLAYER.entry_id]
    assert estimate.games == 2 and lines[builtin_entries()["builtin/random"].entry_id].calls == 0
    store = Store(tmp_path / "arena.duckdb")
    async with ModelClient(use_cache=False) as client:
        await run_tournament(plan, store, RunOptions(rounds=1), client=client, snapshot=False)
    with duckdb.connect(str(store.path), read_only=True) as conn:
        calls, prompt = conn.execute("SELECT count(*), sum(prompt_tokens) FROM agent_calls WHERE entry_id = ?",
                                     [PLAYER.entry_id]).fetchone()
    assert estimate.calls == calls
    assert estimate.prompt_tokens == pytest.approx(prompt, rel=0.1)


def test_provider_prefix_rules() -> None:
    prompts = [900, 1500, 2100]
    assert cached_tokens("openai", prompts, 0) == ([0, 0, 1408], [0, 0, 0])  # needs 1,024 seen; 128-token steps
    assert cached_tokens("google", prompts, 0)[0] == [0, 0, 1500]
    assert cached_tokens("anthropic", prompts, 1200) == ([0, 1200, 1200], [1200, 0, 0])
    assert cached_tokens("openai-compatible", prompts, 1200) == ([0, 0, 0], [0, 0, 0])


def test_money_with_and_without_the_prompt_cache() -> None:
    line = CostLine(name="x", prompt_tokens=1_000_000, cached_tokens=500_000, output_tokens=0,
                    price=Price(2.0, 8.0, 0.5))
    assert line.usd == pytest.approx(1.25) and line.usd_uncached == pytest.approx(2.0)
    assert output_estimate("direct", 40) == 40 and output_estimate("cot", None) == 450
