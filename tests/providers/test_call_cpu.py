"""Per-call CPU work done once: memoised message JSON, cache keys, fitted images, clue images, the
response cache off the event loop; and the proof that cache keys and event logs did not change."""

from __future__ import annotations

import asyncio
import hashlib
import json
import shutil
import threading

import pytest

import arena.providers.base as base
from arena.agents import play_game, seat_entries
from arena.agents.prompting import load_clue_image
from arena.engine import GameConfig, dumps_jsonl
from arena.entries import Entry
from arena.errors import ImageError
from arena.providers.base import ImageLimits, fit_request_images
from arena.providers.cache import ResponseCache, cache_key
from arena.providers.client import ModelClient
from arena.providers.messages import ImagePart, Message, Request
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE
from tests.providers.conftest import png_bytes

# One game of the fixture case, two mock/player entries, the response cache on, a fixed clock; every
# request also fitted to small JPEGs. First recorded with the code before the per-call work was
# memoised (the memoised output matched it byte for byte); recorded again when the game itself changed
# on purpose (ties as draws, structured outputs, no wall-clock latency in the log). The memoised JSON
# is also checked against the plain dumps below, whatever the golden.
GOLDEN_LOG = "f4570e0f7d95ea35e2a1289c15797397d8dfd43c4568273d111291cfd1a56a75"
GOLDEN_CALLS = 20
GOLDEN_KEYS = "89ec0d10f58e4e81bb5bfcd7f40ca84bba2bc35f115144f2e28cc5eeba7c3942"
GOLDEN_FITTED = "7b4f6317edb7194ae5ef1c852fb5cd9cca253c5f8b06c9069318b0356d630027"


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_event_logs_cache_keys_and_fitted_images_are_byte_identical_to_before(tmp_path):
    logs, keys, fitted = [], [], []
    options = {"cacheable": True}
    civilians = Entry(name="a", model="mock/player", options=options)
    murderer = Entry(name="b", model="mock/player", temperature=0.7, options=options)
    limits = ImageLimits(max_side=300, formats=("jpeg",))

    async def play() -> None:
        cache = ResponseCache(tmp_path / "c.sqlite")
        async with ModelClient(cache=cache, on_call=lambda record: keys.append(record.cache_key)) as client:
            script = load_script(FIXTURE_CASE)
            seated = seat_entries(script, civilians, murderer, 7, client)
            for agent in seated.agents.values():
                agent.on_request = lambda _, request: fitted.append(fit_request_images(request, limits).fingerprint())
            result = await play_game(script, seated, GameConfig(rounds=2), 7, clock=lambda: 0.0)
            logs.append(dumps_jsonl(result.events))

    asyncio.run(play())
    assert (sha("".join(logs)), len(keys)) == (GOLDEN_LOG, GOLDEN_CALLS)
    assert sha("\n".join(keys)) == GOLDEN_KEYS
    assert sha(repr(fitted)) == GOLDEN_FITTED


def conversation() -> Request:
    image = ImagePart(data=png_bytes(), media_type="image/png")
    return Request(messages=[Message.system("rules «é» \"quoted\"\n"),
                             Message.user("brief", image, cache_breakpoint=True),
                             Message.assistant("{\"speech\": \"hi\"}"), Message.user("turn 中文 \t")],
                   seed=12, temperature=0.25, stop=["\n\n", "END"], json_mode=True)


@pytest.mark.parametrize("compact", [True, False])
def test_request_json_is_the_plain_dump_byte_for_byte(compact):
    request = conversation()
    separators = (",", ":") if compact else (", ", ": ")
    expected = json.dumps(request.fingerprint(), sort_keys=True, separators=separators, default=str)
    assert request.fingerprint_json(compact) == expected
    bare = Request(messages=[Message.user("x")])
    assert bare.fingerprint_json(compact) == json.dumps(bare.fingerprint(), sort_keys=True, separators=separators)


def test_cache_key_is_the_hash_of_the_whole_canonical_payload():
    request, identity = conversation(), {"model": "mock/x", "options": {"b": 1, "a": [1, 2]}, "temperature": None}
    payload = {"entry": identity, "request": request.fingerprint(), "epoch": 3}
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    assert cache_key(identity, request, 3) == hashlib.sha256(canonical.encode()).hexdigest()


def test_a_copy_with_new_fields_never_keeps_the_old_hashes():
    part = ImagePart(data=png_bytes(), media_type="image/png")
    other = part.model_copy(update={"data": png_bytes(color=(1, 2, 3))})
    assert part.sha256 != other.sha256 == hashlib.sha256(other.data).hexdigest()
    message = Message.user("a", part)
    before = message.fingerprint_json()
    assert message.model_copy(update={"cache_breakpoint": True}).fingerprint_json() != before
    entry = Entry(name="e", model="mock/x")
    assert entry.model_copy(update={"temperature": 0.5}).entry_id != entry.entry_id


def test_each_image_is_fitted_once_for_all_calls_and_retries(monkeypatch):
    decoded: list[int] = []
    real = base.fit_image
    monkeypatch.setattr(base, "fit_image", lambda data, *args: decoded.append(len(data)) or real(data, *args))
    limits = ImageLimits(max_side=17, formats=("jpeg",))  # limits of their own: nothing memoised yet
    first = fit_request_images(conversation(), limits)
    again = fit_request_images(conversation(), limits)  # the next call re-sends the same image
    assert len(decoded) == 1 and first.fingerprint() == again.fingerprint()
    assert first.messages[1].images[0].media_type == "image/jpeg"


def test_an_image_that_cannot_be_sent_fails_on_every_call():
    broken = Request(messages=[Message.user(ImagePart(data=b"\x89PNG\r\n\x1a\nnot really", media_type="image/png"))])
    for _ in range(2):
        with pytest.raises(ImageError, match="cannot be sent"):
            fit_request_images(broken, ImageLimits(max_side=19))


def test_a_clue_image_is_read_again_when_its_file_changes(tmp_path):
    folder = tmp_path / "case"
    shutil.copytree(FIXTURE_CASE, folder)
    first = load_clue_image(folder, "images/clock.png", "clock")
    assert load_clue_image(folder, "images/clock.png", "clock") is first  # served from memory
    (folder / "images" / "clock.png").write_bytes(png_bytes(color=(9, 9, 9)))
    changed = load_clue_image(folder, "images/clock.png", "clock")
    assert changed.data == png_bytes(color=(9, 9, 9)) and changed is not first
    (folder / "images" / "clock.png").unlink()
    (folder / "images" / "clock.png").symlink_to(tmp_path / "outside.png")
    (tmp_path / "outside.png").write_bytes(png_bytes())
    with pytest.raises(Exception, match="outside the case folder"):
        load_clue_image(folder, "images/clock.png", "clock")


def test_the_response_cache_is_read_and_written_off_the_event_loop(tmp_path):
    threads: list[bool] = []

    class Watched(ResponseCache):
        def get(self, key):  # type: ignore[no-untyped-def]
            threads.append(threading.current_thread() is threading.main_thread())
            return super().get(key)

        def put(self, key, response):  # type: ignore[no-untyped-def]
            threads.append(threading.current_thread() is threading.main_thread())
            super().put(key, response)

    async def call() -> str:
        async with ModelClient(cache=Watched(tmp_path / "c.sqlite")) as client:
            entry = Entry(name="e", model="mock/echo", options={"cacheable": True})
            await client.generate(entry, Request(messages=[Message.user("hello")]))
            return (await client.generate(entry, Request(messages=[Message.user("hello")]))).text

    assert asyncio.run(call()) == "hello"
    assert threads == [False, False, False]  # miss, store, hit: none on the loop's thread


def test_the_provider_limit_comes_from_the_environment(monkeypatch):
    from arena.errors import ConfigError
    from arena.providers.limits import DEFAULT_PROVIDER_LIMIT, default_provider_limit

    monkeypatch.delenv("ARENA_PROVIDER_LIMIT", raising=False)
    assert default_provider_limit() == DEFAULT_PROVIDER_LIMIT
    monkeypatch.setenv("ARENA_PROVIDER_LIMIT", "64")
    assert default_provider_limit() == 64
    monkeypatch.setenv("ARENA_PROVIDER_LIMIT", "lots")
    with pytest.raises(ConfigError, match="ARENA_PROVIDER_LIMIT"):
        default_provider_limit()


def test_chained_hashes_equal_the_plain_hash_as_conversations_grow_and_branch():
    base = conversation()
    grown = Request(messages=[*base.messages, Message.assistant("ok"), Message.user("next")], seed=13)
    branch = Request(messages=[*base.messages[:2], Message.assistant("other"), *base.messages[3:]], seed=12)
    for request in (base, grown, branch, base, grown):
        for compact in (True, False):
            plain = hashlib.sha256(f"P{request.fingerprint_json(compact)}S".encode()).hexdigest()
            assert request.fingerprint_sha256("P", "S", compact) == plain
            assert request.fingerprint_sha256("Q", "", compact) == hashlib.sha256(
                f"Q{request.fingerprint_json(compact)}".encode()).hexdigest()
