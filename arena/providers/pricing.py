"""Cost per call from a price table (US dollars per million tokens), overridable per entry."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.errors import ConfigError

PRICES_FILE = Path(__file__).with_name("prices.toml")
PER_TOKEN = 1e-6


@dataclass(frozen=True)
class Price:
    """Dollars per million tokens. `cached_input` (prompt tokens read from the provider's prompt cache) and
    `cache_write_input` (prompt tokens written to it: Anthropic bills them above the input rate) default
    to `input` when a provider has no such rate."""

    input: float
    output: float
    cached_input: float | None = None
    cache_write_input: float | None = None

    def cost(self, prompt_tokens: int, completion_tokens: int, cached_prompt_tokens: int = 0,
             cache_write_tokens: int = 0) -> float:
        """`prompt_tokens` counts every prompt token, the cached and cache-written ones included."""
        cached = min(cached_prompt_tokens, prompt_tokens)
        written = min(cache_write_tokens, prompt_tokens - cached)
        cached_rate = self.input if self.cached_input is None else self.cached_input
        write_rate = self.input if self.cache_write_input is None else self.cache_write_input
        plain = prompt_tokens - cached - written
        dollars = plain * self.input + cached * cached_rate + written * write_rate + completion_tokens * self.output
        return dollars * PER_TOKEN


FREE = Price(0.0, 0.0, 0.0)


@dataclass(frozen=True)
class PriceTable:
    """Per-provider rows keyed by model-name prefix; whole providers may be free."""

    rows: Mapping[str, Mapping[str, Price]]
    free_providers: frozenset[str]

    @classmethod
    def load(cls, path: Path = PRICES_FILE) -> PriceTable:
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"{path}: cannot read the price table ({exc})") from exc
        rows: dict[str, dict[str, Price]] = {}
        free: set[str] = set()
        for provider, models in data.items():
            if models.get("free") is True:
                free.add(provider)
                continue
            rows[provider] = {name: _price(path, provider, name, row) for name, row in models.items()}
        return cls(rows, frozenset(free))

    def lookup(self, provider: str, model: str) -> Price | None:
        """The row whose name is the longest prefix of `model`, FREE for free providers, else None."""
        if provider in self.free_providers:
            return FREE
        candidates = [name for name in self.rows.get(provider, {}) if model.startswith(name)]
        if not candidates:
            return None
        return self.rows[provider][max(candidates, key=len)]


def _optional(row: Any, name: str) -> float | None:
    return None if row.get(name) is None else float(row[name])


def _price(path: Path, provider: str, name: str, row: Any) -> Price:
    try:
        return Price(float(row["input"]), float(row["output"]), _optional(row, "cached_input"),
                     _optional(row, "cache_write_input"))
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"{path}: [{provider}.{name!r}] needs numeric input and output prices ({exc})") from exc
