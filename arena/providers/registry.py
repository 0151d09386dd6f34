"""Provider registry: built-in adapters register by decorator, third parties by entry point.

A plugin package declares, in its pyproject.toml:

    [project.entry-points."arena.adapters"]
    echo = "arena_echo_plugin:create"

The entry point name is the provider name (`echo/<model>`); it resolves to a factory (a function or
class) called with an `AdapterConfig` and returning an object that satisfies `base.Adapter`.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points

from arena.errors import ConfigError
from arena.providers.base import Adapter, AdapterConfig, AdapterFactory

ENTRY_POINT_GROUP = "arena.adapters"
BUILTIN_MODULES = ("arena.providers.openai_chat", "arena.providers.anthropic_messages",
                   "arena.providers.google_genai", "arena.providers.mock", "arena.providers.chaos")

log = logging.getLogger(__name__)
_builtin: dict[str, AdapterFactory] = {}


@dataclass(frozen=True)
class ProviderInfo:
    """A provider name, where it comes from (`builtin` or `plugin`) and what implements it."""

    name: str
    origin: str
    target: str


def register_adapter(name: str) -> Callable[[AdapterFactory], AdapterFactory]:
    """Decorator: register `factory` as the built-in adapter for provider `name`."""
    def decorator(factory: AdapterFactory) -> AdapterFactory:
        _builtin[name] = factory
        return factory
    return decorator


def _load_builtins() -> None:
    for module in BUILTIN_MODULES:
        importlib.import_module(module)


def _plugin_entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def list_providers() -> list[ProviderInfo]:
    """Every provider name that can be used in `provider/model`, built-ins first."""
    _load_builtins()
    infos = [ProviderInfo(name, "builtin", f"{f.__module__}.{getattr(f, '__qualname__', f)}")
             for name, f in sorted(_builtin.items())]
    for name, ep in sorted(_plugin_entry_points().items()):
        if name in _builtin:
            log.warning("plugin entry point %s = %s ignored: %r is a built-in provider", name, ep.value, name)
            continue
        dist = ep.dist.name if ep.dist is not None else "?"
        infos.append(ProviderInfo(name, "plugin", f"{ep.value} ({dist})"))
    return infos


def get_factory(provider: str) -> AdapterFactory:
    """The factory for `provider`: a built-in, else an `arena.adapters` entry point."""
    _load_builtins()
    if provider in _builtin:
        return _builtin[provider]
    ep = _plugin_entry_points().get(provider)
    if ep is None:
        known = ", ".join(info.name for info in list_providers())
        raise ConfigError(f"unknown provider {provider!r}; known providers: {known}. "
                          f"Third-party providers are installed as packages with an {ENTRY_POINT_GROUP!r} entry point.")
    try:
        factory = ep.load()
    except Exception as exc:  # a broken plugin must name itself, whatever it raised
        raise ConfigError(f"plugin provider {provider!r} ({ep.value}) failed to load: {exc}") from exc
    if not callable(factory):
        raise ConfigError(f"plugin provider {provider!r}: {ep.value} is not callable (expected a factory or class)")
    return factory  # type: ignore[no-any-return]


def create_adapter(config: AdapterConfig) -> Adapter:
    """Build the adapter for `config.provider` and check it honours the adapter contract."""
    adapter = get_factory(config.provider)(config)
    missing = [attr for attr in ("generate", "classify_error", "image_limits") if not hasattr(adapter, attr)]
    if missing:
        raise ConfigError(f"adapter for provider {config.provider!r} lacks {', '.join(missing)} "
                          "(see docs/adding-a-model.md)")
    return adapter
