"""Provider lookup: built-ins by decorator, plugins by `arena.adapters` entry point, clear errors."""

from __future__ import annotations

from importlib.metadata import EntryPoint, PackageNotFoundError, distribution
from pathlib import Path

import pytest

from arena.entries import Entry
from arena.errors import ConfigError
from arena.providers import registry
from arena.providers.base import AdapterConfig, require_sdk
from arena.providers.client import ModelClient
from arena.providers.messages import ImagePart, Message, Request
from tests.providers.conftest import png_bytes

PLUGIN_DIR = Path(__file__).resolve().parents[2] / "examples" / "arena-echo-plugin"


def fake_entry_points(monkeypatch, *eps: EntryPoint) -> None:
    monkeypatch.setattr(registry, "entry_points", lambda group: [ep for ep in eps if ep.group == group])


def test_builtin_providers_are_listed():
    names = {p.name: p.origin for p in registry.list_providers()}
    for name in ("openai", "openai-compatible", "anthropic", "google", "mock"):
        assert names[name] == "builtin"


async def test_plugin_entry_point_is_loaded_and_run(monkeypatch, keys):
    monkeypatch.syspath_prepend(str(PLUGIN_DIR))
    fake_entry_points(monkeypatch, EntryPoint("echo", "arena_echo_plugin:create", registry.ENTRY_POINT_GROUP))
    assert ("echo", "plugin") in {(p.name, p.origin) for p in registry.list_providers()}
    client = ModelClient(use_cache=False, keys=keys)
    image = ImagePart(data=png_bytes(), media_type="image/png")
    response = await client.generate(Entry(name="p", model="echo/parrot"),
                                     Request(messages=[Message.user("Who did it?", image)]))
    assert response.ok and response.text == "parrot: Who did it? [1 image(s)]"


async def test_plugin_transient_errors_are_retried_by_the_client(monkeypatch, keys, sleep):
    monkeypatch.syspath_prepend(str(PLUGIN_DIR))
    fake_entry_points(monkeypatch, EntryPoint("echo", "arena_echo_plugin:create", registry.ENTRY_POINT_GROUP))
    client = ModelClient(use_cache=False, keys=keys, sleep=sleep)
    response = await client.generate(Entry(name="p", model="echo/parrot", options={"fail_first": 2}),
                                     Request(messages=[Message.user("hi")]))
    assert response.ok and response.attempts == 3 and sleep.delays == [0.5, 0.5]


def test_installed_echo_plugin_is_discovered():
    try:
        distribution("arena-echo-plugin")
    except PackageNotFoundError:
        pytest.skip("arena-echo-plugin is not installed (make setup installs it)")
    info = {p.name: p for p in registry.list_providers()}
    assert info["echo"].origin == "plugin" and "arena_echo_plugin:create" in info["echo"].target


def test_unknown_provider_names_the_known_ones(monkeypatch):
    fake_entry_points(monkeypatch)
    with pytest.raises(ConfigError, match="unknown provider 'nope'.*openai"):
        registry.create_adapter(AdapterConfig(provider="nope", model="x"))


def test_broken_plugin_names_itself(monkeypatch):
    fake_entry_points(monkeypatch, EntryPoint("broken", "no_such_module_xyz:create", registry.ENTRY_POINT_GROUP))
    with pytest.raises(ConfigError, match="plugin provider 'broken'.*failed to load"):
        registry.create_adapter(AdapterConfig(provider="broken", model="x"))


def test_adapter_missing_the_contract_is_rejected(monkeypatch):
    registry.register_adapter("test-incomplete")(lambda config: object())
    with pytest.raises(ConfigError, match="lacks generate"):
        registry.create_adapter(AdapterConfig(provider="test-incomplete", model="x"))


def test_missing_sdk_says_what_to_install():
    with pytest.raises(ConfigError, match="pip install some-sdk"):
        require_sdk("some_sdk_that_is_not_installed", "some-sdk")
