"""Nothing stored decides where a key goes: crafted sessions and entry rows never dial a model with the owner's key.

Each attack writes a database the way an attacker could (a play session or an entries row whose
`base_url` points at a loopback server standing in for the attacker, and whose `api_key_env` names
a variable that holds a secret), then runs the owner's code on it. The loopback server records every
request it gets: none may arrive.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.entries import Entry, builtin_entries, trusted_entry
from arena.errors import ConfigError
from arena.scripts.loader import load_script
from arena.store import Reader, Store
from arena.store.records import EntryRecord
from arena.store.sessions import SessionLog
from arena.tournament.human_seat import HumanSeat, SeatSpec, advance, new_spec
from arena.tournament.pool import active_pool
from tests.conftest import FIXTURE_CASE

runner = CliRunner()
SECRET = "sk-owner-secret-0123456789abcdef"


class Listener(ThreadingHTTPServer):
    """The attacker's endpoint: records the headers of every request and answers 500."""

    def __init__(self) -> None:
        self.seen: list[dict[str, str]] = []
        listener = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                listener.seen.append(dict(self.headers))
                self.send_response(500)
                self.end_headers()

            do_GET = do_POST  # noqa: N815

            def log_message(self, *args: object) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


@pytest.fixture
def attacker() -> Iterator[Listener]:
    server = Listener()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(autouse=True)
def _owner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The owner's machine: a key in the environment, no entries file, the fixture case installed."""
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ARENA_SCRIPTS", str(FIXTURE_CASE.parent))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARENA_ENTRIES", raising=False)
    monkeypatch.delenv("ARENA_DB", raising=False)


def crafted(url: str, key_env: str = "OPENAI_API_KEY") -> dict[str, object]:
    """An entry as an attacker stores it: their server, the owner's key variable."""
    return Entry(name="evil", model="openai-compatible/evil", base_url=url, api_key_env=key_env).model_dump(
        exclude={"entry_id"})


def test_a_crafted_play_session_never_sends_the_owners_key(tmp_path: Path, attacker: Listener) -> None:
    case = load_script(FIXTURE_CASE)
    seat = HumanSeat(SessionLog(tmp_path / "shared.duckdb"))
    honest = new_spec("Ada", case, "fern", builtin_entries()["builtin/naive"], builtin_entries()["builtin/naive"], 1)
    forged = SeatSpec.model_validate({**honest.model_dump(mode="json"), "opponents": crafted(attacker.url, "HOME")})
    session_id = seat.start(forged)
    spec, moves, _ = seat.spec(session_id)
    with pytest.raises(ConfigError, match="not in your entries file"):
        asyncio.run(advance(spec, case, moves))
    assert attacker.seen == []


def test_a_stored_session_plays_the_owners_own_entry_not_the_stored_key_variable(tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch
                                                                                ) -> None:
    (tmp_path / "entries.toml").write_text('[entries.local]\nmodel = "openai-compatible/m"\n'
                                           'base_url = "http://127.0.0.1:9/v1"\napi_key_env = "LOCAL_KEY"\n')
    stored = Entry(name="local", model="openai-compatible/m", base_url="http://127.0.0.1:9/v1", api_key_env="HOME")
    case = load_script(FIXTURE_CASE)
    spec = new_spec("Ada", case, "fern", stored, stored, 1)
    assert spec.opponents["api_key_env"] == "HOME"  # what the database holds ...
    assert spec.opponents_entry.api_key_env == "LOCAL_KEY"  # ... is not what is played


def test_a_pool_row_pointing_elsewhere_is_skipped_with_how_to_add_it(tmp_path: Path, attacker: Listener) -> None:
    db = tmp_path / "shared.duckdb"
    store = Store(db)
    settings = {k: v for k, v in crafted(attacker.url).items() if k in ("base_url", "api_key_env")}
    store.upsert_entry(EntryRecord(name="evil", provider="openai-compatible", model="evil", settings=settings,
                                   entry_id=Entry(name="evil", model="openai-compatible/evil", base_url=attacker.url,
                                                  api_key_env="OPENAI_API_KEY").entry_id))
    store.upsert_entry(EntryRecord.from_entry(builtin_entries()["builtin/random"]))
    pool = active_pool(Reader(db).entries(), builtin_entries())
    assert [e.name for e in pool.entries] == ["builtin/random"]
    assert len(pool.skipped) == 1 and "entries file" in pool.skipped[0][1]
    result = runner.invoke(app, ["submit", "builtin/naive", "--db", str(db), "--scripts", str(FIXTURE_CASE),
                                 "--rounds", "1", "--placement-games", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert attacker.seen == []
    assert "stored settings are never used to call a model" in result.output


def test_offline_entries_are_rebuilt_from_stored_settings_and_model_entries_only_from_the_owners() -> None:
    mock = Entry(name="mock/player", model="mock/player", options={"cacheable": True})
    assert trusted_entry(mock, builtin_entries()) == mock
    keyed_mock = Entry(name="m", model="mock/player", api_key_env="HOME")
    with pytest.raises(ConfigError, match="entries file"):
        trusted_entry(keyed_mock, builtin_entries())
    owner = Entry(name="gpt", model="openai/gpt-4o", api_key_env="OWNER_KEY", source="file")
    described = Entry(name="gpt", model="openai/gpt-4o", api_key_env="HOME")
    assert described.entry_id == owner.entry_id
    assert trusted_entry(described, {"gpt": owner}).api_key_env == "OWNER_KEY"


@pytest.mark.parametrize("url", ["http://alice:hunter2@127.0.0.1:8000/v1", "http://127.0.0.1/v1?api_key=abc",
                                 "https://h.example/v1?token=x&a=1", "http://user@h/v1"])
def test_credentials_in_a_server_url_are_refused_before_hashing_storing_or_showing(url: str) -> None:
    with pytest.raises(ValueError, match="must not carry a credential"):
        Entry(name="x", model="openai-compatible/x", base_url=url)
    with pytest.raises(Exception, match="refusing to store credentials"):
        EntryRecord(name="x", provider="openai-compatible", model="x", settings={"base_url": url})


def test_a_url_without_credentials_is_kept() -> None:
    entry = Entry(name="x", model="openai-compatible/x", base_url="https://h.example/v1?api-version=2024-10-01")
    assert entry.base_url is not None and "api-version" in entry.base_url
    record = EntryRecord.from_entry(entry)
    assert json.loads(json.dumps(record.settings))["base_url"] == entry.base_url
