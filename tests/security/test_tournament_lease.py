"""One live run per tournament: a second run is refused naming the holder, and a lost race is paid for.

The attacks: start a second run of a tournament while the first plays (in this process, from a live
process of this host, from another host); leave a lease behind (a run that crashed, was cancelled, or
raised); and let a run whose view of the store is stale play games another run recorded meanwhile
(the race the lease exists to prevent). Nothing here sleeps: a live holder is a child process
blocked on its stdin, a dead one is a child that has been waited for.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from arena.agents import SeatedAgents, seat_entries
from arena.cli import app
from arena.entries import Entry
from arena.errors import LeaseError
from arena.providers.client import ModelClient
from arena.store import Store
from arena.store.leases import lease_holder, take_lease
from arena.store.records import TournamentLease
from arena.tournament import RunOptions, Tournament, run_tournament
from tests.conftest import FIXTURE_CASE
from tests.tournament.helpers import Recorder, db_file, random_entries, small_tournament

runner = CliRunner()


def rows(path: Path, sql: str) -> list[tuple]:
    with duckdb.connect(str(path), read_only=True) as conn:
        return conn.execute(sql).fetchall()


def plant_lease(store: Store, tournament_id: str, pid: int, host: str | None = None) -> TournamentLease:
    """A lease row as another run would have left it."""
    lease = TournamentLease(tournament_id=tournament_id, run_id=f"other-{pid}", pid=pid,
                            host=host or socket.gethostname())
    assert take_lease(store, lease, stale=lambda _: False).taken
    return lease


@pytest.fixture
def live_pid() -> Iterator[int]:
    """The pid of a live process of this host (it ends when the test ends)."""
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    yield child.pid
    assert child.stdin is not None
    child.stdin.close()
    child.wait()


def dead_pid() -> int:
    """The pid of a process of this host that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_second_run_while_the_first_plays_is_refused_naming_its_pid_host_and_start(tmp_path):
    store, plan = Store(db_file(tmp_path)), small_tournament(games_per_pair=1)
    first_in, go = asyncio.Event(), asyncio.Event()
    second_seats: list[int] = []

    class Held:
        def __init__(self, agent):
            self.agent = agent

        async def act(self, observation):
            first_in.set()
            await go.wait()  # the first run stays live until the second has been refused
            return await self.agent.act(observation)

    def held(script, civilians, murderer, seed, client) -> SeatedAgents:
        inner = seat_entries(script, civilians, murderer, seed, client)
        return SeatedAgents(inner.seating, {role: Held(agent) for role, agent in inner.agents.items()})

    def counted(script, civilians, murderer, seed, client) -> SeatedAgents:
        second_seats.append(seed)
        return seat_entries(script, civilians, murderer, seed, client)

    async def main():
        first = asyncio.create_task(run_tournament(plan, store, RunOptions(rounds=1), seat=held))
        await first_in.wait()
        with pytest.raises(LeaseError) as refused:
            await run_tournament(plan, store, RunOptions(rounds=1), seat=counted)
        go.set()
        return str(refused.value), await asyncio.wait_for(first, timeout=120)

    message, summary = asyncio.run(main())
    assert plan.tournament_id in message and f"pid {os.getpid()}" in message
    assert f"host {socket.gethostname()}" in message and "started 20" in message
    assert second_seats == []  # refused before any game was seated
    assert summary.played == 6 and summary.discarded == 0
    assert rows(store.path, "SELECT count(*) FROM games") == [(6,)]
    assert lease_holder(store, plan.tournament_id) is None  # released when the first run ended


def test_runs_that_race_for_a_free_lease_get_it_exactly_once(tmp_path):
    store, racers = Store(db_file(tmp_path)), 8
    start = threading.Barrier(racers)
    outcomes: list[bool] = []

    def race(i: int) -> None:
        lease = TournamentLease(tournament_id="cup", run_id=f"run-{i}", pid=os.getpid(), host=socket.gethostname())
        start.wait()  # every racer reads "free" at about the same moment
        outcomes.append(take_lease(store, lease, stale=lambda _: False).taken)

    threads = [threading.Thread(target=race, args=(i,)) for i in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == [False] * (racers - 1) + [True]  # one winner, every other racer told who holds it


def test_a_live_process_of_this_host_holds_the_lease_until_it_is_dead(tmp_path, live_pid):
    store, plan = Store(db_file(tmp_path)), small_tournament(games_per_pair=1)
    plant_lease(store, plan.tournament_id, live_pid)
    with pytest.raises(LeaseError, match=f"pid {live_pid} on host"):
        asyncio.run(run_tournament(plan, store, RunOptions(rounds=1)))
    assert rows(store.path, "SELECT count(*) FROM games") == [(0,)]


def test_the_lease_of_a_dead_process_is_taken_over_with_a_note(tmp_path):
    store, plan = Store(db_file(tmp_path)), small_tournament(games_per_pair=1)
    gone = dead_pid()
    plant_lease(store, plan.tournament_id, gone)
    summary = asyncio.run(run_tournament(plan, store, RunOptions(rounds=1)))
    assert summary.played == 6
    assert summary.lease_note is not None and f"pid {gone} " in summary.lease_note and "gone" in summary.lease_note
    assert lease_holder(store, plan.tournament_id) is None
    assert asyncio.run(run_tournament(plan, store, RunOptions(rounds=1))).lease_note is None  # a free lease: no note


def test_a_lease_from_another_host_is_refused_unless_taken_over_on_purpose(tmp_path):
    store, plan = Store(db_file(tmp_path)), small_tournament(games_per_pair=1)
    plant_lease(store, plan.tournament_id, os.getpid(), host="elsewhere.invalid")
    with pytest.raises(LeaseError) as refused:
        asyncio.run(run_tournament(plan, store, RunOptions(rounds=1)))
    assert "host elsewhere.invalid" in str(refused.value) and "--take-over-lease" in str(refused.value)
    summary = asyncio.run(run_tournament(plan, store, RunOptions(rounds=1), take_over_lease=True))
    assert summary.played == 6 and "elsewhere.invalid" in (summary.lease_note or "")


class Boom(RuntimeError):
    pass


class FailingSnapshots(Store):
    """A store whose ratings snapshot fails once every game is recorded: the run ends by an exception."""

    def record_rating_snapshot(self, rows_):
        raise Boom("the snapshot could not be written")


def test_the_lease_is_released_when_the_run_ends_by_an_exception(tmp_path):
    plan = small_tournament(games_per_pair=1)
    store = FailingSnapshots(db_file(tmp_path))
    with pytest.raises(Boom):
        asyncio.run(run_tournament(plan, store, RunOptions(rounds=1)))
    assert rows(store.path, "SELECT count(*) FROM games") == [(6,)]
    assert lease_holder(store, plan.tournament_id) is None
    assert asyncio.run(run_tournament(plan, Store(store.path), RunOptions(rounds=1))).skipped_already_done == 6


def test_the_lease_is_released_when_the_run_is_cancelled(tmp_path):
    store, plan = Store(db_file(tmp_path)), small_tournament(games_per_pair=1)

    async def main():
        task = asyncio.current_task()
        assert task is not None
        await run_tournament(plan, store, RunOptions(rounds=1, concurrency=1),
                             progress=Recorder(lambda _game: task.cancel()))

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(main())
    (recorded,), = rows(store.path, "SELECT count(*) FROM games")
    assert 0 < recorded < 6  # it did end mid-run
    assert lease_holder(store, plan.tournament_id) is None
    assert asyncio.run(run_tournament(plan, store, RunOptions(rounds=1))).played == 6 - recorded


class StaleStore(Store):
    """A run whose first look at the finished plan keys came before another run recorded them (the race)."""

    looked = False

    def finished_plan_keys(self, tournament_id: str | None = None) -> set[str]:
        if not self.looked:
            self.looked = True
            return set()
        return super().finished_plan_keys(tournament_id)


def priced_plan() -> Tournament:
    priced = Entry(name="priced", model="mock/player", price_input_per_mtok=100.0, price_output_per_mtok=100.0)
    return small_tournament([priced, random_entries(1)[0]], games_per_pair=2)  # 4 games, each with a cost


def play(plan: Tournament, store: Store, budget: float | None = None):
    async def main():
        async with ModelClient(use_cache=False) as client:
            return await run_tournament(plan, store, RunOptions(rounds=1, concurrency=1, budget_usd=budget),
                                        client=client)
    return asyncio.run(main())


def test_games_lost_to_another_run_count_in_the_summary_the_cost_and_later_budgets(tmp_path):
    plan, path = priced_plan(), db_file(tmp_path)
    first = play(plan, Store(path))
    assert first.played == 4 and first.cost_usd > 0
    late = play(plan, StaleStore(path))
    assert late.played == 0 and late.discarded == 4 and late.statuses == {}
    assert late.discarded_cost_usd > 0 and late.cost_usd == pytest.approx(late.discarded_cost_usd)
    assert late.total_cost_usd == pytest.approx(first.cost_usd + late.discarded_cost_usd)
    assert rows(path, "SELECT count(*), count(DISTINCT plan_key) FROM games") == [(4, 4)]  # nothing recorded twice
    assert rows(path, "SELECT count(*) FROM discarded_games") == [(4,)]
    (calls_cost,), = rows(path, "SELECT sum(cost_usd) FROM agent_calls")
    assert calls_cost == pytest.approx(first.cost_usd + late.discarded_cost_usd)  # the paid calls are accounted
    assert Store(path).tournament_cost(plan.tournament_id) == pytest.approx(late.total_cost_usd)


def test_the_budget_counts_discarded_games_and_stops_the_losing_run(tmp_path):
    plan, path = priced_plan(), db_file(tmp_path)
    first = play(plan, Store(path))
    late = play(plan, StaleStore(path), budget=first.cost_usd * 1.0001)  # room for part of one more game
    assert late.stopped == "budget" and late.discarded == 1 and late.played == 0


def test_the_cli_refuses_a_second_run_and_names_the_holder(tmp_path, live_pid, monkeypatch):
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    db = tmp_path / "a.duckdb"
    command = ["tournament", "--entries", "builtin/random,builtin/naive", "--scripts", str(FIXTURE_CASE),
               "--rounds", "1", "--db", str(db), "--name", "cup", "--json"]
    plant_lease(Store(db), "cup", live_pid)
    refused = runner.invoke(app, command)
    assert isinstance(refused.exception, LeaseError) and f"pid {live_pid} on host" in str(refused.exception)
    assert rows(db, "SELECT count(*) FROM games") == [(0,)]


def test_the_cli_takes_over_another_hosts_lease_only_when_told(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    db = tmp_path / "a.duckdb"
    command = ["tournament", "--entries", "builtin/random,builtin/naive", "--scripts", str(FIXTURE_CASE),
               "--rounds", "1", "--db", str(db), "--name", "cup", "--json"]
    plant_lease(Store(db), "cup", 4242, host="elsewhere.invalid")
    refused = runner.invoke(app, command)
    assert isinstance(refused.exception, LeaseError) and "--take-over-lease" in str(refused.exception)
    taken = runner.invoke(app, [*command, "--take-over-lease"])
    assert taken.exit_code == 0, taken.output
    summary = json.loads(taken.stdout)
    assert summary["played"] == 2 and "pid 4242 on host elsewhere.invalid" in summary["lease_note"]
    assert lease_holder(Store(db), "cup") is None
