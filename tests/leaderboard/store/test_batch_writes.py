"""`Store.record_games`: many games over one connection, each in its own transaction."""

from __future__ import annotations

import duckdb
import pytest

from arena.errors import StoreError
from arena.store import Store
from tests.leaderboard.helpers import events, game, new_store


def test_a_batch_writes_each_game_once_and_a_bad_game_keeps_only_itself_out(tmp_path):
    store, (a, b, _) = new_store(tmp_path)
    outcomes = store.record_games([
        (game("g1", a, b, plan_key="k1"), events(3), []),
        (game("g2", a, "nobody", plan_key="k2"), events(2), []),  # an unknown entry: this game only
        (game("g3", a, b, plan_key="k1", minute=1), events(4), []),  # same plan key as g1: already recorded
        (game("g4", b, a, plan_key="k4"), events(5), []),
    ])
    assert outcomes[0] is True and outcomes[2] is False and outcomes[3] is True
    assert isinstance(outcomes[1], StoreError) and "unknown entries" in str(outcomes[1])
    with duckdb.connect(str(store.path), read_only=True) as conn:
        games = conn.execute("SELECT game_id, n_events FROM games ORDER BY game_id").fetchall()
        counted = conn.execute("SELECT game_id, count(*) FROM events GROUP BY game_id ORDER BY game_id").fetchall()
    assert games == [("g1", 3), ("g4", 5)] and counted == [("g1", 3), ("g4", 5)]  # never half a game
    assert store.finished_plan_keys() == {"k1", "k4"}


def test_a_batch_checks_ids_against_the_file_and_within_itself(tmp_path):
    store, (a, b, _) = new_store(tmp_path)
    assert store.record_game(game("g0", a, b, plan_key="k0"), events(1))
    outcomes = store.record_games([
        (game("g0", a, b, plan_key="k9"), events(2), []),  # id on file
        (game("g1", a, b, plan_key="k0", minute=1), events(2), []),  # plan key on file
        (game("g2", a, b, plan_key="k2"), events(2), []),
        (game("g2", b, a, plan_key="k3"), events(2), []),  # id earlier in the batch
        (game("g4", a, b, status="aborted", plan_key="k2"), events(3), []),  # unfinished: plan key not claimed
    ])
    assert outcomes == [False, False, True, False, True]
    with duckdb.connect(str(store.path), read_only=True) as conn:
        rows = conn.execute("SELECT game_id, plan_key, planned_key, n_events FROM games ORDER BY game_id").fetchall()
        counted = conn.execute("SELECT count(*) FROM events").fetchone()
    assert rows == [("g0", "k0", "k0", 1), ("g2", "k2", "k2", 2), ("g4", None, "k2", 3)] and counted == (6,)


def test_a_batch_that_fails_as_a_whole_is_written_game_by_game(tmp_path, monkeypatch):
    store, (a, b, _) = new_store(tmp_path)
    real = Store._insert_games

    def refuse_bad(conn, games):  # a fault only the game "bad" causes, found inside the batch's transaction
        real(conn, games)
        if any(g.game_id == "bad" for g, _, _ in games):
            raise StoreError("bad row")

    monkeypatch.setattr(Store, "_insert_games", staticmethod(refuse_bad))
    outcomes = store.record_games([(game(g, a, b, plan_key=g), events(2), []) for g in ("g1", "bad", "g3")])
    assert outcomes[0] is True and outcomes[2] is True and isinstance(outcomes[1], StoreError)
    with duckdb.connect(str(store.path), read_only=True) as conn:
        rows = conn.execute("SELECT game_id FROM games ORDER BY game_id").fetchall()
        counted = conn.execute("SELECT count(*) FROM events").fetchone()
    assert rows == [("g1",), ("g3",)] and counted == (4,)  # the failed batch left nothing behind


def test_engine_events_are_stored_as_their_json_dump_would_be():
    from arena.engine.events import AgentCall, Utterance
    from arena.store.records import canonical_json
    from arena.store.writes import to_event

    events = [Utterance(role="butler", phase="discussion", round=1, text="«Non» — 中文 \u2028 \"q\""),
              AgentCall(role="butler", decision="discuss", round=1, attempt=1, status="ok", input_tokens=3,
                        output_tokens=None, cost_usd=0.1 + 0.2, cached=False, cached_prompt_tokens=None)]
    for index, event in enumerate(events):
        from_model, from_dump = to_event(event, index), to_event(event.model_dump(mode="json"), index)
        assert from_model == from_dump and canonical_json(from_model.payload) == canonical_json(from_dump.payload)
    assert to_event(events[0], 0).payload["text"] == events[0].text and to_event(events[1], 1).role == "butler"


def test_a_model_event_with_a_bad_header_is_refused_like_any_other():
    from pydantic import BaseModel

    from arena.store.writes import to_event

    class Odd(BaseModel):
        type: str = ""
        role: str | None = None

    with pytest.raises(StoreError, match="event 2"):
        to_event(Odd(), 2)
    assert to_event(Odd(type="speech", role="butler"), 3).model_dump() == {
        "seq": 3, "type": "speech", "role": "butler", "payload": {}}
