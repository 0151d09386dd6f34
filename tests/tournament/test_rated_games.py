"""What a tournament records for the ratings: plan order whatever the concurrency, and per-side forfeits
by cause, with games that lost decisions to provider failures left unrated and replayed by a rerun."""

from __future__ import annotations

import asyncio

import numpy as np

from arena.agents import SeatedAgents, seat_entries
from arena.agents.base import AgentFailure
from arena.entries import Entry
from arena.store import Reader, Store
from arena.tournament import RunOptions, run_tournament
from arena.tournament.plan import games_of
from leaderboard.ratings.board import compute_board
from tests.tournament.helpers import db_file, random_entries, small_tournament


def board_of(path, **options):
    return compute_board(Reader(path).game_log(), bootstrap_rounds=20, rng=np.random.default_rng(1), **options)


class Slow:
    """Yields to the event loop `turns` times before each move: games of a seed take longer than others,
    so at concurrency 8 they finish out of plan order (no clock involved)."""

    def __init__(self, agent, turns: int) -> None:
        self.agent, self.turns = agent, turns

    async def act(self, observation):
        for _ in range(self.turns):
            await asyncio.sleep(0)
        return await self.agent.act(observation)


def slow_seat(script, civilians: Entry, murderer: Entry, seed, client) -> SeatedAgents:
    inner = seat_entries(script, civilians, murderer, seed, client)
    turns = (seed + len(civilians.entry_id + murderer.entry_id) * (civilians.entry_id > murderer.entry_id)) % 40
    return SeatedAgents(inner.seating, {role: Slow(agent, turns) for role, agent in inner.agents.items()})


def finish_order_board(games):
    """The board as it was fed before: by finish time, without plan positions."""
    by_time = [{"game_id": g.game_id, "civilians_entry": g.civilians_entry, "murderer_entry": g.murderer_entry,
                "winner": g.winner, "finished_at": g.finished_at} for g in games]
    return compute_board(by_time, bootstrap_rounds=0)


def test_one_plan_at_concurrency_1_and_8_gives_identical_boards(tmp_path):
    plan = small_tournament(random_entries(4), games_per_pair=2)
    boards, finished, by_time = [], [], []
    for concurrency in (1, 8):
        path = tmp_path / f"c{concurrency}.duckdb"
        asyncio.run(run_tournament(plan, Store(path), RunOptions(rounds=1, concurrency=concurrency), seat=slow_seat,
                                   snapshot=False))
        games = Reader(path).game_log()
        assert len(games) == 24 and all(g.status == "finished" for g in games)
        assert [g.plan_position for g in games] == list(range(24))  # read back in plan order
        finished.append([g.plan_position for g in sorted(games, key=lambda g: g.finished_at)])
        boards.append(board_of(path))
        by_time.append([r.mu for r in finish_order_board(games).rows])
    assert finished[0] == list(range(24)) != finished[1]  # at concurrency 8 games finished out of plan order
    assert by_time[0] != by_time[1]  # so TrueSkill fed by finish time would differ
    assert boards[0].rows == boards[1].rows and boards[0].summary() == boards[1].summary()
    assert {r.mu for r in boards[0].rows} != {25.0}  # the games moved the ratings


class Flaky:
    """Plays like the wrapped agent but its provider fails on every vote while `broken` is set."""

    broken = True

    def __init__(self, agent) -> None:
        self.agent = agent

    async def act(self, observation):
        if Flaky.broken and observation.decision.kind == "vote":
            raise AgentFailure("api_error", "HTTP 500 from the provider")
        return await self.agent.act(observation)


def flaky_seat(entry_id: str):
    def seat(script, civilians: Entry, murderer: Entry, seed, client) -> SeatedAgents:
        inner = seat_entries(script, civilians, murderer, seed, client)
        if civilians.entry_id != entry_id:
            return inner
        return SeatedAgents(inner.seating, {role: Flaky(agent) if role != "rowan" else agent
                                            for role, agent in inner.agents.items()})
    return seat


def test_provider_forfeits_are_recorded_unrated_and_replayed_by_a_rerun(tmp_path):
    entries = random_entries(3)
    faulty = entries[0].entry_id
    store, plan = Store(db_file(tmp_path)), small_tournament(entries, games_per_pair=1)
    Flaky.broken = True
    first = asyncio.run(run_tournament(plan, store, RunOptions(rounds=1), seat=flaky_seat(faulty)))
    assert first.played == 6 and first.remaining == 2  # faulty's two games as civilians do not claim their keys
    games = Reader(store.path).game_log()
    tainted = [g for g in games if g.provider_forfeits]
    assert {g.civilians_entry for g in tainted} == {faulty} and len(tainted) == 2
    for g in tainted:  # the two civilian voters lost their votes to the provider; not the model's fault
        assert (g.status, g.civilians_provider_forfeits, g.civilians_own_forfeits) == ("finished", 2, 0)
        assert g.murderer_provider_forfeits == 0 and g.civilians_decisions > g.civilians_provider_forfeits
    board = board_of(store.path)
    assert board.rated_games == 4 and board.excluded_games == 2
    row = next(r for r in board.rows if r.entry == faulty)
    assert (row.games_civilian, row.unrated_games, row.provider_forfeits) == (0, 2, 4)
    assert row.provider_failure_rate == 4 / row.decisions and row.forfeit_rate == row.provider_failure_rate
    included = board_of(store.path, include_provider_failures=True)
    assert included.rated_games == 6 and included.excluded_games == 0

    Flaky.broken = False
    second = asyncio.run(run_tournament(plan, store, RunOptions(rounds=1), seat=flaky_seat(faulty)))
    assert (second.played, second.skipped_already_done, second.remaining) == (2, 4, 0)
    assert len(Reader(store.path).game_log()) == 8  # the failed attempts stay recorded
    for options in ({}, {"include_provider_failures": True}):
        replayed = board_of(store.path, **options)  # each planned game counts once: the clean replay
        assert (replayed.rated_games, replayed.excluded_games) == (6, 0)
        assert next(r for r in replayed.rows if r.entry == faulty).games == 4
    keys = [g.plan_key for g in games_of(plan.matches)]
    assert Reader(store.path).finished_plan_keys(plan.tournament_id) == set(keys)


class BadVoter:
    """Plays like the wrapped agent but answers its vote with prose: the model's own fault (parse_error)."""

    def __init__(self, agent) -> None:
        self.agent = agent

    async def act(self, observation):
        if observation.decision.kind == "vote":
            return "I vote for whoever seems most suspicious, obviously."
        return await self.agent.act(observation)


def test_own_faults_are_counted_apart_and_the_game_stays_rated(tmp_path):
    entries = random_entries(2)
    clumsy = entries[0].entry_id

    def seat(script, civilians: Entry, murderer: Entry, seed, client) -> SeatedAgents:
        inner = seat_entries(script, civilians, murderer, seed, client)
        if civilians.entry_id != clumsy:
            return inner
        return SeatedAgents(inner.seating, {r: BadVoter(a) if r == "fern" else a for r, a in inner.agents.items()})

    store, plan = Store(db_file(tmp_path)), small_tournament(entries, games_per_pair=1)
    summary = asyncio.run(run_tournament(plan, store, RunOptions(rounds=1), seat=seat))
    assert (summary.played, summary.remaining) == (2, 0)  # own faults do not send a game back to be replayed
    game = next(g for g in Reader(store.path).game_log() if g.civilians_entry == clumsy)
    assert (game.civilians_own_forfeits, game.civilians_provider_forfeits, game.murderer_own_forfeits) == (1, 0, 0)
    row = next(r for r in board_of(store.path).rows if r.entry == clumsy)
    assert row.games == 2 and row.forfeit_rate == 1 / row.decisions and row.provider_failure_rate == 0.0
