"""Provider limits: `[providers.NAME] max_concurrency` in the entries file, `$ARENA_PROVIDER_LIMIT` for the
rest, both honoured by the client, and the one line that says which limit caps `--concurrency`."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from arena.entries import Entry, load_entries, provider_limits
from arena.errors import ConfigError
from arena.providers.client import ModelClient
from arena.providers.limits import PROVIDER_LIMIT_ENV, concurrency_note
from arena.providers.messages import Message, Request
from arena.providers.mock import register_responder


@pytest.fixture(autouse=True)
def _no_limit_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PROVIDER_LIMIT_ENV, raising=False)
    monkeypatch.delenv("ARENA_ENTRIES", raising=False)


def entries_file(tmp_path: Path, providers: str = "", concurrency: int = 64) -> Path:
    path = tmp_path / "entries.toml"
    path.write_text(f'[entries.mock-a]\nmodel = "mock/player"\nmax_concurrency = {concurrency}\n\n'
                    f'[entries.mock-b]\nmodel = "mock/player"\ntemperature = 0.5\nmax_concurrency = {concurrency}\n\n'
                    + providers)
    return path


def test_the_entries_file_sets_a_provider_limit_and_bad_tables_name_the_field(tmp_path):
    path = entries_file(tmp_path, "[providers.mock]\nmax_concurrency = 128\n")
    assert provider_limits(path) == {"mock": 128} and "mock-a" in load_entries(path)
    for bad in ("[providers.mock]\nmax_concurrency = 0\n", "[providers.mock]\nmax_concurency = 8\n",
                'providers = "mock"\n'):
        broken = entries_file(tmp_path, bad)
        with pytest.raises(ConfigError, match=r"providers"):
            load_entries(broken)  # reported with the entries, before anything runs


async def test_the_client_honours_the_file_limit(tmp_path, monkeypatch):
    in_flight = {"now": 0, "max": 0}

    async def responder(request: Request) -> str:
        in_flight["now"] += 1
        in_flight["max"] = max(in_flight["max"], in_flight["now"])
        await asyncio.sleep(0.01)
        in_flight["now"] -= 1
        return "ok"

    register_responder("limited", responder)
    monkeypatch.setenv("ARENA_ENTRIES", str(entries_file(tmp_path, "[providers.mock]\nmax_concurrency = 3\n")))
    wide = Entry(name="w", model="mock/limited", max_concurrency=10)
    async with ModelClient(use_cache=False) as client:
        await asyncio.gather(*(client.generate(wide, Request(messages=[Message.user(str(i))])) for i in range(12)))
    assert in_flight["max"] == 3


def test_the_note_names_the_limit_that_caps_and_how_to_raise_it(monkeypatch):
    wide = [Entry(name="a", model="mock/player", max_concurrency=64),
            Entry(name="b", model="mock/player", temperature=0.5, max_concurrency=64)]
    note = concurrency_note(wide, 64, {})
    assert note is not None and note.startswith("--concurrency 64: at most 16 model calls run at once")
    assert "provider mock allows 16 (the default provider limit" in note
    assert "[providers.mock] max_concurrency = 64" in note and f"{PROVIDER_LIMIT_ENV}=64" in note
    monkeypatch.setenv(PROVIDER_LIMIT_ENV, "32")
    assert f"allows 32 (${PROVIDER_LIMIT_ENV};" in (concurrency_note(wide, 64, {}) or "")
    assert concurrency_note(wide, 64, {"mock": 128}) is None
    narrow = [Entry(name="a", model="mock/player", max_concurrency=2)]
    entry_note = concurrency_note(narrow, 8, {}) or ""
    assert "at most 2 model calls" in entry_note and "max_concurrency: a 2" in entry_note
    assert concurrency_note([Entry(name="r", model="builtin/random", source="builtin")], 64, {}) is None
