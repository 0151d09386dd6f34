"""The scheduler on a real DuckDB file with real games: resume, failures, budget, cancellation, adaptive."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import duckdb
import pytest

from arena.agents import SeatedAgents, seat_entries
from arena.engine.state import culprit_roles
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.store import Reader, Store
from arena.tournament import RunOptions, run_tournament
from arena.tournament.plan import games_of
from leaderboard.ratings.board import compute_leaderboard
from tests.tournament.helpers import Recorder, db_file, mini_case, random_entries, small_tournament


def run(tournament, store, options=None, **kwargs):
    return asyncio.run(run_tournament(tournament, store, options or RunOptions(rounds=1), **kwargs))


def rows(path: Path, sql: str) -> list[tuple]:
    with duckdb.connect(str(path), read_only=True) as conn:
        return conn.execute(sql).fetchall()


def test_a_partial_run_then_a_rerun_plays_exactly_the_missing_games(tmp_path):
    store, plan = Store(db_file(tmp_path)), small_tournament()
    planned = {g.plan_key for g in games_of(plan.matches)}
    first = run(plan, store, RunOptions(rounds=1, max_games=5, concurrency=2))
    assert (first.played, first.stopped, first.remaining) == (5, "max_games", 7)
    before = rows(store.path, "SELECT game_id, plan_key FROM games")
    second = run(plan, store)
    assert (second.played, second.skipped_already_done, second.remaining, second.stopped) == (7, 5, 0, None)
    keys = [r[0] for r in rows(store.path, "SELECT plan_key FROM games WHERE status = 'finished'")]
    assert len(keys) == len(set(keys)) == len(planned) and set(keys) == planned
    assert set(before) <= set(rows(store.path, "SELECT game_id, plan_key FROM games"))
    third = run(plan, store)
    assert (third.played, third.skipped_already_done) == (0, 12)
    assert rows(store.path, "SELECT count(*) FROM games") == [(12,)]


def test_each_game_is_recorded_with_its_events_calls_and_match(tmp_path):
    store, plan = Store(db_file(tmp_path)), small_tournament(games_per_pair=1)
    run(plan, store)
    reader = Reader(store.path)
    culprits = culprit_roles(mini_case())
    for game in reader.games(tournament_id=plan.tournament_id):
        events = reader.events(game.game_id)
        assert game.n_events == len(events) and events[-1].type == "game_ended"
        assert game.winner == events[-1].payload["outcome"]["winner"]
        calls = rows(store.path, f"SELECT role, entry_id FROM agent_calls WHERE game_id = '{game.game_id}'")
        assert len(calls) == sum(1 for e in events if e.type == "agent_call")
        assert not any("latency_ms" in e.payload for e in events)  # telemetry stays out of the game record
        timed = rows(store.path, f"SELECT sum(latency_ms) FROM agent_calls WHERE game_id = '{game.game_id}'")
        assert timed[0][0] > 0
        assert {entry for role, entry in calls if role in culprits} == {game.murderer_entry}
        assert {entry for role, entry in calls if role not in culprits} == {game.civilians_entry}
    matches = rows(store.path, "SELECT match_id, count(*) FROM games GROUP BY 1")
    assert len(matches) == 3 and {n for _, n in matches} == {2}
    assert rows(store.path, "SELECT count(*) FROM matches") == [(3,)]
    assert rows(store.path, "SELECT count(*) FROM rating_snapshots")[0][0] > 0


def test_a_game_that_raises_is_recorded_as_an_error_excluded_from_ratings_and_retried(tmp_path):
    entries = random_entries()
    broken = entries[0].entry_id

    def seat(script, civilians: Entry, murderer: Entry, seed, client) -> SeatedAgents:
        if civilians.entry_id == broken:
            raise RuntimeError("the adapter exploded")
        return seat_entries(script, civilians, murderer, seed, client)

    store, plan = Store(db_file(tmp_path)), small_tournament(entries, games_per_pair=1)
    summary = run(plan, store, seat=seat)
    assert summary.statuses == {"error": 2, "finished": 4} and summary.remaining == 2
    errors = Reader(store.path).games(status="error")
    assert {g.civilians_entry for g in errors} == {broken}
    assert all(g.winner is None and "the adapter exploded" in (g.abort_reason or "") for g in errors)
    finished = Reader(store.path).finished_games()
    assert len(finished) == 4
    board = {row.entry: row for row in compute_leaderboard(finished)}
    assert board[broken].games_civilian == 0 and board[broken].games_murderer == 2
    retry = run(plan, store)
    assert retry.played == 2 and retry.statuses == {"finished": 2} and retry.remaining == 0
    assert rows(store.path, "SELECT status, count(*) FROM games GROUP BY 1 ORDER BY 1") == [("error", 2),
                                                                                          ("finished", 6)]


def test_the_budget_stops_new_games_and_a_rerun_with_a_larger_budget_goes_on(tmp_path):
    priced = Entry(name="priced", model="mock/player", price_input_per_mtok=100.0, price_output_per_mtok=100.0)
    plan = small_tournament([priced, random_entries(1)[0]], games_per_pair=3)
    store = Store(db_file(tmp_path))

    async def play(budget: float):
        async with ModelClient(use_cache=False) as client:
            return await run_tournament(plan, store, RunOptions(rounds=1, concurrency=1, budget_usd=budget),
                                        client=client)

    summary = asyncio.run(play(0.5))
    costs = [r[0] for r in rows(store.path, "SELECT cost_usd FROM games ORDER BY recorded_at")]
    assert summary.stopped == "budget" and 0 < summary.played < 6
    assert sum(costs) >= 0.5 > sum(costs[:-1])  # it stopped right after the game that reached the budget
    assert summary.total_cost_usd == pytest.approx(sum(costs))
    again = asyncio.run(play(0.5))
    assert again.played == 0 and again.stopped == "budget"
    rest = asyncio.run(play(1000.0))
    assert rest.played == 6 - summary.played and rest.remaining == 0


def test_games_run_concurrently(tmp_path):
    seated: list[int] = []
    everyone_in = asyncio.Event()

    class Gated:
        def __init__(self, agent):
            self.agent = agent

        async def act(self, observation):
            await everyone_in.wait()  # no game moves until three games are in flight at once
            return await self.agent.act(observation)

    def seat(script, civilians, murderer, seed, client) -> SeatedAgents:
        inner = seat_entries(script, civilians, murderer, seed, client)
        seated.append(seed)
        if len(seated) == 3:
            everyone_in.set()
        return SeatedAgents(inner.seating, {role: Gated(a) for role, a in inner.agents.items()})

    store, plan = Store(db_file(tmp_path)), small_tournament(games_per_pair=1)

    async def main():
        return await asyncio.wait_for(run_tournament(plan, store, RunOptions(rounds=1, concurrency=3), seat=seat),
                                      timeout=120)

    assert asyncio.run(main()).played == 6


def test_cancelling_the_run_records_no_game_in_flight_and_a_rerun_completes(tmp_path):
    entries = random_entries()
    stuck = entries[2].entry_id
    never = asyncio.Event()

    class Stuck:
        async def act(self, observation):
            await never.wait()

    def seat(script, civilians, murderer, seed, client) -> SeatedAgents:
        inner = seat_entries(script, civilians, murderer, seed, client)
        if stuck in (civilians.entry_id, murderer.entry_id):
            return SeatedAgents(inner.seating, {role: Stuck() for role in inner.agents})
        return inner

    store, plan = Store(db_file(tmp_path)), small_tournament(entries, games_per_pair=1)

    async def main():
        task = asyncio.current_task()
        recorder = Recorder(on_game=lambda game: len(recorder.games) == 2 and task.cancel())
        await run_tournament(plan, store, RunOptions(rounds=1, concurrency=3), seat=seat, progress=recorder)

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(main())
    recorded = rows(store.path, "SELECT status, civilians_entry, murderer_entry FROM games")
    assert len(recorded) == 2 and all(status == "finished" and stuck not in (c, m) for status, c, m in recorded)
    summary = run(plan, store)
    assert summary.played == 4 and summary.skipped_already_done == 2 and summary.remaining == 0


def test_adaptive_matches_follow_the_rule_and_resume_with_the_same_choices(tmp_path):
    store, plan = Store(db_file(tmp_path)), small_tournament(games_per_pair=1)
    first = run(plan, store, adaptive=2)
    assert first.planned == 10 and first.played == 10 and first.remaining == 0
    matches = rows(store.path, f"SELECT match_id, entry_a, entry_b FROM matches "
                               f"WHERE match_id NOT IN ({', '.join(repr(m.match_id) for m in plan.matches)})")
    assert len(matches) == 2
    per_match = Counter(r[0] for r in rows(store.path, "SELECT match_id FROM games"))
    assert all(per_match[m] == 2 for m, _, _ in matches)
    again = run(plan, store, adaptive=2)
    assert again.played == 0 and again.skipped_already_done == 6 and again.remaining == 0
    assert rows(store.path, "SELECT count(*) FROM matches") == [(5,)]
