"""A person's seat: start, act (validated by the engine), reload from the store, finish and record, refusals."""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from arena.engine import observe, replay
from arena.engine.actions import Decision
from arena.engine.events import ENGINE_EVENT_TYPES
from arena.entries import Entry, builtin_entries
from arena.errors import GameError, StoreError
from arena.providers.messages import Request
from arena.providers.mock import player_reply, register_responder
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from arena.store import Reader
from arena.store.sessions import SessionLog, human_entry_id, is_human
from arena.tournament.human_seat import Finished, HumanSeat, Paused, SeatSpec, advance, load_case, new_spec
from leaderboard.ratings.board import compute_leaderboard
from tests.conftest import FIXTURE_CASE

ENTRIES = builtin_entries()
NAIVE, RANDOM = ENTRIES["builtin/naive"], ENTRIES["builtin/random"]


@pytest.fixture
def case(monkeypatch: pytest.MonkeyPatch) -> Script:
    monkeypatch.setenv("ARENA_SCRIPTS", str(FIXTURE_CASE.parent))
    return load_script(FIXTURE_CASE)


def a_move(decision: Decision) -> dict[str, Any]:
    """A legal move a person could make through the page's forms."""
    kind = decision.kind.value
    if kind == "introduce":
        return {"introduction": "I am the gardener and I was in the study."}
    if kind == "answer":
        return {"answer": "I was in the study with Basil."}
    if kind == "reason":
        return {"suspect": "rowan", "method": "a clay pot", "motive": "credit for the orchid"}
    if kind == "vote":
        return {"vote": "rowan"}
    if decision.locations:
        return {"speech": "Let me look around.", "action": "investigate", "location": decision.locations[0]}
    return {"speech": "A question.", "action": "ask", "target": decision.targets[0], "question": "Where were you?"}


def step_of(seat: HumanSeat, session_id: str) -> tuple[SeatSpec, Paused | Finished]:
    spec, moves, _ = seat.spec(session_id)
    return spec, asyncio.run(advance(spec, load_case(spec), moves))


def play_out(seat: HumanSeat, session_id: str) -> tuple[int, SeatSpec, Finished]:
    """Act until the game ends (reloading the session from the store before every move)."""
    for count in itertools.count():
        spec, step = step_of(seat, session_id)
        if isinstance(step, Finished):
            return count, spec, step
        assert seat.act(session_id, step, a_move(step.observation.decision))  # type: ignore[arg-type]
    raise AssertionError("unreachable")


def started(tmp_path: Path, case: Script, role: str = "fern", opponents: Entry = NAIVE,
            teammates: Entry = RANDOM) -> tuple[HumanSeat, str]:
    seat = HumanSeat(SessionLog(tmp_path / "arena.duckdb"))
    return seat, seat.start(new_spec("Ada Lovelace", case, role, opponents, teammates, seed=5, rounds=2))


def test_start_pauses_at_the_persons_first_decision_with_what_the_role_may_see(tmp_path: Path, case: Script) -> None:
    seat, session_id = started(tmp_path, case)
    spec, step = step_of(seat, session_id)
    assert spec.player == "human/Ada_Lovelace" and spec.role == "fern"
    assert isinstance(step, Paused) and step.moves_used == 0
    obs = step.observation
    assert obs.role == "fern" and obs.decision is not None and obs.decision.kind.value == "introduce"
    assert obs == observe(step.state, "fern")  # the page shows exactly the engine's observation
    shown = obs.model_dump_json()
    assert case.role("fern").script in shown
    assert case.role("rowan").script not in shown and case.truth.motive not in shown
    assert "c_voices" in {c.id for c in obs.clues} and "c_note" not in {c.id for c in obs.clues}


def test_illegal_moves_are_refused_and_nothing_is_stored(tmp_path: Path, case: Script) -> None:
    seat, session_id = started(tmp_path, case)
    _, step = step_of(seat, session_id)
    assert isinstance(step, Paused)
    with pytest.raises(GameError, match="parse_error"):
        seat.act(session_id, step, {"vote": "rowan"})
    assert seat.spec(session_id)[1] == []
    assert seat.act(session_id, step, {"introduction": "Hello."})
    assert not seat.act(session_id, step, {"introduction": "Hello again."})  # a second submit of the same turn
    assert [m["introduction"] for m in seat.spec(session_id)[1]] == ["Hello."]
    while isinstance(step, Paused) and step.observation.decision.kind.value != "discuss":  # type: ignore[union-attr]
        seat.act(session_id, step, a_move(step.observation.decision))  # type: ignore[arg-type]
        _, step = step_of(seat, session_id)
    assert isinstance(step, Paused)
    for bad, status in (({"speech": "x", "action": "investigate", "location": "cellar"}, "invalid_action"),
                        ({"speech": "x", "action": "ask", "target": "fern", "question": "?"}, "invalid_action"),
                        ({"speech": "x", "action": "dance"}, "invalid_action")):
        with pytest.raises(GameError, match=status):
            seat.act(session_id, step, bad)
    assert len(seat.spec(session_id)[1]) == step.moves_used


def test_a_reload_recovers_the_game_from_the_store(tmp_path: Path, case: Script) -> None:
    seat, session_id = started(tmp_path, case)
    for thinking_ms in (2500.0, 0.0, 700.0):
        _, step = step_of(seat, session_id)
        assert isinstance(step, Paused)
        seat.act(session_id, step, a_move(step.observation.decision), thinking_ms)  # type: ignore[arg-type]
    _, before = step_of(seat, session_id)
    _, after = step_of(HumanSeat(SessionLog(tmp_path / "arena.duckdb")), session_id)  # a new process, same store
    assert isinstance(before, Paused) and isinstance(after, Paused)
    assert after.moves_used == before.moves_used == 3
    assert after.observation.fingerprint() == before.observation.fingerprint()
    engine = [[e.model_dump() for e in step.events if e.type in ENGINE_EVENT_TYPES]  # type: ignore[attr-defined]
              for step in (before, after)]
    assert engine[0] and engine[0] == engine[1]  # built-in agents play the same again for the same seed
    latencies = [t.latency_ms for t in after.timings if t.role == "fern"]  # telemetry, apart from the event log
    assert len(latencies) == 3 and 2500 <= latencies[0] < 3500 and latencies[1] < 1000 and 700 <= latencies[2] < 1700


def test_the_finished_game_is_recorded_and_rated_as_human(tmp_path: Path, case: Script) -> None:
    seat, session_id = started(tmp_path, case)
    moves, spec, finished = play_out(seat, session_id)
    assert moves >= 4
    game_id = seat.finish(session_id, spec, case, finished)
    assert seat.finish(session_id, spec, case, finished) == game_id  # idempotent
    reader = Reader(tmp_path / "arena.duckdb")
    games = reader.games()
    assert [g.game_id for g in games] == [game_id]
    game = games[0]
    assert (game.civilians_entry, game.murderer_entry) == ("human/Ada_Lovelace", NAIVE.entry_id)
    assert game.status == "finished" and game.winner == finished.result.outcome.winner
    entry = next(e for e in reader.entries() if e.entry_id == "human/Ada_Lovelace")
    assert entry.provider == "human" and is_human(entry.entry_id) and not is_human(NAIVE.entry_id)
    replay(finished.result.events, case)  # the log verifies like any other
    assert seat.spec(session_id)[2] == game_id and SessionLog(tmp_path / "arena.duckdb").open_sessions(
        "human/Ada_Lovelace") == []
    rated = {row.entry: row for row in compute_leaderboard(reader.finished_games())}
    assert rated["human/Ada_Lovelace"].games == 1 and rated["human/Ada_Lovelace"].sigma < 25 / 3  # rated


def test_teammates_play_the_other_roles_of_the_persons_side_and_pay_their_calls(tmp_path: Path, case: Script) -> None:
    seat, session_id = started(tmp_path, case, role="fern", opponents=NAIVE, teammates=RANDOM)
    _, spec, finished = play_out(seat, session_id)
    game_id = seat.finish(session_id, spec, case, finished)
    import duckdb

    with duckdb.connect(str(tmp_path / "arena.duckdb"), read_only=True) as conn:
        rows = dict(conn.execute("SELECT DISTINCT role, entry_id FROM agent_calls WHERE game_id = ?",
                                 [game_id]).fetchall())
    assert rows == {"fern": "human/Ada_Lovelace", "basil": RANDOM.entry_id, "rowan": NAIVE.entry_id}


def test_the_person_may_take_the_murderers_seat(tmp_path: Path, case: Script) -> None:
    seat, session_id = started(tmp_path, case, role="rowan", opponents=RANDOM)
    _, spec, finished = play_out(seat, session_id)
    assert finished.result.final_state.seating.murderer == "human/Ada_Lovelace"
    assert finished.result.final_state.seating.civilians == RANDOM.entry_id


def test_a_replay_that_diverges_from_the_persons_moves_stops_with_an_error(tmp_path: Path, case: Script) -> None:
    seat, session_id = started(tmp_path, case)
    seat.log.add_move(session_id, 0, {"vote": "rowan", "_kind": "vote"})  # stored as if answering a vote
    spec, moves, _ = seat.spec(session_id)
    with pytest.raises(GameError, match="did not repeat"):
        asyncio.run(advance(spec, case, moves))


def test_model_entries_replay_from_the_response_cache(tmp_path: Path, case: Script,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    calls = itertools.count()

    def fickle(request: Request) -> str:  # a model that never answers the same way twice
        reply = json.loads(player_reply(request))
        return json.dumps({**reply, **({"speech": f"take {next(calls)}"} if "speech" in reply else {})})

    register_responder("fickle", fickle)
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    model = Entry(name="fickle", model="mock/fickle", options={"cacheable": True})
    seat, session_id = started(tmp_path, case, opponents=model, teammates=model)
    for _ in range(4):
        _, step = step_of(seat, session_id)
        assert isinstance(step, Paused)
        seat.act(session_id, step, a_move(step.observation.decision))  # type: ignore[arg-type]
    _, first = step_of(seat, session_id)
    _, again = step_of(seat, session_id)
    assert isinstance(first, Paused) and isinstance(again, Paused)
    assert any(line.text.startswith("take ") for line in first.observation.transcript)
    assert again.observation.transcript == first.observation.transcript


def test_names_and_unknown_sessions_get_clear_errors(tmp_path: Path, case: Script) -> None:
    assert human_entry_id("  Ada   Lovelace ") == "human/Ada_Lovelace"
    for bad in ("", "../x", "a" * 41, "<b>"):
        with pytest.raises(StoreError, match="player name"):
            human_entry_id(bad)
    with pytest.raises(GameError, match="no role"):
        new_spec("Ada", case, "nobody", NAIVE, NAIVE, seed=1)
    with pytest.raises(GameError, match="no play session"):
        HumanSeat(SessionLog(tmp_path / "missing.duckdb")).spec("nope")
    assert not (tmp_path / "missing.duckdb").exists()  # reading never creates a database


def test_model_calls_answered_by_the_cache_are_recorded_at_their_price(tmp_path: Path, case: Script,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    model = Entry(name="priced", model="mock/player", options={"cacheable": True}, price_input_per_mtok=1.0,
                  price_output_per_mtok=4.0)
    seat, session_id = started(tmp_path, case, opponents=model, teammates=model)
    _, spec, finished = play_out(seat, session_id)
    logged = sum(e.cost_usd or 0.0 for e in finished.result.events if e.type == "agent_call")  # type: ignore[attr-defined]
    game_id = seat.finish(session_id, spec, case, finished)
    import duckdb

    with duckdb.connect(str(tmp_path / "arena.duckdb"), read_only=True) as conn:
        calls = conn.execute("SELECT prompt_tokens, completion_tokens, cost_usd FROM agent_calls WHERE game_id = ? "
                             "AND entry_id = ?", [game_id, model.entry_id]).fetchall()
    priced = sum((p * 1.0 + c * 4.0) / 1e6 for p, c, _ in calls)
    assert calls and sum(cost for *_, cost in calls) == pytest.approx(priced)
    assert Reader(tmp_path / "arena.duckdb").game(game_id).cost_usd == pytest.approx(priced)  # type: ignore[union-attr]
    assert logged < priced  # the final replay was answered (at no cost) by the cache
