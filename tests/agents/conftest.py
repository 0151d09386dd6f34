"""Shared fixtures for agent tests: the bundled kitchen case and an offline model client."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.providers.client import ModelClient
from arena.providers.retry import RetryPolicy
from arena.providers.secrets import KeyStore
from arena.scripts.loader import find_script, load_script
from arena.scripts.schema import Script


@pytest.fixture(scope="module")
def kitchen() -> Script:
    return load_script(find_script("saffron-kitchen"))


@pytest.fixture
def client(tmp_path: Path) -> ModelClient:
    return ModelClient(use_cache=False, keys=KeyStore(environ={}, dotenv=tmp_path / "no.env"),
                       retry=RetryPolicy(max_attempts=1))
