"""Fixtures for provider tests: the loopback API server, a fake key, images, a recording sleep."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from arena.entries import Entry
from arena.providers.cache import ResponseCache
from arena.providers.client import ModelClient
from arena.providers.retry import RetryPolicy
from arena.providers.secrets import KeyStore
from tests.providers.fake_api import FakeAPI

FAKE_KEY = "sk-CANARY-7f3e9a1b2c4d5e6f-DO-NOT-LEAK"


def png_bytes(width: int = 64, height: int = 48, color: tuple[int, int, int] = (200, 30, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), color).save(out, format="PNG")
    return out.getvalue()


class RecordingSleep:
    """Stands in for asyncio.sleep: records each delay and returns at once."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


@pytest.fixture
def fake_api() -> Iterator[FakeAPI]:
    api = FakeAPI()
    yield api
    api.close()


@pytest.fixture
def sleep() -> RecordingSleep:
    return RecordingSleep()


@pytest.fixture
def keys(tmp_path: Path) -> KeyStore:
    env = {"OPENAI_API_KEY": FAKE_KEY, "ANTHROPIC_API_KEY": FAKE_KEY, "GEMINI_API_KEY": FAKE_KEY}
    return KeyStore(environ=env, dotenv=tmp_path / "no.env")


@pytest.fixture
async def make_client(tmp_path: Path, keys: KeyStore, sleep: RecordingSleep):
    clients: list[ModelClient] = []

    def build(max_attempts: int = 3, use_cache: bool = True, **kwargs: object) -> ModelClient:
        client = ModelClient(cache=ResponseCache(tmp_path / "cache" / "responses.sqlite"), use_cache=use_cache,
                             retry=RetryPolicy(max_attempts=max_attempts), keys=keys, sleep=sleep,
                             rng=random.Random(7), **kwargs)  # type: ignore[arg-type]
        clients.append(client)
        return client

    yield build
    for client in clients:
        await client.aclose()


def entry(model: str, fake_api: FakeAPI, **settings: object) -> Entry:
    """An entry pointed at the loopback server with the path prefix each SDK expects."""
    provider = model.split("/", 1)[0]
    base = {"openai": f"{fake_api.url}/v1", "openai-compatible": f"{fake_api.url}/v1",
            "anthropic": fake_api.url, "google": fake_api.url}[provider]
    return Entry(name=model, model=model, base_url=base, **settings)  # type: ignore[arg-type]
