"""The writer: atomic games, idempotent plan keys, entry versions, accounting rows, no secrets."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from arena.entries import Entry
from arena.errors import StoreError
from arena.store import (
    AgentCallRecord,
    EntryRecord,
    GameRecord,
    MetricScoreRecord,
    QaAnswerRecord,
    QaRunRecord,
    Reader,
    ScriptRecord,
    Store,
    TournamentRecord,
    default_db_path,
    writes,
)
from tests.leaderboard.helpers import entry, events, game, new_store

ROOT = Path(__file__).resolve().parents[3]
CANARY = "sk-STORE-CANARY-0123456789abcdef"


def test_record_game_writes_the_game_and_its_events(tmp_path):
    store, (a, b, _) = new_store(tmp_path)
    assert store.record_game(game("g1", a, b, votes={"butler": "cook"}, plan_key="t1/s/1/ab"), events(5))
    reader = Reader(store.path)
    row = reader.game("g1")
    assert row is not None and row.n_events == 5 and row.winner == "civilians" and row.votes == {"butler": "cook"}
    replay = reader.events("g1")
    assert [e.seq for e in replay] == [0, 1, 2, 3, 4]
    assert replay[3].payload == {"text": "line 3", "turn": 3} and replay[3].role == "detective"


def test_events_may_be_pydantic_models_or_records_with_a_payload(tmp_path):
    class Vote(BaseModel):
        type: str = "vote"
        role: str
        target: str

    store, (a, b, _) = new_store(tmp_path)
    store.record_game(game("g1", a, b), [Vote(role="maid", target="cook"),
                                         {"seq": 7, "type": "phase", "payload": {"phase": "voting"}}])
    replay = Reader(store.path).events("g1")
    assert [(e.seq, e.type, e.role, e.payload) for e in replay] == [
        (0, "vote", "maid", {"target": "cook"}), (7, "phase", None, {"phase": "voting"})]


def test_same_plan_key_twice_is_a_no_op(tmp_path):
    store, (a, b, _) = new_store(tmp_path)
    assert store.record_game(game("g1", a, b, plan_key="k1"), events(3))
    assert not store.record_game(game("g2", a, b, winner="murderer", plan_key="k1"), events(4))
    assert not store.record_game(game("g1", a, b, plan_key="k1"), events(3))
    counts = Reader(store.path).counts()
    assert counts["games"] == 1 and counts["events"] == 3
    assert Reader(store.path).game("g2") is None


def test_an_aborted_game_does_not_claim_its_plan_key_so_a_rerun_can_retry(tmp_path):
    store, (a, b, _) = new_store(tmp_path)
    assert store.record_game(game("g1", a, b, status="aborted", plan_key="k1", abort_reason="api_error"), events(2))
    assert store.finished_plan_keys() == set()
    assert store.record_game(game("g2", a, b, plan_key="k1"), events(3))
    assert store.finished_plan_keys() == {"k1"}
    aborted = Reader(store.path).game("g1")
    assert aborted is not None and aborted.plan_key is None and aborted.planned_key == "k1"
    assert [g.game_id for g in store.finished_games()] == ["g2"]


def test_finished_plan_keys_per_tournament(tmp_path):
    store, (a, b, _) = new_store(tmp_path)
    store.record_game(game("g1", a, b, plan_key="t1:1", tournament_id="t1"), [])
    store.record_game(game("g2", b, a, plan_key="t2:1", tournament_id="t2"), [])
    assert store.finished_plan_keys("t1") == {"t1:1"}
    assert Reader(store.path).finished_plan_keys("t2") == {"t2:1"}
    assert Reader(store.path).finished_plan_keys() == {"t1:1", "t2:1"}


def test_a_failure_mid_write_records_nothing(tmp_path, monkeypatch):
    store, (a, b, _) = new_store(tmp_path)
    real = writes.write_events

    def half_then_fail(conn, game_id, stored):
        real(conn, game_id, stored[: len(stored) // 2])
        raise RuntimeError("disk full")

    monkeypatch.setattr(writes, "write_events", half_then_fail)
    with pytest.raises(RuntimeError, match="disk full"):
        store.record_game(game("g1", a, b, plan_key="k1"), events(10))
    counts = Reader(store.path).counts()
    assert counts["games"] == 0 and counts["events"] == 0
    monkeypatch.setattr(writes, "write_events", real)
    assert store.record_game(game("g1", a, b, plan_key="k1"), events(10))
    assert Reader(store.path).counts()["events"] == 10


def test_a_process_killed_mid_transaction_leaves_no_half_game(tmp_path):
    store, (a, b, _) = new_store(tmp_path)
    code = textwrap.dedent(f"""
        import os
        from arena.store import writes, Store
        from tests.leaderboard.helpers import events, game
        real = writes.write_events
        def die_halfway(conn, game_id, stored):
            real(conn, game_id, stored[:5])
            os._exit(9)
        writes.write_events = die_halfway
        Store({str(store.path)!r}).record_game(game("g1", {a!r}, {b!r}, plan_key="k1"), events(10))
    """)
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 9, result.stderr
    counts = Reader(store.path).counts()
    assert counts["games"] == 0 and counts["events"] == 0
    assert store.record_game(game("g1", a, b, plan_key="k1"), events(10))


def test_games_must_name_registered_entries(tmp_path):
    store, (a, _, _) = new_store(tmp_path)
    with pytest.raises(StoreError, match="unknown entries"):
        store.record_game(game("g1", a, "mock/ghost@0000000000"), events(2))
    assert Reader(store.path).counts()["games"] == 0


def test_a_winner_needs_a_finished_game():
    fields = game("g1", "a", "b").model_dump()
    with pytest.raises(ValidationError, match="winner 'murderer' given but status is 'aborted'"):
        GameRecord(**{**fields, "status": "aborted", "winner": "murderer"})
    assert GameRecord(**{**fields, "status": "finished", "winner": None}).winner is None


def test_entry_versions_and_deprecation(tmp_path):
    store = Store(tmp_path / "arena.duckdb")
    v1, v1_again, v2 = entry("gpt", temperature=0.0), entry("gpt", temperature=0.0), entry("gpt", temperature=0.7)
    assert v1.entry_id == v1_again.entry_id != v2.entry_id
    assert store.upsert_entry(v1) == 1
    assert store.upsert_entry(v1_again) == 1
    assert store.upsert_entry(v2) == 2
    rows = {e.entry_id: e for e in Reader(store.path).entries()}
    assert len(rows) == 2 and rows[v1.entry_id].deprecated and not rows[v2.entry_id].deprecated
    assert [e.entry_id for e in Reader(store.path).entries(include_deprecated=False)] == [v2.entry_id]
    store.deprecate_entry(v2.entry_id)
    assert Reader(store.path).entries(include_deprecated=False) == []
    with pytest.raises(StoreError, match="no entry"):
        store.deprecate_entry("mock/none@0")


def test_entry_from_the_arena_entry_keeps_its_id_and_never_its_key(tmp_path, monkeypatch):
    monkeypatch.setenv("MY_GPT_KEY", CANARY)
    arena_entry = Entry(name="my-gpt", model="openai/gpt-4o", temperature=0.2, api_key_env="MY_GPT_KEY")
    record = EntryRecord.from_entry(arena_entry)
    assert record.entry_id == arena_entry.entry_id and record.provider == "openai" and record.model == "gpt-4o"
    store = Store(tmp_path / "arena.duckdb")
    store.upsert_entry(record)
    (stored,) = Reader(store.path).entries()
    assert stored.settings["temperature"] == 0.2 and "api_key_env" not in stored.settings
    assert CANARY.encode() not in store.path.read_bytes()


@pytest.mark.parametrize("settings", [
    {"api_key": "abc"},
    {"options": {"headers": {"Authorization": "Bearer abc"}}},
    {"options": {"extra": [{"token": "abc"}]}},
    {"options": {"note": CANARY}},
])
def test_settings_with_credentials_are_rejected(settings):
    with pytest.raises(StoreError, match="refusing to store credentials"):
        EntryRecord(name="x", provider="openai", model="gpt-4o", settings=settings)


def test_variable_names_and_token_limits_are_not_secrets():
    record = EntryRecord(name="x", provider="openai", model="gpt-4o",
                         settings={"api_key_env": "OPENAI_API_KEY", "max_tokens": 512})
    assert record.settings["max_tokens"] == 512


def test_configs_with_credentials_are_rejected():
    with pytest.raises(StoreError, match=r"config\.providers\.openai\.api_key"):
        TournamentRecord(tournament_id="t1", config={"providers": {"openai": {"api_key": CANARY}}})
    with pytest.raises(StoreError):
        QaRunRecord(run_id="r1", entry_id="e", config={"secret": "x"})


def test_accounting_rows_are_appended_and_summarised(tmp_path):
    store, (a, b, _) = new_store(tmp_path)
    store.record_game(game("g1", a, b, winner="murderer"), events(2))
    assert store.record_agent_calls([
        AgentCallRecord(game_id="g1", entry_id=a, role="maid", kind="act", status="ok", latency_ms=100.0,
                        prompt_tokens=90, completion_tokens=10, cost_usd=0.01),
        AgentCallRecord(game_id="g1", entry_id=a, role="maid", kind="vote", status="parse_error", latency_ms=300.0,
                        prompt_tokens=50, completion_tokens=5, cost_usd=0.005),
        AgentCallRecord(game_id="g1", entry_id=a, role="maid", kind="act", status="ok", latency_ms=1.0,
                        cached=True)]) == 3
    assert store.record_qa_run(QaRunRecord(run_id="r1", entry_id=a, config={"suites": ["lsu"]}))
    assert not store.record_qa_run(QaRunRecord(run_id="r1", entry_id=a))
    store.record_qa_answers([QaAnswerRecord(run_id="r1", entry_id=a, script_id="s", question_id="q1", suite="lsu",
                                            predicted="B", correct=True)])
    store.record_metric_scores([MetricScoreRecord(game_id="g1", entry_id=a, metric="spc", value=50.0,
                                                  judge="lexical", judge_label="offline", details={"covered": 1})])
    assert store.record_tournament(TournamentRecord(tournament_id="t1", config={"rounds": 3}))
    assert not store.record_tournament(TournamentRecord(tournament_id="t1"))
    assert store.record_script(ScriptRecord(script_id="s", content_hash="h", title="S", n_roles=3))
    assert not store.record_script(ScriptRecord(script_id="s", content_hash="h", title="S", n_roles=3))
    counts = Reader(store.path).counts()
    assert (counts["agent_calls"], counts["qa_answers"], counts["metric_scores"], counts["tournaments"],
            counts["scripts"]) == (3, 1, 1, 1, 1)
    stats = {s.entry_id: s for s in Reader(store.path).entry_stats()}
    assert stats[a].calls == 3 and stats[a].failed_calls == 1 and stats[a].tokens == 155
    assert stats[a].cost_usd == pytest.approx(0.015) and stats[a].mean_latency_ms == pytest.approx(200.0)
    assert stats[a].games == 1 and stats[a].wins == 0 and stats[b].wins_murderer == 1


def test_default_path_comes_from_arena_db_then_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARENA_DB", raising=False)
    assert default_db_path() == Path("arena.duckdb")
    monkeypatch.setenv("ARENA_DB", str(tmp_path / "env.duckdb"))
    assert default_db_path() == tmp_path / "env.duckdb"
    assert default_db_path(tmp_path / "x.duckdb") == tmp_path / "x.duckdb"
    Store()
    assert (tmp_path / "env.duckdb").is_file() and not os.path.exists(tmp_path / "arena.duckdb")
