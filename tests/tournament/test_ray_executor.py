"""The Ray executor on a local cluster (127.0.0.1, two worker processes): games are played by the
workers and recorded by the coordinator; a worker killed mid-run costs only its games in flight,
which a rerun plays once. Skipped when ray is not installed."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
from pathlib import Path

import duckdb
import pytest

from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.store import GameRecord, Store
from arena.tournament import NullProgress, RunOptions, Tournament, all_play_all_tournament, run_tournament
from arena.tournament.director import TournamentSummary
from tests.tournament.helpers import mini_case

pytest.importorskip("ray")

from arena.tournament.ray_executor import RayPlayers, ray_cluster, start_players  # noqa: E402

GAMES = 12


class KillAfter(NullProgress):
    """Kills one worker process (SIGKILL) once `after` games are recorded."""

    def __init__(self, players: RayPlayers, after: int) -> None:
        self.players, self.after, self.count, self.killed = players, after, 0, False
        self.victim = players.pids()[0]

    def recorded(self, game: GameRecord, spent_usd: float) -> None:
        self.count += 1
        if self.count == self.after and not self.killed:
            os.kill(self.victim, signal.SIGKILL)
            self.killed = True


def tournament() -> Tournament:
    options = {"latency_ms": 150, "cacheable": True}
    entries = [Entry(name="direct", model="mock/player", options=options, max_concurrency=8),
               Entry(name="warm", model="mock/player", temperature=0.7, options=options, max_concurrency=8)]
    return all_play_all_tournament(entries, [mini_case()], games_per_pair=GAMES // 2, seed=3, rounds=1)


async def run(plan: Tournament, store: Store, kill_after: int | None, adaptive: int = 0) -> TournamentSummary:
    options = RunOptions(rounds=1, concurrency=8)
    players = await asyncio.to_thread(start_players, {e.entry_id: e for e in plan.entries},
                                      {s.id: s for s in plan.scripts}, options, workers=2, use_cache=True)
    progress = KillAfter(players, kill_after) if kill_after else NullProgress()
    async with ModelClient(use_cache=False) as client:
        return await run_tournament(plan, store, options, client=client, progress=progress, elsewhere=players,
                                    adaptive=adaptive, snapshot=False)


def plan_keys(path: Path) -> list[str]:
    with duckdb.connect(str(path), read_only=True) as conn:
        return [row[0] for row in conn.execute("SELECT plan_key FROM games WHERE status = 'finished'").fetchall()]


def test_a_worker_killed_mid_run_costs_only_its_games_and_the_rerun_plays_them_once(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    plan, db = tournament(), tmp_path / "arena.duckdb"
    with ray_cluster(None, 2):
        first = asyncio.run(run(plan, Store(db), kill_after=2))
        assert first.remaining >= 1 and first.played == GAMES - first.remaining, first  # the dead worker's games only
        assert len(plan_keys(db)) == first.played
        second = asyncio.run(run(plan, Store(db), kill_after=None, adaptive=1))
    keys = plan_keys(db)
    assert second.skipped_already_done == first.played and second.remaining == 0, (first, second)
    assert second.played == first.remaining + 2  # the lost games, then one adaptive match of two games
    assert len(keys) == len(set(keys)) == GAMES + 2  # every plan key exactly once
    with sqlite3.connect(tmp_path / "cache" / "responses.sqlite") as cache:
        assert cache.execute("SELECT count(*) FROM responses").fetchone()[0] > 0  # the workers' response cache


def test_the_command_line_plays_a_tournament_on_a_local_ray_cluster(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from arena.cli import app
    from tests.conftest import FIXTURE_CASE

    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    db = tmp_path / "arena.duckdb"
    args = ["tournament", "--entries", "builtin/random,builtin/naive", "--scripts", str(FIXTURE_CASE), "--rounds", "1",
            "--games-per-pair", "2", "--db", str(db), "--json", "--executor", "ray", "--ray-workers", "2"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["played"] == summary["planned"] == 4 and summary["remaining"] == 0
    assert len(set(plan_keys(db))) == 4


def test_an_unknown_executor_is_refused_before_anything_runs(tmp_path):
    from typer.testing import CliRunner

    from arena.cli import app

    result = CliRunner().invoke(app, ["tournament", "--entries", "builtin/random,builtin/naive", "--executor", "dask",
                                      "--db", str(tmp_path / "a.duckdb")])
    assert result.exit_code != 0 and not (tmp_path / "a.duckdb").exists()
