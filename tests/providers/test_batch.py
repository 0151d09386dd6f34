"""`arena qa --batch` through the real openai and anthropic SDKs against loopback batch endpoints."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import duckdb
import pytest

from arena.app.judge_batch import score_with_batch
from arena.app.qa_batch import run_qa_batch
from arena.coe.cases import CaseIndex
from arena.coe.qa_run import QaConfig, run_id_for, suites_for
from arena.entries import builtin_entries
from arena.errors import ConfigError
from arena.providers.batch import BatchState
from arena.scripts.loader import load_script
from arena.store import Store
from tests.coe.conftest import record_played_game
from tests.conftest import FIXTURE_CASE
from tests.providers.conftest import entry
from tests.providers.fake_api import FakeAPI
from tests.providers.fake_batches import FakeBatches, FakeGeminiBatches, FakeMessageBatches


def QUIET(line: str) -> None:  # noqa: N802 - the batch's progress lines, not printed
    del line

CONFIG = QaConfig(suites=suites_for("all"), mode="direct")


class Polls:
    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture(autouse=True)
def _batch_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_BATCH_DIR", str(tmp_path / "batches"))


async def test_a_qa_run_goes_up_as_one_batch_and_every_answer_is_stored(fake_api: FakeAPI, make_client: Any,
                                                                         tmp_path: Path) -> None:
    batches = FakeBatches(polls_before_done=2)
    fake_api.responder = batches
    gpt, cases = entry("openai/gpt-4o", fake_api), [load_script(FIXTURE_CASE)]
    store, polls = Store(tmp_path / "a.duckdb"), Polls()
    result = await run_qa_batch(store, gpt, cases, CONFIG, make_client(use_cache=False), QUIET,
                                poll_s=5, sleep=polls)
    assert result.asked == 5 and batches.created == 1 and polls.waits == [5, 5]
    assert fake_api.count("/v1/chat/completions") == 0, "nothing went through the live endpoint"
    with duckdb.connect(str(store.path), read_only=True) as conn:
        rows = conn.execute("SELECT status, tokens FROM qa_answers").fetchall()
    assert len(rows) == 5 and all(status == "ok" and tokens == 1200 for status, tokens in rows)
    assert not BatchState(result.run_id).path.exists(), "the state file goes once the results are stored"


async def test_a_rerun_polls_the_stored_batch_instead_of_submitting_again(fake_api: FakeAPI, make_client: Any,
                                                                          tmp_path: Path) -> None:
    batches = FakeBatches(polls_before_done=0)
    fake_api.responder = batches
    gpt, cases = entry("openai/gpt-4o", fake_api), [load_script(FIXTURE_CASE)]
    store, client = Store(tmp_path / "a.duckdb"), make_client(use_cache=False)
    first_id = await client.adapter(gpt)._client.batches.create(  # a batch submitted by an interrupted run
        input_file_id=(await client.adapter(gpt)._client.files.create(
            file=("b.jsonl", b'{"custom_id": "x", "body": {}}'), purpose="batch")).id,
        endpoint="/v1/chat/completions", completion_window="24h")
    BatchState(run_id_for(gpt, cases, CONFIG)).save(first_id.id, "openai")
    result = await run_qa_batch(store, gpt, cases, CONFIG, client, QUIET, sleep=Polls())
    assert batches.created == 1 and result.asked == 0, "the stored batch was polled; its ids match no question"
    again = await run_qa_batch(store, gpt, cases, CONFIG, client, QUIET, sleep=Polls())
    assert batches.created == 2 and again.asked == 5


async def test_anthropic_message_batches(fake_api: FakeAPI, make_client: Any, tmp_path: Path) -> None:
    batches = FakeMessageBatches(polls_before_done=1)
    fake_api.responder = batches
    claude, cases = entry("anthropic/claude-3-5-sonnet", fake_api), [load_script(FIXTURE_CASE)]
    store, polls = Store(tmp_path / "a.duckdb"), Polls()
    result = await run_qa_batch(store, claude, cases, CONFIG, make_client(use_cache=False), QUIET,
                                poll_s=7, sleep=polls)
    assert result.asked == 5 and len(batches.batches) == 1 and polls.waits == [7]
    sent = next(iter(batches.batches.values()))["requests"]
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{1,64}", r["custom_id"]) for r in sent)
    assert all(r["params"]["model"] == "claude-3-5-sonnet" for r in sent)
    with duckdb.connect(str(store.path), read_only=True) as conn:
        assert conn.execute("SELECT count(*) FROM qa_answers WHERE status = 'ok'").fetchone() == (5,)


async def test_gemini_batch_mode(fake_api: FakeAPI, make_client: Any, tmp_path: Path) -> None:
    batches = FakeGeminiBatches(polls_before_done=1)
    fake_api.responder = batches
    gemini, cases = entry("google/gemini-test", fake_api), [load_script(FIXTURE_CASE)]
    store = Store(tmp_path / "a.duckdb")
    result = await run_qa_batch(store, gemini, cases, CONFIG, make_client(use_cache=False), QUIET,
                                sleep=Polls())
    assert result.asked == 5 and len(batches.batches) == 1
    assert fake_api.count(":generateContent") == 0, "nothing went through the live endpoint"
    with duckdb.connect(str(store.path), read_only=True) as conn:
        assert conn.execute("SELECT count(*) FROM qa_answers WHERE status = 'ok'").fetchone() == (5,)


async def test_batch_is_refused_for_other_providers(fake_api: FakeAPI, make_client: Any, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="openai"):
        await run_qa_batch(Store(tmp_path / "a.duckdb"), entry("openai-compatible/local", fake_api),
                           [load_script(FIXTURE_CASE)], CONFIG, make_client(), QUIET)


@pytest.fixture
def played(tmp_path: Path) -> Store:
    store, entries = Store(tmp_path / "played.duckdb"), builtin_entries()
    record_played_game(store, load_script(FIXTURE_CASE), entries["builtin/naive"], entries["builtin/random"], seed=1)
    return store


async def test_coe_score_batch_judges_every_pending_prompt_in_one_batch(fake_api: FakeAPI, make_client: Any,
                                                                        played: Store) -> None:
    batches = FakeBatches(polls_before_done=1, answer=lambda body, cid: '{"score": 7}')
    fake_api.responder = batches
    store = played
    judge, client = entry("openai/gpt-4o", fake_api), make_client(use_cache=False)
    cases = CaseIndex(FIXTURE_CASE.parent)
    summary = await score_with_batch(store, judge, cases, client, QUIET, sleep=Polls())
    assert batches.created == 1 and fake_api.count("/v1/chat/completions") == 0
    with duckdb.connect(str(store.path), read_only=True) as conn:
        rows = conn.execute("SELECT metric, value FROM metric_scores WHERE judge = ?", [judge.entry_id]).fetchall()
    values = {metric: value for metric, value in rows if metric in ("rp", "cmd")}
    assert values and all(v == 7.0 for v in values.values()), rows
    assert summary.scored >= len(values) and any(m == "spc" and v is None for m, v in rows)  # not a score reply
