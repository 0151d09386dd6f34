"""The smoke check: a legal mock passes, garbage, failing providers and imageless prompts fail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.agents.smoke import CheckResult, smoke_check
from arena.entries import Entry, builtin_entries, read_entries_file
from arena.errors import ConfigError
from arena.providers.client import ModelClient
from arena.providers.retry import RetryPolicy
from arena.providers.secrets import KeyStore
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE


@pytest.fixture
async def client(tmp_path: Path):
    client = ModelClient(use_cache=False, keys=KeyStore(environ={}, dotenv=tmp_path / "no.env"),
                         retry=RetryPolicy(max_attempts=1))
    yield client
    await client.aclose()


def mock(name: str, **options: object) -> Entry:
    return Entry(name=name, model=name, options=dict(options))


async def test_mock_player_passes_on_both_sides(client: ModelClient) -> None:
    report = await smoke_check(mock("mock/player"), client, seed=4)
    assert report.passed, report.checks
    assert [g.side for g in report.games] == ["civilians", "murderer"]
    assert report.games[0].script_id == report.games[1].script_id  # one match: same case, sides swapped
    assert report.legal_share == 1.0 and report.parse_failures == 0 and report.statuses == {"ok": report.decisions}
    assert all(g.images_sent > 0 and g.requests_with_images_ok == g.requests_with_images for g in report.games)
    data = json.loads(json.dumps(report.to_dict()))
    assert data["passed"] is True and data["input_tokens"] > 0 and len(data["checks"]) == 4
    assert {c["name"] for c in data["checks"]} == {"games finish", "legal actions", "provider calls",
                                                   "images accepted"}


async def test_garbage_fails_with_parse_failures(client: ModelClient) -> None:
    report = await smoke_check(mock("mock/garbage", outputs=["no idea, sorry"]), client,
                               script=load_script(FIXTURE_CASE))
    assert not report.passed
    failed = {c.name for c in report.checks if not c.passed}
    assert {"legal actions", "games finish"} <= failed and "provider calls" not in failed
    assert report.parse_failures > 0 and report.legal_share == 0.0


async def test_provider_failures_fail_the_check(client: ModelClient) -> None:
    entry = mock("mock/down", outputs=[{"status": "api_error", "error": "503 from upstream"}])
    report = await smoke_check(entry, client, script=load_script(FIXTURE_CASE))
    by_name = {c.name: c for c in report.checks}
    assert not report.passed and not by_name["provider calls"].passed and not by_name["images accepted"].passed
    assert set(report.statuses) == {"api_error"}


async def test_extra_checks_are_appended_and_count(client: ModelClient) -> None:
    async def qa(entry: Entry, _: ModelClient) -> list[CheckResult]:
        return [CheckResult("qa questions", False, f"{entry.name}: 0/3 right")]

    report = await smoke_check(mock("mock/player"), client, script=load_script(FIXTURE_CASE), extra_checks=[qa])
    assert report.checks[-1].name == "qa questions" and not report.passed
    assert all(c.passed for c in report.checks[:-1])


async def test_builtin_entries_are_refused(client: ModelClient) -> None:
    with pytest.raises(ConfigError, match="built-in"):
        await smoke_check(builtin_entries()["builtin/naive"], client)


async def test_every_keyless_entry_of_the_example_file_passes(client: ModelClient) -> None:
    example = Path(__file__).resolve().parents[2] / "entries.example.toml"
    keyless = [e for e in read_entries_file(example).values() if e.model.startswith("mock/")]
    assert keyless, "the example file should show an entry that runs with no key"
    for entry in keyless:
        report = await smoke_check(entry, client, script=load_script(FIXTURE_CASE), seed=1)
        assert report.passed, (entry.name, report.checks)
